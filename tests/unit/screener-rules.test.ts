import { describe, expect, test } from "vitest";
import {
  buildRules,
  evaluateScreener,
  isRuleRequired,
  MESSAGES,
  pageOfField,
  readRulesForm,
  ruleFormValuesOf,
  type AdminAnswers,
  type ScreenerRule,
} from "~/domain/screener-rules";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { labelled, page, questionnaire, questionOf } from "../support/questionnaires";

// Screener rules: what the admin's answers make, whether a member's answers pass, and how the
// rules form is read (decision 019).

const question = (fields: Parameters<typeof questionOf>[0]) => questionOf(fields, { required: false });
const options = labelled;

const screener: QuestionnaireDefinition = questionnaire("Car owners", [
  page("About you", [
    question({ key: "name", type: "text", required: true }),
    question({ key: "age", type: "number", required: true }),
    question({ key: "owner", type: "radio", required: true, options: options("Yes", "No") }),
  ]),
  page("Your cars", [
    question({ key: "brand", type: "select", options: options("Audi", "Fiat", "Kia") }),
    question({ key: "fuel", type: "checkbox", options: options("Petrol", "Diesel", "Electric") }),
    question({ key: "story", type: "paragraph" }),
    question({ key: "newsletter", type: "switch" }),
  ]),
]);

const rulesOf = (answers: AdminAnswers) => buildRules(screener, answers);

describe("buildRules", () => {
  test("makes one rule per answered question that filters, in question order", () => {
    expect(
      rulesOf({
        newsletter: true,
        fuel: ["Electric", "Petrol"],
        brand: "Kia",
        owner: "Yes",
        age: { min: 18, max: null },
        name: "Ada",
        story: "anything",
      }),
    ).toEqual([
      { question: "age", kind: "range", min: 18, max: null },
      { question: "owner", kind: "options", options: ["Yes"] },
      { question: "brand", kind: "options", options: ["Kia"] },
      { question: "fuel", kind: "options", options: ["Petrol", "Electric"] },
      { question: "newsletter", kind: "switch", value: true },
    ]);
  });

  test("an unanswered admin question, an empty checkbox answer and an open range make no rule", () => {
    expect(rulesOf({})).toEqual([]);
    expect(rulesOf({ fuel: [], age: { min: null, max: null } })).toEqual([]);
  });

  test("text and paragraph answers never filter", () => {
    expect(rulesOf({ name: "Ada", story: "A long story" })).toEqual([]);
  });

  test("refuses answers that do not fit their question", () => {
    expect(() => rulesOf({ owner: "Maybe" })).toThrow(/owner/);
    expect(() => rulesOf({ fuel: ["Coal"] })).toThrow(/fuel/);
    expect(() => rulesOf({ age: 30 } as unknown as AdminAnswers)).toThrow(/age/);
    expect(() => rulesOf({ age: { min: 40, max: 20 } })).toThrow(/age/);
    expect(() => rulesOf({ newsletter: "on" })).toThrow(/newsletter/);
  });
});

