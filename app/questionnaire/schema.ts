import { parseWithZod } from "@conform-to/zod";
import type { TFunction } from "i18next";
import { z } from "zod";
import { tr } from "~/i18n/mark";
import { definitionText } from "./texts";
import {
  allQuestions,
  CHOICE_TYPES,
  QUESTION_TYPES,
  SINGLE_CHOICE_TYPES,
  type Answers,
  type AnswerValue,
  type QuestionDefinition,
  type QuestionnaireDefinition,
} from "./definition";

// Validation of a member's answers and of a definition itself. Isomorphic: the action parses the
// posted form with it, and the browser runs the very same schema for live messages.

export const MAX_TEXT_LENGTH = 500;
export const MAX_PARAGRAPH_LENGTH = 5000;
/** Largest magnitude a number answer may have; far beyond any count, age or income asked. */
export const MAX_NUMBER = 1_000_000_000_000;
export const MAX_LABEL_LENGTH = 300;
const MAX_DESCRIPTION_LENGTH = 2000;
const MAX_KEY_LENGTH = 64;
const MAX_OPTION_VALUE_LENGTH = 100;

// The messages are English on the server and in the browser alike (English tests quote them); the
// fixed ones are marked with tr() and translated where they are shown, those with a value by
// translateAnswerError (decision 074).
export const MESSAGES = {
  required: tr("This field is required."),
  chooseAtLeastOne: tr("Please choose at least one option."),
  unknownOption: tr("Choose one of the listed options."),
  notANumber: tr("Enter a number."),
  numberRange: `Enter a number between -${MAX_NUMBER.toLocaleString("en-US")} and ${MAX_NUMBER.toLocaleString("en-US")}.`,
  tooLong: (max: number) => `Use at most ${max.toLocaleString("en-US")} characters.`,
  invalid: tr("This value is not valid."),
  exclusive: (label: string) => `Choose either '${label}' or other options, not both.`,
  unusableDefinition: tr("This questionnaire cannot be answered at the moment."),
} as const;

/**
 * An answer's error message (one of MESSAGES, as the schema gave it) in the page's language. The
 * messages with a value are recognised by the question they belong to and said again with the
 * value in a placeholder; the others are fixed texts.
 */
export function translateAnswerError(
  t: TFunction,
  formatNumber: (value: number) => string,
  question: QuestionDefinition | undefined,
  message: string,
): string {
  if (message === MESSAGES.numberRange) {
    return t("Enter a number between {{min}} and {{max}}.", {
      min: `-${formatNumber(MAX_NUMBER)}`,
      max: formatNumber(MAX_NUMBER),
    });
  }
  const limit = [MAX_TEXT_LENGTH, MAX_PARAGRAPH_LENGTH].find((max) => message === MESSAGES.tooLong(max));
  if (limit !== undefined) return t("Use at most {{max}} characters.", { max: formatNumber(limit) });
  const exclusive = question?.options.find((option) => option.exclusive);
  if (exclusive && message === MESSAGES.exclusive(exclusive.label)) {
    return t("Choose either '{{option}}' or other options, not both.", {
      option: definitionText(t, exclusive.label),
    });
  }
  return t(message);
}

/**
 * A posted form value as the list of its non-empty strings, or null when it is not form text at
 * all (a file, or a nested object from a crafted field name). Conform hands a field over as
 * undefined, one string or an array of strings depending on how many controls sent it, and may
 * or may not have stripped empty strings; this one shape covers every case.
 */
export function postedStrings(value: unknown): string[] | null {
  if (value === undefined || value === null) return [];
  if (typeof value === "string") return value === "" ? [] : [value];
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
    return value.filter((item) => item !== "");
  }
  return null;
}

type ReadResult = { ok: true; value: AnswerValue | undefined } | { ok: false; message: string };

const answered = (value: AnswerValue | undefined): ReadResult => ({ ok: true, value });
const refused = (message: string): ReadResult => ({ ok: false, message });

// PostgreSQL text cannot hold NUL, and other control characters are never typed on purpose; lone
// surrogates (possible when the schema is used outside a browser) would not survive UTF-8.
// (No lookbehind: old Safari, which many members use, cannot even parse a module that has one.)
const SURROGATES = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g;
const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r]+/g;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

function wellFormed(text: string): string {
  return text.replace(SURROGATES, (pair) => (pair.length === 2 ? pair : "\uFFFD"));
}

