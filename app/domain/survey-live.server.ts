import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { ASSIGNMENT_STATUS } from "./assignment-status";

// What "live" means for a survey, in one place (docs/decisions/056-lifecycle.md and
// 062-survey-close.md): launched, not closed, not archived, its close date (if any) not reached,
// and, when it closes once its quota is full, the quota not full. Only a live survey is offered to
// members (their list, audiences, invitations) and can be started; every query and check that asks
// uses these, never the columns.
//
// The quota counts places held: the completes, plus the starts still in progress within the
// survey's length and the grace period (SURVEY_GRACE_MINUTES). A start older than that no longer
// holds a place; its member may still finish while the survey has room (survey-taking.server.ts).

const { started, complete } = ASSIGNMENT_STATUS;

/** The grace period, in minutes, beyond a survey's length. */
export function surveyGraceMinutes(): number {
  return getEnv().SURVEY_GRACE_MINUTES;
}

/**
 * Whether an assignment (alias `a`) of a survey (alias `s`) started recently enough to still hold
 * its place and to finish after the close: within the survey's length plus the grace period.
 */
function startStillOpenSql(assignment: string, survey: string): Prisma.Sql {
  const a = Prisma.raw(`${assignment}.`);
  const s = Prisma.raw(`${survey}.`);
  return Prisma.sql`${a}"startedAt" > (now() AT TIME ZONE 'UTC') - make_interval(mins => ${s}"lengthMinutes" + ${surveyGraceMinutes()}::int)`;
}

/**
 * Whether a survey's quota is full: at least `quota` places held. Each half reads at most `quota`
 * rows: the completes from the (surveyId, status) index, the starts from the partial index of
 * Started rows by start time, so neither a long history nor old abandoned starts are read.
 */
function quotaFullSql(survey: string): Prisma.Sql {
  const s = Prisma.raw(`${survey}.`);
  return Prisma.sql`(SELECT count(*) FROM (
      (SELECT 1 FROM "Assignment" held WHERE held."surveyId" = ${s}"id" AND held."status" = ${complete}::smallint LIMIT ${s}"quota")
      UNION ALL
      (SELECT 1 FROM "Assignment" held WHERE held."surveyId" = ${s}"id" AND held."status" = ${started}::smallint
         AND ${startStillOpenSql("held", survey)} LIMIT ${s}"quota")
    ) places) >= ${s}"quota"`;
}

/** The condition in SQL, for a Survey row under `alias` (a fixed identifier, never user input). */
export function liveSurveySql(alias: "s"): Prisma.Sql {
  const survey = Prisma.raw(`${alias}.`);
  // CASE, not AND: the quota is counted only for a survey that closes when it is full.
  return Prisma.sql`(${survey}"launched" AND ${survey}"closedAt" IS NULL AND ${survey}"archivedAt" IS NULL
    AND (${survey}"closesAt" IS NULL OR ${survey}"closesAt" > (now() AT TIME ZONE 'UTC'))
    AND CASE WHEN ${survey}"closeWhenQuotaFull" AND ${survey}"quota" IS NOT NULL
      THEN NOT ${quotaFullSql(alias)} ELSE TRUE END)`;
}

/** Whether the survey is live now (false when there is no such survey). */
export async function isSurveyLive(db: Tx, surveyId: number): Promise<boolean> {
  const [row] = await db.$queryRaw<{ live: boolean }[]>`
    SELECT ${liveSurveySql("s")} AS "live" FROM "Survey" s WHERE s."id" = ${surveyId}`;
  return row?.live ?? false;
}

/**
 * The places of a survey's quota held now by assignments other than `except`: its completes and
 * its starts still within their window. Counted under the survey's row lock by the callers that
 * admit a start or a complete.
 */
export async function placesHeld(db: Tx, surveyId: number, except: number | null = null): Promise<number> {
  const other = except === null ? Prisma.empty : Prisma.sql`AND a."id" <> ${except}`;
  const [{ count }] = await db.$queryRaw<{ count: number }[]>`
    SELECT ((SELECT count(*) FROM "Assignment" a WHERE a."surveyId" = s."id" AND a."status" = ${complete}::smallint ${other})
          + (SELECT count(*) FROM "Assignment" a WHERE a."surveyId" = s."id" AND a."status" = ${started}::smallint
               AND ${startStillOpenSql("a", "s")} ${other}))::int AS "count"
    FROM "Survey" s WHERE s."id" = ${surveyId}`;
  return count;
}

/**
 * Where a Started assignment stands against its survey's close: `open` while its start is within
 * the survey's length plus the grace period (it holds a place and may finish after a close), and
 * `pastClose` once the survey's close date has passed and its start is not within that window (a
 * start with no time recorded counts as outside it).
 */
export async function startWindow(db: Tx, assignmentId: number): Promise<{ open: boolean; pastClose: boolean }> {
  const [row] = await db.$queryRaw<{ open: boolean | null; closed: boolean }[]>`
    SELECT ${startStillOpenSql("a", "s")} AS "open",
           (s."closesAt" IS NOT NULL AND s."closesAt" <= (now() AT TIME ZONE 'UTC')) AS "closed"
    FROM "Assignment" a JOIN "Survey" s ON s."id" = a."surveyId"
    WHERE a."id" = ${assignmentId}`;
  const open = row?.open === true;
  return { open, pastClose: Boolean(row?.closed) && !open };
}

/**
 * A screener is offered for new surveys and assignments while it is neither closed nor archived
 * (decision 056); what already uses it keeps it.
 */
export const OFFERED_SCREENER_WHERE = { closedAt: null, archivedAt: null } satisfies Prisma.ScreenerWhereInput;

/** What the survey page says about closing (decision 062). */
export interface SurveyClosing {
  live: boolean;
  /** ISO, UTC; null without a close date. */
  closesAt: string | null;
  closesAtPassed: boolean;
  closeWhenQuotaFull: boolean;
  quota: number | null;
  /** Places of the quota held now; null without a quota. */
  placesHeld: number | null;
  graceMinutes: number;
}

export async function surveyClosing(
  db: Tx,
  survey: { id: number; closesAt: Date | null; closeWhenQuotaFull: boolean; quota: number | null },
): Promise<SurveyClosing> {
  const [live, held] = await Promise.all([
    isSurveyLive(db, survey.id),
    survey.quota === null ? null : placesHeld(db, survey.id),
  ]);
  return {
    live,
    closesAt: survey.closesAt?.toISOString() ?? null,
    closesAtPassed: survey.closesAt !== null && survey.closesAt <= new Date(),
    closeWhenQuotaFull: survey.closeWhenQuotaFull,
    quota: survey.quota,
    placesHeld: held,
    graceMinutes: surveyGraceMinutes(),
  };
}
