import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  applyBuilderAction,
  conditionChoices,
  conditionIssue,
  DRAFT_MESSAGES,
  draftShape,
  draftToDefinition,
  errorKey,
  LIMITS,
  newDraft,
  NEW_OPTION,
  parseDraftJson,
  SHAPE_MESSAGES,
  validateDraft,
  type BuilderAction,
  type BuilderDraft,
} from "~/builder/draft";
import { actionOfIntent, conditionValue, field, intent, renameActions } from "~/builder/intents";
import { QUESTION_TYPES } from "~/questionnaire/definition";
import { definitionIssues, questionnaireSchema, shownQuestionKeys } from "~/questionnaire/schema";
import { propertyRuns } from "../support/test-size";

// Every rule of the survey builder's draft: the starting draft, each action of the reducer, the
// Submit validation and the conversion to the engine's definition; plus the intents the buttons
// post, and a property test that no sequence of actions breaks the reducer.

const apply = (draft: BuilderDraft, ...actions: BuilderAction[]) => actions.reduce(applyBuilderAction, draft);

/** A draft with pages of the given question counts, named 'P{n}' and 'Q{p}.{q}'. */
function draftWith(...counts: number[]): BuilderDraft {
  return {
    title: "T",
    description: "D",
    selectedPage: null,
    pages: counts.map((count, p) => ({
      name: `P${p + 1}`,
      questions: Array.from({ length: count }, (_, q) => ({
        name: `Q${p + 1}.${q + 1}`,
        type: "text" as const,
        required: false,
        options: [],
      })),
    })),
  };
}

describe("the new draft", () => {
  test("is 'Survey Title', 'Survey Description' and 'Page 1' with one required text question 'Question 1'", () => {
    expect(newDraft()).toEqual({
      title: "Survey Title",
      description: "Survey Description",
      pages: [{ name: "Page 1", questions: [{ name: "Question 1", type: "text", required: true, options: [] }] }],
      selectedPage: null,
    });
  });

  test("is valid as it is and converts to a usable definition", () => {
    expect(validateDraft(newDraft())).toEqual({});
    expect(definitionIssues(draftToDefinition(newDraft()))).toEqual([]);
  });
});

describe("renaming", () => {
  test("saves a trimmed non-empty title, description, page, question and option name", () => {
    let draft = apply(newDraft(), { type: "change-type", page: 0, question: 0, questionType: "radio" });
    draft = apply(
      draft,
      { type: "rename-title", value: "  Pets  " },
      { type: "rename-description", value: " About pets " },
      { type: "rename-page", page: 0, value: " Home " },
      { type: "rename-question", page: 0, question: 0, value: " Dog or cat? " },
      { type: "rename-option", page: 0, question: 0, option: 0, value: " Dog " },
    );
    expect(draft.title).toBe("Pets");
    expect(draft.description).toBe("About pets");
    expect(draft.pages[0].name).toBe("Home");
    expect(draft.pages[0].questions[0].name).toBe("Dog or cat?");
    expect(draft.pages[0].questions[0].options).toEqual(["Dog"]);
  });

  test.each(["", "   ", "\t\n"])("ignores an empty value (%j) everywhere", (value) => {
    const start = apply(newDraft(), { type: "change-type", page: 0, question: 0, questionType: "select" });
    const after = apply(
      start,
      { type: "rename-title", value },
      { type: "rename-description", value },
      { type: "rename-page", page: 0, value },
      { type: "rename-question", page: 0, question: 0, value },
      { type: "rename-option", page: 0, question: 0, option: 0, value },
    );
    expect(after).toEqual(start);
  });

  test("leaves the draft as it was for a page, question or option that does not exist", () => {
    const start = newDraft();
    expect(apply(start, { type: "rename-page", page: 3, value: "X" })).toBe(start);
    expect(apply(start, { type: "rename-question", page: 0, question: 9, value: "X" })).toBe(start);
    expect(apply(start, { type: "rename-option", page: 0, question: 0, option: 0, value: "X" })).toEqual(start);
  });
});

describe("page selection", () => {
  test("clicking a page selects it, clicking it again unselects it, clicking another moves it", () => {
    const draft = draftWith(1, 1, 1);
    const selected = apply(draft, { type: "toggle-page", page: 1 });
    expect(selected.selectedPage).toBe(1);
    expect(apply(selected, { type: "toggle-page", page: 1 }).selectedPage).toBeNull();
    expect(apply(selected, { type: "toggle-page", page: 2 }).selectedPage).toBe(2);
    expect(apply(draft, { type: "toggle-page", page: 5 })).toBe(draft);
  });
});

