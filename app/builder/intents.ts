import { QUESTION_TYPES, type QuestionType } from "~/questionnaire/definition";
import type { BuilderAction, BuilderDraft, DraftCondition } from "./draft";

// How the question editor's buttons and name inputs are written into a form and read back (the
// one grammar of the builder and profile survey sets, decision 042). Every button is
// a submit button name="intent" whose value names the action and its indices (e.g.
// "delete-question:1:0"); the server reads it back into a BuilderAction, and the browser with
// JavaScript reads the very same value from the pressed button and applies it at once.

export const intent = {
  start: "start",
  save: "save",
  preview: "preview",
  submit: "submit",
  addPage: "add-page",
  /** The palette: a question of that type on the selected page, else the last one. */
  addQuestion: (type: QuestionType) => `add-question:${type}`,
  addQuestionTo: (page: number) => `add-question-to:${page}`,
  togglePage: (page: number) => `toggle-page:${page}`,
  deleteQuestion: (page: number, question: number) => `delete-question:${page}:${question}`,
  setRequired: (page: number, question: number, required: boolean) =>
    `set-required:${page}:${question}:${required ? "yes" : "no"}`,
  changeType: (page: number, question: number) => `change-type:${page}:${question}`,
  addOption: (page: number, question: number) => `add-option:${page}:${question}`,
  deleteOption: (page: number, question: number, option: number) => `delete-option:${page}:${question}:${option}`,
  setExclusive: (page: number, question: number, option: number, exclusive: boolean) =>
    `set-exclusive:${page}:${question}:${option}:${exclusive ? "yes" : "no"}`,
  /** Applies the question's shown-when picker (its field `condition`). */
  setCondition: (page: number, question: number) => `set-condition:${page}:${question}`,
  /** Applies the question's attention-check picker (its field `check`). */
  setCheck: (page: number, question: number) => `set-check:${page}:${question}`,
} as const;

/** Names of the inputs that carry names (without JavaScript) and the type pickers. */
export const field = {
  title: "title",
  description: "description",
  page: (page: number) => `page.${page}`,
  question: (page: number, question: number) => `question.${page}.${question}`,
  option: (page: number, question: number, option: number) => `option.${page}.${question}.${option}`,
  type: (page: number, question: number) => `type.${page}.${question}`,
  condition: (page: number, question: number) => `condition.${page}.${question}`,
  check: (page: number, question: number) => `check.${page}.${question}`,
} as const;

/** An attention-check picker's value read back: null for "Not a check", an option's index, or undefined. */
export function checkOfValue(value: unknown): number | null | undefined {
  if (value === "") return null;
  return typeof value === "string" && INDEX.test(value) ? Number(value) : undefined;
}

/** The shown-when picker's value of a condition: "" for always shown, else "page:question:option". */
export function conditionValue(condition: DraftCondition | null | undefined): string {
  return condition ? `${condition.page}:${condition.question}:${condition.option}` : "";
}

/** A shown-when picker's value read back; undefined when it is not one the picker offers. */
export function conditionOfValue(value: unknown): DraftCondition | null | undefined {
  if (value === "") return null;
  if (typeof value !== "string") return undefined;
  const at = indices(value.split(":"), 3);
  return at ? { page: at[0], question: at[1], option: at[2] } : undefined;
}

const INDEX = /^(0|[1-9]\d{0,3})$/;

function indices(parts: string[], count: number): number[] | null {
  if (parts.length !== count || !parts.every((part) => INDEX.test(part))) return null;
  return parts.map(Number);
}

function questionType(value: unknown): QuestionType | null {
  return typeof value === "string" && (QUESTION_TYPES as readonly string[]).includes(value)
    ? (value as QuestionType)
    : null;
}

/**
 * The action of a pressed builder button, or null when the value is not one. `read` gives the
 * value of another form field (the type picker of "change-type").
 */
