import { describe, expect, test } from "vitest";
import type { QuestionDefinition, QuestionnaireDefinition } from "~/questionnaire/definition";
import { definitionIssues, MAX_LABEL_LENGTH } from "~/questionnaire/schema";
import { checkbox, none, number, option, page, questionnaire, radio, shownWhen } from "../support/questionnaires";

// definitionIssues: what the survey builder and the admin editors show before anything is stored.

const valid: QuestionnaireDefinition = questionnaire(
  "Entertainment",
  [
    page("Hobbies", [
      checkbox("hobbies", "Hobbies", [option("PlayVideoGames", "Playing video games"), none()]),
      radio("gamesDevices", "Devices you play on", [option("PickUp Truck", "A truck, oddly")], {
        shownWhen: shownWhen("hobbies", "PlayVideoGames"),
      }),
    ]),
    page("About", [number("family_members", "Family members", { required: false })]),
  ],
  "Tell us how you spend your free time.",
);

/** The valid definition with its first question changed. */
function withFirst(change: Partial<QuestionDefinition>): QuestionnaireDefinition {
  const [first, ...rest] = valid.pages[0].questions;
  return { ...valid, pages: [{ ...valid.pages[0], questions: [{ ...first, ...change }, ...rest] }, valid.pages[1]] };
}

function withSecond(change: Partial<QuestionDefinition>): QuestionnaireDefinition {
  const [first, second] = valid.pages[0].questions;
  return { ...valid, pages: [{ ...valid.pages[0], questions: [first, { ...second, ...change }] }, valid.pages[1]] };
}

describe("definitionIssues", () => {
  test("a usable definition has none", () => {
    expect(definitionIssues(valid)).toEqual([]);
  });

  test("a questionnaire needs a title, pages, and questions on every page", () => {
    expect(definitionIssues({ title: " ", description: "", pages: [] })).toEqual([
      "The questionnaire needs a title.",
      "The questionnaire needs at least one page.",
    ]);
    expect(definitionIssues({ ...valid, pages: [...valid.pages, { title: "Empty", questions: [] }] })).toEqual([
      "Page 3 has no questions.",
    ]);
  });

  test("page titles are needed only to tell several pages apart", () => {
    expect(definitionIssues({ ...valid, pages: [{ ...valid.pages[1], title: "" }] })).toEqual([]);
    expect(definitionIssues({ ...valid, pages: [valid.pages[0], { ...valid.pages[1], title: "" }] })).toEqual([
      "Page 2 needs a title.",
    ]);
  });

  test("keys must be unique and usable as form field names", () => {
    expect(definitionIssues(withSecond({ key: "hobbies", shownWhen: undefined }))).toEqual([
      'The key "hobbies" is used by more than one question.',
    ]);
    for (const key of ["", "1st", "first.name", "a[0]", "__intent__", "x".repeat(65)]) {
      expect(definitionIssues(withFirst({ key })).join(" ")).toContain(`the key "${key}" must start with a letter`);
    }
    for (const key of ["constructor", "toString", "hasOwnProperty", "intent", "confirmed"]) {
      expect(definitionIssues(withFirst({ key }))).toContain(`Page 1, question 1: the key "${key}" is reserved.`);
    }
  });

  test("choice questions need options and other questions may have none", () => {
    expect(definitionIssues(withSecond({ options: [], shownWhen: undefined }))).toEqual([
      'Question "gamesDevices" needs at least one option.',
    ]);
    expect(
      definitionIssues({
        ...valid,
        pages: [
          valid.pages[0],
          { title: "About", questions: [{ ...valid.pages[1].questions[0], options: [{ value: "a", label: "A" }] }] },
        ],
      }),
    ).toEqual(['Question "family_members" is a number question and cannot have options.']);
  });

  test("option values must be distinct, trimmed codes", () => {
    const option = { value: "PlayVideoGames", label: "Again" };
    expect(definitionIssues(withSecond({ options: [option, option] }))).toEqual([
      'Question "gamesDevices" uses the option value "PlayVideoGames" more than once.',
    ]);
    expect(definitionIssues(withSecond({ options: [{ value: " ", label: "Blank" }] }))).toContain(
      'Question "gamesDevices", option 1 needs a value code.',
    );
    expect(definitionIssues(withSecond({ options: [{ value: " padded", label: "Padded" }] })).join(" ")).toContain(
      "the value code must have no surrounding spaces",
    );
  });

  test("exclusive options belong to checkbox questions, one per question", () => {
    expect(definitionIssues(withSecond({ options: [{ value: "Car", label: "Car", exclusive: true }] }))).toContain(
      'Question "gamesDevices": only checkbox questions can have an exclusive option.',
    );
    const [games] = valid.pages[0].questions[0].options;
    expect(
      definitionIssues(
        withFirst({
          options: [games, { value: "A", label: "A", exclusive: true }, { value: "B", label: "B", exclusive: true }],
        }),
      ),
    ).toEqual(['Question "hobbies" has more than one exclusive option.']);
  });

  test("a condition points back to a choice question and one of its options", () => {
    expect(definitionIssues(withSecond({ shownWhen: { question: "nothing", option: "x" } }))).toEqual([
      'Question "gamesDevices" is shown when "nothing" is answered, which is not a question before it.',
    ]);
    expect(
      definitionIssues(withSecond({ shownWhen: { question: "gamesDevices", option: "PickUp Truck" } }))[0],
    ).toContain("not a question before it");
    expect(
      definitionIssues(withFirst({ shownWhen: { question: "gamesDevices", option: "PickUp Truck" } }))[0],
    ).toContain("not a question before it");
    expect(definitionIssues(withSecond({ shownWhen: { question: "hobbies", option: "Reading" } }))).toEqual([
      'Question "gamesDevices" depends on the option "Reading", which "hobbies" does not have.',
    ]);
    const numberFirst: QuestionnaireDefinition = {
      ...valid,
      pages: [
        valid.pages[1],
        {
          title: "Later",
          questions: [{ ...valid.pages[0].questions[1], shownWhen: { question: "family_members", option: "2" } }],
        },
      ],
    };
    expect(definitionIssues(numberFirst)).toEqual([
      'Question "gamesDevices" can only depend on a radio, select or checkbox question, and "family_members" is not one.',
    ]);
  });

  test("labels must be present and not overlong", () => {
    const long = "x".repeat(MAX_LABEL_LENGTH + 1);
    expect(definitionIssues(withFirst({ label: " " }))).toEqual(['Question "hobbies" needs a label.']);
    expect(definitionIssues(withFirst({ label: long }))).toEqual([
      `Question "hobbies" has a label longer than ${MAX_LABEL_LENGTH} characters.`,
    ]);
    expect(definitionIssues(withSecond({ options: [{ value: "Car", label: "" }] }))).toEqual([
      'Question "gamesDevices", option 1 needs a label.',
    ]);
    expect(definitionIssues({ ...valid, title: long })).toEqual([
      `The title is longer than ${MAX_LABEL_LENGTH} characters.`,
    ]);
  });
});