describe("adding a question", () => {
  test("is named 'Question {n}', n the number of questions in the whole draft plus one", () => {
    const draft = apply(draftWith(2, 1), { type: "add-question", questionType: "text" });
    expect(draft.pages[1].questions[1].name).toBe("Question 4");
  });

  test("goes to the last page when no page is selected", () => {
    const draft = apply(draftWith(1, 1, 1), { type: "add-question", questionType: "number" });
    expect(draft.pages.map((page) => page.questions.length)).toEqual([1, 1, 2]);
    expect(draft.pages[2].questions[1]).toEqual({ name: "Question 4", type: "number", required: false, options: [] });
  });

  test("goes to the selected page", () => {
    const draft = apply(
      draftWith(1, 1, 1),
      { type: "toggle-page", page: 0 },
      { type: "add-question", questionType: "text" },
    );
    expect(draft.pages.map((page) => page.questions.length)).toEqual([2, 1, 1]);
  });

  test("goes to the page whose own Add Question was pressed, whatever is selected", () => {
    const draft = apply(
      draftWith(1, 1),
      { type: "toggle-page", page: 0 },
      { type: "add-question", questionType: "text", page: 1 },
    );
    expect(draft.pages.map((page) => page.questions.length)).toEqual([1, 2]);
    const unknown = draftWith(1);
    expect(apply(unknown, { type: "add-question", questionType: "text", page: 4 })).toBe(unknown);
  });

  test.each(QUESTION_TYPES)("of type %s from the palette starts with that type's options", (type) => {
    const draft = apply(newDraft(), { type: "add-question", questionType: type });
    const question = draft.pages[0].questions[1];
    expect(question.type).toBe(type);
    expect(question.options).toEqual(["radio", "select", "checkbox"].includes(type) ? [NEW_OPTION] : []);
  });

  test("on a draft without pages starts 'Page 1'", () => {
    const empty = apply(newDraft(), { type: "delete-question", page: 0, question: 0 });
    const draft = apply(empty, { type: "add-question", questionType: "switch" });
    expect(draft.pages).toEqual([
      { name: "Page 1", questions: [{ name: "Question 1", type: "switch", required: false, options: [] }] },
    ]);
  });
});

describe("adding a page", () => {
  test("appends 'Page {count + 1}' holding one text question named by the same rule", () => {
    const draft = apply(newDraft(), { type: "add-page" });
    expect(draft.pages[1]).toEqual({
      name: "Page 2",
      questions: [{ name: "Question 2", type: "text", required: false, options: [] }],
    });
  });
});

describe("deleting a question", () => {
  test("removes only that question", () => {
    const draft = apply(draftWith(3), { type: "delete-question", page: 0, question: 1 });
    expect(draft.pages[0].questions.map((question) => question.name)).toEqual(["Q1.1", "Q1.3"]);
  });

  test("removes the page with its last question", () => {
    const draft = apply(draftWith(1, 2, 1), { type: "delete-question", page: 0, question: 0 });
    expect(draft.pages.map((page) => page.name)).toEqual(["P2", "P3"]);
  });

  test("keeps the selection on the same page when an earlier page goes, and clears it when the selected page goes", () => {
    const selectedLast = apply(draftWith(1, 1, 1), { type: "toggle-page", page: 2 });
    expect(apply(selectedLast, { type: "delete-question", page: 0, question: 0 }).selectedPage).toBe(1);
    expect(apply(selectedLast, { type: "delete-question", page: 2, question: 0 }).selectedPage).toBeNull();
    const selectedFirst = apply(draftWith(1, 1), { type: "toggle-page", page: 0 });
    expect(apply(selectedFirst, { type: "delete-question", page: 1, question: 0 }).selectedPage).toBe(0);
  });

  test("may remove the last page; Submit then refuses the empty draft", () => {
    const draft = apply(newDraft(), { type: "delete-question", page: 0, question: 0 });
    expect(draft.pages).toEqual([]);
    expect(validateDraft(draft)).toEqual({ [errorKey.pages]: DRAFT_MESSAGES.needsPage });
  });

  test("of a question that does not exist changes nothing", () => {
    const draft = draftWith(1);
    expect(apply(draft, { type: "delete-question", page: 0, question: 1 })).toBe(draft);
    expect(apply(draft, { type: "delete-question", page: 1, question: 0 })).toBe(draft);
  });
});

