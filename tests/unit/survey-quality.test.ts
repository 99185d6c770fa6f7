import { describe, expect, test } from "vitest";
import {
  applyBuilderAction,
  DRAFT_MESSAGES,
  draftToDefinition,
  errorKey,
  newDraft,
  validateDraft,
  type BuilderAction,
  type BuilderDraft,
} from "~/builder/draft";
import { actionOfIntent, field, intent } from "~/builder/intents";
import { failedAttentionCheck, straightAnswerPages } from "~/domain/survey-quality";
import { definitionIssues } from "~/questionnaire/schema";
import { checkbox, option, page, questionnaire, radio, select } from "../support/questionnaires";

// Attention checks in the builder and the judgement of a hosted survey's answers (decision 071).

const apply = (draft: BuilderDraft, ...actions: BuilderAction[]) => actions.reduce(applyBuilderAction, draft);

/** One radio question 'Colour' with Red, Blue, Green. */
function colour(): BuilderDraft {
  return apply(
    newDraft(),
    { type: "change-type", page: 0, question: 0, questionType: "radio" },
    { type: "rename-option", page: 0, question: 0, option: 0, value: "Red" },
    { type: "add-option", page: 0, question: 0 },
    { type: "rename-option", page: 0, question: 0, option: 1, value: "Blue" },
    { type: "add-option", page: 0, question: 0 },
    { type: "rename-option", page: 0, question: 0, option: 2, value: "Green" },
  );
}

describe("marking an attention check in the builder", () => {
  test("the picker's button sets the passing option and reaches the definition", () => {
    const action = actionOfIntent(intent.setCheck(0, 0), (name) => (name === field.check(0, 0) ? "1" : null));
    expect(action).toEqual({ type: "set-check", page: 0, question: 0, option: 1 });
    const draft = apply(colour(), action!);
    expect(draft.pages[0].questions[0].check).toBe(1);
    const definition = draftToDefinition(draft);
    expect(definition.pages[0].questions[0].options).toEqual([
      { value: "o1", label: "Red" },
      { value: "o2", label: "Blue", passesCheck: true },
      { value: "o3", label: "Green" },
    ]);
    expect(definitionIssues(definition)).toEqual([]);
    expect(
      apply(draft, { type: "set-check", page: 0, question: 0, option: null }).pages[0].questions[0],
    ).not.toHaveProperty("check");
  });

  test("is refused on checkbox and text questions and on an option that does not exist", () => {
    const boxes = apply(colour(), { type: "change-type", page: 0, question: 0, questionType: "checkbox" });
    expect(apply(boxes, { type: "set-check", page: 0, question: 0, option: 0 })).toEqual(boxes);
    expect(apply(colour(), { type: "set-check", page: 0, question: 0, option: 3 })).toEqual(colour());
    expect(actionOfIntent(intent.setCheck(0, 0), () => "Blue")).toBeNull();
  });

  test("follows its option when an earlier one is deleted, and goes with its own and with a type change", () => {
    const marked = apply(colour(), { type: "set-check", page: 0, question: 0, option: 2 });
    expect(apply(marked, { type: "delete-option", page: 0, question: 0, option: 0 }).pages[0].questions[0].check).toBe(
      1,
    );
    expect(
      apply(marked, { type: "delete-option", page: 0, question: 0, option: 2 }).pages[0].questions[0],
    ).not.toHaveProperty("check");
    expect(
      apply(marked, { type: "change-type", page: 0, question: 0, questionType: "select" }).pages[0].questions[0],
    ).not.toHaveProperty("check");
  });

  test("a posted draft with a check on a checkbox question or a missing option is refused on Submit", () => {
    const boxes = apply(colour(), { type: "change-type", page: 0, question: 0, questionType: "checkbox" });
    boxes.pages[0].questions[0].check = 0;
    expect(validateDraft(boxes)).toEqual({ [errorKey.check(0, 0)]: DRAFT_MESSAGES.checkNotSingleChoice });
    const missing = colour();
    missing.pages[0].questions[0].check = 5;
    expect(validateDraft(missing)).toEqual({ [errorKey.check(0, 0)]: DRAFT_MESSAGES.checkNoOption });
  });

  test("the engine refuses a check on a checkbox question, or two passing options", () => {
    const pass = { value: "b", label: "B", passesCheck: true };
    expect(definitionIssues(questionnaire("T", [page("P", [checkbox("x", "X", [option("a"), pass])])]))).toEqual([
      'Question "x": only radio and select questions can be attention checks.',
    ]);
    expect(
      definitionIssues(questionnaire("T", [page("P", [radio("x", "X", [pass, { ...pass, value: "c" }])])])),
    ).toEqual(['Question "x" has more than one option that passes its attention check.']);
  });
});

describe("judging the answers", () => {
  const scale = () => [option("Agree"), option("Neutral"), option("Disagree")];
  const check = radio("check", "Choose Blue", [option("Red"), { value: "Blue", label: "Blue", passesCheck: true }]);
  const four = questionnaire("T", [
    page("A", [
      radio("a", "A", scale()),
      select("b", "B", scale()),
      radio("c", "C", scale()),
      radio("d", "D", scale()),
    ]),
    page("B", [check]),
  ]);

  test("a check is failed only by another answer, not by leaving it unanswered", () => {
    expect(failedAttentionCheck(four, { check: "Red" })?.key).toBe("check");
    expect(failedAttentionCheck(four, { check: "Blue" })).toBeNull();
    expect(failedAttentionCheck(four, {})).toBeNull();
  });

  test("four single-choice answers in the same position on a page are a straight line; three, or one different, are not", () => {
    const same = { a: "Agree", b: "Agree", c: "Agree", d: "Agree" };
    expect(straightAnswerPages(four, same)).toEqual([["a", "b", "c", "d"]]);
    expect(straightAnswerPages(four, { ...same, d: "Disagree" })).toEqual([]);
    const { d: _skipped, ...three } = same;
    expect(straightAnswerPages(four, three)).toEqual([]);
  });
});
