import { randomBytes } from "node:crypto";
import { Prisma, type Admin } from "~/generated/prisma/client";
import { getPrisma, type Tx } from "~/lib/db.server";
import { ASSIGNMENT_STATUS } from "./assignment-status";
import { liveSurveySql } from "./survey-live.server";
import { recordAudit } from "./audit.server";
import { requestInvitations } from "./invitations.server";
import { capDetails } from "./points-cap.server";

// A survey's audience (docs/decisions/049-survey-audiences.md): "assign to all" and "assign by
// demographics" store WHO the survey is for (SurveyAudience, with the survey's country and its
// DemographicTarget rows), never a row per member. A member sees an audience survey when they look
// (dashboard, /survey) if they match it now and hold no assignment of it; the assignment row is
// written when they first open it (pre-screener or start), with the audience's points and screener,
// so everything after the first open (statuses 1–7, quotas, rewards, history, the admin's list of a
// survey's assignments) works on rows exactly as before.
//
// "Matches" is one rule written three times in SQL, side by side below, each shaped for its planner:
// over the Member table for counting (memberMatchesSql, targets as given), for one member against
// every live audience (audiencesOfMemberSql, targets from the table) and for many members against one
// audience (memberMatchesAudienceSql, the mail worker). tests/integration/survey-audiences.test.ts
// checks the first two against each other and against the rule in plain code; invitations.test.ts
// covers the third. The rule: an active member with a verified e-mail, of the survey's country when it
// has one, who chose at least one of the targeted options of every targeted question.

type Actor = Pick<Admin, "id" | "email" | "isSuperAdmin">;

/** Above this many matching members, saving an audience asks the admin to confirm the count first. */
export const AUDIENCE_CONFIRM_ABOVE = 1_000;

export interface TargetRow {
  questionId: number;
  optionId: number;
}

/** Option ids grouped by question: OR inside a group, AND across groups. Duplicates dropped. */
function groupByQuestion(rows: readonly TargetRow[]): number[][] {
  const groups = new Map<number, Set<number>>();
  for (const row of rows) groups.set(row.questionId, (groups.get(row.questionId) ?? new Set()).add(row.optionId));
  return [...groups.values()].map((options) => [...options]);
}

/**
 * The members (alias m) an audience of this country and these targets matches. Each targeted
 * question is one EXISTS on Answer, served by the (optionId, memberId) index.
 */
export function memberMatchesSql(country: string | null, targets: readonly TargetRow[]): Prisma.Sql {
  return Prisma.join(
    [
      Prisma.sql`m."status" = 'active'`,
      Prisma.sql`m."emailVerifiedAt" IS NOT NULL`,
      ...(country ? [Prisma.sql`m."country" = ${country}::char(2)`] : []),
      ...groupByQuestion(targets).map(
        (options) =>
          Prisma.sql`EXISTS (SELECT 1 FROM "Answer" ans WHERE ans."optionId" IN (${Prisma.join(options)}) AND ans."memberId" = m."id")`,
      ),
    ],
    " AND ",
  );
}

/**
 * The live audiences one member sees now: launched surveys with an audience the member matches and
 * of which they hold no assignment at all (an open one is listed as itself; an ended one means they
 * have done it). Columns: surveyId, points, createdAt.
 *
 * The targets are checked in one pass, not per audience: the audiences with a targeted question of
 * which the member chose none of the targeted options are gathered once (one probe of the
 * (optionId, memberId) index per target of an audience) and left out, rather than checked again
 * for each audience. Then one probe of the (memberId, surveyId) index per live audience for the
 * assignments: OFFSET 0 keeps that check a probe per audience. As a join, PostgreSQL's generic plan
 * (Prisma prepares its statements, and after five runs may reuse a plan made without knowing the
 * member) expects one assignment per member and compared every audience with every assignment of
 * the member: 146 ms for a member holding 10,000 (docs/performance.md, "Audiences (issue 17)").
 */
