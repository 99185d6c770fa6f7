import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import type { FormResult } from "~/lib/form-result";
import {
  CHOICE_TYPES,
  QUESTION_TYPES,
  SINGLE_CHOICE_TYPES,
  type QuestionDefinition,
  type QuestionnaireDefinition,
  type QuestionType,
} from "~/questionnaire/definition";

// The question editor's draft and every change an admin can make to it: one model for the survey
// builder and profile survey sets, told apart by an EditorConfig. Pure and isomorphic: the server
// applies a posted intent with the same reducer the browser runs on a click, so the builder
// behaves identically with and without JavaScript. See docs/decisions/018-builder.md and
// 042-one-question-editor.md.

export interface DraftQuestion {
  name: string;
  type: QuestionType;
  required: boolean;
  /** Option titles; empty for text, paragraph, number and switch. */
  options: string[];
  /** With stable codes (EditorConfig.codes): the question's key, kept for its stored answers. */
  key?: string;
  /** With stable codes: each option's value code, in the order of `options`. */
  optionCodes?: string[];
  /**
   * Checkbox questions only: the index of the option that cannot be combined with the others
   * ("None of these"). The engine allows one per question.
   */
  exclusive?: number;
  /** The question is shown only when this option of an earlier choice question is chosen. */
  shownWhen?: DraftCondition;
  /**
   * Radio and select questions of a hosted survey: the question is an attention check and this is
   * the index of the option that passes it (decision 071).
   */
  check?: number;
}

/** Where a condition points: an option of a question, by position in the draft. */
export interface DraftCondition {
  page: number;
  question: number;
  option: number;
}

export interface DraftPage {
  name: string;
  questions: DraftQuestion[];
}

export interface BuilderDraft {
  title: string;
  description: string;
  pages: DraftPage[];
  /** The page new palette questions go to; null means the last page. */
  selectedPage: number | null;
}

/** The palette's order, as the spec lists it. */
export const PALETTE: readonly { type: QuestionType; label: string }[] = [
  { type: "text", label: "Text" },
  { type: "number", label: "Number" },
  { type: "checkbox", label: "Checkbox" },
  { type: "radio", label: "Radio" },
  { type: "select", label: "Select" },
  { type: "paragraph", label: "Paragraph" },
  { type: "switch", label: "Switch" },
];

export function questionTypeLabel(type: QuestionType): string {
  return PALETTE.find((entry) => entry.type === type)?.label ?? type;
}

export const NEW_OPTION = "New Option";

/**
 * What tells one question editor from another; the grammar, the reducer and the rules are shared.
 * The survey builder has pages and numbers questions and options afresh on Submit; a profile
 * survey set is one implicit page whose question keys and option codes are stable, because
 * members' stored answers point at them. See docs/decisions/042-one-question-editor.md.
 */
export interface EditorConfig {
  /** Whether the admin makes pages; without, add-page and toggle-page do nothing. */
  pages: boolean;
  /** The title a new option starts with. */
  newOption: string;
  /**
   * Stable codes: every question carries `key` and its options `optionCodes`; a new one takes
   * the next number after every code in the draft or `reserved` (codes stored before, which a
   * new question or option must never take over with their answers).
   */
  codes?: { reservedKeys: readonly string[]; reservedOptionCodes: (key: string) => readonly string[] };
}

export const SURVEY_EDITOR: EditorConfig = { pages: true, newOption: NEW_OPTION };

export const LIMITS = {
  title: 200,
  description: 2000,
  name: 300,
  option: 100,
  optionsPerQuestion: 50,
  pages: 20,
  questions: 200,
} as const;

export function newDraft(): BuilderDraft {
  return {
    title: "Survey Title",
    description: "Survey Description",
    pages: [{ name: "Page 1", questions: [{ name: "Question 1", type: "text", required: true, options: [] }] }],
    selectedPage: null,
  };
}