export function actionOfIntent(value: string, read: (name: string) => unknown): BuilderAction | null {
  const [name, ...rest] = value.split(":");
  switch (name) {
    case "add-page":
      return rest.length === 0 ? { type: "add-page" } : null;
    case "add-question": {
      const type = rest.length === 1 ? questionType(rest[0]) : null;
      return type ? { type: "add-question", questionType: type } : null;
    }
    case "add-question-to": {
      const at = indices(rest, 1);
      return at ? { type: "add-question", questionType: "text", page: at[0] } : null;
    }
    case "toggle-page": {
      const at = indices(rest, 1);
      return at ? { type: "toggle-page", page: at[0] } : null;
    }
    case "delete-question": {
      const at = indices(rest, 2);
      return at ? { type: "delete-question", page: at[0], question: at[1] } : null;
    }
    case "set-required": {
      const at = indices(rest.slice(0, 2), 2);
      const flag = rest[2];
      if (!at || rest.length !== 3 || (flag !== "yes" && flag !== "no")) return null;
      return { type: "set-required", page: at[0], question: at[1], required: flag === "yes" };
    }
    case "change-type": {
      const at = indices(rest, 2);
      const type = at ? questionType(read(field.type(at[0], at[1]))) : null;
      return at && type ? { type: "change-type", page: at[0], question: at[1], questionType: type } : null;
    }
    case "add-option": {
      const at = indices(rest, 2);
      return at ? { type: "add-option", page: at[0], question: at[1] } : null;
    }
    case "delete-option": {
      const at = indices(rest, 3);
      return at ? { type: "delete-option", page: at[0], question: at[1], option: at[2] } : null;
    }
    case "set-exclusive": {
      const at = indices(rest.slice(0, 3), 3);
      const flag = rest[3];
      if (!at || rest.length !== 4 || (flag !== "yes" && flag !== "no")) return null;
      return { type: "set-exclusive", page: at[0], question: at[1], option: at[2], exclusive: flag === "yes" };
    }
    case "set-condition": {
      const at = indices(rest, 2);
      const condition = at ? conditionOfValue(read(field.condition(at[0], at[1]))) : undefined;
      return at && condition !== undefined ? { type: "set-condition", page: at[0], question: at[1], condition } : null;
    }
    case "set-check": {
      const at = indices(rest, 2);
      const option = at ? checkOfValue(read(field.check(at[0], at[1]))) : undefined;
      return at && option !== undefined ? { type: "set-check", page: at[0], question: at[1], option } : null;
    }
    default:
      return null;
  }
}

/**
 * The renames a no-JavaScript post carries: every name input of the form, so that names typed
 * before pressing any button are kept. An input left empty or unchanged changes nothing (the
 * reducer saves only non-empty names).
 */
export function renameActions(draft: BuilderDraft, read: (name: string) => unknown): BuilderAction[] {
  const actions: BuilderAction[] = [];
  const text = (name: string) => {
    const value = read(name);
    return typeof value === "string" ? value : null;
  };
  const title = text(field.title);
  if (title !== null && title.trim() !== draft.title) actions.push({ type: "rename-title", value: title });
  const description = text(field.description);
  if (description !== null && description.trim() !== draft.description) {
    actions.push({ type: "rename-description", value: description });
  }
  draft.pages.forEach((page, p) => {
    const pageName = text(field.page(p));
    if (pageName !== null && pageName.trim() !== page.name)
      actions.push({ type: "rename-page", page: p, value: pageName });
    page.questions.forEach((question, q) => {
      const name = text(field.question(p, q));
      if (name !== null && name.trim() !== question.name) {
        actions.push({ type: "rename-question", page: p, question: q, value: name });
      }
      question.options.forEach((option, o) => {
        const title = text(field.option(p, q, o));
        if (title !== null && title.trim() !== option) {
          actions.push({ type: "rename-option", page: p, question: q, option: o, value: title });
        }
      });
    });
  });
  return actions;
}

/**
 * The type changes a no-JavaScript post carries: every question's type picker whose value differs
 * from the question's type, so that a type chosen in the dropdown is applied by whichever button is
 * pressed, not only by its own 'Change type'. A picker that holds no known type changes nothing.
 */
export function typeActions(draft: BuilderDraft, read: (name: string) => unknown): BuilderAction[] {
  return draft.pages.flatMap((page, p) =>
    page.questions.flatMap((question, q): BuilderAction[] => {
      const type = questionType(read(field.type(p, q)));
      return type && type !== question.type ? [{ type: "change-type", page: p, question: q, questionType: type }] : [];
    }),
  );
}
