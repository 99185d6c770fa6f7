import { describe, expect, test } from "vitest";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import {
  assignByDemographics,
  assignToAll,
  deleteAssignment,
  findAssignSurvey,
  listSurveyAssignments,
  reassignAssignment,
} from "~/domain/assignments.server";
import { countAudience, deleteAudience, type TargetRow } from "~/domain/audiences.server";
import { listAvailableSurveys } from "~/domain/member-surveys.server";
import { loadPrescreener } from "~/domain/prescreener.server";
import { startSurvey } from "~/domain/survey-taking.server";
import { getPrisma } from "~/lib/db.server";
import { createQuestionnaire } from "~/questionnaire/storage.server";
import { answer, profileQuestionnaire, seeing, surveysOf } from "../support/audiences";
import { createTestAdmin, createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { option, page, questionnaire, radio } from "../support/questionnaires";

// Audiences (decision 049): a survey assigned to all or by demographics is matched when the member
// looks, and the member's assignment row is written when they first open it. These are the issue's
// acceptance cases; they run on PGlite and on PostgreSQL (DATABASE_URL=postgresql://…).

async function externalSurvey(overrides: Parameters<typeof createTestSurvey>[0] = {}) {
  const survey = await createTestSurvey({
    delivery: "external",
    externalUrl: "https://vendor.example/s?rid={token}",
    ...overrides,
  });
  return (await findAssignSurvey(survey.id))!;
}

type AssignTarget = NonNullable<Awaited<ReturnType<typeof findAssignSurvey>>>;
type Admin = Awaited<ReturnType<typeof createTestAdmin>>;

/** Assign to all, as an admin who saw the count (no confirmation at these sizes). */
async function toAll(admin: Admin, survey: AssignTarget, points = 30) {
  expect(await assignToAll(admin, survey, { screenerId: null, points, confirmedCount: null })).toMatchObject({
    ok: true,
  });
}

/** Replaces the member's response to the profile questionnaire: what a changed profile looks like. */
async function changeAnswers(questionnaireId: number, memberId: number, answers: Record<string, string | string[]>) {
  await getPrisma().questionnaireResponse.deleteMany({ where: { questionnaireId, memberId, assignmentId: null } });
  await answer(questionnaireId, memberId, answers);
}

const rowsOf = (memberId: number) => getPrisma().assignment.findMany({ where: { memberId }, orderBy: { id: "asc" } });

describe("an audience of everyone", () => {
  test("writes no row per member; a member who joins afterwards sees it at once, as new", async () => {
    const admin = await createTestAdmin();
    const early = await createTestMember();
    const survey = await externalSurvey();
    await toAll(admin, survey);
    expect(await getPrisma().assignment.count()).toBe(0);
    const late = await createTestMember();
    for (const member of [early, late]) {
      const { rows } = await listAvailableSurveys(member.id, 1);
      expect(rows).toEqual([expect.objectContaining({ surveyId: survey.id, points: 30, isNew: true })]);
    }
  });

  test("a member who registers afterwards sees it once their e-mail is verified", async () => {
    const admin = await createTestAdmin();
    const survey = await externalSurvey({ country: "IN" });
    await toAll(admin, survey);
    const registered = await createTestMember({ emailVerifiedAt: null });
    expect(await surveysOf(registered.id)).toEqual([]);
    await getPrisma().member.update({ where: { id: registered.id }, data: { emailVerifiedAt: new Date() } });
    expect(await surveysOf(registered.id)).toEqual([survey.id]);
  });

  test("the first open writes one assignment, even under 20 concurrent opens", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const survey = await externalSurvey();
    await toAll(admin, survey);
    const results = await Promise.all(Array.from({ length: 20 }, () => startSurvey(member.id, survey.id)));
    expect(results.every((result) => result.kind === "go")).toBe(true);
    const rows = await rowsOf(member.id);
    expect(rows).toEqual([expect.objectContaining({ surveyId: survey.id, points: 30, status: 2 })]);
    expect((await listAvailableSurveys(member.id, 1)).rows).toEqual([
      expect.objectContaining({ surveyId: survey.id, isNew: false }),
    ]);
  });

  test("the first open through the pre-screener writes one assignment, even under 20 concurrent opens", async () => {
    const admin = await createTestAdmin();
    const [starter, member] = [await createTestMember(), await createTestMember()];
    const screenerId = await getPrisma().$transaction(async (tx) => {
      const definition = questionnaire("Screener", [page("Page 1", [radio("owner", "Own a car?", [option("Yes")])])]);
      const questionnaireId = await createQuestionnaire(tx, { kind: "screener", definition });
      return (await tx.screener.create({ data: { questionnaireId } })).id;
    });
    const survey = await externalSurvey({ screenerId });
    await toAll(admin, survey, 40);
    // Start on a screened survey writes the row too, and sends the member to the pre-screener.
    expect(await startSurvey(starter.id, survey.id)).toEqual({ kind: "screener", path: `/prescreener/${survey.id}` });
    expect(await rowsOf(starter.id)).toEqual([expect.objectContaining({ status: ASSIGNMENT_STATUS.assigned })]);

    // Another member opens the pre-screener directly (a bookmark, a mailed link), 20 times at once.
    const shown = await Promise.all(Array.from({ length: 20 }, () => loadPrescreener(member.id, survey.id)));
    expect(shown.every((result) => result.state === "form")).toBe(true);
    const rows = await rowsOf(member.id);
    expect(rows).toEqual([
      expect.objectContaining({ surveyId: survey.id, points: 40, status: ASSIGNMENT_STATUS.assigned }),
    ]);
    expect(rows[0].openedAt).not.toBeNull();
    expect((await listAvailableSurveys(member.id, 1)).rows).toEqual([
      expect.objectContaining({ surveyId: survey.id, isNew: false }),
    ]);
  });

  test("a deleted audience leaves the dashboards of members who never opened it", async () => {
    const admin = await createTestAdmin();
    const [opened, other] = [await createTestMember(), await createTestMember()];
    const survey = await externalSurvey();
    await toAll(admin, survey);
    await startSurvey(opened.id, survey.id);
    expect(await deleteAudience(admin, survey.id)).toBe(true);
    expect(await surveysOf(other.id)).toEqual([]);
    expect(await surveysOf(opened.id)).toEqual([survey.id]);
  });

  test("an unverified or other-country member does not match", async () => {
    const admin = await createTestAdmin();
    const unverified = await createTestMember({ emailVerifiedAt: null });
    const abroad = await createTestMember({ country: "US" });
    const survey = await externalSurvey({ country: "IN" });
    await toAll(admin, survey);
    expect(await surveysOf(unverified.id)).toEqual([]);
    expect(await surveysOf(abroad.id)).toEqual([]);
    expect((await startSurvey(abroad.id, survey.id)).kind).toBe("not_found");
    expect(await getPrisma().assignment.count()).toBe(0);
  });

  test("a member who moves to another country stops seeing a survey they never opened", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const survey = await externalSurvey({ country: "IN" });
    await toAll(admin, survey);
    expect(await surveysOf(member.id)).toEqual([survey.id]);
    await getPrisma().member.update({ where: { id: member.id }, data: { country: "US" } });
    expect(await surveysOf(member.id)).toEqual([]);
  });
});

