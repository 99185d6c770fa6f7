import { randomBytes } from "node:crypto";
import { describe, expect, test, vi } from "vitest";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { getDashboardFigures } from "~/domain/admin-dashboard.server";
import { loadFieldReport } from "~/domain/field-report.server";
import { listAvailableSurveys } from "~/domain/member-surveys.server";
import { returnLinkTemplate, signReturnUrl } from "~/domain/survey-return-links.server";
import { endAssignment, startSurvey } from "~/domain/survey-taking.server";
import { getPrisma } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { loader as startLoader } from "~/routes/survey.start.$id";
import { loader as returnLoader } from "~/routes/surveys.redirect";
import { createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { expectData } from "../support/remix";
import { getRequest, memberCookie, routeArgs } from "../support/requests";

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
    expect(await endAssignment(first.id, "complete")).toEqual({ ok: false, reason: "over_quota" });
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
