import { beforeEach, describe, expect, test } from "vitest";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { countAudience } from "~/domain/audiences.server";
import { FIELD_REPORT_DAYS, loadFieldReport } from "~/domain/field-report.server";
import { creditPoints, reverseEntry } from "~/domain/ledger.server";
import type { AssignmentOutcome, Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { loader } from "~/routes/admin._console._survey.survey.$id_.field";
import { adminRequest, thrownStatus } from "../support/admin-requests";
import { answer, profileQuestionnaire } from "../support/audiences";
import { createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { memberCookie, signedInAdmin } from "../support/requests";

// The field report (issue 19 point 3, decision 059): every figure equals a count taken straight
// from the database, with every status and outcome present; the length of interview on known
// durations; completes per day on fixed days; only admins, and only surveys that exist.

const { assigned, started, complete, rejectedTerm, notAllowed, rejected, paused } = ASSIGNMENT_STATUS;
const NOW = new Date("2026-11-26T03:00:00Z");
const MINUTE = 60_000;

let cookie: string;

beforeEach(async () => {
  ({ cookie } = await signedInAdmin());
});

async function report(surveyId: number | string) {
  return loader({
    request: adminRequest(`/admin/survey/${surveyId}/field`, { cookie }),
    params: { id: String(surveyId) },
    context: {},
  });
}

interface Row {
  status: number;
  outcome?: AssignmentOutcome;
  opened?: boolean;
  startedMinutesAgo?: number;
  lengthMinutes?: number;
}

/** One assignment per row, each of a member of its own unless `memberId` is given. */
async function field(surveyId: number, rows: Row[], memberId?: number) {
  const made = [];
  for (const row of rows) {
    const member = memberId === undefined ? await createTestMember() : { id: memberId };
    const startedAt =
      row.startedMinutesAgo === undefined ? null : new Date(NOW.getTime() - row.startedMinutesAgo * MINUTE);
    const endedAt =
      startedAt && row.lengthMinutes !== undefined ? new Date(startedAt.getTime() + row.lengthMinutes * MINUTE) : null;
    made.push(
      await createTestAssignment(surveyId, member.id, {
        status: row.status,
        outcome: row.outcome ?? null,
        openedAt: row.opened || startedAt ? (startedAt ?? NOW) : null,
        startedAt,
        endedAt,
      }),
    );
  }
  return made;
}

/** Every status of the state machine, every outcome, and the pre-screener's failure. */
const EVERY_STATUS: Row[] = [
  { status: assigned },
  { status: assigned },
  { status: assigned, opened: true },
  { status: started, startedMinutesAgo: 30 },
  { status: complete, outcome: "complete", startedMinutesAgo: 300, lengthMinutes: 5 },
  { status: complete, outcome: "complete", startedMinutesAgo: 200, lengthMinutes: 12 },
  { status: complete, outcome: "complete", startedMinutesAgo: 100, lengthMinutes: 20 },
  { status: rejectedTerm, outcome: "terminate", startedMinutesAgo: 90, lengthMinutes: 2 },
  { status: rejectedTerm, outcome: "terminate", startedMinutesAgo: 80, lengthMinutes: 3 },
  { status: notAllowed, outcome: "over_quota", startedMinutesAgo: 70, lengthMinutes: 4 },
  { status: notAllowed, outcome: "over_quota", opened: true },
  { status: notAllowed, opened: true },
  { status: notAllowed, opened: true },
  { status: rejected, outcome: "quality", startedMinutesAgo: 60, lengthMinutes: 9 },
  { status: rejected, outcome: "security", startedMinutesAgo: 50, lengthMinutes: 1 },
  { status: paused, opened: true },
  { status: paused, startedMinutesAgo: 40 },
];

const count = (where: Prisma.AssignmentWhereInput) => getPrisma().assignment.count({ where });

describe("the field report's figures", () => {
  test("the field report's figures equal counts computed directly from the database in a test with every status present", async () => {
    const prisma = getPrisma();
    const survey = await createTestSurvey({ quota: 10, points: 50 });
    const made = await field(survey.id, EVERY_STATUS);
    // A member screened out, then assigned again: two assignments, one member.
    const again = await createTestMember();
    await field(
      survey.id,
      [{ status: rejectedTerm, outcome: "terminate", startedMinutesAgo: 20, lengthMinutes: 1 }, { status: assigned }],
      again.id,
    );
    // Another survey's fieldwork and points count for nothing here.
    const other = await createTestSurvey();
    const [otherComplete] = await field(other.id, [
      { status: complete, outcome: "complete", startedMinutesAgo: 10, lengthMinutes: 99 },
    ]);

    // The completes are credited, as delivery credits them; one is then reversed (its member has
    // spent 30 of the 50, so 20 are taken back); another member's starting balance is not the survey's.
    const completes = made.filter((assignment) => assignment.status === complete);
    await prisma.$transaction(async (tx) => {
      for (const assignment of [...completes, otherComplete]) {
        await creditPoints(tx, {
          memberId: assignment.memberId,
          points: 50,
          type: "survey_completion",
          source: `assignment:${assignment.id}:complete`,
          remark: "Survey complete",
          assignmentId: assignment.id,
        });
      }
      await creditPoints(tx, {
        memberId: completes[1].memberId,
        points: 500,
        type: "admin_adjustment",
        source: "adjustment:field-report-test",
        remark: "Starting balance",
      });
      await tx.member.update({ where: { id: completes[0].memberId }, data: { pointsBalance: 20 } });
      const reversal = await reverseEntry(tx, {
        source: `assignment:${completes[0].id}:complete`,
        remark: "Failed QC",
      });
      expect(reversal.ok && reversal.points).toBe(20);
      // A screen-out's compensation (decision 063) is reported apart from what the completes cost.
      const screenOut = made.find((assignment) => assignment.status === rejectedTerm)!;
      await creditPoints(tx, {
        memberId: screenOut.memberId,
        points: 10,
        type: "screenout_compensation",
        source: `assignment:${screenOut.id}:screenout`,
        remark: "Thank you for your time",
        assignmentId: screenOut.id,
      });
    });

    const { report: loaded } = await report(survey.id);
    const mine = { surveyId: survey.id };
    const members = await prisma.assignment.findMany({
      where: mine,
      distinct: ["memberId"],
      select: { memberId: true },
    });
    const direct = {
      assigned: members.length,
      opened: await count({ ...mine, openedAt: { not: null } }),
      prescreenedOut: await count({ ...mine, status: notAllowed, outcome: null }),
      started: await count({ ...mine, startedAt: { not: null } }),
      inProgress: await count({ ...mine, status: started }),
      completes: await count({ ...mine, status: complete }),
      screenOuts: await count({ ...mine, outcome: "terminate" }),
      overQuota: await count({ ...mine, outcome: "over_quota" }),
      quality: await count({ ...mine, outcome: "quality" }),
      security: await count({ ...mine, outcome: "security" }),
      paused: await count({ ...mine, status: paused }),
    };
    expect(loaded.counts).toEqual(direct);
    // And what those counts are, so that a query and its check cannot drift together.
    expect(direct).toEqual({
      assigned: EVERY_STATUS.length + 1,
      opened: 16,
      prescreenedOut: 2,
      started: 11,
      inProgress: 1,
      completes: 3,
      screenOuts: 3,
      overQuota: 2,
      quality: 1,
      security: 1,
      paused: 2,
    });

    const ledger = await prisma.pointsTransaction.findMany({
      where: { assignment: { surveyId: survey.id } },
      select: { change: true, type: true },
    });
    const compensated = (entry: { type: string }) => entry.type === "screenout_compensation";
    const paid = ledger
      .filter((entry) => entry.change > 0 && !compensated(entry))
      .reduce((sum, entry) => sum + entry.change, 0);
    const reversed = ledger.filter((entry) => entry.change < 0).reduce((sum, entry) => sum - entry.change, 0);
    const compensation = ledger.filter(compensated).reduce((sum, entry) => sum + entry.change, 0);
    expect(loaded.points).toEqual({ paid, reversed, compensation });
    expect(loaded.points).toEqual({ paid: 150, reversed: 20, compensation: 10 });

    expect(loaded.incidence).toBe(direct.completes / (direct.completes + direct.screenOuts));
    expect(loaded.survey.quota).toBe(10);
    // No audience: the survey reaches only the members assigned to it.
    expect(loaded.matchingNow).toBeNull();
  });

  test("median and 90th-percentile length of interview are of the completes' known durations", async () => {
    const survey = await createTestSurvey();
    await field(survey.id, [
      { status: complete, outcome: "complete", startedMinutesAgo: 100, lengthMinutes: 1 },
      { status: complete, outcome: "complete", startedMinutesAgo: 100, lengthMinutes: 2 },
      { status: complete, outcome: "complete", startedMinutesAgo: 100, lengthMinutes: 3 },
      { status: complete, outcome: "complete", startedMinutesAgo: 100, lengthMinutes: 4 },
      { status: complete, outcome: "complete", startedMinutesAgo: 100, lengthMinutes: 10 },
      // Not completes, or without a start: not lengths of interview.
      { status: rejectedTerm, outcome: "terminate", startedMinutesAgo: 500, lengthMinutes: 400 },
      { status: rejected, outcome: "quality", startedMinutesAgo: 500, lengthMinutes: 300 },
    ]);
    const member = await createTestMember();
    await createTestAssignment(survey.id, member.id, { status: complete, outcome: "complete", endedAt: NOW });

    const loaded = await loadFieldReport(survey.id, { now: NOW });
    // Five lengths 60…600 s: the median is the third; the 90th percentile lies 0.6 of the way from
    // the fourth (240 s) to the fifth (600 s), as percentile_cont interpolates.
    expect(loaded?.loi).toEqual({ median: 180, p90: 456 });

    const empty = await loadFieldReport((await createTestSurvey()).id, { now: NOW });
    expect(empty?.loi).toEqual({ median: null, p90: null });
    expect(empty?.incidence).toBeNull();
  });

  test("completes per day cover the last 30 UTC days, each day once, by the day each complete ended", async () => {
    const survey = await createTestSurvey();
    const member = await createTestMember();
    const ended = (iso: string, status: number = complete, outcome: AssignmentOutcome = "complete") =>
      createTestAssignment(survey.id, member.id, { status, outcome, endedAt: new Date(iso) });
    await ended("2026-11-26T00:00:00Z");
    await ended("2026-11-25T23:59:59Z");
    await ended("2026-11-25T00:00:01Z");
    await ended("2026-10-28T00:00:00Z"); // the first of the 30 days
    await ended("2026-10-27T23:59:59Z"); // the day before: left out
    await ended("2026-11-25T12:00:00Z", rejectedTerm, "terminate"); // not a complete

    const loaded = await loadFieldReport(survey.id, { now: NOW });
    const days = loaded!.completesPerDay;
    expect(days).toHaveLength(FIELD_REPORT_DAYS);
    expect(days[0]).toEqual({ day: "2026-10-28", completes: 1 });
    expect(days.at(-1)).toEqual({ day: "2026-11-26", completes: 1 });
    expect(days.at(-2)).toEqual({ day: "2026-11-25", completes: 2 });
    expect(days.reduce((sum, day) => sum + day.completes, 0)).toBe(4);
    expect(new Set(days.map((day) => day.day)).size).toBe(FIELD_REPORT_DAYS);
  });

  test("an audience's size is the members it matches now, as the assign page counts them", async () => {
    const { questionnaireId, ids } = await profileQuestionnaire(null);
    const survey = await createTestSurvey();
    await getPrisma().surveyAudience.create({ data: { surveyId: survey.id, points: 50 } });
    await getPrisma().demographicTarget.create({
      data: { surveyId: survey.id, questionId: ids.pet, optionId: ids["pet:Dog"] },
    });
    const dogs = [await createTestMember(), await createTestMember()];
    for (const member of dogs) await answer(questionnaireId, member.id, { pet: "Dog", drinks: ["Tea"] });
    await answer(questionnaireId, (await createTestMember()).id, { pet: "Cat", drinks: ["Tea"] });
    // One of them has opened it: an assignment, and still a member the audience matches.
    await field(survey.id, [{ status: assigned, opened: true }], dogs[0].id);

    const loaded = await loadFieldReport(survey.id);
    expect(loaded?.matchingNow).toBe(2);
    expect(loaded?.matchingNow).toBe(await countAudience(null, [{ questionId: ids.pet, optionId: ids["pet:Dog"] }]));
    expect(loaded?.counts.assigned).toBe(1);
  });

  test("an external survey has the same report", async () => {
    const survey = await createTestSurvey({
      delivery: "external",
      externalUrl: "https://vendor.example/s?rid={token}",
    });
    await field(survey.id, [
      { status: complete, outcome: "complete", startedMinutesAgo: 10, lengthMinutes: 5 },
      { status: rejectedTerm, outcome: "terminate", startedMinutesAgo: 10, lengthMinutes: 1 },
      { status: rejectedTerm, outcome: "terminate", startedMinutesAgo: 10, lengthMinutes: 1 },
      { status: rejectedTerm, outcome: "terminate", startedMinutesAgo: 10, lengthMinutes: 1 },
    ]);
    const { report: loaded } = await report(survey.id);
    expect(loaded.survey.delivery).toBe("external");
    expect(loaded.counts.completes).toBe(1);
    expect(loaded.incidence).toBe(0.25);
  });
});

describe("who sees it", () => {
  test("an unknown or malformed survey id is the 404 page", async () => {
    expect(await thrownStatus(report(999_999))).toBe(404);
    expect(await thrownStatus(report("abc"))).toBe(404);
    expect(await thrownStatus(report("0"))).toBe(404);
  });

  test("guests and members get the 404 page, never the figures", async () => {
    const survey = await createTestSurvey();
    const path = `/admin/survey/${survey.id}/field`;
    const asGuest = loader({ request: adminRequest(path), params: { id: String(survey.id) }, context: {} });
    expect(await thrownStatus(asGuest)).toBe(404);
    const member = await createTestMember();
    const asMember = loader({
      request: adminRequest(path, { cookie: await memberCookie(member.id) }),
      params: { id: String(survey.id) },
      context: {},
    });
    expect(await thrownStatus(asMember)).toBe(404);
  });
});