describe("an audience by demographics", () => {
  async function dogSurvey() {
    const admin = await createTestAdmin();
    const { questionnaireId, ids } = await profileQuestionnaire("IN");
    const survey = await externalSurvey({ country: "IN" });
    const rows = [{ questionId: ids.pet, optionId: ids["pet:Dog"] }];
    expect(await assignByDemographics(admin, survey, { rows, points: 25, confirmedCount: null })).toMatchObject({
      ok: true,
    });
    return { questionnaireId, survey };
  }

  test("a member who answers or changes the targeted question afterwards sees it on the next list", async () => {
    const unanswered = await createTestMember();
    const catOwner = await createTestMember();
    const { questionnaireId, survey } = await dogSurvey();
    await answer(questionnaireId, catOwner.id, { pet: "Cat", drinks: ["Tea"] });
    expect(await seeing(survey.id, [unanswered, catOwner])).toEqual([]);

    await answer(questionnaireId, unanswered.id, { pet: "Dog", drinks: [] });
    await changeAnswers(questionnaireId, catOwner.id, { pet: "Dog", drinks: ["Tea"] });
    expect(await seeing(survey.id, [unanswered, catOwner])).toEqual([unanswered.id, catOwner.id].sort((a, b) => a - b));
    expect((await listAvailableSurveys(catOwner.id, 1)).rows).toEqual([
      expect.objectContaining({ surveyId: survey.id, points: 25, isNew: true }),
    ]);
  });

  test("a member who stops matching no longer sees a survey they never opened, but keeps one they opened", async () => {
    const [neverOpened, opened] = [await createTestMember(), await createTestMember()];
    const { questionnaireId, survey } = await dogSurvey();
    for (const member of [neverOpened, opened]) await answer(questionnaireId, member.id, { pet: "Dog", drinks: [] });
    expect(await startSurvey(opened.id, survey.id)).toMatchObject({ kind: "go" });

    for (const member of [neverOpened, opened]) {
      await changeAnswers(questionnaireId, member.id, { pet: "Fish", drinks: [] });
    }
    expect(await surveysOf(neverOpened.id)).toEqual([]);
    expect((await startSurvey(neverOpened.id, survey.id)).kind).toBe("not_found");
    expect((await listAvailableSurveys(opened.id, 1)).rows).toEqual([
      expect.objectContaining({ surveyId: survey.id, points: 25, isNew: false }),
    ]);
    expect(await getPrisma().assignment.count()).toBe(1);
  });
});

