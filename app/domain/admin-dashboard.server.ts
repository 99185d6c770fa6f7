import type { PrismaClient } from "~/generated/prisma/client";

// The figures on the admin dashboard, read in one round trip: each card is a sub-select, none is
// a query per row.

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
/** Assignment status 3 is Complete. */
const COMPLETE = 3;

export async function getDashboardFigures(prisma: PrismaClient, now = new Date()): Promise<DashboardFigures> {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const [row] = await prisma.$queryRaw<Record<keyof DashboardFigures, bigint>[]>`
    SELECT members."membersTotal", members."membersVerified", members."membersNewThisWeek",
           members."pointsOutstanding",
           (SELECT count(*) FROM "WithdrawalRequest" WHERE "status" = 'pending') AS "pendingWithdrawals",
           (SELECT count(*) FROM "Survey" WHERE "launched") AS "surveysLive",
           (SELECT count(*) FROM "Assignment" WHERE "status" = ${COMPLETE} AND "endedAt" >= ${weekAgo}) AS "completesThisWeek"
    FROM (SELECT count(*) AS "membersTotal",
                 count(*) FILTER (WHERE "emailVerifiedAt" IS NOT NULL) AS "membersVerified",
                 count(*) FILTER (WHERE "createdAt" >= ${weekAgo}) AS "membersNewThisWeek",
                 coalesce(sum("pointsBalance"), 0)::bigint AS "pointsOutstanding"
          FROM "Member") AS members`;
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