describe("the Required toggle", () => {
  test("sets and clears required", () => {
    const off = apply(newDraft(), { type: "set-required", page: 0, question: 0, required: false });
    expect(off.pages[0].questions[0].required).toBe(false);
    expect(
      apply(off, { type: "set-required", page: 0, question: 0, required: true }).pages[0].questions[0].required,
    ).toBe(true);
  });
});

describe("changing a question's type", () => {
  test.each(["text", "paragraph", "number", "switch"] as const)("to %s leaves no options", (type) => {
    const choice = apply(
      newDraft(),
      { type: "change-type", page: 0, question: 0, questionType: "checkbox" },
      { type: "add-option", page: 0, question: 0 },
    );
    const draft = apply(choice, { type: "change-type", page: 0, question: 0, questionType: type });
    expect(draft.pages[0].questions[0]).toMatchObject({ type, options: [] });
  });

  test.each(["radio", "select", "checkbox"] as const)("to %s resets the options to one 'New Option'", (type) => {
    const other = type === "radio" ? "select" : "radio";
    const renamed = apply(
      newDraft(),
      { type: "change-type", page: 0, question: 0, questionType: other },
      { type: "rename-option", page: 0, question: 0, option: 0, value: "Yes" },
      { type: "add-option", page: 0, question: 0 },
    );
    const draft = apply(renamed, { type: "change-type", page: 0, question: 0, questionType: type });
    expect(draft.pages[0].questions[0]).toMatchObject({ type, options: [NEW_OPTION] });
  });

  test("to the type it already has keeps its options", () => {
    const draft = apply(
      newDraft(),
      { type: "change-type", page: 0, question: 0, questionType: "radio" },
      { type: "rename-option", page: 0, question: 0, option: 0, value: "Yes" },
      { type: "change-type", page: 0, question: 0, questionType: "radio" },
    );
    expect(draft.pages[0].questions[0].options).toEqual(["Yes"]);
  });

  test("keeps the name and the required flag", () => {
    const draft = apply(newDraft(), { type: "change-type", page: 0, question: 0, questionType: "select" });
    expect(draft.pages[0].questions[0]).toMatchObject({ name: "Question 1", required: true });
  });
});

describe("options", () => {
  const radio = () => apply(newDraft(), { type: "change-type", page: 0, question: 0, questionType: "radio" });

  test("a new option is 'New Option', then 'New Option 2', 'New Option 3': never a duplicate", () => {
    const add = (draft: ReturnType<typeof radio>) => apply(draft, { type: "add-option", page: 0, question: 0 });
    expect(add(add(radio())).pages[0].questions[0].options).toEqual([NEW_OPTION, `${NEW_OPTION} 2`, `${NEW_OPTION} 3`]);
    // After a delete, the free name is reused rather than a duplicate made.
    const deleted = apply(add(add(radio())), { type: "delete-option", page: 0, question: 0, option: 1 });
    expect(add(deleted).pages[0].questions[0].options).toEqual([NEW_OPTION, `${NEW_OPTION} 3`, `${NEW_OPTION} 2`]);
  });

  test("only choice questions get options", () => {
    const draft = newDraft();
    expect(apply(draft, { type: "add-option", page: 0, question: 0 })).toEqual(draft);
  });

  test("rename and delete act on the one option", () => {
    const draft = apply(
      radio(),
      { type: "add-option", page: 0, question: 0 },
      { type: "rename-option", page: 0, question: 0, option: 1, value: "Cat" },
      { type: "delete-option", page: 0, question: 0, option: 0 },
    );
    expect(draft.pages[0].questions[0].options).toEqual(["Cat"]);
  });

  test("the last option may be deleted; Submit then asks for one", () => {
    const draft = apply(radio(), { type: "delete-option", page: 0, question: 0, option: 0 });
    expect(draft.pages[0].questions[0].options).toEqual([]);
    expect(validateDraft(draft)).toEqual({ [errorKey.options(0, 0)]: DRAFT_MESSAGES.needsOption });
  });
});