describe("the rules of today's assignments hold for audience members", () => {
  test("a paused assignment is neither listed nor startable, and the audience adds no second row", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const survey = await externalSurvey();
    await createTestAssignment(survey.id, member.id, { status: ASSIGNMENT_STATUS.paused });
    await toAll(admin, survey);
    expect(await surveysOf(member.id)).toEqual([]);
    expect(await startSurvey(member.id, survey.id)).toEqual({ kind: "paused" });
    expect(await loadPrescreener(member.id, survey.id)).toEqual({ state: "missing" });
    expect(await rowsOf(member.id)).toEqual([expect.objectContaining({ status: ASSIGNMENT_STATUS.paused })]);
  });

  test("a full quota at the first open ends the audience member's new assignment as 5 Not Allowed", async () => {
    const admin = await createTestAdmin();
    const survey = await externalSurvey({ quota: 1 });
    await createTestAssignment(survey.id, (await createTestMember()).id, { status: ASSIGNMENT_STATUS.complete });
    const member = await createTestMember();
    await toAll(admin, survey);
    expect(await surveysOf(member.id)).toEqual([survey.id]);
    expect(await startSurvey(member.id, survey.id)).toEqual({ kind: "over_quota" });
    expect(await rowsOf(member.id)).toEqual([
      expect.objectContaining({ surveyId: survey.id, status: ASSIGNMENT_STATUS.notAllowed }),
    ]);
    // Ended: off the list, and opening it again writes nothing.
    expect(await surveysOf(member.id)).toEqual([]);
    expect(await startSurvey(member.id, survey.id)).toEqual({
      kind: "ended",
      status: ASSIGNMENT_STATUS.notAllowed,
      assignmentId: expect.any(Number),
    });
    expect(await rowsOf(member.id)).toHaveLength(1);
  });

  test("an ended assignment hides the audience survey; it is not offered again", async () => {
    const admin = await createTestAdmin();
    const [done, rejected] = [await createTestMember(), await createTestMember()];
    const survey = await externalSurvey();
    await createTestAssignment(survey.id, done.id, { status: ASSIGNMENT_STATUS.complete });
    await createTestAssignment(survey.id, rejected.id, { status: ASSIGNMENT_STATUS.rejected });
    await toAll(admin, survey);
    expect(await seeing(survey.id, [done, rejected])).toEqual([]);
    expect(await startSurvey(done.id, survey.id)).toEqual({
      kind: "ended",
      status: ASSIGNMENT_STATUS.complete,
      assignmentId: expect.any(Number),
    });
    expect(await getPrisma().assignment.count()).toBe(2);
  });

  test("an unlaunched survey is not shown and its first open writes nothing, until it is launched", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const survey = await externalSurvey({ launched: false });
    await toAll(admin, survey);
    expect(await surveysOf(member.id)).toEqual([]);
    expect((await startSurvey(member.id, survey.id)).kind).toBe("not_found");
    expect(await loadPrescreener(member.id, survey.id)).toEqual({ state: "missing" });
    expect(await getPrisma().assignment.count()).toBe(0);
    await getPrisma().survey.update({ where: { id: survey.id }, data: { launched: true } });
    expect(await surveysOf(member.id)).toEqual([survey.id]);
  });

  test("the admin's list shows a materialised assignment, and reassign and delete work on it", async () => {
    const admin = await createTestAdmin();
    const [member, other] = [await createTestMember(), await createTestMember()];
    const survey = await externalSurvey();
    await toAll(admin, survey, 35);
    await startSurvey(member.id, survey.id);
    await startSurvey(other.id, survey.id);
    const listed = await listSurveyAssignments(survey.id, { memberId: null, page: 1 });
    expect(listed.total).toBe(2);
    const [opened] = (await listSurveyAssignments(survey.id, { memberId: member.id, page: 1 })).assignments;
    expect(opened).toMatchObject({ memberId: member.id, status: ASSIGNMENT_STATUS.started, points: 35 });
    expect(opened.canDelete).toBe(true);

    // Ended by the vendor (Rejected term): reassigned as a new open row with the same points.
    await getPrisma().assignment.update({ where: { id: opened.id }, data: { status: ASSIGNMENT_STATUS.rejectedTerm } });
    expect(await surveysOf(member.id)).toEqual([]);
    expect(await reassignAssignment(admin, survey.id, opened.id)).toEqual({
      ok: true,
      message: `Survey reassigned to user ${member.id}`,
    });
    expect((await listAvailableSurveys(member.id, 1)).rows).toEqual([
      expect.objectContaining({ surveyId: survey.id, points: 35, isNew: true }),
    ]);
    expect(await rowsOf(member.id)).toEqual([
      expect.objectContaining({ status: ASSIGNMENT_STATUS.rejectedTerm }),
      expect.objectContaining({ status: ASSIGNMENT_STATUS.assigned, points: 35 }),
    ]);

    // Deleted: the row goes, but not the member's place in the audience (decision 049): while they
    // still match, the survey is offered to them again, as new.
    const [otherRow] = await rowsOf(other.id);
    expect(await deleteAssignment(admin, survey.id, otherRow.id)).toEqual({
      ok: true,
      message: expect.stringMatching(/^Assignment deleted/),
    });
    expect(await rowsOf(other.id)).toEqual([]);
    expect((await listSurveyAssignments(survey.id, { memberId: null, page: 1 })).total).toBe(2);
    expect((await listAvailableSurveys(other.id, 1)).rows).toEqual([
      expect.objectContaining({ surveyId: survey.id, points: 35, isNew: true }),
    ]);
  });
});