function cleanLine(text: string): string {
  return wellFormed(text).replace(LINE_BREAKS_AND_TABS, " ").replace(CONTROL_CHARACTERS, "").trim();
}

function cleanParagraph(text: string): string {
  return wellFormed(text).replace(/\r\n?/g, "\n").replace(CONTROL_CHARACTERS, "").trim();
}

function readText(posted: string[], clean: (text: string) => string, max: number): ReadResult {
  if (posted.length > 1) return refused(MESSAGES.invalid);
  const text = clean(posted[0] ?? "");
  if (text === "") return answered(undefined);
  return text.length > max ? refused(MESSAGES.tooLong(max)) : answered(text);
}

// What an <input type="number"> may send: decimals with an optional exponent, nothing else
// (Number() alone would also take "0x1f", "Infinity" or " ").
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function readNumber(posted: string[]): ReadResult {
  if (posted.length > 1) return refused(MESSAGES.invalid);
  const text = (posted[0] ?? "").trim();
  if (text === "") return answered(undefined);
  if (text.length > 64 || !DECIMAL.test(text)) return refused(MESSAGES.notANumber);
  const number = Number(text);
  if (!Number.isFinite(number) || Math.abs(number) > MAX_NUMBER) return refused(MESSAGES.numberRange);
  return answered(number === 0 ? 0 : number);
}

function readSingleChoice(question: QuestionDefinition, posted: string[]): ReadResult {
  if (posted.length === 0) return answered(undefined);
  const [value] = posted;
  if (posted.length > 1 || !question.options.some((option) => option.value === value)) {
    return refused(MESSAGES.unknownOption);
  }
  return answered(value);
}

function readCheckboxes(question: QuestionDefinition, posted: string[]): ReadResult {
  const chosen = new Set(posted);
  if (chosen.size === 0) return answered(undefined);
  const known = question.options.filter((option) => chosen.has(option.value));
  if (known.length !== chosen.size) return refused(MESSAGES.unknownOption);
  const exclusive = known.find((option) => option.exclusive);
  if (exclusive && known.length > 1) return refused(MESSAGES.exclusive(exclusive.label));
  // Definition order, so that equal choices always give equal answers.
  return answered(known.map((option) => option.value));
}

// A switch is an HTML checkbox: ticked it posts "on", unticked nothing. So "nothing" is a real
// answer (no), and a switch is always answered; its required flag has no effect.
function readSwitch(posted: string[]): ReadResult {
  if (posted.length === 0) return answered(false);
  return posted.length === 1 && posted[0] === "on" ? answered(true) : refused(MESSAGES.invalid);
}

/** Reads one question's posted value; the required rule is applied by the caller. */
function readAnswer(question: QuestionDefinition, value: unknown): ReadResult {
  const posted = postedStrings(value);
  if (posted === null) return refused(MESSAGES.invalid);
  switch (question.type) {
    case "text":
      return readText(posted, cleanLine, MAX_TEXT_LENGTH);
    case "paragraph":
      return readText(posted, cleanParagraph, MAX_PARAGRAPH_LENGTH);
    case "number":
      return readNumber(posted);
    case "radio":
    case "select":
      return readSingleChoice(question, posted);
    case "checkbox":
      return readCheckboxes(question, posted);
    case "switch":
      return readSwitch(posted);
    default:
      return refused(MESSAGES.invalid);
  }
}

/** The options an answer chose: one for radio and select, any number for checkbox, else none. */
export function chosenOptions(value: AnswerValue | undefined): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value : [];
}

function ownValue(values: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : undefined;
}

/**
 * Keys of the questions whose shown-when condition holds for these form values (questions without
 * a condition always do). A condition holds when its question is itself shown and its valid answer
 * includes the option, so hiding a question hides the whole chain that depends on it. The server
 * schema and the live form both decide with this one function.
 */
export function shownQuestionKeys(definition: QuestionnaireDefinition, values: Record<string, unknown>): Set<string> {
  const shown = new Set<string>();
  const questions = new Map(allQuestions(definition).map((question) => [question.key, question]));
  for (const question of questions.values()) {
    const condition = question.shownWhen;
    if (condition) {
      const source = questions.get(condition.question);
      if (!source || !shown.has(source.key) || !CHOICE_TYPES.includes(source.type)) continue;
      const read = readAnswer(source, ownValue(values, source.key));
      if (!read.ok || !chosenOptions(read.value).includes(condition.option)) continue;
    }
    shown.add(question.key);
  }
  return shown;
}

