import type { Prisma } from "~/generated/prisma/client";
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

const availableWhere = (memberId: number): Prisma.AssignmentWhereInput => ({
  memberId,
  status: { in: STARTABLE_STATUSES },
  survey: { launched: true },
});

/**
 * The member's available surveys, newest assignment first, 10 a page. One query for the page
 * (survey and category joined by Prisma in the same round of queries, never one per row) and
 * one count; both use the index on (memberId, status, createdAt).
 */
export async function listAvailableSurveys(memberId: number, page: number): Promise<Paged<AvailableSurvey>> {
  const prisma = getPrisma();
  const where = availableWhere(memberId);
  return paged(
    page,
    () => prisma.assignment.count({ where }),
    async (skip) => {
      const rows = await prisma.assignment.findMany({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        skip,
        take: MEMBER_SURVEY_PAGE_SIZE,
        select: {
          id: true,
          points: true,
          openedAt: true,
          survey: {
            select: {
              id: true,
              name: true,
              descriptionHtml: true,
              lengthMinutes: true,
              category: { select: { name: true } },
            },
          },
        },
      });
      return rows.map((row) => ({
        assignmentId: row.id,
        surveyId: row.survey.id,
        name: row.survey.name,
        category: row.survey.category.name,
        descriptionHtml: row.survey.descriptionHtml,
        points: row.points,
        minutes: row.survey.lengthMinutes,
        isNew: row.openedAt === null,
      }));
    },
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
        reward: Math.max(0, row.pointsLedger.reduce((sum, entry) => sum + entry.change, 0)),
      }));
    },
  );
}