describe("validation for Submit", () => {
  test("needs a question", () => {
    const draft: BuilderDraft = { ...newDraft(), pages: [{ name: "Empty", questions: [] }] };
    expect(validateDraft(draft)).toMatchObject({
      [errorKey.pages]: DRAFT_MESSAGES.needsQuestion,
      [errorKey.page(0)]: DRAFT_MESSAGES.emptyPage,
    });
  });

  test("refuses blank names next to their fields", () => {
    const draft: BuilderDraft = {
      title: " ",
      description: "",
      selectedPage: null,
      pages: [{ name: "", questions: [{ name: " ", type: "radio", required: false, options: ["", "Yes"] }] }],
    };
    expect(validateDraft(draft)).toEqual({
      [errorKey.title]: DRAFT_MESSAGES.titleRequired,
      [errorKey.page(0)]: DRAFT_MESSAGES.nameRequired,
      [errorKey.question(0, 0)]: DRAFT_MESSAGES.nameRequired,
      [errorKey.option(0, 0, 0)]: DRAFT_MESSAGES.optionRequired,
    });
  });

  test("an empty description is fine", () => {
    expect(validateDraft({ ...newDraft(), description: "" })).toEqual({});
  });

  test("refuses duplicate options, ignoring case and spaces, on the later one", () => {
    const draft = apply(
      newDraft(),
      { type: "change-type", page: 0, question: 0, questionType: "checkbox" },
      { type: "rename-option", page: 0, question: 0, option: 0, value: "Yes" },
      { type: "add-option", page: 0, question: 0 },
      { type: "add-option", page: 0, question: 0 },
      { type: "rename-option", page: 0, question: 0, option: 2, value: "yes" },
    );
    expect(validateDraft(draft)).toEqual({ [errorKey.option(0, 0, 2)]: DRAFT_MESSAGES.duplicateOption });
    const twoNew = apply(
      newDraft(),
      { type: "change-type", page: 0, question: 0, questionType: "select" },
      { type: "add-option", page: 0, question: 0 },
    );
    // Two options added in a row get distinct names, so the draft stays valid.
    expect(validateDraft(twoNew)).toEqual({});
  });

  test("length limits: title 200, names 300, options 100", () => {
    const ok: BuilderDraft = {
      title: "t".repeat(LIMITS.title),
      description: "d".repeat(LIMITS.description),
      selectedPage: null,
      pages: [
        {
          name: "p".repeat(300),
          questions: [{ name: "q".repeat(300), type: "radio", required: false, options: ["o".repeat(100)] }],
        },
      ],
    };
    expect(validateDraft(ok)).toEqual({});
    const long: BuilderDraft = {
      title: "t".repeat(201),
      description: "d".repeat(LIMITS.description + 1),
      selectedPage: null,
      pages: [
        {
          name: "p".repeat(301),
          questions: [{ name: "q".repeat(301), type: "radio", required: false, options: ["o".repeat(101)] }],
        },
      ],
    };
    expect(validateDraft(long)).toEqual({
      [errorKey.title]: DRAFT_MESSAGES.tooLong(200),
      [errorKey.description]: DRAFT_MESSAGES.tooLong(LIMITS.description),
      [errorKey.page(0)]: DRAFT_MESSAGES.tooLong(300),
      [errorKey.question(0, 0)]: DRAFT_MESSAGES.tooLong(300),
      [errorKey.option(0, 0, 0)]: DRAFT_MESSAGES.tooLong(100),
    });
  });

  test("at most 50 options per question", () => {
    const options = (count: number) => Array.from({ length: count }, (_, index) => `Option ${index + 1}`);
    const draft = (count: number): BuilderDraft => ({
      ...newDraft(),
      pages: [{ name: "P", questions: [{ name: "Q", type: "select", required: false, options: options(count) }] }],
    });
    expect(validateDraft(draft(50))).toEqual({});
    expect(validateDraft(draft(51))).toEqual({ [errorKey.options(0, 0)]: DRAFT_MESSAGES.tooManyOptions });
  });

  test("at most 20 pages and 200 questions", () => {
    expect(validateDraft(draftWith(...Array<number>(20).fill(10)))).toEqual({});
    expect(validateDraft(draftWith(...Array<number>(21).fill(1)))).toEqual({
      [errorKey.pages]: DRAFT_MESSAGES.tooManyPages,
    });
    expect(validateDraft(draftWith(100, 101))).toEqual({ [errorKey.pages]: DRAFT_MESSAGES.tooManyQuestions });
  });
});

describe("the engine's definition", () => {
  test("keys questions q1, q2… in survey order and options o1, o2… per question", () => {
    const draft = apply(
      draftWith(2, 1),
      { type: "rename-title", value: "Pets" },
      { type: "change-type", page: 1, question: 0, questionType: "radio" },
      { type: "rename-option", page: 1, question: 0, option: 0, value: "Dog" },
      { type: "add-option", page: 1, question: 0 },
      { type: "rename-option", page: 1, question: 0, option: 1, value: "Cat" },
      { type: "set-required", page: 0, question: 1, required: true },
    );
    const definition = draftToDefinition(draft);
    expect(definition).toEqual({
      title: "Pets",
      description: "D",
      pages: [
        {
          title: "P1",
          questions: [
            { key: "q1", label: "Q1.1", type: "text", required: false, options: [] },
            { key: "q2", label: "Q1.2", type: "text", required: true, options: [] },
          ],
        },
        {
          title: "P2",
          questions: [
            {
              key: "q3",
              label: "Q2.1",
              type: "radio",
              required: false,
              options: [
                { value: "o1", label: "Dog" },
                { value: "o2", label: "Cat" },
              ],
            },
          ],
        },
      ],
    });
    expect(definitionIssues(definition)).toEqual([]);
  });
});

