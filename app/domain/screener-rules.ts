import {
  allQuestions,
  type Answers,
  type QuestionDefinition,
  type QuestionnaireDefinition,
} from "~/questionnaire/definition";
import { chosenOptions, MAX_NUMBER, MESSAGES as ANSWER_MESSAGES } from "~/questionnaire/schema";

// A screener's qualifying rules: what the admin answered on ScreenerValidation, and whether a
// member's answers pass them. Pure and isomorphic: the rules page reads its form with it, and the
// survey delivery runs evaluateScreener on the member's pre-screener answers.
// The semantics are in docs/decisions/019-screener-rules.md and in RULE_HELP below.

/** One qualifying rule, keyed by question key. */
export type ScreenerRule =
  /** Radio, select (one option) and checkbox (any number): passes when the member chose one of them. */
  | { question: string; kind: "options"; options: string[] }
  /** Number: passes inside [min, max], bounds inclusive; a null bound is open. */
  | { question: string; kind: "range"; min: number | null; max: number | null }
  /** Switch: passes when the member's switch is in the same position. */
  | { question: string; kind: "switch"; value: boolean };

export interface NumberRange {
  min: number | null;
  max: number | null;
}

/**
 * The admin's answers on the rules page, keyed by question key. Radio and select: the option
 * value; checkbox: the ticked values; number: a range; switch: the chosen position. A question
 * the admin left open ('Any answer') is absent; text and paragraph questions have no answer.
 */
export type AdminAnswer = string | string[] | boolean | NumberRange;
export type AdminAnswers = Record<string, AdminAnswer>;

/** The rule semantics in the admin's words, shown on the rules page. */
export const RULE_HELP = [
  "Radio and select: a member passes when their answer is the one you choose.",
  "Checkbox: a member passes when they tick at least one of the boxes you tick.",
  "Number: a member passes when their number lies between the minimum and maximum you give (both included); leave either empty for no limit on that side.",
  "Switch: a member passes when their switch is in the position you choose; 'Any answer' lets every position pass.",
  "Text and paragraph answers are never checked.",
  "A question you leave open ('Any answer', no box ticked, no minimum or maximum) lets every member pass it. A member who did not answer a question that has a rule does not pass.",
] as const;

const isRange = (value: AdminAnswer): value is NumberRange =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function mismatch(question: QuestionDefinition, value: AdminAnswer): Error {
  return new Error(`The admin answer ${JSON.stringify(value)} does not fit question "${question.key}"`);
}

/**
 * The rules that the admin's answers make, in question order. Unanswered questions, text and
 * paragraph questions, empty checkbox answers and ranges without bounds make no rule. An answer
 * that does not fit its question means it was not read with readRulesForm, so it throws rather
 * than silently letting everyone pass.
 */
export function buildRules(definition: QuestionnaireDefinition, answers: AdminAnswers): ScreenerRule[] {
  const rules: ScreenerRule[] = [];
  for (const question of allQuestions(definition)) {
    if (!Object.prototype.hasOwnProperty.call(answers, question.key)) continue;
    const value = answers[question.key];
    const known = (option: string) => question.options.some((each) => each.value === option);
    switch (question.type) {
      case "radio":
      case "select":
        if (typeof value !== "string" || !known(value)) throw mismatch(question, value);
        rules.push({ question: question.key, kind: "options", options: [value] });
        break;
      case "checkbox": {
        if (!Array.isArray(value) || !value.every(known)) throw mismatch(question, value);
        // Option order, so that equal answers always make equal rules.
        const options = question.options.map((option) => option.value).filter((option) => value.includes(option));
        if (options.length > 0) rules.push({ question: question.key, kind: "options", options });
        break;
      }
      case "number": {
        if (!isRange(value)) throw mismatch(question, value);
        const { min, max } = value;
        if (min !== null && max !== null && min > max) throw mismatch(question, value);
        if (min !== null || max !== null) rules.push({ question: question.key, kind: "range", min, max });
        break;
      }
      case "switch":
        if (typeof value !== "boolean") throw mismatch(question, value);
        rules.push({ question: question.key, kind: "switch", value });
        break;
      case "text":
      case "paragraph":
        break;
    }
  }
  return rules;
}

export type ScreenerResult = { pass: true } | { pass: false; question: string };