describe("evaluateScreener", () => {
  const member = { name: "Bo", age: 30, owner: "Yes", brand: "Kia", fuel: ["Diesel"], newsletter: false };

  test("no rules: everyone passes, even without answers", () => {
    expect(evaluateScreener(screener, [], {})).toEqual({ pass: true });
  });

  test("radio and select pass on the same answer only", () => {
    const rules = rulesOf({ owner: "Yes", brand: "Kia" });
    expect(evaluateScreener(screener, rules, member)).toEqual({ pass: true });
    expect(evaluateScreener(screener, rules, { ...member, owner: "No" })).toEqual({ pass: false, question: "owner" });
    expect(evaluateScreener(screener, rules, { ...member, brand: "Audi" })).toEqual({ pass: false, question: "brand" });
  });

  test("checkbox passes when the member ticked at least one of the admin's options", () => {
    const rules = rulesOf({ fuel: ["Diesel", "Electric"] });
    expect(evaluateScreener(screener, rules, { fuel: ["Diesel"] }).pass).toBe(true);
    expect(evaluateScreener(screener, rules, { fuel: ["Petrol", "Electric"] }).pass).toBe(true);
    expect(evaluateScreener(screener, rules, { fuel: ["Petrol"] })).toEqual({ pass: false, question: "fuel" });
  });

  test("an empty member checkbox answer fails a checkbox rule", () => {
    expect(evaluateScreener(screener, rulesOf({ fuel: ["Diesel"] }), { fuel: [] })).toEqual({
      pass: false,
      question: "fuel",
    });
  });

  test("number range bounds are inclusive", () => {
    const rules = rulesOf({ age: { min: 18, max: 65 } });
    const verdict = (age: number) => evaluateScreener(screener, rules, { age }).pass;
    expect(verdict(18)).toBe(true);
    expect(verdict(65)).toBe(true);
    expect(verdict(40)).toBe(true);
    expect(verdict(17.5)).toBe(false);
    expect(verdict(66)).toBe(false);
    expect(evaluateScreener(screener, rules, { age: 17 })).toEqual({ pass: false, question: "age" });
  });

  test("a range with only a minimum or only a maximum is open on the other side", () => {
    const atLeast = rulesOf({ age: { min: 18, max: null } });
    expect(evaluateScreener(screener, atLeast, { age: 18 }).pass).toBe(true);
    expect(evaluateScreener(screener, atLeast, { age: 1_000_000 }).pass).toBe(true);
    expect(evaluateScreener(screener, atLeast, { age: 17 }).pass).toBe(false);
    const atMost = rulesOf({ age: { min: null, max: 65 } });
    expect(evaluateScreener(screener, atMost, { age: 65 }).pass).toBe(true);
    expect(evaluateScreener(screener, atMost, { age: -3 }).pass).toBe(true);
    expect(evaluateScreener(screener, atMost, { age: 66 }).pass).toBe(false);
  });

  test("a switch rule passes on the same position only", () => {
    const rules = rulesOf({ newsletter: false });
    expect(evaluateScreener(screener, rules, { newsletter: false }).pass).toBe(true);
    expect(evaluateScreener(screener, rules, { newsletter: true })).toEqual({ pass: false, question: "newsletter" });
  });

  test("a member answer missing for a rule question fails", () => {
    const rules = rulesOf({ age: { min: 18, max: null }, fuel: ["Diesel"], newsletter: true });
    expect(evaluateScreener(screener, rules, { fuel: ["Diesel"], newsletter: true })).toEqual({
      pass: false,
      question: "age",
    });
    expect(evaluateScreener(screener, rules, { age: 20, newsletter: true })).toEqual({ pass: false, question: "fuel" });
    expect(evaluateScreener(screener, rules, { age: 20, fuel: ["Diesel"] })).toEqual({
      pass: false,
      question: "newsletter",
    });
  });

  test("an answer of the wrong shape fails", () => {
    expect(evaluateScreener(screener, rulesOf({ age: { min: 1, max: null } }), { age: "30" }).pass).toBe(false);
    expect(evaluateScreener(screener, rulesOf({ newsletter: true }), { newsletter: "on" }).pass).toBe(false);
  });

  test("names the first failing question in the screener's order, whatever the rules' order", () => {
    const rules = rulesOf({ age: { min: 18, max: null }, owner: "Yes" }).reverse();
    expect(evaluateScreener(screener, rules, { age: 10, owner: "No" })).toEqual({ pass: false, question: "age" });
  });

  test("questions the admin left unanswered never fail a member", () => {
    const rules = rulesOf({ owner: "Yes" });
    expect(evaluateScreener(screener, rules, { owner: "Yes" })).toEqual({ pass: true });
  });

  test("ignores a rule whose question is no longer in the screener", () => {
    expect(evaluateScreener(screener, [{ question: "gone", kind: "switch", value: true }], {}).pass).toBe(true);
  });
});

/** The rules form posted with these fields (a list: the field repeats, in order), read against `screener`. */
function read(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, values] of Object.entries(fields)) {
    for (const value of [values].flat()) data.append(name, value);
  }
  return readRulesForm(screener, data);
}

