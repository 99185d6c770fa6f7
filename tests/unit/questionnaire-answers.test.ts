import { describe, expect, test } from "vitest";
import { answersToRows, rowsToAnswers, type StoredQuestionnaire } from "~/questionnaire/answers";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";

// Answers as rows: one per chosen option, or one holding the text, number or switch value.

const definition: QuestionnaireDefinition = {
  title: "Technology",
  description: "",
  pages: [
    {
      title: "",
      questions: [
        { key: "nickname", label: "Nickname", type: "text", required: false, options: [] },
        { key: "hours", label: "Hours online", type: "number", required: true, options: [] },
        { key: "notes", label: "Notes", type: "paragraph", required: false, options: [] },
        {
          key: "browser",
          label: "Browser",
          type: "radio",
          required: true,
          options: [
            { value: "Chrome", label: "Chrome" },
            { value: "Firefox", label: "Firefox" },
          ],
        },
        {
          key: "frequency",
          label: "How often",
          type: "select",
          required: true,
          options: [{ value: "Daily", label: "Daily" }],
        },
        {
          key: "techDevices",
          label: "Devices",
          type: "checkbox",
          required: true,
          options: [
            { value: "SmartPhone", label: "Smartphone" },
            { value: "Laptop", label: "Laptop" },
            { value: "NonePreferNotToSay", label: "None", exclusive: true },
          ],
        },
        { key: "smartHome", label: "Smart home", type: "switch", required: false, options: [] },
      ],
    },
  ],
};

const stored: StoredQuestionnaire = {
  id: 1,
  kind: "profile",
  definition,
  questionIds: { nickname: 10, hours: 11, notes: 12, browser: 13, frequency: 14, techDevices: 15, smartHome: 16 },
  optionIds: {
    nickname: {},
    hours: {},
    notes: {},
    browser: { Chrome: 100, Firefox: 101 },
    frequency: { Daily: 102 },
    techDevices: { SmartPhone: 103, Laptop: 104, NonePreferNotToSay: 105 },
    smartHome: {},
  },
};

const empty = { optionId: null, valueText: null, valueNumber: null, valueBool: null };

describe("answer rows", () => {
  const answers = {
    nickname: "Ash",
    hours: 2.5,
    notes: "One\nTwo",
    browser: "Firefox",
    frequency: "Daily",
    techDevices: ["SmartPhone", "Laptop"],
    smartHome: false,
  };

  test("one row per chosen option, one row per other answer", () => {
    expect(answersToRows(stored, answers)).toEqual([
      { ...empty, questionId: 10, valueText: "Ash" },
      { ...empty, questionId: 11, valueNumber: 2.5 },
      { ...empty, questionId: 12, valueText: "One\nTwo" },
      { ...empty, questionId: 13, optionId: 101 },
      { ...empty, questionId: 14, optionId: 102 },
      { ...empty, questionId: 15, optionId: 103 },
      { ...empty, questionId: 15, optionId: 104 },
      { ...empty, questionId: 16, valueBool: false },
    ]);
  });

  test("rows read back as the same answers, whatever their order", () => {
    const rows = answersToRows(stored, answers);
    expect(rowsToAnswers(stored, rows)).toEqual(answers);
    expect(rowsToAnswers(stored, [...rows].reverse())).toEqual(answers);
    expect(rowsToAnswers(stored, [])).toEqual({});
  });

  test("answers that do not fit the definition are refused, not stored", () => {
    expect(() => answersToRows(stored, { unknown: "x" })).toThrow(/does not fit question "unknown"/);
    expect(() => answersToRows(stored, { browser: "Safari" })).toThrow();
    expect(() => answersToRows(stored, { techDevices: "Laptop" })).toThrow();
    expect(() => answersToRows(stored, { hours: "2" })).toThrow();
    expect(() => answersToRows(stored, { smartHome: "on" })).toThrow();
  });

  test("rows of options or questions no longer in the definition are left out", () => {
    expect(
      rowsToAnswers(stored, [
        { ...empty, questionId: 99, valueText: "gone" },
        { ...empty, questionId: 15, optionId: 999 },
        { ...empty, questionId: 15, optionId: 104 },
        { ...empty, questionId: 13, optionId: 999 },
      ]),
    ).toEqual({ techDevices: ["Laptop"] });
  });
});