describe("exclusive options", () => {
  /** Page 1: a checkbox question 'Pets' with Dog, Cat, None of these. */
  function pets(): BuilderDraft {
    return apply(
      draftWith(1),
      { type: "change-type", page: 0, question: 0, questionType: "checkbox" },
      { type: "rename-option", page: 0, question: 0, option: 0, value: "Dog" },
      { type: "add-option", page: 0, question: 0 },
      { type: "rename-option", page: 0, question: 0, option: 1, value: "Cat" },
      { type: "add-option", page: 0, question: 0 },
      { type: "rename-option", page: 0, question: 0, option: 2, value: "None of these" },
    );
  }

  test("one option of a checkbox question is marked, and marking another moves the mark", () => {
    let draft = apply(pets(), { type: "set-exclusive", page: 0, question: 0, option: 2, exclusive: true });
    expect(draft.pages[0].questions[0].exclusive).toBe(2);
    draft = apply(draft, { type: "set-exclusive", page: 0, question: 0, option: 1, exclusive: true });
    expect(draft.pages[0].questions[0].exclusive).toBe(1);
    draft = apply(draft, { type: "set-exclusive", page: 0, question: 0, option: 2, exclusive: false });
    expect(draft.pages[0].questions[0].exclusive).toBe(1);
    draft = apply(draft, { type: "set-exclusive", page: 0, question: 0, option: 1, exclusive: false });
    expect(draft.pages[0].questions[0]).not.toHaveProperty("exclusive");
  });

  test("is refused on radio, select and other questions, and on an option that does not exist", () => {
    const radio = apply(pets(), { type: "change-type", page: 0, question: 0, questionType: "radio" });
    expect(apply(radio, { type: "set-exclusive", page: 0, question: 0, option: 0, exclusive: true })).toEqual(radio);
    expect(apply(pets(), { type: "set-exclusive", page: 0, question: 0, option: 3, exclusive: true })).toEqual(pets());
    expect(apply(pets(), { type: "set-exclusive", page: 0, question: 0, option: -1, exclusive: true })).toEqual(pets());
  });

  test("follows its option when an earlier one is deleted, goes with its own, and with a type change", () => {
    const marked = apply(pets(), { type: "set-exclusive", page: 0, question: 0, option: 2, exclusive: true });
    expect(
      apply(marked, { type: "delete-option", page: 0, question: 0, option: 0 }).pages[0].questions[0].exclusive,
    ).toBe(1);
    expect(
      apply(marked, { type: "delete-option", page: 0, question: 0, option: 2 }).pages[0].questions[0],
    ).not.toHaveProperty("exclusive");
    expect(
      apply(marked, { type: "change-type", page: 0, question: 0, questionType: "radio" }).pages[0].questions[0],
    ).not.toHaveProperty("exclusive");
  });

  test("reaches the definition, and the engine then refuses it combined with another option", () => {
    const draft = apply(pets(), { type: "set-exclusive", page: 0, question: 0, option: 2, exclusive: true });
    const definition = draftToDefinition(draft);
    expect(definition.pages[0].questions[0].options).toEqual([
      { value: "o1", label: "Dog" },
      { value: "o2", label: "Cat" },
      { value: "o3", label: "None of these", exclusive: true },
    ]);
    expect(definitionIssues(definition)).toEqual([]);
    const schema = questionnaireSchema(definition);
    expect(schema.safeParse({ q1: ["o1", "o3"] }).success).toBe(false);
    expect(schema.safeParse({ q1: ["o3"] }).success).toBe(true);
  });

  test("a posted draft with a mark on a radio question or a missing option is refused on Submit", () => {
    const radio = apply(pets(), { type: "change-type", page: 0, question: 0, questionType: "radio" });
    radio.pages[0].questions[0].exclusive = 0;
    expect(validateDraft(radio)).toEqual({ [errorKey.options(0, 0)]: DRAFT_MESSAGES.exclusiveNotCheckbox });
    const missing = pets();
    missing.pages[0].questions[0].exclusive = 7;
    expect(validateDraft(missing)).toEqual({ [errorKey.options(0, 0)]: DRAFT_MESSAGES.exclusiveNoOption });
  });
});

