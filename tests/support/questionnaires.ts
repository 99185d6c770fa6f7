import type {
  OptionDefinition,
  PageDefinition,
  QuestionDefinition,
  QuestionType,
  QuestionnaireDefinition,
  ShownWhen,
} from "~/questionnaire/definition";

// Builders for questionnaire definitions in tests, so a test states only what it is about (the
// keys, labels and options its assertions name) and no test file keeps its own long literal.
//
//   questionnaire("Pets", [page("Pets", [checkbox("pets", "Which pets?", [option("Dog"), none("None")])])])
//
// Every builder returns the plain definition data the engine takes (app/questionnaire/definition.ts).

/** An option: the value code, and its label (the value itself unless given). */
export function option(value: string, label = value): OptionDefinition {
  return { value, label };
}

/** The exclusive 'none / prefer not to say' option of a checkbox question. */
export function none(label = "None", value = "NonePreferNotToSay"): OptionDefinition {
  return { value, label, exclusive: true };
}

interface QuestionOptions {
  /** Required unless told otherwise. */
  required?: boolean;
  shownWhen?: ShownWhen;
}

/** A question of any type; choice types need options. */
export function question(
  type: QuestionType,
  key: string,
  label: string,
  options: OptionDefinition[] = [],
  { required = true, shownWhen }: QuestionOptions = {},
): QuestionDefinition {
  return { key, label, type, required, options, ...(shownWhen ? { shownWhen } : {}) };
}

export const checkbox = (key: string, label: string, options: OptionDefinition[], extra?: QuestionOptions) =>
  question("checkbox", key, label, options, extra);
export const radio = (key: string, label: string, options: OptionDefinition[], extra?: QuestionOptions) =>
  question("radio", key, label, options, extra);
export const select = (key: string, label: string, options: OptionDefinition[], extra?: QuestionOptions) =>
  question("select", key, label, options, extra);
export const text = (key: string, label: string, extra?: QuestionOptions) => question("text", key, label, [], extra);
export const number = (key: string, label: string, extra?: QuestionOptions) =>
  question("number", key, label, [], extra);
export const paragraph = (key: string, label: string, extra?: QuestionOptions) =>
  question("paragraph", key, label, [], extra);
export const toggle = (key: string, label: string, extra?: QuestionOptions) =>
  question("switch", key, label, [], extra);

/** Shown only when `option` is chosen in the question `key`. */
export function shownWhen(key: string, option: string): ShownWhen {
  return { question: key, option };
}

export function page(title: string, questions: QuestionDefinition[]): PageDefinition {
  return { title, questions };
}

export function questionnaire(title: string, pages: PageDefinition[], description = ""): QuestionnaireDefinition {
  return { title, description, pages };
}

/** Options whose labels are "<value> label", for tests that name options by value only. */
export function labelled(...values: string[]): OptionDefinition[] {
  return values.map((value) => ({ value, label: `${value} label` }));
}

/** A question from its key and type: the key is its label, no options; override anything. */
export function questionOf(
  fields: Partial<QuestionDefinition> & Pick<QuestionDefinition, "key" | "type">,
  { required = true }: { required?: boolean } = {},
): QuestionDefinition {
  return { label: fields.key, required, options: [], ...fields };
}
