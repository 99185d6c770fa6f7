import { describe, expect, test } from "vitest";
import { getPrisma } from "~/lib/db.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import {
  createQuestionnaire,
  loadAnswers,
  loadQuestionnaire,
  saveResponse,
  updateQuestionnaire,
} from "~/questionnaire/storage.server";
import { createTestAdmin, createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import * as q from "../support/questionnaires";

// Questionnaires and responses in the database: definitions round-trip, edits keep what did not
// change, and a profile questionnaire is answered once per member, even under concurrency.

const definition: QuestionnaireDefinition = q.questionnaire(
  "Entertainment",
  [
    q.page("Hobbies", [
      q.checkbox("hobbies", "Your hobbies", [
        q.option("PlayVideoGames", "Playing video games"),
        q.option("Reading"),
        q.none(),
      ]),
      q.radio("gamesDevices", "Devices you play on", [q.option("Console"), q.option("PC")], {
        shownWhen: q.shownWhen("hobbies", "PlayVideoGames"),
      }),
    ]),
    q.page("More", [
      q.number("hours", "Hours a week", { required: false }),
      q.text("nickname", "Nickname", { required: false }),
      q.paragraph("notes", "Anything else", { required: false }),
      q.toggle("streaming", "Do you stream?", { required: false }),
      q.select("genre", "Genre", [q.option("Drama")], { required: false }),
    ]),
  ],
  "How you spend your free time.",
);

const answers = {
  hobbies: ["PlayVideoGames", "Reading"],
  gamesDevices: "PC",
  hours: 12.75,
  nickname: "Ash",
  notes: "Line one\nLine two",
  streaming: true,
  genre: "Drama",
};

async function create(kind: "profile" | "screener" = "profile") {
  return getPrisma().$transaction((tx) => createQuestionnaire(tx, { kind, definition }));
}

describe("questionnaire storage", () => {
  test("a created questionnaire loads back as the same definition, with ids for every question and option", async () => {
    const admin = await createTestAdmin();
    const id = await getPrisma().$transaction((tx) =>
      createQuestionnaire(tx, { kind: "screener", definition, createdById: admin.id }),
    );
    const stored = await loadQuestionnaire(getPrisma(), id);
    expect(stored).toMatchObject({ id, kind: "screener", definition });
    expect(stored?.definition).toEqual(definition);
    expect(Object.keys(stored?.questionIds ?? {})).toEqual([
      "hobbies",
      "gamesDevices",
      "hours",
      "nickname",
      "notes",
      "streaming",
      "genre",
    ]);
    expect(Object.keys(stored?.optionIds.hobbies ?? {})).toEqual(["PlayVideoGames", "Reading", "NonePreferNotToSay"]);
    const row = await getPrisma().question.findUniqueOrThrow({ where: { id: stored?.questionIds.gamesDevices } });
    expect(row.shownWhenOptionId).toBe(stored?.optionIds.hobbies.PlayVideoGames);
    expect(await loadQuestionnaire(getPrisma(), id + 1)).toBeNull();
  });

  test("an invalid definition is refused before anything is written", async () => {
    const broken = { ...definition, pages: [] };
    await expect(
      getPrisma().$transaction((tx) => createQuestionnaire(tx, { kind: "profile", definition: broken })),
    ).rejects.toThrow(/needs at least one page/);
    expect(await getPrisma().questionnaire.count()).toBe(0);
  });

  test("answers are stored one row per chosen option and read back unchanged", async () => {
    const id = await create();
    const member = await createTestMember();
    const saved = await getPrisma().$transaction((tx) =>
      saveResponse(tx, { questionnaireId: id, memberId: member.id, answers }),
    );
    expect(saved.ok).toBe(true);
    const rows = await getPrisma().answer.findMany({ where: { memberId: member.id } });
    expect(rows).toHaveLength(8);
    const stored = await loadQuestionnaire(getPrisma(), id);
    expect(rows.filter((row) => row.optionId === stored?.optionIds.hobbies.Reading)).toHaveLength(1);
    expect(await loadAnswers(getPrisma(), { questionnaireId: id, memberId: member.id })).toEqual(answers);
    const other = await createTestMember();
    expect(await loadAnswers(getPrisma(), { questionnaireId: id, memberId: other.id })).toBeNull();
  });

  test("a second profile response is refused and leaves the caller's transaction usable", async () => {
    const id = await create();
    const member = await createTestMember();
    await getPrisma().$transaction((tx) => saveResponse(tx, { questionnaireId: id, memberId: member.id, answers }));
    const second = await getPrisma().$transaction(async (tx) => {
      const result = await saveResponse(tx, {
        questionnaireId: id,
        memberId: member.id,
        answers: { hobbies: ["Reading"] },
      });
      // A unique violation would have aborted the transaction; this query would then fail.
      const count = await tx.questionnaireResponse.count();
      return { result, count };
    });
    expect(second).toEqual({ result: { ok: false, reason: "already_submitted" }, count: 1 });
    expect(await loadAnswers(getPrisma(), { questionnaireId: id, memberId: member.id })).toEqual(answers);
  });

  test("responses tied to assignments are one per assignment, apart from the profile response", async () => {
    const id = await create("screener");
    const member = await createTestMember();
    const survey = await createTestSurvey();
    const assignment = await createTestAssignment(survey.id, member.id, {
      status: ASSIGNMENT_STATUS.assigned,
      respondentToken: "token-1",
    });
    const save = (assignmentId?: number) =>
      getPrisma().$transaction((tx) =>
        saveResponse(tx, { questionnaireId: id, memberId: member.id, assignmentId, answers: { hobbies: ["Reading"] } }),
      );
    expect((await save(assignment.id)).ok).toBe(true);
    expect(await save(assignment.id)).toEqual({ ok: false, reason: "already_submitted" });
    expect((await save()).ok).toBe(true);
    expect(
      await loadAnswers(getPrisma(), { questionnaireId: id, memberId: member.id, assignmentId: assignment.id }),
    ).toEqual({
      hobbies: ["Reading"],
    });
  });

  test("two concurrent first submits store exactly one response", async () => {
    const id = await create();
    const member = await createTestMember();
    const submit = () =>
      getPrisma().$transaction(async (tx) => {
        const result = await saveResponse(tx, { questionnaireId: id, memberId: member.id, answers });
        // Stands for the points credited in the same transaction.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return result;
      });
    const results = await Promise.all([submit(), submit()]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "already_submitted" }]);
    expect(await getPrisma().questionnaireResponse.count({ where: { questionnaireId: id, memberId: member.id } })).toBe(
      1,
    );
    expect(await getPrisma().answer.count({ where: { memberId: member.id } })).toBe(8);
  });

  test("answers that do not fit the questionnaire are refused without storing a response", async () => {
    const id = await create();
    const member = await createTestMember();
    await expect(
      getPrisma().$transaction((tx) =>
        saveResponse(tx, { questionnaireId: id, memberId: member.id, answers: { hobbies: ["Skydiving"] } }),
      ),
    ).rejects.toThrow(/does not fit question "hobbies"/);
    expect(await getPrisma().questionnaireResponse.count()).toBe(0);
  });
});