describe("shown-when conditions", () => {
  /** Page 1: radio 'Q1.1' (Yes, No) and text 'Q1.2'; page 2: text 'Q2.1'. */
  function survey(): BuilderDraft {
    return apply(
      draftWith(2, 1),
      { type: "change-type", page: 0, question: 0, questionType: "radio" },
      { type: "rename-option", page: 0, question: 0, option: 0, value: "Yes" },
      { type: "add-option", page: 0, question: 0 },
      { type: "rename-option", page: 0, question: 0, option: 1, value: "No" },
    );
  }
  const onYes = { page: 0, question: 0, option: 0 };
  const onNo = { page: 0, question: 0, option: 1 };

  test("the picker offers every option of every earlier choice question, and nothing else", () => {
    expect(conditionChoices(survey(), { page: 1, question: 0 })).toEqual([
      { condition: onYes, question: "Q1.1", option: "Yes" },
      { condition: onNo, question: "Q1.1", option: "No" },
    ]);
    expect(conditionChoices(survey(), { page: 0, question: 0 })).toEqual([]);
  });

  test("is set and cleared; a question on a later page or later on the same page may depend on it", () => {
    let draft = apply(survey(), { type: "set-condition", page: 1, question: 0, condition: onNo });
    expect(draft.pages[1].questions[0].shownWhen).toEqual(onNo);
    draft = apply(draft, { type: "set-condition", page: 0, question: 1, condition: onYes });
    expect(draft.pages[0].questions[1].shownWhen).toEqual(onYes);
    draft = apply(draft, { type: "set-condition", page: 1, question: 0, condition: null });
    expect(draft.pages[1].questions[0]).not.toHaveProperty("shownWhen");
    expect(validateDraft(draft)).toEqual({});
  });

  test("is refused on itself, a later question, a text question or a missing option", () => {
    const draft = survey();
    for (const condition of [
      onYes,
      { page: 0, question: 1, option: 0 },
      { page: 1, question: 0, option: 0 },
      { page: 0, question: 0, option: 2 },
      { page: 0, question: 0, option: -1 },
      { page: 3, question: 0, option: 0 },
    ]) {
      expect(apply(draft, { type: "set-condition", page: 0, question: 0, condition })).toEqual(draft);
    }
    expect(
      apply(draft, { type: "set-condition", page: 1, question: 0, condition: { page: 0, question: 1, option: 0 } }),
    ).toEqual(draft);
  });

  test("follows its question and option as earlier ones are deleted, and goes with them", () => {
    const draft = apply(
      survey(),
      { type: "add-question", questionType: "text", page: 0 },
      { type: "set-condition", page: 1, question: 0, condition: onNo },
    );
    // An earlier option deleted: the condition still means 'No'.
    expect(
      apply(draft, { type: "delete-option", page: 0, question: 0, option: 0 }).pages[1].questions[0].shownWhen,
    ).toEqual({
      page: 0,
      question: 0,
      option: 0,
    });
    // Its option, its question, or its question's type: the condition goes.
    expect(
      apply(draft, { type: "delete-option", page: 0, question: 0, option: 1 }).pages[1].questions[0],
    ).not.toHaveProperty("shownWhen");
    expect(apply(draft, { type: "delete-question", page: 0, question: 0 }).pages[1].questions[0]).not.toHaveProperty(
      "shownWhen",
    );
    expect(
      apply(draft, { type: "change-type", page: 0, question: 0, questionType: "select" }).pages[1].questions[0],
    ).not.toHaveProperty("shownWhen");
    // A page before the source removed with its last question: the condition moves up a page.
    const later = apply(
      draftWith(1, 1, 1),
      { type: "change-type", page: 1, question: 0, questionType: "checkbox" },
      { type: "set-condition", page: 2, question: 0, condition: { page: 1, question: 0, option: 0 } },
      { type: "delete-question", page: 0, question: 0 },
    );
    expect(later.pages[1].questions[0].shownWhen).toEqual({ page: 0, question: 0, option: 0 });
    expect(validateDraft(later)).toEqual({});
  });

  test("reaches the definition as the earlier question's key and option code, which the engine applies", () => {
    const draft = apply(survey(), { type: "set-condition", page: 1, question: 0, condition: onNo });
    const definition = draftToDefinition(draft);
    expect(definition.pages[1].questions[0]).toEqual({
      key: "q3",
      label: "Q2.1",
      type: "text",
      required: false,
      options: [],
      shownWhen: { question: "q1", option: "o2" },
    });
    expect(definitionIssues(definition)).toEqual([]);
    expect(shownQuestionKeys(definition, { q1: "o1" }).has("q3")).toBe(false);
    expect(shownQuestionKeys(definition, { q1: "o2" }).has("q3")).toBe(true);
  });

  test("a posted draft whose condition points forward, at a text question or a missing option is refused on Submit", () => {
    const forward = survey();
    forward.pages[0].questions[0].shownWhen = { page: 1, question: 0, option: 0 };
    expect(validateDraft(forward)).toEqual({ [errorKey.condition(0, 0)]: DRAFT_MESSAGES.conditionNotEarlier });
    const text = survey();
    text.pages[1].questions[0].shownWhen = { page: 0, question: 1, option: 0 };
    expect(validateDraft(text)).toEqual({ [errorKey.condition(1, 0)]: DRAFT_MESSAGES.conditionNotChoice });
    const missing = survey();
    missing.pages[1].questions[0].shownWhen = { page: 0, question: 0, option: 5 };
    expect(validateDraft(missing)).toEqual({ [errorKey.condition(1, 0)]: DRAFT_MESSAGES.conditionNoOption });
    expect(conditionIssue(missing, { page: 1, question: 0 }, onYes)).toBeNull();
  });
});

