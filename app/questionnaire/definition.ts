// A questionnaire definition: the one shape every questionnaire of the product takes (the five
// built-in profile questionnaires, admin profile survey sets, screeners and hosted surveys). The
// engine derives everything else from it: the zod schema, the form controls and the stored rows.
// It is plain data (no functions), so a loader can send it to the browser as JSON and the client
// builds the very same schema.

export const QUESTION_TYPES = ["text", "number", "paragraph", "radio", "select", "checkbox", "switch"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Types whose answer is one or more of the question's options. */
export const CHOICE_TYPES: readonly QuestionType[] = ["radio", "select", "checkbox"];

export interface OptionDefinition {
  /** Stable value code: the spec's server-side name (e.g. SoftwareEngg, NonePreferNotToSay). */
  value: string;
  /** Readable words shown to the member. */
  label: string;
  /**
   * Checkbox questions only: the 'none / prefer not to say' choice. It cannot be combined with
   * any other option of the question.
   */
  exclusive?: boolean;
  /**
   * Radio and select questions only: the question is an attention check and this is the option
   * that passes it (decision 071). At most one per question.
   */
  passesCheck?: boolean;
}

/** The question is shown (and may be answered) only when `option` is chosen in `question`. */
export interface ShownWhen {
  /** Key of another question of the same questionnaire, a radio, select or checkbox question. */
  question: string;
  /** Value code of one of that question's options. */
  option: string;
}

export interface QuestionDefinition {
  /**
   * Stable key, unique within the questionnaire; also the form field name (the spec's field names,
   * e.g. education, family_members, modeAccessInternet).
   */
  key: string;
  label: string;
  type: QuestionType;
  required: boolean;
  /** Non-empty for radio, select and checkbox; empty for the other types. */
  options: OptionDefinition[];
  shownWhen?: ShownWhen;
}

export interface PageDefinition {
  title: string;
  questions: QuestionDefinition[];
}

export interface QuestionnaireDefinition {
  title: string;
  description: string;
  pages: PageDefinition[];
}

/**
 * A member's answers after validation, keyed by question key. Text and paragraph: string; number:
 * number; radio and select: the option value; checkbox: the chosen option values; switch: boolean.
 * A question that was not answered (optional, or hidden by its shown-when condition) is absent.
 */
export type AnswerValue = string | number | boolean | string[];
export type Answers = Record<string, AnswerValue>;

/** Single-choice types: the answer is one option (attention checks, the straight-answers rule). */
export const SINGLE_CHOICE_TYPES: readonly QuestionType[] = ["radio", "select"];

/** The value of the option that passes the question as an attention check, or null when it is not one. */
export function attentionCheckPass(question: QuestionDefinition): string | null {
  return question.options.find((option) => option.passesCheck)?.value ?? null;
}

export function allQuestions(definition: QuestionnaireDefinition): QuestionDefinition[] {
  return definition.pages.flatMap((page) => page.questions);
}