describe("the list: order, 'new' mark and pages across explicit assignments and audiences", () => {
  test("newest first by assignment or audience date, 10 a page, the 'new' mark until opened", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const base = Date.UTC(2026, 10, 1, 9, 0, 0);
    const minute = (i: number) => new Date(base + i * 60_000);
    const surveys: number[] = [];
    // Twelve surveys, dated one minute apart: even ones assigned to the member, odd ones to everyone.
    for (let i = 0; i < 12; i += 1) {
      const survey = await externalSurvey({ name: `Survey ${i}` });
      surveys.push(survey.id);
      if (i % 2 === 0) {
        await createTestAssignment(survey.id, member.id, {
          createdAt: minute(i),
          openedAt: i === 4 ? minute(20) : null,
        });
      } else {
        await toAll(admin, survey);
        await getPrisma().surveyAudience.update({ where: { surveyId: survey.id }, data: { createdAt: minute(i) } });
      }
    }
    const newestFirst = [...surveys].reverse();

    const first = await listAvailableSurveys(member.id, 1);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 12 });
    expect(first.rows.map((row) => row.surveyId)).toEqual(newestFirst.slice(0, 10));
    expect(first.rows.filter((row) => !row.isNew).map((row) => row.surveyId)).toEqual([surveys[4]]);
    const second = await listAvailableSurveys(member.id, 2);
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 12 });
    expect(second.rows.map((row) => row.surveyId)).toEqual(newestFirst.slice(10));

    // Opening an audience survey writes its row with the audience's date: it keeps its place, not new.
    expect(await startSurvey(member.id, surveys[7])).toMatchObject({ kind: "go" });
    const again = await listAvailableSurveys(member.id, 1);
    expect(again.rows.map((row) => row.surveyId)).toEqual(newestFirst.slice(0, 10));
    expect(again.rows.find((row) => row.surveyId === surveys[7])?.isNew).toBe(false);
    expect(again.total).toBe(12);
  });
});