describe("the draft's shape", () => {
  test("accepts a draft and refuses JSON that is not one", () => {
    expect(parseDraftJson(JSON.stringify(newDraft()))).toEqual({ ok: true, draft: newDraft() });
    expect(parseDraftJson("{nope")).toEqual({ ok: false, message: SHAPE_MESSAGES.notJson });
    for (const bad of [
      {},
      { ...newDraft(), pages: "x" },
      { ...newDraft(), selectedPage: 1 },
      { ...newDraft(), extra: true },
      { ...newDraft(), pages: [{ name: "P", questions: [{ name: "Q", type: "scale", required: true, options: [] }] }] },
      {
        ...newDraft(),
        pages: [{ name: "P", questions: [{ name: "Q", type: "text", required: true, options: ["x"] }] }],
      },
    ]) {
      expect(parseDraftJson(JSON.stringify(bad))).toEqual({ ok: false, message: SHAPE_MESSAGES.badShape });
    }
  });
});

describe("the buttons' intents", () => {
  const none = () => null;

  test("read back into actions", () => {
    expect(actionOfIntent(intent.addQuestion("checkbox"), none)).toEqual({
      type: "add-question",
      questionType: "checkbox",
    });
    expect(actionOfIntent(intent.addQuestionTo(2), none)).toEqual({
      type: "add-question",
      questionType: "text",
      page: 2,
    });
    expect(actionOfIntent(intent.addPage, none)).toEqual({ type: "add-page" });
    expect(actionOfIntent(intent.togglePage(1), none)).toEqual({ type: "toggle-page", page: 1 });
    expect(actionOfIntent(intent.deleteQuestion(1, 2), none)).toEqual({
      type: "delete-question",
      page: 1,
      question: 2,
    });
    expect(actionOfIntent(intent.setRequired(0, 1, false), none)).toEqual({
      type: "set-required",
      page: 0,
      question: 1,
      required: false,
    });
    expect(actionOfIntent(intent.changeType(0, 1), (name) => (name === field.type(0, 1) ? "radio" : null))).toEqual({
      type: "change-type",
      page: 0,
      question: 1,
      questionType: "radio",
    });
    expect(actionOfIntent(intent.addOption(0, 0), none)).toEqual({ type: "add-option", page: 0, question: 0 });
    expect(actionOfIntent(intent.deleteOption(0, 0, 3), none)).toEqual({
      type: "delete-option",
      page: 0,
      question: 0,
      option: 3,
    });
    expect(actionOfIntent(intent.setExclusive(0, 1, 2, true), none)).toEqual({
      type: "set-exclusive",
      page: 0,
      question: 1,
      option: 2,
      exclusive: true,
    });
    expect(actionOfIntent(intent.setExclusive(0, 1, 2, false), none)).toMatchObject({ exclusive: false });
    const picked = conditionValue({ page: 0, question: 0, option: 1 });
    expect(
      actionOfIntent(intent.setCondition(1, 0), (name) => (name === field.condition(1, 0) ? picked : null)),
    ).toEqual({
      type: "set-condition",
      page: 1,
      question: 0,
      condition: { page: 0, question: 0, option: 1 },
    });
    expect(actionOfIntent(intent.setCondition(1, 0), (name) => (name === field.condition(1, 0) ? "" : null))).toEqual({
      type: "set-condition",
      page: 1,
      question: 0,
      condition: null,
    });
  });

  test.each([
    "",
    "add-question:scale",
    "delete-question:1",
    "delete-question:-1:0",
    "toggle-page:01",
    "set-required:0:0:maybe",
    "change-type:0:0",
    "constructor",
    "add-page:1",
    "set-exclusive:0:0:0",
    "set-exclusive:0:0:0:maybe",
    "set-condition:0:0",
  ])("refuse %j", (value) => {
    expect(actionOfIntent(value, none)).toBeNull();
  });

  test("renames come from every changed, non-empty name input", () => {
    const draft = apply(newDraft(), { type: "change-type", page: 0, question: 0, questionType: "radio" });
    const form: Record<string, string> = {
      [field.title]: "New title",
      [field.description]: "Survey Description",
      [field.page(0)]: " ",
      [field.question(0, 0)]: "Dog or cat?",
      [field.option(0, 0, 0)]: "Dog",
    };
    const actions = renameActions(draft, (name) => form[name] ?? null);
    expect(actions).toEqual([
      { type: "rename-title", value: "New title" },
      { type: "rename-page", page: 0, value: " " },
      { type: "rename-question", page: 0, question: 0, value: "Dog or cat?" },
      { type: "rename-option", page: 0, question: 0, option: 0, value: "Dog" },
    ]);
    const renamed = apply(draft, ...actions);
    expect(renamed.pages[0].name).toBe("Page 1");
    expect(renamed.title).toBe("New title");
  });
});