export function audiencesOfMemberSql(memberId: number): Prisma.Sql {
  return Prisma.sql`
    SELECT au."surveyId", au."points", au."createdAt"
    FROM "Member" m
    JOIN "SurveyAudience" au ON TRUE
    JOIN "Survey" s ON s."id" = au."surveyId" AND ${liveSurveySql("s")}
    WHERE m."id" = ${memberId}::int
      AND m."status" = 'active' AND m."emailVerifiedAt" IS NOT NULL
      AND (s."country" IS NULL OR s."country" = m."country")
      AND au."surveyId" NOT IN (
        SELECT t."surveyId"
        FROM "DemographicTarget" t
        JOIN "SurveyAudience" targeted ON targeted."surveyId" = t."surveyId"
        LEFT JOIN "Answer" ans ON ans."optionId" = t."optionId" AND ans."memberId" = ${memberId}::int
        GROUP BY t."surveyId", t."questionId"
        HAVING count(ans."optionId") = 0)
      AND NOT EXISTS (
        SELECT 1 FROM "Assignment" a WHERE a."memberId" = m."id" AND a."surveyId" = au."surveyId" OFFSET 0)`;
}

/**
 * The rule for many members (alias m) against an audience (alias au, its survey s), as the mail
 * worker checks it (invitations.server.ts). audiencesOfMemberSql above is the same rule written for
 * one member, in one pass over the targets; the tests check both against countAudience.
 */
export function memberMatchesAudienceSql(): Prisma.Sql {
  return Prisma.sql`m."status" = 'active' AND m."emailVerifiedAt" IS NOT NULL
      AND (s."country" IS NULL OR s."country" = m."country")
      AND NOT EXISTS (
        SELECT 1 FROM "DemographicTarget" t
        WHERE t."surveyId" = au."surveyId"
          AND NOT EXISTS (
            SELECT 1 FROM "DemographicTarget" t2
            JOIN "Answer" ans ON ans."optionId" = t2."optionId" AND ans."memberId" = m."id"
            WHERE t2."surveyId" = t."surveyId" AND t2."questionId" = t."questionId"))`;
}

// ───────────────────────────── Reading ─────────────────────────────

/**
 * How many members an audience of this country and these targets matches now. Without targets the
 * answer is a trigger-kept total (migration 20261126001000_matchable_member_counts), a few rows
 * whatever the panel's size.
 */
export async function countAudience(country: string | null, targets: readonly TargetRow[]): Promise<number> {
  if (targets.length === 0) return countMatchableMembers(country);
  // Answers first: the members who chose a targeted option of every targeted question (one pass
  // over the (optionId, memberId) index per question), then only those members' rows, by primary
  // key. Filtering every member's row instead read all of Member each time: 2.3 s for 12,821 of
  // 1,000,000 members on PGlite, against 0.7 s this way (docs/performance.md, "Audiences").
  const chose = Prisma.join(
    groupByQuestion(targets).map(
      (options) => Prisma.sql`SELECT "memberId" FROM "Answer" WHERE "optionId" IN (${Prisma.join(options)})`,
    ),
    " INTERSECT ",
  );
  const [{ count }] = await getPrisma().$queryRaw<{ count: bigint | number }[]>`
    SELECT count(*) AS "count" FROM "Member" m
    WHERE m."id" = ANY (ARRAY(${chose})) AND ${memberMatchesSql(country, [])}`;
  return Number(count);
}

/** Active members with a verified e-mail, of this country or of all: memberMatchesSql with no targets. */
async function countMatchableMembers(country: string | null): Promise<number> {
  const name = country === null ? "matchable_members" : `matchable_members:${country}`;
  const [{ count }] = await getPrisma().$queryRaw<{ count: bigint | number }[]>`
    SELECT coalesce(sum("value"), 0) AS "count" FROM "PanelCounter" WHERE "name" = ${name}`;
  return Number(count);
}

/** The survey's audience as the admin pages show it, or null when it has none. */
export async function findAudience(surveyId: number) {
  return getPrisma().surveyAudience.findUnique({
    where: { surveyId },
    select: { points: true, screenerId: true, createdAt: true, assignedBy: { select: { email: true } } },
  });
}

// ───────────────────────────── Saving ─────────────────────────────

export type AudienceKind = "all" | "demographics";

