import type { Tx } from "~/lib/db.server";
import { ASSIGNMENT_STATUS } from "./assignment-status";
import { liveSurveySql } from "./survey-live.server";

// The figures on the admin dashboard, read in one round trip: each card is a sub-select, none is
// a query per row, and none counts the whole member table.

export interface DashboardFigures {
  pendingWithdrawals: number;
  membersTotal: number;
  membersVerified: number;
  membersNewThisWeek: number;
  surveysLive: number;
  completesThisWeek: number;
  pointsOutstanding: number;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const COMPLETE = ASSIGNMENT_STATUS.complete;

export async function getDashboardFigures(prisma: Tx, now = new Date()): Promise<DashboardFigures> {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  // Totals come from the trigger-kept PanelCounter rows; the week's figures count recent rows only,
  // through the createdAt and (status, endedAt) indexes.
  const [row] = await prisma.$queryRaw<Record<keyof DashboardFigures, bigint>[]>`
    SELECT totals.*,
           (SELECT count(*) FROM "Member" WHERE "createdAt" >= ${weekAgo}) AS "membersNewThisWeek",
           (SELECT count(*) FROM "WithdrawalRequest" WHERE "status" = 'pending') AS "pendingWithdrawals",
           (SELECT count(*) FROM "Survey" s WHERE ${liveSurveySql("s")}) AS "surveysLive",
           (SELECT count(*) FROM "Assignment" WHERE "status" = ${COMPLETE} AND "endedAt" >= ${weekAgo}) AS "completesThisWeek"
    FROM (SELECT coalesce(sum("value") FILTER (WHERE "name" = 'members_total'), 0)::bigint AS "membersTotal",
                 coalesce(sum("value") FILTER (WHERE "name" = 'members_verified'), 0)::bigint AS "membersVerified",
                 coalesce(sum("value") FILTER (WHERE "name" = 'points_outstanding'), 0)::bigint AS "pointsOutstanding"
          FROM "PanelCounter" WHERE "name" IN ('members_total', 'members_verified', 'points_outstanding')) AS totals`;
  return {
    pendingWithdrawals: Number(row.pendingWithdrawals),
    membersTotal: Number(row.membersTotal),
    membersVerified: Number(row.membersVerified),
    membersNewThisWeek: Number(row.membersNewThisWeek),
    surveysLive: Number(row.surveysLive),
    completesThisWeek: Number(row.completesThisWeek),
    pointsOutstanding: Number(row.pointsOutstanding),
  };
}