describe("any sequence of actions", () => {
  const index = fc.integer({ min: -1, max: 6 });
  const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("", "  ", "Yes", "yes"));
  const type = fc.constantFrom(...QUESTION_TYPES);
  const action: fc.Arbitrary<BuilderAction> = fc.oneof(
    fc.record({ type: fc.constant("rename-title" as const), value: text }),
    fc.record({ type: fc.constant("rename-description" as const), value: text }),
    fc.record({ type: fc.constant("rename-page" as const), page: index, value: text }),
    fc.record({ type: fc.constant("rename-question" as const), page: index, question: index, value: text }),
    fc.record({ type: fc.constant("toggle-page" as const), page: index }),
    fc.record({ type: fc.constant("add-question" as const), questionType: type }),
    fc.record({ type: fc.constant("add-question" as const), questionType: type, page: index }),
    fc.record({ type: fc.constant("add-page" as const) }),
    fc.record({ type: fc.constant("delete-question" as const), page: index, question: index }),
    fc.record({ type: fc.constant("set-required" as const), page: index, question: index, required: fc.boolean() }),
    fc.record({ type: fc.constant("change-type" as const), page: index, question: index, questionType: type }),
    fc.record({ type: fc.constant("add-option" as const), page: index, question: index }),
    fc.record({
      type: fc.constant("rename-option" as const),
      page: index,
      question: index,
      option: index,
      value: text,
    }),
    fc.record({ type: fc.constant("delete-option" as const), page: index, question: index, option: index }),
    fc.record({
      type: fc.constant("set-exclusive" as const),
      page: index,
      question: index,
      option: index,
      exclusive: fc.boolean(),
    }),
    fc.record({
      type: fc.constant("set-condition" as const),
      page: index,
      question: index,
      condition: fc.option(fc.record({ page: index, question: index, option: index }), { nil: null }),
    }),
  );

  test("never throws, keeps the draft's shape and never leaves an empty page", () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), (actions) => {
        const draft = apply(newDraft(), ...actions);
        expect(draftShape.safeParse(JSON.parse(JSON.stringify(draft))).success).toBe(true);
        expect(draft.pages.every((page) => page.questions.length > 0)).toBe(true);
        // Marks and conditions stay pointed at what exists, whatever was deleted or retyped.
        draft.pages.forEach((page, p) =>
          page.questions.forEach((question, q) => {
            if (question.exclusive !== undefined) {
              expect(question.type).toBe("checkbox");
              expect(question.exclusive).toBeLessThan(question.options.length);
            }
            if (question.shownWhen)
              expect(conditionIssue(draft, { page: p, question: q }, question.shownWhen)).toBeNull();
          }),
        );
        // A draft Submit accepts is always one the engine can store.
        if (Object.keys(validateDraft(draft)).length === 0)
          expect(definitionIssues(draftToDefinition(draft))).toEqual([]);
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});
