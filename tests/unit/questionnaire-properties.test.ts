import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { answersToRows, rowsToAnswers, type StoredQuestionnaire } from "~/questionnaire/answers";
import {
  allQuestions,
  CHOICE_TYPES,
  QUESTION_TYPES,
  type Answers,
  type OptionDefinition,
  type QuestionDefinition,
  type QuestionnaireDefinition,
  type QuestionType,
} from "~/questionnaire/definition";
import {
  chosenOptions,
  definitionIssues,
  MAX_NUMBER,
  MAX_PARAGRAPH_LENGTH,
  MAX_TEXT_LENGTH,
  parseAnswers,
} from "~/questionnaire/schema";
import { propertyRuns } from "../support/test-size";

// Random definitions meet random form data: parsing never throws, and whatever it accepts obeys
// the engine's rules.

const VALUES = ["A", "B", "PickUp Truck", "8+"];
const EXCLUSIVE = "NonePreferNotToSay";
const RUNS = propertyRuns(300);

type Entry = [string, string];

function parse(definition: QuestionnaireDefinition, entries: Entry[]) {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return parseAnswers(formData, definition);
}

// Includes conform intents, valid and not, since a forged __intent__ field must not break parsing.
const anyText = fc.oneof(
  fc.constantFrom("", " ", "on", "1.5", "-3", "1e3", "abc", "\u0000", "null", "{}", EXCLUSIVE, ...VALUES),
  fc.constantFrom(
    '{"type":"validate","payload":{}}',
    '{"type":"validate","payload":{"name":"q0"}}',
    '{"type":"update","payload":{"name":"q1","value":["A"]}}',
    '{"type":"reset","payload":{"name":"q0"}}',
    '{"type":"remove","payload":{"name":"q0","index":3}}',
    '{"type":"insert","payload":{"name":"__proto__","defaultValue":1}}',
    '{"validated":{"q0":true}}',
  ),
  fc.string({ unit: "binary", maxLength: 20 }),
);
const anyName = fc.oneof(
  fc.constantFrom(
    "a",
    "b",
    "q0",
    "q1",
    "q2",
    "x.y",
    "z[0]",
    "z[1]",
    "__proto__",
    "constructor",
    "__intent__",
    "__state__",
  ),
  fc.string({ maxLength: 8 }),
);

/** Any definition at all, usable or not: duplicate keys, odd keys, dangling conditions. */
const anyDefinition: fc.Arbitrary<QuestionnaireDefinition> = fc.record({
  title: fc.string(),
  description: fc.string(),
  pages: fc.array(
    fc.record({
      title: fc.string(),
      questions: fc.array(
        fc.record({
          key: anyName,
          label: fc.string(),
          type: fc.constantFrom(...QUESTION_TYPES),
          required: fc.boolean(),
          options: fc.array(
            fc.record({ value: anyText, label: fc.string(), exclusive: fc.option(fc.boolean(), { nil: undefined }) }),
            { maxLength: 4 },
          ),
          shownWhen: fc.option(fc.record({ question: anyName, option: anyText }), { nil: undefined }),
        }),
        { maxLength: 5 },
      ),
    }),
    { maxLength: 3 },
  ),
});

interface Seed {
  type: QuestionType;
  required: boolean;
  optionCount: number;
  exclusive: boolean;
  condition: { target: number; option: number } | null;
}

const seed: fc.Arbitrary<Seed> = fc.record({
  type: fc.constantFrom(...QUESTION_TYPES),
  required: fc.boolean(),
  optionCount: fc.integer({ min: 1, max: VALUES.length }),
  exclusive: fc.boolean(),
  condition: fc.option(fc.record({ target: fc.nat(), option: fc.nat() }), { nil: null }),
});

function buildDefinition(seeds: Seed[], split: number): QuestionnaireDefinition {
  const questions: QuestionDefinition[] = [];
  seeds.forEach((each, index) => {
    const options: OptionDefinition[] = CHOICE_TYPES.includes(each.type)
      ? VALUES.slice(0, each.optionCount).map((value) => ({ value, label: `${value} label` }))
      : [];
    if (each.type === "checkbox" && each.exclusive) options.push({ value: EXCLUSIVE, label: "None", exclusive: true });
    const targets = questions.filter((question) => CHOICE_TYPES.includes(question.type));
    const target = each.condition && targets.length > 0 ? targets[each.condition.target % targets.length] : undefined;
    questions.push({
      key: `q${index}`,
      label: `Question ${index}`,
      type: each.type,
      required: each.required,
      options,
      ...(target && each.condition
        ? {
            shownWhen: {
              question: target.key,
              option: target.options[each.condition.option % target.options.length].value,
            },
          }
        : {}),
    });
  });
  const cut = 1 + (split % questions.length);
  const pages = [{ title: "First", questions: questions.slice(0, cut) }];
  if (cut < questions.length) pages.push({ title: "Second", questions: questions.slice(cut) });
  return { title: "Random", description: "", pages };
}

const validDefinition = fc
  .tuple(fc.array(seed, { minLength: 1, maxLength: 8 }), fc.nat())
  .map(([seeds, split]) => buildDefinition(seeds, split));