export type BuilderAction =
  | { type: "rename-title"; value: string }
  | { type: "rename-description"; value: string }
  | { type: "rename-page"; page: number; value: string }
  | { type: "rename-question"; page: number; question: number; value: string }
  | { type: "toggle-page"; page: number }
  /** Without `page`: on the selected page, else the last one (the spec's rule for the palette). */
  | { type: "add-question"; questionType: QuestionType; page?: number }
  | { type: "add-page" }
  | { type: "delete-question"; page: number; question: number }
  | { type: "set-required"; page: number; question: number; required: boolean }
  | { type: "change-type"; page: number; question: number; questionType: QuestionType }
  | { type: "add-option"; page: number; question: number }
  | { type: "rename-option"; page: number; question: number; option: number; value: string }
  | { type: "delete-option"; page: number; question: number; option: number }
  | { type: "set-exclusive"; page: number; question: number; option: number; exclusive: boolean }
  /** `condition` null: always shown. */
  | { type: "set-condition"; page: number; question: number; condition: DraftCondition | null }
  /** `option` null: not an attention check; else the index of the option that passes it. */
  | { type: "set-check"; page: number; question: number; option: number | null };

export function isChoice(type: QuestionType): boolean {
  return CHOICE_TYPES.includes(type);
}

/** Whether a question of this type can be an attention check: one answer, one of its options. */
export function canBeCheck(type: QuestionType): boolean {
  return SINGLE_CHOICE_TYPES.includes(type);
}

/** Whether `source` comes before `target` in the survey (pages in order, questions in page order). */
function isBefore(source: { page: number; question: number }, target: { page: number; question: number }): boolean {
  return source.page < target.page || (source.page === target.page && source.question < target.question);
}

/**
 * Why `condition` cannot make `target` depend on it, or null when it can: it must point at an
 * option of an earlier radio, select or checkbox question.
 */
export function conditionIssue(
  draft: BuilderDraft,
  target: { page: number; question: number },
  condition: DraftCondition,
): string | null {
  const source = draft.pages[condition.page]?.questions[condition.question];
  if (!source || !isBefore(condition, target)) return DRAFT_MESSAGES.conditionNotEarlier;
  if (!isChoice(source.type)) return DRAFT_MESSAGES.conditionNotChoice;
  if (condition.option < 0 || condition.option >= source.options.length) return DRAFT_MESSAGES.conditionNoOption;
  return null;
}

/** The choices a question's shown-when picker offers: every option of every earlier choice question. */
export function conditionChoices(draft: BuilderDraft, target: { page: number; question: number }) {
  const choices: { condition: DraftCondition; question: string; option: string }[] = [];
  draft.pages.forEach((page, p) =>
    page.questions.forEach((question, q) => {
      if (!isChoice(question.type) || !isBefore({ page: p, question: q }, target)) return;
      question.options.forEach((option, o) =>
        choices.push({ condition: { page: p, question: q, option: o }, question: question.name, option }),
      );
    }),
  );
  return choices;
}

/** Rewrites every question's condition; `change` returns the new one, or null to drop it. */
function mapConditions(
  draft: BuilderDraft,
  change: (condition: DraftCondition) => DraftCondition | null,
): BuilderDraft {
  return {
    ...draft,
    pages: draft.pages.map((page) => ({
      ...page,
      questions: page.questions.map((question) => {
        if (!question.shownWhen) return question;
        const next = change(question.shownWhen);
        if (next === question.shownWhen) return question;
        const { shownWhen: _dropped, ...rest } = question;
        return next ? { ...rest, shownWhen: next } : rest;
      }),
    })),
  };
}

/** A question without its exclusive mark. */
function withoutExclusive(question: DraftQuestion): DraftQuestion {
  const { exclusive: _dropped, ...rest } = question;
  return rest;
}

/** A question that is no longer an attention check. */
function withoutCheck(question: DraftQuestion): DraftQuestion {
  const { check: _dropped, ...rest } = question;
  return rest;
}