function passes(rule: ScreenerRule, answer: Answers[string] | undefined): boolean {
  if (answer === undefined) return false;
  switch (rule.kind) {
    case "options":
      // One option for radio and select (so: equal), any of them for checkbox; an empty checkbox
      // answer chooses nothing and fails.
      return chosenOptions(answer).some((option) => rule.options.includes(option));
    case "range":
      return (
        typeof answer === "number" &&
        (rule.min === null || answer >= rule.min) &&
        (rule.max === null || answer <= rule.max)
      );
    case "switch":
      return typeof answer === "boolean" && answer === rule.value;
  }
}

/**
 * Whether a member's answers pass a screener's rules; when not, the first failing question in
 * the screener's order. A rule whose question is no longer in the definition is ignored (the
 * database deletes such rules with their question). A rule question the member did not answer
 * (optional, or hidden by its shown-when condition) fails: the member has not shown they qualify.
 */
export function evaluateScreener(
  definition: QuestionnaireDefinition,
  rules: readonly ScreenerRule[],
  memberAnswers: Answers,
): ScreenerResult {
  for (const question of allQuestions(definition)) {
    const answer = Object.prototype.hasOwnProperty.call(memberAnswers, question.key)
      ? memberAnswers[question.key]
      : undefined;
    for (const rule of rules) {
      if (rule.question === question.key && !passes(rule, answer)) return { pass: false, question: question.key };
    }
  }
  return { pass: true };
}

// ───────────────────────────── The rules form ─────────────────────────────
//
// Field names: `rule:{key}` for radio, select, checkbox and switch, `min:{key}` and `max:{key}` for
// number; keys cannot hold a colon, so these never collide with each other or with the page's own
// `_page` and `intent`. Choice values are `o:{option value}` and 'Any answer' is `any`, so no
// option value can be mistaken for it. Text and paragraph questions have no field.

export const ANY = "any";
const OPTION_PREFIX = "o:";
export const optionField = (value: string) => `${OPTION_PREFIX}${value}`;

export const MESSAGES = {
  requiredChoice: "Choose an answer, or 'Any answer' to let every answer pass.",
  unknownOption: ANSWER_MESSAGES.unknownOption,
  notANumber: ANSWER_MESSAGES.notANumber,
  numberRange: ANSWER_MESSAGES.numberRange,
  minAboveMax: "The maximum must not be less than the minimum.",
  invalid: ANSWER_MESSAGES.invalid,
} as const;

/** The form fields of one question on the rules page, none for text and paragraph. */
export function ruleFields(question: QuestionDefinition): string[] {
  switch (question.type) {
    case "number":
      return [`min:${question.key}`, `max:${question.key}`];
    case "text":
    case "paragraph":
      return [];
    default:
      return [`rule:${question.key}`];
  }
}

/**
 * Whether the rules page marks a question `required`. The spec flags required questions with the
 * browser's required attribute; the browser can only enforce that on a single choice, so it is
 * set on required radio and select questions, where 'Any answer' is one of the choices: the
 * admin must decide, but may still decide not to filter. A checkbox group, a range with optional
 * bounds, a switch (always answered) and text (never checked) cannot be required (decision 019).
 */
export function isRuleRequired(question: QuestionDefinition): boolean {
  return question.required && (question.type === "radio" || question.type === "select");
}

/** Posted values by field name; only the fields of this definition's questions, without blanks. */
export type RuleFormValues = Record<string, string[]>;

export interface RulesFormResult {
  /** What was posted for the definition's fields, to carry across pages and re-render. */
  values: RuleFormValues;
  /** The admin's answers, valid whatever `errors` holds (fields in error are left out). */
  answers: AdminAnswers;
  /** Messages by field name. */
  errors: Record<string, string[]>;
}

// What an <input type="number"> may send: decimals with an optional exponent, nothing else.
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const MAX_POSTED_LENGTH = 200;

type Read<T> = { ok: true; value: T } | { ok: false; message: string };

function readBound(posted: string[]): Read<number | null> {
  if (posted.length === 0) return { ok: true, value: null };
  const text = posted[0].trim();
  if (posted.length > 1) return { ok: false, message: MESSAGES.invalid };
  if (text.length > 64 || !DECIMAL.test(text)) return { ok: false, message: MESSAGES.notANumber };
  const number = Number(text);
  if (!Number.isFinite(number) || Math.abs(number) > MAX_NUMBER) return { ok: false, message: MESSAGES.numberRange };
  return { ok: true, value: number === 0 ? 0 : number };
}

