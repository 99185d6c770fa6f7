import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { getDashboardFigures } from "~/domain/admin-dashboard.server";
import { loadFieldReport } from "~/domain/field-report.server";
import { listAvailableSurveys } from "~/domain/member-surveys.server";
import { seedCategories } from "~/domain/seed.server";
import { SURVEY_MESSAGES } from "~/domain/survey-catalogue-schema";
import { signCallbackBody } from "~/domain/survey-callbacks.server";
import { returnLinkTemplate, signReturnUrl } from "~/domain/survey-return-links.server";
import { endAssignment, startSurvey } from "~/domain/survey-taking.server";
import { getPrisma } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action as editAction, loader as editLoader } from "~/routes/admin._console._survey.survey.$id";
import { action as newAction } from "~/routes/admin._console._survey.survey.new";
import { action as callbackAction } from "~/routes/api.surveys.$id.callback";
import { loader as startLoader } from "~/routes/survey.start.$id";
import { loader as hostedLoader } from "~/routes/view.survey.$slug";
import { createQuestionnaire } from "~/questionnaire/storage.server";
import { loader as returnLoader } from "~/routes/surveys.redirect";
import { adminRequest } from "../support/admin-requests";
import { createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { getRequest, memberCookie, routeArgs, signedInAdmin } from "../support/requests";

// Survey close (issue 19 point 4, decision 062): a close date and "close when the quota is full".
// The quota counts completes plus starts still within the survey's length and the grace period;
// starts are admitted under a lock, so 20 members starting at once never hold more than the quota.

vi.setConfig({ testTimeout: 60_000 });

const { assigned, started, complete, notAllowed } = ASSIGNMENT_STATUS;
const LENGTH = 10;
const grace = () => getEnv().SURVEY_GRACE_MINUTES;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const newToken = () => randomBytes(16).toString("base64url");

function externalSurvey(overrides: Parameters<typeof createTestSurvey>[0] = {}) {
  return createTestSurvey({
    delivery: "external",
    externalUrl: "https://vendor.example/s/7?rid={token}",
    returnSecret: randomBytes(32).toString("hex"),
    points: 60,
    lengthMinutes: LENGTH,
    ...overrides,
  });
}

async function membersWithAssignments(surveyId: number, count: number) {
  const members = await Promise.all(Array.from({ length: count }, () => createTestMember()));
  return Promise.all(
    members.map((member) => createTestAssignment(surveyId, member.id, { respondentToken: newToken() })),
  );
}

async function listed(memberId: number, surveyId: number): Promise<boolean> {
  const { rows } = await listAvailableSurveys(memberId, 1);
  return rows.some((row) => row.surveyId === surveyId);
}

async function statusOf(assignmentId: number) {
  const row = await getPrisma().assignment.findUniqueOrThrow({ where: { id: assignmentId } });
  const credits = await getPrisma().pointsTransaction.count({ where: { assignmentId } });
  return { status: row.status, outcome: row.outcome, credits };
}

describe("the quota's admission", () => {
  test("20 members starting at once for a quota of 5: 5 hold a place, 15 are told it is full for now", async () => {
    const survey = await externalSurvey({ quota: 5 });
    const assignments = await membersWithAssignments(survey.id, 20);

    const results = await Promise.all(assignments.map((a) => startSurvey(a.memberId, survey.id)));

    expect(results.filter((result) => result.kind === "go")).toHaveLength(5);
    expect(results.filter((result) => result.kind === "places_taken")).toHaveLength(15);
    const rows = await getPrisma().assignment.findMany({ where: { surveyId: survey.id } });
    expect(rows.filter((row) => row.status === started)).toHaveLength(5);
    // Turned away for now, not for good: their assignments are still waiting.
    expect(rows.filter((row) => row.status === assigned)).toHaveLength(15);
    const report = await loadFieldReport(survey.id);
    expect(report?.placesHeld).toEqual({ completes: 0, inProgress: 5 });
  });

  test("completes and in-progress starts share the quota; a full one by completes is over quota", async () => {
    const survey = await externalSurvey({ quota: 3 });
    const [done, inside, late, last] = await membersWithAssignments(survey.id, 4);
    await getPrisma().assignment.update({
      where: { id: done.id },
      data: { status: complete, outcome: "complete", startedAt: minutesAgo(30), endedAt: minutesAgo(20) },
    });
    await getPrisma().assignment.update({
      where: { id: inside.id },
      data: { status: started, startedAt: minutesAgo(2) },
    });

    expect(await startSurvey(late.memberId, survey.id)).toMatchObject({ kind: "go" });
    expect(await startSurvey(last.memberId, survey.id)).toEqual({ kind: "places_taken" });
    expect((await statusOf(last.id)).status).toBe(assigned);

    // Both in-progress starts complete: the quota is now full of completes, and the last is over quota.
    expect(await endAssignment(inside.id, "complete")).toMatchObject({ ok: true, points: 60 });
    expect(await endAssignment(late.id, "complete")).toMatchObject({ ok: true, points: 60 });
    expect(await startSurvey(last.memberId, survey.id)).toEqual({ kind: "over_quota" });
    expect(await statusOf(last.id)).toMatchObject({ status: notAllowed, outcome: "over_quota", credits: 0 });
  });

  test("a start older than the survey's length plus the grace period frees its place", async () => {
    const survey = await externalSurvey({ quota: 1 });
    const [first, second] = await membersWithAssignments(survey.id, 2);
    expect(await startSurvey(first.memberId, survey.id)).toMatchObject({ kind: "go" });
    expect(await startSurvey(second.memberId, survey.id)).toEqual({ kind: "places_taken" });

    // Just inside the window the place is still held; just outside it is free.
    await getPrisma().assignment.update({
      where: { id: first.id },
      data: { startedAt: minutesAgo(LENGTH + grace() - 1) },
    });
    expect(await startSurvey(second.memberId, survey.id)).toEqual({ kind: "places_taken" });
    await getPrisma().assignment.update({
      where: { id: first.id },
      data: { startedAt: minutesAgo(LENGTH + grace() + 1) },
    });
    expect(await startSurvey(second.memberId, survey.id)).toMatchObject({ kind: "go" });

    // The expired start comes back with a complete: the place is the second member's now.
    expect(await endAssignment(first.id, "complete")).toEqual({ ok: false, reason: "over_quota", points: 0 });
    expect(await statusOf(first.id)).toMatchObject({ status: notAllowed, credits: 0 });
    expect(await endAssignment(second.id, "complete")).toMatchObject({ ok: true, points: 60 });
  });
});

describe("closing", () => {
  test("the close date hides the survey from members' lists, starts and the dashboard's live count", async () => {
    const survey = await externalSurvey({ closesAt: new Date(Date.now() + 3_600_000) });
    const audienceSurvey = await externalSurvey({ closesAt: new Date(Date.now() + 3_600_000) });
    await getPrisma().surveyAudience.create({ data: { surveyId: audienceSurvey.id, points: 60 } });
    const [assignment] = await membersWithAssignments(survey.id, 1);
    const liveBefore = (await getDashboardFigures(getPrisma())).surveysLive;
    expect(await listed(assignment.memberId, survey.id)).toBe(true);
    expect(await listed(assignment.memberId, audienceSurvey.id)).toBe(true);

    await getPrisma().survey.updateMany({
      where: { id: { in: [survey.id, audienceSurvey.id] } },
      data: { closesAt: minutesAgo(1) },
    });

    expect(await listed(assignment.memberId, survey.id)).toBe(false);
    expect(await listed(assignment.memberId, audienceSurvey.id)).toBe(false);
    expect((await getDashboardFigures(getPrisma())).surveysLive).toBe(Number(liveBefore) - 2);
    const cookie = await memberCookie(assignment.memberId);
    const page = await startLoader(
      routeArgs(getRequest(`/survey/start/${survey.id}`, cookie), { id: String(survey.id) }),
    );
    expect(page).toMatchObject({ title: "This survey is not available" });
    expect((await statusOf(assignment.id)).status).toBe(assigned);
  });

  test("close when the quota is full: hidden while completes and in-progress starts fill it", async () => {
    const survey = await externalSurvey({ quota: 2, closeWhenQuotaFull: true });
    const [done, inside, looking] = await membersWithAssignments(survey.id, 3);
    await getPrisma().assignment.update({ where: { id: done.id }, data: { status: complete, outcome: "complete" } });
    expect(await listed(looking.memberId, survey.id)).toBe(true);

    await getPrisma().assignment.update({
      where: { id: inside.id },
      data: { status: started, startedAt: minutesAgo(1) },
    });
    expect(await listed(looking.memberId, survey.id)).toBe(false);
    expect(await startSurvey(looking.memberId, survey.id)).toEqual({ kind: "not_launched" });
    // The member inside may still come back for it.
    expect(await startSurvey(inside.memberId, survey.id)).toMatchObject({ kind: "go" });

    // The start expires: its place is free and the survey is offered again.
    await getPrisma().assignment.update({
      where: { id: inside.id },
      data: { startedAt: minutesAgo(LENGTH + grace() + 1) },
    });
    expect(await listed(looking.memberId, survey.id)).toBe(true);

    // Without the box, a full quota leaves the survey listed (later starters get over quota).
    await getPrisma().survey.update({ where: { id: survey.id }, data: { closeWhenQuotaFull: false, quota: 1 } });
    expect(await listed(looking.memberId, survey.id)).toBe(true);
  });

  test("a session opened before the close completes within the window, and not after it", async () => {
    const survey = await externalSurvey({ closesAt: new Date(Date.now() + 3_600_000) });
    const [recent, old] = await membersWithAssignments(survey.id, 2);
    await getPrisma().assignment.update({
      where: { id: recent.id },
      data: { status: started, startedAt: minutesAgo(5) },
    });
    await getPrisma().assignment.update({
      where: { id: old.id },
      data: { status: started, startedAt: minutesAgo(LENGTH + grace() + 5) },
    });
    await getPrisma().survey.update({ where: { id: survey.id }, data: { closesAt: minutesAgo(1) } });

    const cookie = await memberCookie(recent.memberId);
    const page = await arrive(signedLink("complete", recent.respondentToken, survey.returnSecret), cookie);
    expect(expectData(page).data).toMatchObject({ title: "Thank you!" });
    expect(await statusOf(recent.id)).toMatchObject({ status: complete, credits: 1 });

    const oldCookie = await memberCookie(old.memberId);
    const late = await arrive(signedLink("complete", old.respondentToken, survey.returnSecret), oldCookie);
    expect(expectData(late).init?.status).toBe(409);
    expect(expectData(late).data).toMatchObject({ title: "This survey has closed" });
    expect(await statusOf(old.id)).toMatchObject({ status: started, credits: 0 });
    const member = await getPrisma().member.findUniqueOrThrow({ where: { id: old.memberId } });
    expect(member.pointsBalance).toBe(0);
  });
});

function signedLink(status: string, token: string, secret: string) {
  const link = returnLinkTemplate("complete").replace("status=complete", `status=${status}`).replace("{token}", token);
  return signReturnUrl(link, secret);
}

function arrive(link: string, cookie: string) {
  const url = new URL(link);
  return returnLoader(routeArgs(getRequest(`${url.pathname}${url.search}`, cookie)));
}

describe("completes after the close, by the vendor's server", () => {
  test("a callback within the window records and pays; one after it is refused with 409 too_late", async () => {
    const survey = await externalSurvey({ closesAt: minutesAgo(1) });
    const [recent, old] = await membersWithAssignments(survey.id, 2);
    await getPrisma().assignment.update({
      where: { id: recent.id },
      data: { status: started, startedAt: minutesAgo(5) },
    });
    await getPrisma().assignment.update({
      where: { id: old.id },
      data: { status: started, startedAt: minutesAgo(LENGTH + grace() + 5) },
    });

    const inTime = await callback(survey.id, survey.returnSecret, recent.respondentToken);
    expect(inTime).toMatchObject({ status: 200, body: { ok: true, result: "recorded", points: 60 } });
    const late = await callback(survey.id, survey.returnSecret, old.respondentToken);
    expect(late).toMatchObject({ status: 409, body: { ok: false, error: "too_late" } });
    expect(await statusOf(old.id)).toMatchObject({ status: started, credits: 0 });
  });
});

test("a hosted survey opened before the close: the form within the window, 'This survey has closed' after it", async () => {
  const questionnaireId = await getPrisma().$transaction((tx) =>
    createQuestionnaire(tx, {
      kind: "hosted_survey",
      definition: {
        title: "Commute",
        description: "",
        pages: [
          { title: "Page 1", questions: [{ key: "q1", label: "Q1", type: "text", required: true, options: [] }] },
        ],
      },
    }),
  );
  const survey = await createTestSurvey({ questionnaireId, lengthMinutes: LENGTH, closesAt: minutesAgo(1) });
  const [assignment] = await membersWithAssignments(survey.id, 1);
  await getPrisma().assignment.update({
    where: { id: assignment.id },
    data: { status: started, startedAt: minutesAgo(5) },
  });
  const cookie = await memberCookie(assignment.memberId);
  const open = () => hostedLoader(routeArgs(getRequest(`/view/survey/${survey.slug}`, cookie), { slug: survey.slug }));

  expect(await open()).toMatchObject({ kind: "form" });
  await getPrisma().assignment.update({
    where: { id: assignment.id },
    data: { startedAt: minutesAgo(LENGTH + grace() + 1) },
  });
  expect(await open()).toMatchObject({ kind: "message", title: "This survey has closed" });
});

async function callback(surveyId: number, secret: string, token: string) {
  const body = JSON.stringify({ token, status: "complete" });
  const request = new Request(`http://localhost/api/surveys/${surveyId}/callback`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Signature": signCallbackBody(body, secret) },
    body,
  });
  const response = await callbackAction({ request, params: { id: String(surveyId) }, context: {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the survey editor", () => {
  beforeEach(async () => {
    await seedCategories(getPrisma());
  });

  const form = (overrides: Record<string, string> = {}) => ({
    intent: "save",
    name: "Commute survey",
    slug: "",
    description: "",
    categoryId: "7",
    points: "50",
    lengthMinutes: "12",
    delivery: "external",
    externalUrl: "https://vendor.example/s/42?rid={token}",
    ...overrides,
  });
  const create = (cookie: string, fields: Record<string, string>) =>
    newAction({ request: adminRequest("/admin/survey/new", { cookie, form: fields }), params: {}, context: {} });
  const edit = (cookie: string, id: number, fields: Record<string, string>) =>
    editAction({
      request: adminRequest(`/admin/survey/${id}`, { cookie, form: fields }),
      params: { id: String(id) },
      context: {},
    });
  const load = (cookie: string, id: number) =>
    editLoader({ request: adminRequest(`/admin/survey/${id}`, { cookie }), params: { id: String(id) }, context: {} });
  const errorsOf = (result: Awaited<ReturnType<typeof create>>) => {
    const answer = expectData(result);
    expect(answer.init?.status).toBe(400);
    return (answer.data as { error?: Record<string, string[] | null> }).error ?? {};
  };
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);

  test("a close date in the past, a malformed one, or the box without a quota is refused; nothing is saved", async () => {
    const { cookie } = await signedInAdmin();
    expect(errorsOf(await create(cookie, form({ closesAt: inMinutes(-5) }))).closesAt).toEqual([
      SURVEY_MESSAGES.closesAtPast,
    ]);
    expect(errorsOf(await create(cookie, form({ closesAt: "2026-02-30T10:00" }))).closesAt).toEqual([
      SURVEY_MESSAGES.closesAtInvalid,
    ]);
    expect(errorsOf(await create(cookie, form({ closeWhenQuotaFull: "on" }))).closeWhenQuotaFull).toEqual([
      SURVEY_MESSAGES.closeWhenQuotaFullNeedsQuota,
    ]);
    expect(await getPrisma().survey.count()).toBe(0);
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });

  test("the admin sets a close date and the box; the survey page shows them; the audit says so", async () => {
    const { cookie } = await signedInAdmin();
    const closesAt = inMinutes(24 * 60);
    const created = expectRedirect(await create(cookie, form({ quota: "5" })));
    const id = Number(/(\d+)$/.exec(created.headers.get("Location") ?? "")?.[1]);

    expectRedirect(await edit(cookie, id, form({ quota: "5", closesAt, closeWhenQuotaFull: "on" })));
    const saved = await getPrisma().survey.findUniqueOrThrow({ where: { id } });
    expect(saved.closesAt?.toISOString().slice(0, 16)).toBe(closesAt);
    expect(saved.closeWhenQuotaFull).toBe(true);
    const page = await load(cookie, id);
    expect(page.defaultValue).toMatchObject({ closesAt, closeWhenQuotaFull: "on" });
    expect(page.closing).toMatchObject({ closeWhenQuotaFull: true, quota: 5, placesHeld: 0, closesAtPassed: false });
    const audit = await getPrisma().auditEntry.findFirstOrThrow({ where: { action: "survey.updated" } });
    expect(audit.details).toMatchObject({
      changed: ["closesAt", "closeWhenQuotaFull"],
      closesAt: `${closesAt}:00.000Z`,
      closeWhenQuotaFull: true,
    });
  });

  test("a survey whose close date has passed can still be edited, but not moved to another past date", async () => {
    const { cookie } = await signedInAdmin();
    const survey = await externalSurvey({ closesAt: minutesAgo(60), categoryId: 7 });
    const kept = survey.closesAt!.toISOString().slice(0, 16);
    const fields = form({ name: survey.name, slug: survey.slug, lengthMinutes: String(LENGTH), points: "60" });

    expectRedirect(await edit(cookie, survey.id, { ...fields, closesAt: kept, name: "Renamed" }));
    expect((await getPrisma().survey.findUniqueOrThrow({ where: { id: survey.id } })).name).toBe("Renamed");
    expect((await load(cookie, survey.id)).closing).toMatchObject({ closesAtPassed: true, live: false });

    const moved = await edit(cookie, survey.id, { ...fields, closesAt: inMinutes(-30), name: "Renamed" });
    expect(errorsOf(moved).closesAt).toEqual([SURVEY_MESSAGES.closesAtPast]);
    expect((await getPrisma().survey.findUniqueOrThrow({ where: { id: survey.id } })).closesAt).toEqual(
      survey.closesAt,
    );
  });
});