/** The next code after every code in use: "q4" after q1…q3. */
export function nextCode(prefix: "q" | "o", used: Iterable<string>): string {
  let highest = 0;
  const pattern = new RegExp(`^${prefix}(\\d+)$`);
  for (const code of used) {
    const match = pattern.exec(code);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `${prefix}${highest + 1}`;
}

function usedOptionCodes(config: EditorConfig, question: DraftQuestion): string[] {
  const reserved = config.codes && question.key ? config.codes.reservedOptionCodes(question.key) : [];
  return [...(question.optionCodes ?? []), ...reserved];
}

/** The options a question of this type starts with, also after its type changed (with their codes). */
function withStartingOptions(config: EditorConfig, question: DraftQuestion, type: QuestionType): DraftQuestion {
  const options = isChoice(type) ? [config.newOption] : [];
  if (!config.codes) return { ...question, type, options };
  const optionCodes = options.length > 0 ? [nextCode("o", usedOptionCodes(config, question))] : [];
  return { ...question, type, options, optionCodes };
}

function questionCount(draft: BuilderDraft): number {
  return draft.pages.reduce((sum, page) => sum + page.questions.length, 0);
}

/**
 * 'Question {n}' with n the number of questions in the whole draft plus one, so a new question's
 * default name says roughly where it stands in the survey. After a deletion a name can repeat;
 * names are labels, not keys, so that is harmless.
 */
function newQuestion(config: EditorConfig, draft: BuilderDraft, type: QuestionType): DraftQuestion {
  const question: DraftQuestion = { name: `Question ${questionCount(draft) + 1}`, type, required: false, options: [] };
  if (config.codes) {
    const keys = draft.pages.flatMap((page) => page.questions.map((each) => each.key ?? ""));
    question.key = nextCode("q", [...keys, ...config.codes.reservedKeys]);
    question.optionCodes = [];
  }
  return withStartingOptions(config, question, type);
}

/** Only a non-empty value is saved (the spec's click-to-edit rule); spaces around it are dropped. */
function savedName(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

function withPage(draft: BuilderDraft, index: number, change: (page: DraftPage) => DraftPage): BuilderDraft {
  const page = draft.pages[index];
  if (!page) return draft;
  return { ...draft, pages: draft.pages.map((each, at) => (at === index ? change(each) : each)) };
}

function withQuestion(
  draft: BuilderDraft,
  pageIndex: number,
  questionIndex: number,
  change: (question: DraftQuestion) => DraftQuestion,
): BuilderDraft {
  if (!draft.pages[pageIndex]?.questions[questionIndex]) return draft;
  return withPage(draft, pageIndex, (page) => ({
    ...page,
    questions: page.questions.map((each, at) => (at === questionIndex ? change(each) : each)),
  }));
}

/**
 * Deletes a question; conditions on it go, and conditions on questions after it follow it up
 * (a page removed with its last question moves the later pages up).
 */
function deleteQuestion(draft: BuilderDraft, pageIndex: number, questionIndex: number): BuilderDraft {
  const page = draft.pages[pageIndex];
  if (!page?.questions[questionIndex]) return draft;
  const pageGoes = page.questions.length === 1;
  const followed = mapConditions(draft, (condition) => {
    if (condition.page !== pageIndex) {
      return pageGoes && condition.page > pageIndex ? { ...condition, page: condition.page - 1 } : condition;
    }
    if (condition.question === questionIndex) return null;
    return condition.question > questionIndex ? { ...condition, question: condition.question - 1 } : condition;
  });
  return removeQuestion(followed, pageIndex, questionIndex);
}

function removeQuestion(draft: BuilderDraft, pageIndex: number, questionIndex: number): BuilderDraft {
  const page = draft.pages[pageIndex];
  if (!page) return draft;
  if (page.questions.length > 1) {
    return withPage(draft, pageIndex, (each) => ({
      ...each,
      questions: each.questions.filter((_, at) => at !== questionIndex),
    }));
  }
  // The page's last question takes the page with it (the spec's rule); the selection follows.
  const selected = draft.selectedPage;
  return {
    ...draft,
    pages: draft.pages.filter((_, at) => at !== pageIndex),
    selectedPage: selected === null || selected === pageIndex ? null : selected > pageIndex ? selected - 1 : selected,
  };
}

function addQuestion(
  config: EditorConfig,
  draft: BuilderDraft,
  type: QuestionType,
  target: number | undefined,
): BuilderDraft {
  const question = newQuestion(config, draft, type);
  // With no page left, the question starts a new one, so the palette is never a dead end.
  if (draft.pages.length === 0) {
    return { ...draft, pages: [{ name: "Page 1", questions: [question] }], selectedPage: null };
  }
  const index = target ?? draft.selectedPage ?? draft.pages.length - 1;
  return withPage(draft, index, (page) => ({ ...page, questions: [...page.questions, question] }));
}

/**
 * The reducer of an editor: applies one action. Never throws: an action pointing at a page,
 * question or option that does not exist (a stale form, a crafted post) leaves the draft as it was.
 */
/** A new option's name, unique in its question: "New Option", then "New Option 2", "New Option 3"… */
function newOptionName(config: EditorConfig, options: readonly string[]): string {
  if (!options.includes(config.newOption)) return config.newOption;
  let n = 2;
  while (options.includes(`${config.newOption} ${n}`)) n += 1;
  return `${config.newOption} ${n}`;
}

export function editorReducer(config: EditorConfig) {
  return (draft: BuilderDraft, action: BuilderAction): BuilderDraft => applyAction(config, draft, action);
}

/** The survey builder's reducer. */
export const applyBuilderAction = editorReducer(SURVEY_EDITOR);

function applyAction(config: EditorConfig, draft: BuilderDraft, action: BuilderAction): BuilderDraft {
  switch (action.type) {
    case "rename-title": {
      const value = savedName(action.value);
      return value === null ? draft : { ...draft, title: value };
    }
    case "rename-description": {
      const value = savedName(action.value);
      return value === null ? draft : { ...draft, description: value };
    }
    case "rename-page": {
      const value = savedName(action.value);
      return value === null ? draft : withPage(draft, action.page, (page) => ({ ...page, name: value }));
    }
    case "rename-question": {
      const value = savedName(action.value);
      if (value === null) return draft;
      return withQuestion(draft, action.page, action.question, (question) => ({ ...question, name: value }));
    }
    case "toggle-page":
      if (!config.pages || !draft.pages[action.page]) return draft;
      return { ...draft, selectedPage: draft.selectedPage === action.page ? null : action.page };
    case "add-question":
      if (action.page !== undefined && !draft.pages[action.page]) return draft;
      return addQuestion(config, draft, action.questionType, action.page);
    case "add-page": {
      if (!config.pages) return draft;
      // A page is never empty (deleting its last question removes it), so it starts with a question.
      const page: DraftPage = {
        name: `Page ${draft.pages.length + 1}`,
        questions: [newQuestion(config, draft, "text")],
      };
      return { ...draft, pages: [...draft.pages, page] };
    }
    case "delete-question":
      return deleteQuestion(draft, action.page, action.question);
    case "set-required":
      return withQuestion(draft, action.page, action.question, (question) => ({
        ...question,
        required: action.required,
      }));
    case "change-type": {
      const question = draft.pages[action.page]?.questions[action.question];
      if (!question || question.type === action.questionType) return draft;
      // New options: the exclusive mark and every condition on the old ones go with them.
      const changed = withQuestion(draft, action.page, action.question, (each) =>
        withStartingOptions(config, withoutCheck(withoutExclusive(each)), action.questionType),
      );
      return mapConditions(changed, (condition) =>
        condition.page === action.page && condition.question === action.question ? null : condition,
      );
    }
    case "add-option":
      return withQuestion(draft, action.page, action.question, (question) =>
        !isChoice(question.type)
          ? question
          : config.codes
            ? {
                ...question,
                options: [...question.options, newOptionName(config, question.options)],
                optionCodes: [...(question.optionCodes ?? []), nextCode("o", usedOptionCodes(config, question))],
              }
            : { ...question, options: [...question.options, newOptionName(config, question.options)] },
      );
    case "rename-option": {
      const value = savedName(action.value);
      if (value === null) return draft;
      return withQuestion(draft, action.page, action.question, (question) =>
        action.option < question.options.length
          ? { ...question, options: question.options.map((each, at) => (at === action.option ? value : each)) }
          : question,
      );
    }
    case "delete-option": {
      const question = draft.pages[action.page]?.questions[action.question];
      if (!question || action.option < 0 || action.option >= question.options.length) return draft;
      const changed = withQuestion(draft, action.page, action.question, (each) => {
        const kept = { ...each, options: each.options.filter((_, at) => at !== action.option) };
        if (each.optionCodes) kept.optionCodes = each.optionCodes.filter((_, at) => at !== action.option);
        // The passing option deleted: no longer a check; a later one moves up with its option.
        const checked =
          each.check === undefined
            ? kept
            : each.check === action.option
              ? withoutCheck(kept)
              : each.check > action.option
                ? { ...kept, check: each.check - 1 }
                : kept;
        if (each.exclusive === undefined) return checked;
        if (each.exclusive === action.option) return withoutExclusive(checked);
        return each.exclusive > action.option ? { ...checked, exclusive: each.exclusive - 1 } : checked;
      });
      return mapConditions(changed, (condition) => {
        if (condition.page !== action.page || condition.question !== action.question) return condition;
        if (condition.option === action.option) return null;
        return condition.option > action.option ? { ...condition, option: condition.option - 1 } : condition;
      });
    }
    case "set-exclusive":
      return withQuestion(draft, action.page, action.question, (question) => {
        if (question.type !== "checkbox" || action.option < 0 || action.option >= question.options.length)
          return question;
        if (action.exclusive) return { ...question, exclusive: action.option };
        return question.exclusive === action.option ? withoutExclusive(question) : question;
      });
    case "set-condition": {
      const target = { page: action.page, question: action.question };
      const condition = action.condition;
      if (condition && conditionIssue(draft, target, condition) !== null) return draft;
      return withQuestion(draft, action.page, action.question, (question) => {
        if (condition) return { ...question, shownWhen: { ...condition } };
        const { shownWhen: _dropped, ...rest } = question;
        return rest;
      });
    }
    case "set-check":
      return withQuestion(draft, action.page, action.question, (question) => {
        if (action.option === null) return withoutCheck(question);
        if (!canBeCheck(question.type) || action.option < 0 || action.option >= question.options.length)
          return question;
        return { ...question, check: action.option };
      });
    default:
      return draft;
  }
}

// ───────────────────────────── Shape ─────────────────────────────

const position = z.number().int().nonnegative();

const questionShape = z.object({
  name: z.string(),
  type: z.enum(QUESTION_TYPES),
  required: z.boolean(),
  options: z.array(z.string()),
  exclusive: position.optional(),
  check: position.optional(),
  shownWhen: z.object({ page: position, question: position, option: position }).strict().optional(),
  // Stable codes (profile sets); the editor that needs them checks their form.
  key: z.string().max(20).optional(),
  optionCodes: z.array(z.string().max(20)).optional(),
});

/**
 * The shape of a draft from outside (a JSON post, browser storage, a stored row). It checks
 * structure only; sizes and names are validateDraft's business, so a draft in the making may be
 * unfinished. Non-choice questions holding options are refused: no action can make one.
 */
export const draftShape: z.ZodType<BuilderDraft> = z
  .object({
    title: z.string(),
    description: z.string(),
    pages: z.array(z.object({ name: z.string(), questions: z.array(questionShape) })),
    selectedPage: z.number().int().nonnegative().nullable(),
  })
  .strict()
  .refine((draft) => draft.selectedPage === null || draft.selectedPage < draft.pages.length, {
    message: "The selected page does not exist.",
  })
  .refine(
    (draft) => draft.pages.every((page) => page.questions.every((q) => isChoice(q.type) || q.options.length === 0)),
    { message: "Only radio, select and checkbox questions can have options." },
  );

export type DraftParse = { ok: true; draft: BuilderDraft } | { ok: false; message: string };

export const SHAPE_MESSAGES = {
  notJson: "The survey draft could not be read (it is not valid JSON). Reload the page and try again.",
  badShape: "The survey draft is not in the builder's format. Reload the page and try again.",
} as const;

/** A draft from JSON text; never throws. */
export function parseDraftJson(text: string): DraftParse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: SHAPE_MESSAGES.notJson };
  }
  const parsed = draftShape.safeParse(json);
  return parsed.success ? { ok: true, draft: parsed.data } : { ok: false, message: SHAPE_MESSAGES.badShape };
}