describe("readRulesForm", () => {
  test("reads every type's fields into the admin's answers", () => {
    const result = read({
      "min:age": " 18 ",
      "max:age": "",
      "rule:owner": "o:Yes",
      "rule:brand": "any",
      "rule:fuel": ["o:Diesel", "o:Petrol"],
      "rule:newsletter": "off",
      name: "ignored",
    });
    expect(result.errors).toEqual({});
    expect(result.answers).toEqual({
      age: { min: 18, max: null },
      owner: "Yes",
      fuel: ["Diesel", "Petrol"],
      newsletter: false,
    });
    expect(result.values).toEqual({
      "min:age": [" 18 "],
      "rule:owner": ["o:Yes"],
      "rule:brand": ["any"],
      "rule:fuel": ["o:Diesel", "o:Petrol"],
      "rule:newsletter": ["off"],
    });
  });

  test("'Any answer' and blanks make no answer", () => {
    const result = read({ "rule:owner": "any", "rule:newsletter": "any" });
    expect(result).toMatchObject({ answers: {}, errors: {} });
  });

  test("a required radio or select needs a choice, which may be 'Any answer'", () => {
    expect(read({}).errors).toEqual({ "rule:owner": [MESSAGES.requiredChoice] });
    expect(isRuleRequired(screener.pages[0].questions[2])).toBe(true);
    // Required text and number questions cannot be required of the admin.
    expect(isRuleRequired(screener.pages[0].questions[0])).toBe(false);
    expect(isRuleRequired(screener.pages[0].questions[1])).toBe(false);
  });

  test("bad input comes back as messages by field", () => {
    const result = read({
      "min:age": "abc",
      "max:age": "1e20",
      "rule:owner": "o:Maybe",
      "rule:brand": "Kia",
      "rule:fuel": "o:Coal",
      "rule:newsletter": "yes",
    });
    expect(result.errors).toEqual({
      "min:age": [MESSAGES.notANumber],
      "max:age": [MESSAGES.numberRange],
      "rule:owner": [MESSAGES.unknownOption],
      "rule:brand": [MESSAGES.unknownOption],
      "rule:fuel": [MESSAGES.unknownOption],
      "rule:newsletter": [MESSAGES.invalid],
    });
    expect(result.answers).toEqual({});
  });

  test("a minimum above the maximum is refused; equal bounds are a single value", () => {
    const refused = read({ "rule:owner": "any", "min:age": "40", "max:age": "20" });
    expect(refused.errors).toEqual({ "max:age": [MESSAGES.minAboveMax] });
    expect(refused.answers).toEqual({});
    const single = read({ "rule:owner": "any", "min:age": "30", "max:age": "30" });
    expect(single.answers).toEqual({ age: { min: 30, max: 30 } });
  });

  test("two choices for one radio are refused", () => {
    const result = read({ "rule:owner": ["o:Yes", "o:No"] });
    expect(result.errors).toEqual({ "rule:owner": [MESSAGES.unknownOption] });
  });

  test("knows which page holds a field", () => {
    expect(pageOfField(screener, "min:age")).toBe(0);
    expect(pageOfField(screener, "rule:fuel")).toBe(1);
    expect(pageOfField(screener, "rule:name")).toBe(-1);
  });
});

describe("ruleFormValuesOf (the rules page when rules are replaced, decision 056)", () => {
  const formOf = (values: Record<string, string[]>) => {
    const form = new FormData();
    for (const [field, posted] of Object.entries(values)) for (const value of posted) form.append(field, value);
    return form;
  };

  test("posting the values it gives makes the same rules again", () => {
    const rules: ScreenerRule[] = [
      { question: "age", kind: "range", min: 18, max: null },
      { question: "owner", kind: "options", options: ["Yes"] },
      { question: "fuel", kind: "options", options: ["Diesel", "Electric"] },
      { question: "newsletter", kind: "switch", value: false },
    ];
    const values = ruleFormValuesOf(screener, rules);
    const read = readRulesForm(screener, formOf(values));
    expect(read.errors).toEqual({});
    expect(buildRules(screener, read.answers)).toEqual(rules);
  });

  test("a choice question without a rule shows 'Any answer', so the required radio is answered", () => {
    const values = ruleFormValuesOf(screener, []);
    expect(values).toEqual({ "rule:owner": ["any"], "rule:brand": ["any"], "rule:newsletter": ["any"] });
    expect(readRulesForm(screener, formOf(values)).errors).toEqual({});
  });
});
