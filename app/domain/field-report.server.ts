import { getPrisma } from "~/lib/db.server";
import { ASSIGNMENT_STATUS } from "./assignment-status";
import { countAudience } from "./audiences.server";
import { isSurveyLive, placesHeld } from "./survey-live.server";

// How a survey is doing in the field (issue 19 point 3, docs/decisions/059-field-report.md), for
// hosted and external surveys alike: every figure comes from the Assignment rows of the survey and
// the ledger entries linked to them. A report costs a fixed number of queries whatever the survey's
// size: the survey, one aggregate over its assignments (counts with FILTER, the length-of-interview
// percentiles with percentile_cont), one over its ledger entries, one GROUP BY day for the chart,
// and the audience's match count when it has an audience.

const { complete, notAllowed, paused } = ASSIGNMENT_STATUS;

/** Days of the completes-per-day chart, today (UTC) included. */
export const FIELD_REPORT_DAYS = 30;

export interface FieldCounts {
  /** Members holding an assignment of the survey: assigned explicitly, or from its audience when they opened it. */
  assigned: number;
  opened: number;
  /** Failed the pre-screener: 5 Not Allowed without an outcome (the vendor never saw them). */
  prescreenedOut: number;
  started: number;
  /** Started and not ended yet: 2 Started. */
  inProgress: number;
  completes: number;
  screenOuts: number;
  overQuota: number;
  quality: number;
  security: number;
  paused: number;
}

export interface FieldReport {
  survey: { id: number; name: string; delivery: "hosted" | "external"; live: boolean; quota: number | null };
  counts: FieldCounts;
  /**
   * The quota's places held now (decision 062): the completes plus the starts still in progress
   * within the survey's length and the grace period (of counts.inProgress, those not expired).
   */
  placesHeld: { completes: number; inProgress: number };
  /** The audience's members matching it now (countAudience), or null when the survey has no audience. */
  matchingNow: number | null;
  /** completes ÷ (completes + screen-outs), 0 to 1; null when both are 0. */
  incidence: number | null;
  /** Length of interview of the completes, in seconds; null without a complete that has both times. */
  loi: { median: number | null; p90: number | null };
  /**
   * From the ledger: points credited to the survey's assignments for completes (first credits and
   * reconciliation's re-credits), points taken back from them, and screen-out compensation
   * (decision 063), kept apart from paid so that paid stays what the completes cost.
   */
  points: { paid: number; reversed: number; compensation: number };
  /** The last FIELD_REPORT_DAYS days (UTC), oldest first, every day present. */
  completesPerDay: { day: string; completes: number }[];
  /** When the figures were read (ISO, UTC). */
  asOf: string;
}

interface AssignmentFigures extends FieldCounts {
  loiMedian: number | null;
  loiP90: number | null;
}

/** The survey's field report, or null when there is no such survey. `now` fixes "today" for tests. */
export async function loadFieldReport(surveyId: number, { now = new Date() } = {}): Promise<FieldReport | null> {
  const prisma = getPrisma();
  const survey = await prisma.survey.findUnique({
    where: { id: surveyId },
    select: {
      id: true,
      name: true,
      delivery: true,
      quota: true,
      country: true,
      audience: { select: { surveyId: true } },
      demographicTargets: { select: { questionId: true, optionId: true } },
    },
  });
  if (!survey) return null;

  const [figures] = await prisma.$queryRaw<AssignmentFigures[]>`
    SELECT
      count(DISTINCT "memberId")::int AS "assigned",
      count(*) FILTER (WHERE "openedAt" IS NOT NULL)::int AS "opened",
      count(*) FILTER (WHERE "status" = ${notAllowed} AND "outcome" IS NULL)::int AS "prescreenedOut",
      count(*) FILTER (WHERE "startedAt" IS NOT NULL)::int AS "started",
      count(*) FILTER (WHERE "status" = ${ASSIGNMENT_STATUS.started})::int AS "inProgress",
      count(*) FILTER (WHERE "status" = ${complete})::int AS "completes",
      count(*) FILTER (WHERE "outcome" = 'terminate')::int AS "screenOuts",
      count(*) FILTER (WHERE "outcome" = 'over_quota')::int AS "overQuota",
      count(*) FILTER (WHERE "outcome" = 'quality')::int AS "quality",
      count(*) FILTER (WHERE "outcome" = 'security')::int AS "security",
      count(*) FILTER (WHERE "status" = ${paused})::int AS "paused",
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM "endedAt" - "startedAt")::float8)
        FILTER (WHERE "status" = ${complete} AND "startedAt" IS NOT NULL AND "endedAt" IS NOT NULL) AS "loiMedian",
      percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM "endedAt" - "startedAt")::float8)
        FILTER (WHERE "status" = ${complete} AND "startedAt" IS NOT NULL AND "endedAt" IS NOT NULL) AS "loiP90"
    FROM "Assignment"
    WHERE "surveyId" = ${survey.id}`;

  const [ledger] = await prisma.$queryRaw<
    { paid: bigint | number; reversed: bigint | number; compensation: bigint | number }[]
  >`
    SELECT
      coalesce(sum(p."change") FILTER (WHERE p."change" > 0 AND p."type" <> 'screenout_compensation'), 0) AS "paid",
      coalesce(-sum(p."change") FILTER (WHERE p."change" < 0), 0) AS "reversed",
      coalesce(sum(p."change") FILTER (WHERE p."type" = 'screenout_compensation'), 0) AS "compensation"
    FROM "PointsTransaction" p
    JOIN "Assignment" a ON a."id" = p."assignmentId"
    WHERE a."surveyId" = ${survey.id}`;

  const days = lastDays(now, FIELD_REPORT_DAYS);
  const perDay = await prisma.$queryRaw<{ day: string; completes: number }[]>`
    SELECT to_char("endedAt", 'YYYY-MM-DD') AS "day", count(*)::int AS "completes"
    FROM "Assignment"
    WHERE "surveyId" = ${survey.id} AND "status" = ${complete}
      AND "endedAt" >= ${days[0]}::date AND "endedAt" < ${days[days.length - 1]}::date + 1
    GROUP BY 1`;
  const byDay = new Map(perDay.map((row) => [row.day, row.completes]));

  const [live, held] = await Promise.all([isSurveyLive(prisma, survey.id), placesHeld(prisma, survey.id)]);
  const matchingNow = survey.audience ? await countAudience(survey.country, survey.demographicTargets) : null;

  const { loiMedian, loiP90, ...counts } = figures;
  const judged = counts.completes + counts.screenOuts;
  return {
    survey: {
      id: survey.id,
      name: survey.name,
      delivery: survey.delivery,
      live,
      quota: survey.quota,
    },
    counts,
    placesHeld: { completes: figures.completes, inProgress: Math.max(0, held - figures.completes) },
    matchingNow,
    incidence: judged === 0 ? null : counts.completes / judged,
    loi: { median: seconds(loiMedian), p90: seconds(loiP90) },
    points: { paid: Number(ledger.paid), reversed: Number(ledger.reversed), compensation: Number(ledger.compensation) },
    completesPerDay: days.map((day) => ({ day, completes: byDay.get(day) ?? 0 })),
    asOf: now.toISOString(),
  };
}

/** The `count` UTC days ending with now's, as YYYY-MM-DD, oldest first. */
function lastDays(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, index) =>
    new Date(today - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Whole seconds, rounded; percentile_cont interpolates between two lengths. */
function seconds(value: number | null): number | null {
  return value === null ? null : Math.round(Number(value));
}