// ───────────────────────────── Submit ─────────────────────────────

/**
 * Where a message belongs, so the page can show it next to its field: "title", "description",
 * "pages" (the survey as a whole), "page.{p}", "question.{p}.{q}", "options.{p}.{q}" (the list)
 * and "option.{p}.{q}.{o}" (one option).
 */
export const errorKey = {
  title: "title",
  description: "description",
  pages: "pages",
  page: (page: number) => `page.${page}`,
  question: (page: number, question: number) => `question.${page}.${question}`,
  options: (page: number, question: number) => `options.${page}.${question}`,
  option: (page: number, question: number, option: number) => `option.${page}.${question}.${option}`,
  condition: (page: number, question: number) => `condition.${page}.${question}`,
  check: (page: number, question: number) => `check.${page}.${question}`,
} as const;

export type DraftErrors = Record<string, string>;

/**
 * A refused builder post as a FormResult's content: the message under "" (the form's), each
 * field's message under its errorKey. draftRefusalOf reads it back for the page.
 */
export function draftRefusal(message: string, errors: DraftErrors = {}): SubmissionResult<string[]> {
  const error: Record<string, string[]> = { "": [message] };
  for (const [key, text] of Object.entries(errors)) error[key] = [text];
  return { status: "error", error };
}

export function draftRefusalOf(result: FormResult | null | undefined): { message: string; errors: DraftErrors } | null {
  if (!result?.error || result.status === "success") return null;
  const errors: DraftErrors = {};
  let message = "";
  for (const [key, texts] of Object.entries(result.error)) {
    if (!texts?.[0]) continue;
    if (key === "") message = texts[0];
    else errors[key] = texts[0];
  }
  return { message, errors };
}