interface AudienceInput {
  kind: AudienceKind;
  survey: { id: number; country: string | null };
  /** The targets the audience keeps: the survey's saved ones (all) or the new ones (demographics). */
  targets: readonly TargetRow[];
  screenerId: number | null;
  points: number;
  /** The count the admin saw and confirmed, for the audit entry and the message; null when not shown. */
  confirmedCount: number | null;
}

/**
 * Saves (or replaces) the survey's audience and its targets, requests its invitations and writes the
 * audit entry, in one transaction of a handful of rows whatever the audience's size. Members who
 * already opened the survey keep their assignment rows (with the points of their time).
 */
export async function saveAudience(actor: Actor, input: AudienceInput): Promise<string> {
  const { kind, survey, targets, screenerId, points, confirmedCount } = input;
  await getPrisma().$transaction(async (tx) => {
    if (kind === "demographics") {
      await tx.demographicTarget.deleteMany({ where: { surveyId: survey.id } });
      await tx.demographicTarget.createMany({ data: targets.map((target) => ({ surveyId: survey.id, ...target })) });
    }
    const values = { screenerId, points, assignedById: actor.id, createdAt: new Date() };
    await tx.surveyAudience.upsert({
      where: { surveyId: survey.id },
      create: { surveyId: survey.id, ...values },
      update: values,
    });
    await requestInvitations(tx, survey.id);
    await recordAudit(tx, {
      admin: actor,
      action: kind === "all" ? "audience.saved_all" : "audience.saved_by_demographics",
      targetType: "survey",
      targetId: survey.id,
      details: {
        points,
        screenerId,
        country: survey.country,
        targets: targets.map((target) => ({ questionId: target.questionId, optionId: target.optionId })),
        confirmedCount,
        ...capDetails(points),
      },
    });
  });
  return confirmedCount === null
    ? "Survey assigned to its audience"
    : `Survey assigned to its audience: ${confirmedCount.toLocaleString("en-US")} ${confirmedCount === 1 ? "member matches" : "members match"} now`;
}

/**
 * Deletes the survey's audience: the survey leaves the dashboards of every member who has not
 * opened it. Assignments already written (members who opened it) stay, like explicit ones.
 */
export async function deleteAudience(actor: Actor, surveyId: number): Promise<boolean> {
  return getPrisma().$transaction(async (tx) => {
    const { count } = await tx.surveyAudience.deleteMany({ where: { surveyId } });
    if (count === 0) return false;
    await tx.invitationRequest.deleteMany({ where: { surveyId } });
    await recordAudit(tx, {
      admin: actor,
      action: "audience.deleted",
      targetType: "survey",
      targetId: surveyId,
      details: {},
    });
    return true;
  });
}

// ───────────────────────────── Opening ─────────────────────────────

/**
 * The first open of an audience survey: writes the member's assignment (Assigned, opened now, with
 * the audience's points and screener and its createdAt, so the survey keeps its place in the list)
 * when the member matches the audience now and holds no assignment of the survey. Does nothing
 * otherwise. A transaction-scoped advisory lock on (survey, member) makes concurrent opens (two tabs,
 * a double tap, a replay) write one row: the second waits, then sees the first one's row.
 */
export async function openAudienceSurvey(memberId: number, surveyId: number): Promise<void> {
  await getPrisma().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM pg_advisory_xact_lock(${surveyId}::int, ${memberId}::int)`;
    await insertFromAudience(tx, memberId, surveyId);
  });
}

async function insertFromAudience(tx: Tx, memberId: number, surveyId: number): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "Assignment" ("surveyId", "memberId", "screenerId", "status", "points", "respondentToken", "assignedById", "openedAt", "createdAt", "updatedAt")
    SELECT au."surveyId", ${memberId}::int, au."screenerId", ${ASSIGNMENT_STATUS.assigned}::smallint, au."points",
           ${randomBytes(16).toString("hex")}, au."assignedById", now() AT TIME ZONE 'UTC', au."createdAt", now() AT TIME ZONE 'UTC'
    FROM "SurveyAudience" au
    JOIN (${audiencesOfMemberSql(memberId)}) mine ON mine."surveyId" = au."surveyId"
    WHERE au."surveyId" = ${surveyId}::int
    ON CONFLICT DO NOTHING`;
}
