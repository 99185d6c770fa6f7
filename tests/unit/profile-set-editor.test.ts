import { describe, expect, test } from "vitest";
import { editorReducer, type BuilderAction, type BuilderDraft } from "~/builder/draft";
import { actionOfIntent, intent } from "~/builder/intents";
import {
  codeOfType,
  fromEditorDraft,
  NEW_OPTION_TITLE,
  setEditorConfig,
  toEditorDraft,
  type DraftQuestion,
} from "~/domain/profile-survey-set-schema";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { option, page, questionnaire, radio, text } from "../support/questionnaires";

// A profile survey set edited through the one question editor's reducer (decision 042): one page,
// new options called 'Title', and stable codes that never take over a stored question's or
// option's answers.

/** What is stored: q1 (radio o1, o2, o5) and q3 (text); q2 and o3, o4 were deleted before. */
const STORED: QuestionnaireDefinition = questionnaire("Pets", [
  page("Pets", [
    radio("q1", "Dog or cat?", [option("o1", "Dog"), option("o2", "Cat"), option("o5", "Bird")]),
    text("q3", "Name", { required: false }),
  ]),
]);

const QUESTIONS: DraftQuestion[] = STORED.pages[0].questions.map((question) => ({
  key: question.key,
  label: question.label,
  typeCode: codeOfType(question.type),
  required: question.required,
  options: question.options.map(({ value, label }) => ({ value, label })),
}));

const reduce = editorReducer(setEditorConfig(STORED));
const apply = (draft: BuilderDraft, ...actions: BuilderAction[]) => actions.reduce(reduce, draft);

/** The set as the editor opens it: its one page, with the stored codes. */
function opened(): BuilderDraft {
  return toEditorDraft(QUESTIONS, (question) => question.typeCode);
}

describe("a profile set in the one editor", () => {
  test("opens as one page holding its codes, and converts back unchanged", () => {
    expect(opened().pages).toHaveLength(1);
    expect(opened().pages[0].questions[0]).toMatchObject({ key: "q1", type: "radio", optionCodes: ["o1", "o2", "o5"] });
    expect(fromEditorDraft(opened(), new Map())).toEqual(QUESTIONS);
    // A type code the form never offers is kept as posted, for Save to report next to the field.
    const forged = toEditorDraft([{ ...QUESTIONS[1], typeCode: "9" }], () => "1");
    expect(fromEditorDraft(forged, new Map([["q3", "9"]]))[0].typeCode).toBe("9");
  });

  test("a new question takes the key after every stored one, even one the draft no longer holds", () => {
    const draft = apply(
      opened(),
      { type: "delete-question", page: 0, question: 1 },
      { type: "add-question", questionType: "checkbox" },
    );
    expect(draft.pages[0].questions[1]).toEqual({
      key: "q4",
      name: "Question 2",
      type: "checkbox",
      required: false,
      options: [NEW_OPTION_TITLE],
      optionCodes: ["o1"],
    });
  });

  test("a new option takes the code after the question's stored codes, so it never inherits a deleted option's answers", () => {
    const draft = apply(
      opened(),
      { type: "delete-option", page: 0, question: 0, option: 2 },
      { type: "add-option", page: 0, question: 0 },
    );
    expect(draft.pages[0].questions[0]).toMatchObject({
      options: ["Dog", "Cat", "Title"],
      optionCodes: ["o1", "o2", "o6"],
    });
  });

  test("deleting an option keeps the other options' codes", () => {
    const draft = apply(opened(), { type: "delete-option", page: 0, question: 0, option: 0 });
    expect(draft.pages[0].questions[0]).toMatchObject({ options: ["Cat", "Bird"], optionCodes: ["o2", "o5"] });
  });

  test("a type change resets the options to one 'Title' with a fresh code", () => {
    const draft = apply(opened(), { type: "change-type", page: 0, question: 0, questionType: "select" });
    expect(draft.pages[0].questions[0]).toMatchObject({ type: "select", options: ["Title"], optionCodes: ["o6"] });
    const text = apply(opened(), { type: "change-type", page: 0, question: 0, questionType: "text" });
    expect(text.pages[0].questions[0]).toMatchObject({ type: "text", options: [], optionCodes: [] });
  });

  test("has no pages to add or select: those builder buttons change nothing", () => {
    expect(apply(opened(), { type: "add-page" })).toEqual(opened());
    expect(apply(opened(), { type: "toggle-page", page: 0 })).toEqual(opened());
  });

  test("reads the same buttons as the builder", () => {
    const none = () => null;
    expect(
      apply(opened(), actionOfIntent(intent.deleteOption(0, 0, 1), none)!).pages[0].questions[0].optionCodes,
    ).toEqual(["o1", "o5"]);
    expect(
      apply(opened(), actionOfIntent(intent.addQuestion("text"), none)!).pages[0].questions.map((q) => q.key),
    ).toEqual(["q1", "q3", "q4"]);
  });

  test("after deleting every question, Add question starts the page again", () => {
    const empty = apply(
      opened(),
      { type: "delete-question", page: 0, question: 1 },
      { type: "delete-question", page: 0, question: 0 },
    );
    expect(empty.pages).toEqual([]);
    expect(apply(empty, { type: "add-question", questionType: "text" }).pages[0].questions).toEqual([
      { key: "q4", name: "Question 1", type: "text", required: false, options: [], optionCodes: [] },
    ]);
  });
});