export const DRAFT_MESSAGES = {
  needsPage: "Add at least one page with a question.",
  needsQuestion: "Add at least one question.",
  tooManyPages: `A survey can have at most ${LIMITS.pages} pages.`,
  tooManyQuestions: `A survey can have at most ${LIMITS.questions} questions.`,
  emptyPage: "This page has no questions.",
  nameRequired: "Enter a name.",
  titleRequired: "Enter a title.",
  tooLong: (max: number) => `Use at most ${max} characters.`,
  needsOption: "Add at least one option.",
  tooManyOptions: `A question can have at most ${LIMITS.optionsPerQuestion} options.`,
  optionRequired: "Enter the option's title.",
  duplicateOption: "Another option of this question has the same title.",
  exclusiveNotCheckbox:
    "Only an option of a checkbox question can be exclusive. Remove the mark or make the question a checkbox.",
  exclusiveNoOption: "The exclusive option no longer exists. Mark one of the listed options, or none.",
  conditionNotEarlier: "This question can only depend on a question before it. Choose another condition.",
  conditionNotChoice:
    "This question can only depend on a radio, select or checkbox question. Choose another condition.",
  conditionNoOption: "The option this question depends on no longer exists. Choose another condition.",
  checkNotSingleChoice:
    "Only a radio or select question can be an attention check. Make it one, or choose “Not a check”.",
  checkNoOption: "The option that passes this check no longer exists. Choose the option that passes.",
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;

function nameIssue(value: string, max: number, required: string): string | null {
  const trimmed = value.trim();
  if (trimmed === "") return required;
  if (trimmed.length > max) return DRAFT_MESSAGES.tooLong(max);
  if (CONTROL_CHARACTERS.test(trimmed)) return "Use only printable characters.";
  return null;
}

/** Every reason the draft cannot be submitted, keyed by field; empty when it can. */
export function validateDraft(draft: BuilderDraft): DraftErrors {
  const errors: DraftErrors = {};
  const put = (key: string, message: string | null) => {
    if (message && !errors[key]) errors[key] = message;
  };
  put(errorKey.title, nameIssue(draft.title, LIMITS.title, DRAFT_MESSAGES.titleRequired));
  if (draft.description.trim().length > LIMITS.description)
    put(errorKey.description, DRAFT_MESSAGES.tooLong(LIMITS.description));
  const total = questionCount(draft);
  if (draft.pages.length === 0) put(errorKey.pages, DRAFT_MESSAGES.needsPage);
  else if (total === 0) put(errorKey.pages, DRAFT_MESSAGES.needsQuestion);
  else if (draft.pages.length > LIMITS.pages) put(errorKey.pages, DRAFT_MESSAGES.tooManyPages);
  else if (total > LIMITS.questions) put(errorKey.pages, DRAFT_MESSAGES.tooManyQuestions);
  draft.pages.forEach((page, p) => {
    put(errorKey.page(p), nameIssue(page.name, LIMITS.name, DRAFT_MESSAGES.nameRequired));
    if (page.questions.length === 0) put(errorKey.page(p), DRAFT_MESSAGES.emptyPage);
    page.questions.forEach((question, q) => {
      put(errorKey.question(p, q), nameIssue(question.name, LIMITS.name, DRAFT_MESSAGES.nameRequired));
      if (!isChoice(question.type)) return;
      if (question.options.length === 0) put(errorKey.options(p, q), DRAFT_MESSAGES.needsOption);
      if (question.options.length > LIMITS.optionsPerQuestion)
        put(errorKey.options(p, q), DRAFT_MESSAGES.tooManyOptions);
      // Compared without case: 'Yes' and 'yes' would look like one answer to a member.
      const seen = new Set<string>();
      question.options.forEach((option, o) => {
        put(errorKey.option(p, q, o), nameIssue(option, LIMITS.option, DRAFT_MESSAGES.optionRequired));
        const folded = option.trim().toLocaleLowerCase("en");
        if (folded !== "" && seen.has(folded)) put(errorKey.option(p, q, o), DRAFT_MESSAGES.duplicateOption);
        seen.add(folded);
      });
    });
  });
  // The reducer keeps these right; a draft posted whole (JSON) may not be.
  draft.pages.forEach((page, p) =>
    page.questions.forEach((question, q) => {
      if (question.exclusive !== undefined) {
        if (question.type !== "checkbox") put(errorKey.options(p, q), DRAFT_MESSAGES.exclusiveNotCheckbox);
        else if (question.exclusive >= question.options.length)
          put(errorKey.options(p, q), DRAFT_MESSAGES.exclusiveNoOption);
      }
      if (question.shownWhen)
        put(errorKey.condition(p, q), conditionIssue(draft, { page: p, question: q }, question.shownWhen));
      if (question.check !== undefined) {
        if (!canBeCheck(question.type)) put(errorKey.check(p, q), DRAFT_MESSAGES.checkNotSingleChoice);
        else if (question.check >= question.options.length) put(errorKey.check(p, q), DRAFT_MESSAGES.checkNoOption);
      }
    }),
  );
  return errors;
}

/**
 * The engine's definition of a draft: question keys q1, q2… in survey order and option codes o1,
 * o2… per question, so keys never depend on names an admin may still change. Meant for a draft
 * validateDraft accepted (preview also uses it on unfinished drafts, which are only rendered).
 */
export function draftToDefinition(draft: BuilderDraft): QuestionnaireDefinition {
  const keys = draft.pages.map(() => [] as string[]);
  let count = 0;
  draft.pages.forEach((page, p) => page.questions.forEach(() => keys[p].push(`q${(count += 1)}`)));
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    pages: draft.pages.map((page, p) => ({
      title: page.name.trim(),
      questions: page.questions.map((question, q): QuestionDefinition => {
        const checkbox = question.type === "checkbox";
        const check = canBeCheck(question.type) ? question.check : undefined;
        const condition = question.shownWhen;
        // An unfinished draft's preview may hold a condition validateDraft would refuse: left out.
        const shownWhen =
          condition && conditionIssue(draft, { page: p, question: q }, condition) === null
            ? { question: keys[condition.page][condition.question], option: optionCode(condition.option) }
            : undefined;
        return {
          key: keys[p][q],
          label: question.name.trim(),
          type: question.type,
          required: question.required,
          options: isChoice(question.type)
            ? question.options.map((option, index) => ({
                value: optionCode(index),
                label: option.trim(),
                ...(checkbox && question.exclusive === index ? { exclusive: true } : {}),
                ...(check === index ? { passesCheck: true } : {}),
              }))
            : [],
          ...(shownWhen ? { shownWhen } : {}),
        };
      }),
    })),
  };
}

function optionCode(index: number): string {
  return `o${index + 1}`;
}
