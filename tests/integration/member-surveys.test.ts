import { describe, expect, test } from "vitest";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { creditPoints } from "~/domain/ledger.server";
import { AVAILABLE_SURVEYS_SHOWN, MEMBER_SURVEY_PAGE_SIZE } from "~/domain/member-surveys.server";
import { CONFIRM_REQUIRED } from "~/domain/prescreener";
import { buildRules, type AdminAnswers } from "~/domain/screener-rules";
import { saveScreenerRules } from "~/domain/screeners.server";
import { getPrisma } from "~/lib/db.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { createQuestionnaire, saveResponse } from "~/questionnaire/storage.server";
import { loader as activitiesLoader } from "~/routes/_member.activities._index";
import { loader as historyLoader } from "~/routes/_member.activities.surveyRecords";
import { loader as dashboardLoader } from "~/routes/_member.dashboard";
import { loader as surveysLoader } from "~/routes/_member.survey";
import { action as prescreenerAction, loader as prescreenerLoader } from "~/routes/prescreener.$survey";
import { createTestAdmin, createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import {
  formRequest as post,
  getRequest as get,
  routeArgs as args,
  signedInMember as signedIn,
} from "../support/requests";
import { number, option, page, questionnaire, radio, text, toggle } from "../support/questionnaires";

// The member's surveys: the dashboard and /survey list only the member's open assignments of
// launched surveys, 10 a page; the history lists ended ones with the points the ledger paid; the
// pre-screener is answered once per assignment, in one transaction with its verdict.

const dashboard = async (cookie: string, query = "") =>
  (await dashboardLoader(args(get(`/dashboard${query}`, cookie)))) as Awaited<ReturnType<typeof dashboardLoader>>;

describe("available surveys", () => {
  test("the dashboard lists the member's open assignments of launched surveys only, newest first", async () => {
    const { member, cookie } = await signedIn();
    const other = await createTestMember();
    const assigned = await createTestSurvey({ name: "Assigned" });
    const started = await createTestSurvey({ name: "Started" });
    const paused = await createTestSurvey();
    const ended = await createTestSurvey();
    const unlaunched = await createTestSurvey({ launched: false });
    const othersOnly = await createTestSurvey();
    await createTestAssignment(assigned.id, member.id, { points: 75, createdAt: new Date("2026-01-01") });
    await createTestAssignment(started.id, member.id, {
      status: ASSIGNMENT_STATUS.started,
      openedAt: new Date(),
      createdAt: new Date("2026-01-02"),
    });
    await createTestAssignment(paused.id, member.id, { status: ASSIGNMENT_STATUS.paused });
    await createTestAssignment(ended.id, member.id, { status: ASSIGNMENT_STATUS.complete, endedAt: new Date() });
    await createTestAssignment(unlaunched.id, member.id);
    await createTestAssignment(othersOnly.id, other.id);

    const page = await dashboard(cookie);
    expect(page.surveys.map((survey) => survey.surveyId)).toEqual([started.id, assigned.id]);
    expect(page.surveys[1]).toMatchObject({
      name: "Assigned",
      category: "Other",
      points: 75,
      minutes: 10,
      isNew: true,
    });
    expect(page.surveys[0].isNew).toBe(false);
    expect(page).toMatchObject({ pageCount: 1, profileCard: null });

    const list = await surveysLoader(args(get("/survey", cookie)));
    expect(list.surveys.map((survey) => survey.surveyId)).toEqual([started.id, assigned.id]);
  });

  test("pages hold 10 surveys; a page past the last shows the last", async () => {
    const { member, cookie } = await signedIn();
    const ids: number[] = [];
    for (let index = 0; index < MEMBER_SURVEY_PAGE_SIZE + 2; index += 1) {
      const survey = await createTestSurvey();
      await createTestAssignment(survey.id, member.id, { createdAt: new Date(Date.UTC(2026, 0, 1 + index)) });
      ids.unshift(survey.id);
    }
    const first = await dashboard(cookie);
    expect(first.surveys.map((survey) => survey.surveyId)).toEqual(ids.slice(0, 10));
    expect(first).toMatchObject({ page: 1, pageCount: 2 });
    const second = await dashboard(cookie, "?page=2");
    expect(second.surveys.map((survey) => survey.surveyId)).toEqual(ids.slice(10));
    expect(await dashboard(cookie, "?page=99")).toMatchObject({ page: 2 });
    expect(await dashboard(cookie, "?page=abc")).toMatchObject({ page: 1 });
  });

  test("a member with more open surveys than a hundred pages pages through the newest thousand", async () => {
    const { member, cookie } = await signedIn();
    const category = (await createTestSurvey()).categoryId;
    // Set-based, as a bulk assignment makes them: 1,005 launched surveys, one assignment each, and
    // the oldest one also assigned to someone else (the cap counts this member's rows only).
    await getPrisma().$executeRaw`
      INSERT INTO "Survey" ("name", "slug", "categoryId", "points", "lengthMinutes", "launched", "delivery", "returnSecret", "createdAt", "updatedAt")
      SELECT 'Many ' || n, 'many-' || n || '-' || ${member.id}::int, ${category}::int, 10, 5, true, 'hosted', repeat('0', 64), now(), now()
      FROM generate_series(1, 1005) AS n`;
    await getPrisma().$executeRaw`
      INSERT INTO "Assignment" ("surveyId", "memberId", "status", "points", "respondentToken", "createdAt", "updatedAt")
      SELECT s."id", ${member.id}::int, 1, 10, md5(random()::text || s."id"), now() - s."id" * interval '1 minute', now()
      FROM "Survey" s WHERE s."slug" LIKE ${`many-%-${member.id}`}`;
    const first = await dashboard(cookie);
    expect(first).toMatchObject({ page: 1, pageCount: AVAILABLE_SURVEYS_SHOWN / MEMBER_SURVEY_PAGE_SIZE });
    expect(first.surveys[0].name).toBe("Many 1");
    const last = await dashboard(cookie, "?page=100");
    expect(last.surveys.map((survey) => survey.name)).toEqual(
      Array.from({ length: MEMBER_SURVEY_PAGE_SIZE }, (_, index) => `Many ${991 + index}`),
    );
    expect(await dashboard(cookie, "?page=101")).toMatchObject({ page: 100 });
  });

  test("without surveys the dashboard falls back to the apology, and /survey is empty", async () => {
    const { cookie } = await signedIn();
    expect(await dashboard(cookie)).toMatchObject({ surveys: [], profileCard: null, pageCount: 1 });
    expect((await surveysLoader(args(get("/survey", cookie)))).surveys).toEqual([]);
  });
});

describe("survey history", () => {
  test("lists ended assignments, latest first, with the points the ledger credited", async () => {
    const { member, cookie } = await signedIn();
    const other = await createTestMember();
    const complete = await createTestSurvey();
    const refused = await createTestSurvey();
    const open = await createTestSurvey();
    const done = await createTestAssignment(complete.id, member.id, {
      status: ASSIGNMENT_STATUS.complete,
      points: 80,
      endedAt: new Date("2026-02-02T10:00:00Z"),
    });
    await getPrisma().$transaction((tx) =>
      creditPoints(tx, {
        memberId: member.id,
        points: 80,
        type: "survey_completion",
        source: `assignment:${done.id}:complete`,
        remark: "Survey",
        assignmentId: done.id,
      }),
    );
    await createTestAssignment(refused.id, member.id, {
      status: ASSIGNMENT_STATUS.notAllowed,
      endedAt: new Date("2026-02-03T10:00:00Z"),
    });
    await createTestAssignment(open.id, member.id);
    await createTestAssignment(complete.id, other.id, { status: ASSIGNMENT_STATUS.complete, endedAt: new Date() });

    const history = await historyLoader(args(get("/activities/surveyRecords", cookie)));
    expect(history.rows).toMatchObject([
      { index: 1, surveyId: refused.id, reward: 0, date: "2026-02-03T10:00:00.000Z" },
      { index: 2, surveyId: complete.id, reward: 80, date: "2026-02-02T10:00:00.000Z" },
    ]);
    expect(history.pageCount).toBe(1);
  });

  test("is empty for a new member, and /activities opens it", async () => {
    const { cookie } = await signedIn();
    expect((await historyLoader(args(get("/activities/surveyRecords", cookie)))).rows).toEqual([]);
    const response = expectRedirect(activitiesLoader());
    expect(response.headers.get("Location")).toBe("/activities/surveyRecords");
  });
});

// ─────────────────────────────── The pre-screener ───────────────────────────────

const SCREENER: QuestionnaireDefinition = questionnaire("Car owners", [
  page("About you", [number("age", "Your age"), text("nickname", "Nickname", { required: false })]),
  page("Your car", [
    radio("owner", "Do you own a car?", [option("Yes"), option("No")]),
    toggle("news", "Send me news", { required: false }),
  ]),
]);
const RULES: AdminAnswers = { owner: "Yes", age: { min: 18, max: null } };

async function screenedSurvey(memberId: number) {
  const prisma = getPrisma();
  const screenerId = await prisma.$transaction(async (tx) => {
    const questionnaireId = await createQuestionnaire(tx, { kind: "screener", definition: SCREENER });
    return (await tx.screener.create({ data: { questionnaireId } })).id;
  });
  const admin = await createTestAdmin();
  await saveScreenerRules(admin, screenerId, buildRules(SCREENER, RULES));
  const survey = await createTestSurvey({ screenerId });
  const assignment = await createTestAssignment(survey.id, memberId);
  return { survey, assignment, screenerId, path: `/prescreener/${survey.id}`, params: { survey: String(survey.id) } };
}

type Setup = Awaited<ReturnType<typeof screenedSurvey>>;

const open = async (setup: Setup, cookie: string) =>
  expectData(await prescreenerLoader(args(get(setup.path, cookie), setup.params)));
const openState = async (setup: Setup, cookie: string) => {
  const result = await prescreenerLoader(args(get(setup.path, cookie), setup.params));
  return ("data" in result ? result.data : result).prescreener;
};
const send = (setup: Setup, cookie: string, fields: [string, string][]) =>
  prescreenerAction(args(post(setup.path, cookie, fields), setup.params));

const PASSING: [string, string][] = [
  ["age", "30"],
  ["owner", "Yes"],
  ["_page", "1"],
  ["intent", "submit"],
  ["confirmed", "on"],
];
const FAILING: [string, string][] = [
  ["age", "30"],
  ["owner", "No"],
  ["_page", "1"],
  ["intent", "submit"],
  ["confirmed", "on"],
];

const assignmentOf = (id: number) => getPrisma().assignment.findUniqueOrThrow({ where: { id } });
const responsesOf = (assignmentId: number) => getPrisma().questionnaireResponse.count({ where: { assignmentId } });

describe("the pre-screener", () => {
  test("shows the form with numbered questions and clears the 'new' mark", async () => {
    const { member, cookie } = await signedIn();
    const setup = await screenedSurvey(member.id);
    const state = await openState(setup, cookie);
    expect(state.state).toBe("form");
    if (state.state !== "form") return;
    expect(state.title).toBe(setup.survey.name);
    expect(state.definition.pages[1].questions[0].label).toBe("Q3. Do you own a car?");
    expect((await assignmentOf(setup.assignment.id)).openedAt).not.toBeNull();
  });

  test("Next checks the page and carries the answers; Previous goes back; Submit needs the confirmation", async () => {
    const { member, cookie } = await signedIn();
    const setup = await screenedSurvey(member.id);
    const refused = expectData(
      await send(setup, cookie, [
        ["_page", "0"],
        ["intent", "next"],
      ]),
    );
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({ pageState: { page: 0 }, error: { age: ["This field is required."] } });

    const next = expectData(
      await send(setup, cookie, [
        ["age", "30"],
        ["_page", "0"],
        ["intent", "next"],
      ]),
    );
    expect(next.data).toMatchObject({ status: "success", pageState: { page: 1, values: { age: ["30"] } } });
    expect(next.data).not.toHaveProperty("error");

    const back = expectData(
      await send(setup, cookie, [
        ["age", "30"],
        ["owner", "Yes"],
        ["_page", "1"],
        ["intent", "previous"],
      ]),
    );
    expect(back.data).toMatchObject({ pageState: { page: 0, values: { age: ["30"], owner: ["Yes"] } } });

    const unconfirmed = expectData(
      await send(
        setup,
        cookie,
        PASSING.filter(([name]) => name !== "confirmed"),
      ),
    );
    expect(unconfirmed.init?.status).toBe(400);
    expect(unconfirmed.data).toMatchObject({ pageState: { page: 1 }, error: { confirmed: [CONFIRM_REQUIRED] } });

    // Submit with a missing answer on an earlier page shows that page.
    const missing = expectData(
      await send(
        setup,
        cookie,
        PASSING.filter(([name]) => name !== "age"),
      ),
    );
    expect(missing.data).toMatchObject({ pageState: { page: 0 } });
    expect(await responsesOf(setup.assignment.id)).toBe(0);
  });

  test("a pass stores the answers and sets screenedAt; opening it again shows the success", async () => {
    const { member, cookie } = await signedIn();
    const setup = await screenedSurvey(member.id);
    const response = expectRedirect(await send(setup, cookie, PASSING));
    expect(response.headers.get("Location")).toBe(setup.path);
    const assignment = await assignmentOf(setup.assignment.id);
    expect(assignment).toMatchObject({ status: ASSIGNMENT_STATUS.assigned, endedAt: null });
    expect(assignment.screenedAt).not.toBeNull();
    expect(await responsesOf(setup.assignment.id)).toBe(1);
    expect(await openState(setup, cookie)).toEqual({
      state: "passed",
      surveyId: setup.survey.id,
      title: setup.survey.name,
    });
    // An untouched switch was stored as false.
    const switchAnswer = await getPrisma().answer.findFirst({
      where: { memberId: member.id, valueBool: { not: null } },
    });
    expect(switchAnswer?.valueBool).toBe(false);
  });

  test("a failure ends the assignment as 5 Not Allowed, and a second submit changes nothing", async () => {
    const { member, cookie } = await signedIn();
    const setup = await screenedSurvey(member.id);
    expectRedirect(await send(setup, cookie, FAILING));
    const failed = await assignmentOf(setup.assignment.id);
    expect(failed).toMatchObject({ status: ASSIGNMENT_STATUS.notAllowed, screenedAt: null, outcome: null });
    expect(failed.endedAt).not.toBeNull();
    expect(await openState(setup, cookie)).toMatchObject({ state: "failed" });

    expectRedirect(await send(setup, cookie, PASSING));
    expect(await assignmentOf(setup.assignment.id)).toEqual(failed);
    expect(await responsesOf(setup.assignment.id)).toBe(1);
    // Gone from the dashboard, in the history.
    expect((await dashboard(cookie)).surveys).toEqual([]);
    expect((await historyLoader(args(get("/activities/surveyRecords", cookie)))).rows).toMatchObject([
      { surveyId: setup.survey.id, reward: 0 },
    ]);
  });

  test("two submits at the same moment store one response", async () => {
    const { member, cookie } = await signedIn();
    const setup = await screenedSurvey(member.id);
    const results = await Promise.all([
      send(setup, cookie, PASSING),
      send(setup, cookie, FAILING),
      send(setup, cookie, PASSING),
    ]);
    for (const result of results) expectRedirect(result);
    expect(await responsesOf(setup.assignment.id)).toBe(1);
    const assignment = await assignmentOf(setup.assignment.id);
    // Exactly one verdict: passed (screenedAt) or failed (Not Allowed), never both.
    expect(assignment.screenedAt !== null).toBe(assignment.status !== ASSIGNMENT_STATUS.notAllowed);
  });

  test("answers to profile questions with the same key are pre-filled", async () => {
    const { member, cookie } = await signedIn();
    const prisma = getPrisma();
    await prisma.$transaction(async (tx) => {
      const questionnaireId = await createQuestionnaire(tx, {
        kind: "profile",
        definition: questionnaire("Profile", [
          page("Profile", [
            radio("owner", "Car?", [option("Yes"), option("Maybe")], { required: false }),
            number("age", "Age", { required: false }),
          ]),
        ]),
      });
      await saveResponse(tx, { questionnaireId, memberId: member.id, answers: { owner: "Yes", age: 41 } });
    });
    const setup = await screenedSurvey(member.id);
    const state = await openState(setup, cookie);
    expect(state).toMatchObject({ state: "form", prefill: { owner: ["Yes"], age: ["41"] } });
  });

  test("another member's survey, an unknown one or one without a screener is 'Something went wrong' (404)", async () => {
    const { member } = await signedIn();
    const { cookie: otherCookie } = await signedIn();
    const setup = await screenedSurvey(member.id);
    const result = await prescreenerLoader(args(get(setup.path, otherCookie), setup.params));
    expect(expectData(result)).toMatchObject({ data: { prescreener: { state: "missing" } }, init: { status: 404 } });
    expectRedirect(await send(setup, otherCookie, PASSING));
    expect(await responsesOf(setup.assignment.id)).toBe(0);

    const plain = await createTestSurvey();
    await createTestAssignment(plain.id, member.id);
    const { cookie } = await signedIn();
    for (const survey of [String(plain.id), "0", "abc", "99999999"]) {
      const missing = await prescreenerLoader(args(get(`/prescreener/${survey}`, cookie), { survey }));
      expect(expectData(missing).init?.status).toBe(404);
    }
    expect(await open(setup, otherCookie)).toMatchObject({ init: { status: 404 } });
  });
});
