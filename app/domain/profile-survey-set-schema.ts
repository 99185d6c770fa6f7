import { z } from "zod";
import type { BuilderDraft, EditorConfig } from "~/builder/draft";
import { CHOICE_TYPES, type QuestionnaireDefinition, type QuestionType } from "~/questionnaire/definition";
import { plainText } from "~/lib/validation";

// What the profile survey set pages share between the server and the browser: the add form's
// schema (the action parses with it, the page validates with it) and the spec's question type codes.
// No server-only imports here.

const MAX_SET_TITLE_LENGTH = 150;
/**
 * The form's bound, the same as a survey's points. The built-in profile questionnaires reward 100
 * points each; above the points cap (ASSIGNMENT_POINTS_CAP, decision 038) only a super-admin may
 * set a reward, which the server checks.
 */
export const MAX_REWARD = 1_000_000;

export const ADD_SET_MESSAGES = {
  titleRequired: "Enter a title.",
  countryRequired: "Choose a country.",
  rewardRequired: "Enter the reward in points.",
  rewardWhole: "Enter a whole number of points.",
  rewardRange: `Enter a reward from 0 to ${MAX_REWARD.toLocaleString("en-US")} points.`,
} as const;

/** The spec's payload names: title, country, reward. */
export const addSetSchema = z.object({
  title: plainText({ max: MAX_SET_TITLE_LENGTH, required: ADD_SET_MESSAGES.titleRequired }),
  country: z
    .string({ required_error: ADD_SET_MESSAGES.countryRequired })
    .regex(/^[A-Z]{2}$/, ADD_SET_MESSAGES.countryRequired),
  reward: z
    .number({ required_error: ADD_SET_MESSAGES.rewardRequired, invalid_type_error: ADD_SET_MESSAGES.rewardWhole })
    .int(ADD_SET_MESSAGES.rewardWhole)
    .min(0, ADD_SET_MESSAGES.rewardRange)
    .max(MAX_REWARD, ADD_SET_MESSAGES.rewardRange),
});

/** The spec's type codes of a profile question; the editor's type select posts the code. */
export const PROFILE_QUESTION_TYPES: readonly { code: string; type: QuestionType; label: string }[] = [
  { code: "1", type: "text", label: "Text" },
  { code: "2", type: "paragraph", label: "Paragraph" },
  { code: "3", type: "checkbox", label: "Checkbox" },
  { code: "4", type: "radio", label: "Radio" },
  { code: "5", type: "select", label: "Select" },
  { code: "6", type: "number", label: "Number" },
  { code: "7", type: "switch", label: "Switch" },
];

export function questionTypeLabel(code: string): string {
  return PROFILE_QUESTION_TYPES.find((entry) => entry.code === code)?.label ?? "Unknown";
}

export function typeOfCode(code: string): QuestionType | undefined {
  return PROFILE_QUESTION_TYPES.find((entry) => entry.code === code)?.type;
}

export function codeOfType(type: QuestionType): string {
  return PROFILE_QUESTION_TYPES.find((entry) => entry.type === type)?.code ?? "";
}

/** The set editor's type picker: the engine's types, in the order of the spec's codes. */
export const SET_TYPE_CHOICES = PROFILE_QUESTION_TYPES.map((entry) => ({ value: entry.type, label: entry.label }));

/** Radio, select and checkbox: the types whose questions have options. */
export function isChoiceCode(code: string): boolean {
  const type = typeOfCode(code);
  return type !== undefined && CHOICE_TYPES.includes(type);
}

export interface DraftOption {
  /** Stable value code (o1, o2 …): kept across edits so stored answers stay attached. */
  value: string;
  label: string;
}

/** A question as the editor shows it (read-only list) and the server returns it. */
export interface DraftQuestion {
  /** Stable key (q1, q2 …). */
  key: string;
  label: string;
  /** The spec's type code ("1".."7"). */
  typeCode: string;
  required: boolean;
  options: DraftOption[];
  /** Checkbox questions: the index of the option that cannot be combined with the others. */
  exclusive?: number;
  /** Shown only when this option (index) of this earlier question (index) is chosen. */
  shownWhen?: { question: number; option: number };
}

/** The title of a new option, as the spec's profile builder names it. */
export const NEW_OPTION_TITLE = "Title";

/**
 * The set editor's configuration of the one question editor: a single implicit page, new options
 * called 'Title' (the spec's profile builder), and stable codes. Codes already stored stay
 * reserved even when the draft dropped them: a question deleted and a new one added before Save
 * must not inherit the deleted one's answers.
 */
export function setEditorConfig(stored: QuestionnaireDefinition): EditorConfig {
  const questions = new Map(stored.pages.flatMap((page) => page.questions).map((each) => [each.key, each]));
  return {
    pages: false,
    newOption: NEW_OPTION_TITLE,
    codes: {
      reservedKeys: [...questions.keys()],
      reservedOptionCodes: (key) => questions.get(key)?.options.map((option) => option.value) ?? [],
    },
  };
}

/**
 * A set's questions as the one editor's draft: one page, types as shown (an unknown code reads
 * as text; `typeCodes` keeps what was posted, for Save to report).
 */
export function toEditorDraft(
  questions: DraftQuestion[],
  typeOf: (question: DraftQuestion, index: number) => string = (question) => question.typeCode,
): BuilderDraft {
  return {
    title: "",
    description: "",
    selectedPage: null,
    pages: [
      {
        name: "",
        questions: questions.map((question, index) => ({
          key: question.key,
          name: question.label,
          type: typeOfCode(typeOf(question, index)) ?? "text",
          required: question.required,
          options: question.options.map((option) => option.label),
          optionCodes: question.options.map((option) => option.value),
          ...(question.exclusive !== undefined ? { exclusive: question.exclusive } : {}),
          ...(question.shownWhen ? { shownWhen: { page: 0, ...question.shownWhen } } : {}),
        })),
      },
    ],
  };
}

export function fromEditorDraft(draft: BuilderDraft, postedCodes: Map<string, string> = new Map()): DraftQuestion[] {
  return draft.pages.flatMap((page) =>
    page.questions.map((question) => ({
      key: question.key ?? "",
      label: question.name,
      // A code the form never offers stays as posted, so Save can say so next to the field.
      typeCode: postedCodes.get(question.key ?? "") ?? codeOfType(question.type),
      required: question.required,
      options: question.options.map((label, index) => ({ value: question.optionCodes?.[index] ?? "", label })),
      ...(question.exclusive !== undefined ? { exclusive: question.exclusive } : {}),
      ...(question.shownWhen
        ? { shownWhen: { question: question.shownWhen.question, option: question.shownWhen.option } }
        : {}),
    })),
  );
}