function optionOf(question: QuestionDefinition, posted: string): string | null {
  if (!posted.startsWith(OPTION_PREFIX)) return null;
  const value = posted.slice(OPTION_PREFIX.length);
  return question.options.some((option) => option.value === value) ? value : null;
}

/**
 * Reads the rules form: every question's fields, whatever page they were posted from (hidden
 * inputs carry the pages the admin is not on). Any input, however malformed, ends as messages,
 * never as an exception.
 */
export function readRulesForm(definition: QuestionnaireDefinition, formData: FormData): RulesFormResult {
  const values: RuleFormValues = {};
  const answers: AdminAnswers = {};
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] = [message]);

  for (const question of allQuestions(definition)) {
    const posted: Record<string, string[]> = {};
    for (const field of ruleFields(question)) {
      const strings = formData
        .getAll(field)
        .filter((value): value is string => typeof value === "string" && value.trim() !== "")
        .slice(0, question.options.length + 2)
        .map((value) => value.slice(0, MAX_POSTED_LENGTH));
      if (formData.getAll(field).some((value) => typeof value !== "string")) fail(field, MESSAGES.invalid);
      posted[field] = strings;
      if (strings.length > 0) values[field] = strings;
    }
    const field = `rule:${question.key}`;
    const choices = posted[field] ?? [];
    switch (question.type) {
      case "radio":
      case "select": {
        if (choices.length === 0) {
          if (isRuleRequired(question)) fail(field, MESSAGES.requiredChoice);
        } else if (choices.length > 1) fail(field, MESSAGES.unknownOption);
        else if (choices[0] !== ANY) {
          const option = optionOf(question, choices[0]);
          if (option === null) fail(field, MESSAGES.unknownOption);
          else answers[question.key] = option;
        }
        break;
      }
      case "checkbox": {
        const options = choices.map((choice) => optionOf(question, choice));
        if (options.some((option) => option === null)) fail(field, MESSAGES.unknownOption);
        else if (options.length > 0) answers[question.key] = options as string[];
        break;
      }
      case "switch": {
        if (choices.length > 1 || (choices.length === 1 && ![ANY, "on", "off"].includes(choices[0]))) {
          fail(field, MESSAGES.invalid);
        } else if (choices[0] === "on" || choices[0] === "off") answers[question.key] = choices[0] === "on";
        break;
      }
      case "number": {
        const [minField, maxField] = ruleFields(question);
        const min = readBound(posted[minField] ?? []);
        const max = readBound(posted[maxField] ?? []);
        if (!min.ok) fail(minField, min.message);
        if (!max.ok) fail(maxField, max.message);
        if (min.ok && max.ok) {
          if (min.value !== null && max.value !== null && min.value > max.value) fail(maxField, MESSAGES.minAboveMax);
          else if (min.value !== null || max.value !== null) answers[question.key] = { min: min.value, max: max.value };
        }
        break;
      }
      case "text":
      case "paragraph":
        break;
    }
  }
  return { values, answers, errors };
}

/** The index of the page that holds a form field, or -1. */
export function pageOfField(definition: QuestionnaireDefinition, field: string): number {
  return definition.pages.findIndex((page) => page.questions.some((question) => ruleFields(question).includes(field)));
}

/**
 * The rules page's form values that stand for stored rules: what the admin would post to make them
 * again. The page shows them when rules are replaced (decision 056), so the admin starts from the
 * rules in force; a radio, select or switch question without a rule shows 'Any answer'.
 */
export function ruleFormValuesOf(definition: QuestionnaireDefinition, rules: readonly ScreenerRule[]): RuleFormValues {
  const values: RuleFormValues = {};
  const byQuestion = new Map(rules.map((rule) => [rule.question, rule]));
  for (const question of allQuestions(definition)) {
    const rule = byQuestion.get(question.key);
    const field = `rule:${question.key}`;
    if (!rule) {
      if (["radio", "select", "switch"].includes(question.type)) values[field] = [ANY];
      continue;
    }
    switch (rule.kind) {
      case "options":
        values[field] = rule.options.map((option) => `${OPTION_PREFIX}${option}`);
        break;
      case "range":
        if (rule.min !== null) values[`min:${question.key}`] = [String(rule.min)];
        if (rule.max !== null) values[`max:${question.key}`] = [String(rule.max)];
        break;
      case "switch":
        values[field] = [rule.value ? "on" : "off"];
        break;
    }
  }
  return values;
}