// Keys are form field names, so they must not contain the dots and brackets conform reads as
// nested paths, nor start with an underscore like conform's own __intent__.
const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * Whether a key works as a form field name. Names every object has ("constructor", "toString")
 * are out too: conform keys its error object by field name and breaks on them. So are the names
 * the forms that show questionnaires post beside the answers: "intent", their step buttons
 * (docs/forms.md), and "confirmed", the pre-screener's confirmation box.
 */
const FORM_FIELDS_BESIDE_ANSWERS = ["intent", "confirmed"];

function isReservedKey(key: string): boolean {
  return key in Object.prototype || FORM_FIELDS_BESIDE_ANSWERS.includes(key);
}

function isFieldName(key: string): boolean {
  return KEY_PATTERN.test(key) && key.length <= MAX_KEY_LENGTH && !isReservedKey(key);
}

/**
 * The zod schema of a questionnaire's form: field names are question keys, the result is the
 * member's Answers. Fields are z.unknown() and read here, not typed for conform's coercion: a
 * typed field would be validated even while its question is hidden, and conform hands a checkbox
 * group over as nothing, one string or an array. Any input, however malformed, ends as a
 * validation failure keyed by field, never as an exception.
 */
export function questionnaireSchema(definition: QuestionnaireDefinition): z.ZodType<Answers, z.ZodTypeDef, unknown> {
  const questions = allQuestions(definition);
  // definitionIssues keeps such definitions out of the database; this only keeps parsing safe.
  if (!questions.every((question) => isFieldName(question.key))) {
    return z.unknown().transform((_values, context): Answers => {
      context.addIssue({ code: z.ZodIssueCode.custom, message: MESSAGES.unusableDefinition });
      return {};
    });
  }
  const fields = z.object(Object.fromEntries(questions.map((question) => [question.key, z.unknown()])));
  return fields.transform((values, context) => {
    const shown = shownQuestionKeys(definition, values);
    const answers: Answers = {};
    for (const question of questions) {
      if (!shown.has(question.key)) continue;
      const read = readAnswer(question, ownValue(values, question.key));
      let message: string | undefined;
      if (!read.ok) message = read.message;
      else if (read.value !== undefined) answers[question.key] = read.value;
      else if (question.required) {
        message = question.type === "checkbox" ? MESSAGES.chooseAtLeastOne : MESSAGES.required;
      }
      if (message) context.addIssue({ code: z.ZodIssueCode.custom, path: [question.key], message });
    }
    return answers;
  });
}

// conform's own control fields, which it JSON-parses before any schema runs.
const CONFORM_CONTROLS = ["__intent__", "__state__"];

/**
 * A posted questionnaire form parsed with its schema, as parseWithZod does. conform throws on a
 * forged control field (not JSON, not an intent it knows); such a post is read again without
 * them, so that any request ends as a validation result rather than a server error.
 */
export function parseAnswers(formData: FormData, definition: QuestionnaireDefinition) {
  const schema = questionnaireSchema(definition);
  try {
    return parseWithZod(formData, { schema });
  } catch {
    const fields = new FormData();
    for (const [name, value] of formData) if (!CONFORM_CONTROLS.includes(name)) fields.append(name, value);
    return parseWithZod(fields, { schema });
  }
}

// eslint-disable-next-line no-control-regex
const HAS_CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/;

function labelIssue(what: string, label: string): string | null {
  if (label.trim() === "") return `${what} needs a label.`;
  if (label.length > MAX_LABEL_LENGTH) return `${what} has a label longer than ${MAX_LABEL_LENGTH} characters.`;
  return null;
}

