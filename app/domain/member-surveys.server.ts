import { Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { ASSIGNMENT_STATUS } from "./assignment-status";

// The member's side of survey delivery: the surveys they can take now (dashboard and /survey)
// and the ones they have finished (survey history). See docs/decisions/022-member-surveys.md.

export const MEMBER_SURVEY_PAGE_SIZE = 10;

/**
 * Open assignments a member can start: Assigned and Started. Paused (7) is open too (it keeps
 * the one-open-per-survey index) but cannot be started, so it is not offered.
 */
const STARTABLE_STATUSES = [ASSIGNMENT_STATUS.assigned, ASSIGNMENT_STATUS.started];

/** Ended assignments: every status but the open ones. */
const ENDED_STATUSES = [
  ASSIGNMENT_STATUS.complete,
  ASSIGNMENT_STATUS.rejectedTerm,
  ASSIGNMENT_STATUS.notAllowed,
  ASSIGNMENT_STATUS.rejected,
];

export interface AvailableSurvey {
  assignmentId: number;
  surveyId: number;
  name: string;
  category: string;
  descriptionHtml: string;
  /** The assignment's points: an admin may assign a survey for other points than its own. */
  points: number;
  minutes: number;
  /** The 'new' mark: the member has not opened the survey yet. */
  isNew: boolean;
}

export interface Paged<T> {
  rows: T[];
  page: number;
  pageCount: number;
  total: number;
}

/**
 * One page of rows and the total, as two queries in parallel. A page beyond the last (an old
 * link after surveys ended) shows the last page rather than an empty one.
 */
async function paged<T>(
  page: number,
  count: () => Promise<number>,
  rows: (skip: number) => Promise<T[]>,
): Promise<Paged<T>> {
  const size = MEMBER_SURVEY_PAGE_SIZE;
  const [total, first] = await Promise.all([count(), rows((page - 1) * size)]);
  const pageCount = Math.max(1, Math.ceil(total / size));
  if (page <= pageCount) return { rows: first, page, pageCount, total };
  return { rows: await rows((pageCount - 1) * size), page: pageCount, pageCount, total };
}

/**
 * Past this many available surveys the pages stop: the count behind the page links reads at most
 * this many rows, so a member holding thousands of open assignments costs the same as one holding
 * a hundred pages' worth, and no one pages through more than a hundred pages of surveys.
 */
export const AVAILABLE_SURVEYS_SHOWN = 100 * MEMBER_SURVEY_PAGE_SIZE;

/**
 * The member's available surveys, newest assignment first, 10 a page, with survey and category
 * joined in the same statement. Both statements walk the index on ("memberId", "createdAt" DESC,
 * "id" DESC) INCLUDE ("status", "surveyId") in the page's order: the page stops after its rows
 * (a sort of every open assignment, as the ORM's separate queries needed, cost 25 ms for a member
 * with 7,000), and the count stops at AVAILABLE_SURVEYS_SHOWN. See docs/performance.md.
 */
export async function listAvailableSurveys(memberId: number, page: number): Promise<Paged<AvailableSurvey>> {
  const prisma = getPrisma();
  const open = Prisma.join(STARTABLE_STATUSES.map((status) => Prisma.sql`${status}::smallint`));
  return paged(
    page,
    async () => {
      const [{ count }] = await prisma.$queryRaw<{ count: bigint | number }[]>`
        SELECT count(*) AS "count" FROM (
          SELECT 1 FROM "Assignment" a JOIN "Survey" s ON s."id" = a."surveyId" AND s."launched"
          WHERE a."memberId" = ${memberId}::int AND a."status" IN (${open})
          LIMIT ${AVAILABLE_SURVEYS_SHOWN}::int
        ) AS shown`;
      return Number(count);
    },
    (skip) => prisma.$queryRaw<AvailableSurvey[]>`
      SELECT a."id" AS "assignmentId", s."id" AS "surveyId", s."name", c."name" AS "category", s."descriptionHtml",
             a."points", s."lengthMinutes" AS "minutes", a."openedAt" IS NULL AS "isNew"
      FROM "Assignment" a
      JOIN "Survey" s ON s."id" = a."surveyId" AND s."launched"
      JOIN "SurveyCategory" c ON c."id" = s."categoryId"
      WHERE a."memberId" = ${memberId}::int AND a."status" IN (${open})
      ORDER BY a."createdAt" DESC, a."id" DESC
      LIMIT ${MEMBER_SURVEY_PAGE_SIZE}::int OFFSET ${skip}::int`,
  );
}

export interface SurveyHistoryRow {
  /** Position in the whole history, 1 for the newest (the spec's index column). */
  index: number;
  assignmentId: number;
  /** When the assignment ended; its last change for rows ended before endedAt was kept. */
  date: string;
  surveyId: number;
  /** Points the ledger credited for it, net of any reversal; 0 when none. */
  reward: number;
}

/**
 * The member's ended assignments, most recently ended first, 10 a page. The reward is read from
 * the ledger (the entries linked to the assignment), not derived from the status: it is what the
 * member was actually paid, and a reversed completion shows as 0.
 */
export async function listSurveyHistory(memberId: number, page: number): Promise<Paged<SurveyHistoryRow>> {
  const prisma = getPrisma();
  const where: Prisma.AssignmentWhereInput = { memberId, status: { in: ENDED_STATUSES } };
  return paged(
    page,
    () => prisma.assignment.count({ where }),
    async (skip) => {
      const rows = await prisma.assignment.findMany({
        where,
        orderBy: [{ endedAt: { sort: "desc", nulls: "last" } }, { id: "desc" }],
        skip,
        take: MEMBER_SURVEY_PAGE_SIZE,
        select: {
          id: true,
          surveyId: true,
          endedAt: true,
          updatedAt: true,
          pointsLedger: {
            where: { type: { in: ["survey_completion", "completion_reversal"] } },
            select: { change: true },
          },
        },
      });
      return rows.map((row, position) => ({
        index: skip + position + 1,
        assignmentId: row.id,
        date: (row.endedAt ?? row.updatedAt).toISOString(),
        surveyId: row.surveyId,
        reward: Math.max(
          0,
          row.pointsLedger.reduce((sum, entry) => sum + entry.change, 0),
        ),
      }));
    },
  );
}