describe("the match rule, written twice in SQL, agrees with itself and with the rule", () => {
  test("for every audience, countAudience is the number of members whose list shows the survey", async () => {
    const admin = await createTestAdmin();
    const { questionnaireId, ids } = await profileQuestionnaire(null);
    const pets = ["Dog", "Cat", null] as const;
    const drinkSets: string[][] = [[], ["Tea"], ["Coffee"], ["Tea", "Coffee"]];
    type Profile = { country: string | null; pet: string | null; drinks: string[]; active: boolean; verified: boolean };
    const profiles: Profile[] = [];
    for (const country of ["IN", "US", null])
      for (const pet of pets)
        for (const drinks of drinkSets) profiles.push({ country, pet, drinks, active: true, verified: true });
    // Members who would match everything but their account: never counted, never shown.
    profiles.push({ country: "IN", pet: "Dog", drinks: ["Tea"], active: false, verified: true });
    profiles.push({ country: "IN", pet: "Dog", drinks: ["Tea"], active: true, verified: false });
    const members: (Profile & { id: number })[] = [];
    for (const profile of profiles) {
      const member = await createTestMember({
        country: profile.country,
        status: profile.active ? "active" : "inactive",
        emailVerifiedAt: profile.verified ? new Date() : null,
      });
      if (profile.pet !== null || profile.drinks.length > 0) {
        await answer(questionnaireId, member.id, {
          ...(profile.pet ? { pet: profile.pet } : {}),
          drinks: profile.drinks,
        });
      }
      members.push({ ...profile, id: member.id });
    }

    const target = (key: string, value: string): TargetRow => ({
      questionId: ids[key],
      optionId: ids[`${key}:${value}`],
    });
    const audiences: { country: string | null; targets: TargetRow[] }[] = [
      { country: null, targets: [] },
      { country: "IN", targets: [] },
      { country: null, targets: [target("pet", "Dog")] },
      { country: "US", targets: [target("pet", "Dog"), target("pet", "Cat")] },
      { country: null, targets: [target("drinks", "Tea"), target("drinks", "Coffee")] },
      { country: "IN", targets: [target("pet", "Dog"), target("drinks", "Coffee")] },
      { country: null, targets: [target("pet", "Cat"), target("pet", "Dog"), target("drinks", "Tea")] },
    ];
    // The rule in plain code: OR within a question, AND across questions.
    const matches = (member: (typeof members)[number], audience: (typeof audiences)[number]) => {
      if (!member.active || !member.verified) return false;
      if (audience.country !== null && member.country !== audience.country) return false;
      const chosen = new Set([
        ...(member.pet ? [ids[`pet:${member.pet}`]] : []),
        ...member.drinks.map((d) => ids[`drinks:${d}`]),
      ]);
      const byQuestion = new Map<number, number[]>();
      for (const row of audience.targets)
        byQuestion.set(row.questionId, [...(byQuestion.get(row.questionId) ?? []), row.optionId]);
      return [...byQuestion.values()].every((options) => options.some((optionId) => chosen.has(optionId)));
    };

    const saved = [];
    for (const audience of audiences) {
      const survey = await externalSurvey({ country: audience.country });
      await getPrisma().demographicTarget.createMany({
        data: audience.targets.map((row) => ({ surveyId: survey.id, ...row })),
      });
      await toAll(admin, (await findAssignSurvey(survey.id))!);
      saved.push({ ...audience, surveyId: survey.id });
    }
    const shown = new Map(
      await Promise.all(members.map(async (member) => [member.id, await surveysOf(member.id)] as const)),
    );
    for (const audience of saved) {
      const expected = members.filter((member) => matches(member, audience)).map((member) => member.id);
      const listing = members.filter((member) => shown.get(member.id)!.includes(audience.surveyId)).map((m) => m.id);
      expect(listing, `audience ${JSON.stringify(audience)}`).toEqual(expected);
      expect(await countAudience(audience.country, audience.targets)).toBe(expected.length);
    }
  });
});