describe("updating a questionnaire", () => {
  async function answered() {
    const id = await create();
    const member = await createTestMember();
    await getPrisma().$transaction((tx) => saveResponse(tx, { questionnaireId: id, memberId: member.id, answers }));
    const before = await loadQuestionnaire(getPrisma(), id);
    if (!before) throw new Error("not stored");
    const update = (next: QuestionnaireDefinition) =>
      getPrisma().$transaction((tx) => updateQuestionnaire(tx, id, next));
    const reload = async () => {
      const stored = await loadQuestionnaire(getPrisma(), id);
      if (!stored) throw new Error("gone");
      return stored;
    };
    return {
      id,
      member,
      before,
      update,
      reload,
      answersNow: () => loadAnswers(getPrisma(), { questionnaireId: id, memberId: member.id }),
    };
  }

  test("renames and reorders in place, keeping ids and answers", async () => {
    const { before, update, reload, answersNow } = await answered();
    const [hobbies, games] = definition.pages[0].questions;
    const renamed: QuestionnaireDefinition = {
      title: "Entertainment, renamed",
      description: "New words.",
      pages: [
        {
          title: "Pastimes",
          questions: [
            games,
            {
              ...hobbies,
              label: "What do you enjoy?",
              required: false,
              options: [...hobbies.options].reverse().map((option) => ({ ...option, label: `${option.label}!` })),
            },
          ],
        },
        definition.pages[1],
      ],
    };
    // The condition now points forward, which definitionIssues refuses; move it with its question.
    const valid: QuestionnaireDefinition = {
      ...renamed,
      pages: [{ ...renamed.pages[0], questions: [renamed.pages[0].questions[1], games] }, definition.pages[1]],
    };
    await update(valid);
    const after = await reload();
    expect(after.definition).toEqual(valid);
    expect(after.questionIds).toEqual(before.questionIds);
    expect(after.optionIds).toEqual(before.optionIds);
    expect(await answersNow()).toEqual({ ...answers, hobbies: ["Reading", "PlayVideoGames"] });
  });

  test("adds and removes questions and options; removed options take their answers with them", async () => {
    const { before, update, reload, answersNow } = await answered();
    const [hobbies, games] = definition.pages[0].questions;
    const next: QuestionnaireDefinition = {
      ...definition,
      pages: [
        {
          title: "Hobbies",
          questions: [
            {
              ...hobbies,
              options: hobbies.options
                .filter((option) => option.value !== "Reading")
                .concat({ value: "Music", label: "Music" }),
            },
            games,
            {
              key: "platform",
              label: "Platform",
              type: "select",
              required: false,
              options: [{ value: "Steam", label: "Steam" }],
            },
          ],
        },
        { title: "More", questions: definition.pages[1].questions.filter((question) => question.key !== "nickname") },
      ],
    };
    await update(next);
    const after = await reload();
    expect(after.definition).toEqual(next);
    expect(after.questionIds.hobbies).toBe(before.questionIds.hobbies);
    expect(after.optionIds.hobbies.PlayVideoGames).toBe(before.optionIds.hobbies.PlayVideoGames);
    expect(after.optionIds.hobbies.Music).toBeDefined();
    expect(after.questionIds.nickname).toBeUndefined();
    const { nickname: _nickname, ...rest } = answers;
    expect(await answersNow()).toEqual({ ...rest, hobbies: ["PlayVideoGames"] });
    expect(await getPrisma().answer.count({ where: { optionId: before.optionIds.hobbies.Reading } })).toBe(0);
    expect(await getPrisma().question.count({ where: { id: before.questionIds.nickname } })).toBe(0);
  });

  test("a changed question type drops that question's options and answers", async () => {
    const { before, update, reload, answersNow } = await answered();
    const [hobbies] = definition.pages[0].questions;
    const next: QuestionnaireDefinition = {
      ...definition,
      pages: [
        {
          title: "Hobbies",
          questions: [
            hobbies,
            { key: "gamesDevices", label: "Which devices?", type: "text", required: false, options: [] },
          ],
        },
        {
          title: "More",
          questions: definition.pages[1].questions.map((question) =>
            question.key === "hours"
              ? { ...question, type: "select" as const, options: [{ value: "Few", label: "A few" }] }
              : question,
          ),
        },
      ],
    };
    await update(next);
    const after = await reload();
    expect(after.definition).toEqual(next);
    expect(after.questionIds.gamesDevices).toBe(before.questionIds.gamesDevices);
    expect(after.optionIds.gamesDevices).toEqual({});
    const { gamesDevices: _games, hours: _hours, ...rest } = answers;
    expect(await answersNow()).toEqual(rest);
  });

  test("pages follow their positions: fewer pages move questions, more pages are created", async () => {
    const { update, reload, answersNow } = await answered();
    const onePage: QuestionnaireDefinition = {
      ...definition,
      pages: [{ title: "Everything", questions: definition.pages.flatMap((page) => page.questions) }],
    };
    await update(onePage);
    expect((await reload()).definition).toEqual(onePage);
    expect(await answersNow()).toEqual(answers);
    await update(definition);
    expect((await reload()).definition).toEqual(definition);
    expect(await answersNow()).toEqual(answers);
  });

  test("an invalid edit is refused", async () => {
    const { update, reload } = await answered();
    await expect(update({ ...definition, title: "" })).rejects.toThrow(/needs a title/);
    expect((await reload()).definition).toEqual(definition);
  });
});