function questionIssues(question: QuestionDefinition, earlier: Map<string, QuestionDefinition>): string[] {
  const name = `Question "${question.key}"`;
  const issues: string[] = [];
  const add = (issue: string | null) => issue && issues.push(issue);
  add(labelIssue(name, question.label));
  if (!QUESTION_TYPES.includes(question.type)) {
    issues.push(`${name} has an unknown type "${String(question.type)}".`);
    return issues;
  }
  const isChoice = CHOICE_TYPES.includes(question.type);
  if (isChoice && question.options.length === 0) issues.push(`${name} needs at least one option.`);
  if (!isChoice && question.options.length > 0)
    issues.push(`${name} is a ${question.type} question and cannot have options.`);
  const values = new Set<string>();
  question.options.forEach((option, index) => {
    const optionName = `${name}, option ${index + 1}`;
    const value = option.value;
    if (value.trim() === "") issues.push(`${optionName} needs a value code.`);
    else if (value !== value.trim() || value.length > MAX_OPTION_VALUE_LENGTH || HAS_CONTROL_CHARACTER.test(value)) {
      issues.push(
        `${optionName}: the value code must have no surrounding spaces or control characters and at most ${MAX_OPTION_VALUE_LENGTH} characters.`,
      );
    } else if (values.has(value)) issues.push(`${name} uses the option value "${value}" more than once.`);
    values.add(value);
    add(labelIssue(optionName, option.label));
  });
  const exclusiveCount = question.options.filter((option) => option.exclusive).length;
  if (exclusiveCount > 0 && question.type !== "checkbox") {
    issues.push(`${name}: only checkbox questions can have an exclusive option.`);
  } else if (exclusiveCount > 1) {
    issues.push(`${name} has more than one exclusive option.`);
  }
  const passCount = question.options.filter((option) => option.passesCheck).length;
  if (passCount > 0 && !SINGLE_CHOICE_TYPES.includes(question.type)) {
    issues.push(`${name}: only radio and select questions can be attention checks.`);
  } else if (passCount > 1) {
    issues.push(`${name} has more than one option that passes its attention check.`);
  }
  const condition = question.shownWhen;
  if (condition) {
    const source = earlier.get(condition.question);
    if (!source) {
      issues.push(`${name} is shown when "${condition.question}" is answered, which is not a question before it.`);
    } else if (!CHOICE_TYPES.includes(source.type)) {
      issues.push(`${name} can only depend on a radio, select or checkbox question, and "${source.key}" is not one.`);
    } else if (!source.options.some((option) => option.value === condition.option)) {
      issues.push(`${name} depends on the option "${condition.option}", which "${source.key}" does not have.`);
    }
  }
  return issues;
}

/**
 * Everything wrong with a definition, in words an admin understands; empty when it is usable.
 * The engine relies on these rules (keys usable as field names, conditions pointing backwards to
 * choice questions), so a definition is stored only when this is empty.
 */
export function definitionIssues(definition: QuestionnaireDefinition): string[] {
  const issues: string[] = [];
  if (definition.title.trim() === "") issues.push("The questionnaire needs a title.");
  else if (definition.title.length > MAX_LABEL_LENGTH) {
    issues.push(`The title is longer than ${MAX_LABEL_LENGTH} characters.`);
  }
  if (definition.description.length > MAX_DESCRIPTION_LENGTH) {
    issues.push(`The description is longer than ${MAX_DESCRIPTION_LENGTH} characters.`);
  }
  if (definition.pages.length === 0) issues.push("The questionnaire needs at least one page.");
  const earlier = new Map<string, QuestionDefinition>();
  const duplicates = new Set<string>();
  definition.pages.forEach((page, pageIndex) => {
    const pageName = `Page ${pageIndex + 1}`;
    // A single page shows no legend, so only several pages need titles to tell them apart.
    if (definition.pages.length > 1 && page.title.trim() === "") issues.push(`${pageName} needs a title.`);
    if (page.title.length > MAX_LABEL_LENGTH)
      issues.push(`${pageName} has a title longer than ${MAX_LABEL_LENGTH} characters.`);
    if (page.questions.length === 0) issues.push(`${pageName} has no questions.`);
    page.questions.forEach((question, questionIndex) => {
      if (isReservedKey(question.key)) {
        issues.push(`${pageName}, question ${questionIndex + 1}: the key "${question.key}" is reserved.`);
      } else if (!isFieldName(question.key)) {
        issues.push(
          `${pageName}, question ${questionIndex + 1}: the key "${question.key}" must start with a letter and hold only letters, digits and underscores (at most ${MAX_KEY_LENGTH}).`,
        );
      } else if (earlier.has(question.key) && !duplicates.has(question.key)) {
        duplicates.add(question.key);
        issues.push(`The key "${question.key}" is used by more than one question.`);
      }
      issues.push(...questionIssues(question, earlier));
      if (!earlier.has(question.key)) earlier.set(question.key, question);
    });
  });
  return issues;
}