/** Plausible posts for a question: mostly its own values, sometimes junk. */
function entriesFor(question: QuestionDefinition): fc.Arbitrary<Entry[]> {
  const post = (values: fc.Arbitrary<string[]>) =>
    values.map((list) => list.map((value): Entry => [question.key, value]));
  const junk = post(fc.array(anyText, { maxLength: 2 }));
  const values = question.options.map((option) => option.value);
  let plausible: fc.Arbitrary<string[]>;
  switch (question.type) {
    case "radio":
    case "select":
      plausible = fc.option(fc.constantFrom(...values), { nil: null }).map((value) => (value === null ? [] : [value]));
      break;
    case "checkbox":
      plausible = fc.subarray(values);
      break;
    case "number":
      plausible = fc.oneof(fc.double({ noNaN: true }), fc.integer()).map((number) => [String(number)]);
      break;
    case "switch":
      plausible = fc.constantFrom([], ["on"]);
      break;
    default:
      plausible = fc.string({ maxLength: 30 }).map((text) => [text]);
  }
  return fc.oneof({ weight: 4, arbitrary: post(plausible) }, { weight: 1, arbitrary: junk });
}

const validCase = validDefinition.chain((definition) =>
  fc.tuple(
    fc.constant(definition),
    fc.tuple(...allQuestions(definition).map(entriesFor)).map((lists) => lists.flat()),
  ),
);

function isShownByAnswers(question: QuestionDefinition, answers: Answers): boolean {
  const condition = question.shownWhen;
  return !condition || chosenOptions(answers[condition.question]).includes(condition.option);
}

function checkAnswer(question: QuestionDefinition, value: unknown) {
  const values = question.options.map((option) => option.value);
  switch (question.type) {
    case "text":
    case "paragraph": {
      const max = question.type === "text" ? MAX_TEXT_LENGTH : MAX_PARAGRAPH_LENGTH;
      expect(typeof value === "string" && value.length > 0 && value.length <= max && value === value.trim()).toBe(true);
      // eslint-disable-next-line no-control-regex
      expect(/[\u0000-\u0008\u000B-\u001F\u007F]/.test(value as string)).toBe(false);
      break;
    }
    case "number":
      expect(typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= MAX_NUMBER).toBe(true);
      break;
    case "radio":
    case "select":
      expect(values).toContain(value);
      break;
    case "checkbox": {
      const chosen = value as string[];
      expect(Array.isArray(chosen) && chosen.length > 0 && new Set(chosen).size === chosen.length).toBe(true);
      for (const each of chosen) expect(values).toContain(each);
      const exclusive = question.options.filter((option) => option.exclusive).map((option) => option.value);
      if (chosen.some((each) => exclusive.includes(each))) expect(chosen).toHaveLength(1);
      break;
    }
    case "switch":
      expect(typeof value).toBe("boolean");
      break;
  }
}

function toEntries(answers: Answers): Entry[] {
  return Object.entries(answers).flatMap(([key, value]): Entry[] => {
    if (Array.isArray(value)) return value.map((each): Entry => [key, each]);
    if (typeof value === "boolean") return value ? [[key, "on"]] : [];
    return [[key, String(value)]];
  });
}

function storedFor(definition: QuestionnaireDefinition): StoredQuestionnaire {
  const questions = allQuestions(definition);
  return {
    id: 1,
    kind: "screener",
    definition,
    questionIds: Object.fromEntries(questions.map((question, index) => [question.key, index + 1])),
    optionIds: Object.fromEntries(
      questions.map((question, index) => [
        question.key,
        Object.fromEntries(question.options.map((option, position) => [option.value, (index + 1) * 100 + position])),
      ]),
    ),
  };
}

describe("questionnaire properties", () => {
  test("any definition and any form data give a validation result, never an exception", () => {
    fc.assert(
      fc.property(anyDefinition, fc.array(fc.tuple(anyName, anyText), { maxLength: 12 }), (definition, entries) => {
        expect(() => definitionIssues(definition)).not.toThrow();
        const submission = parse(definition, entries);
        // No status means a conform intent other than submit (validate, update…), also a result.
        expect(["success", "error", undefined]).toContain(submission.status);
        expect(() => submission.reply()).not.toThrow();
      }),
      { numRuns: RUNS },
    );
  });

  test("generated definitions are usable", () => {
    fc.assert(
      fc.property(validDefinition, (definition) => {
        expect(definitionIssues(definition)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  test("accepted answers obey the rules, survive storage and parse again unchanged", () => {
    let accepted = 0;
    fc.assert(
      fc.property(validCase, ([definition, entries]) => {
        const submission = parse(definition, entries);
        if (submission.status !== "success") {
          expect(Object.keys(submission.reply().error ?? {}).length).toBeGreaterThan(0);
          return;
        }
        accepted += 1;
        const answers = submission.value;
        const questions = new Map(allQuestions(definition).map((question) => [question.key, question]));
        for (const [key, value] of Object.entries(answers)) {
          const question = questions.get(key);
          expect(question).toBeDefined();
          if (!question) continue;
          checkAnswer(question, value);
          expect(isShownByAnswers(question, answers)).toBe(true);
        }
        for (const question of questions.values()) {
          const mustBeAnswered = question.type === "switch" || question.required;
          if (mustBeAnswered && isShownByAnswers(question, answers)) expect(answers).toHaveProperty(question.key);
        }
        const stored = storedFor(definition);
        expect(rowsToAnswers(stored, answersToRows(stored, answers))).toEqual(answers);
        const again = parse(definition, toEntries(answers));
        expect(again.status === "success" && again.value).toEqual(answers);
      }),
      { numRuns: RUNS },
    );
    // The generators must reach the success path often enough for the checks to mean something.
    expect(accepted).toBeGreaterThan(RUNS / 10);
  });
});
