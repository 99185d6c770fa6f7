import { Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { ASSIGNMENT_STATUS } from "./assignment-status";
import { liveSurveySql } from "./survey-live.server";
import { audiencesOfMemberSql } from "./audiences.server";
import { historyOutcome, historyReward } from "./survey-history";

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
  /** The survey is the row's key: a member holds at most one open assignment of a survey. */
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
 * The member's available surveys, 10 a page, newest first: the union of their open explicit
 * assignments and the live audiences they match now and hold no assignment of
 * (audiences.server.ts), with survey and category joined, and the total for the page links, in one
 * statement: the union is worked out once and serves both the count and the page.
 *
 * The assignments side walks the index on ("memberId", "createdAt" DESC, "id" DESC) INCLUDE
 * ("status", "surveyId") in the page's order and stops after AVAILABLE_SURVEYS_SHOWN open rows (a
 * member with 10,000 open assignments reads a thousand, not 10,000); the audiences side is at most
 * one row per live audience. The count stops at AVAILABLE_SURVEYS_SHOWN. An audience survey is dated
 * by its audience, and keeps that date once opened (its assignment row takes it), so opening a
 * survey never moves it. A page beyond the last (an old link after surveys ended) shows the last
 * page rather than an empty one. See docs/performance.md.
 */
export async function listAvailableSurveys(memberId: number, page: number): Promise<Paged<AvailableSurvey>> {
  const size = MEMBER_SURVEY_PAGE_SIZE;
  const first = await availablePage(memberId, (page - 1) * size);
  const pageCount = Math.max(1, Math.ceil(first.total / size));
  if (page <= pageCount) return { rows: first.rows, page, pageCount, total: first.total };
  const last = await availablePage(memberId, (pageCount - 1) * size);
  return { rows: last.rows, page: pageCount, pageCount, total: last.total };
}

type AvailableRow = { [Key in keyof AvailableSurvey]: AvailableSurvey[Key] | null } & { total: bigint | number };

/** One page from `skip` and the capped total; the total's row is there even when the page is empty. */
async function availablePage(memberId: number, skip: number): Promise<{ rows: AvailableSurvey[]; total: number }> {
  // Literals, not parameters: a plan made for any member (PostgreSQL's generic plan) can then use an
  // index limited to these statuses (docs/performance.md, "Audiences (issue 17)").
  const open = Prisma.raw(STARTABLE_STATUSES.join(", "));
  const found = await getPrisma().$queryRaw<AvailableRow[]>`
    WITH shown AS MATERIALIZED (
      (SELECT a."surveyId", a."points", a."createdAt", a."id" AS "order", a."openedAt" IS NULL AS "isNew"
       FROM "Assignment" a JOIN "Survey" s ON s."id" = a."surveyId" AND ${liveSurveySql("s")}
       WHERE a."memberId" = ${memberId}::int AND a."status" IN (${open})
       ORDER BY a."createdAt" DESC, a."id" DESC
       LIMIT ${AVAILABLE_SURVEYS_SHOWN}::int)
      UNION ALL
      (SELECT x."surveyId", x."points", x."createdAt", 0 AS "order", TRUE AS "isNew"
       FROM (${audiencesOfMemberSql(memberId)}) x)
    )
    SELECT p.*, counted."total"
    FROM (SELECT count(*) AS "total" FROM (SELECT 1 FROM shown LIMIT ${AVAILABLE_SURVEYS_SHOWN}::int) capped) counted
    LEFT JOIN LATERAL (
      SELECT u."surveyId", s."name", c."name" AS "category", s."descriptionHtml",
             u."points", s."lengthMinutes" AS "minutes", u."isNew"
      FROM shown u
      JOIN "Survey" s ON s."id" = u."surveyId"
      JOIN "SurveyCategory" c ON c."id" = s."categoryId"
      ORDER BY u."createdAt" DESC, u."order" DESC, u."surveyId" DESC
      LIMIT ${MEMBER_SURVEY_PAGE_SIZE}::int OFFSET ${skip}::int
    ) p ON TRUE`;
  const rows = found.flatMap(({ total: _total, ...row }) => (row.surveyId === null ? [] : [row as AvailableSurvey]));
  return { rows, total: Number(found[0]?.total ?? 0) };
}

export interface SurveyHistoryRow {
  /** Position in the whole history, 1 for the newest (the spec's index column). */
  index: number;
  assignmentId: number;
  /** When the assignment ended; its last change for rows ended before endedAt was kept. */
  date: string;
  surveyId: number;
  /** The survey's name, as its cards on the dashboard show it. */
  surveyName: string;
  /** Points the ledger credited for it, net of any reversal; 0 when none. */
  reward: number;
  /** What the figure alone would hide (a compensation, a reversal, an appeal), one line per entry. */
  rewardNotes: string[];
  /** How it ended, in the member's words (decisions 073 and 077). */
  outcome: string;
  /** Why it ended so, or why its reward was taken back or withheld; null when the outcome says it. */
  reason: string | null;
  /** A quality termination the member may appeal. */
  appealEvent: { kind: "quality_termination"; subjectId: number } | null;
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
          survey: { select: { name: true } },
          endedAt: true,
          updatedAt: true,
          status: true,
          outcome: true,
          pointsLedger: {
            // A granted appeal returns a reversal's points as the complete's re-credit (a
            // survey_completion), a quality termination's under the source "appeal:…" (decision 073);
            // a screen-out's compensation (decision 063) is what the member was paid for it too.
            where: {
              OR: [
                { type: { in: ["survey_completion", "completion_reversal", "screenout_compensation"] } },
                { source: { startsWith: "appeal:" } },
              ],
            },
            orderBy: { id: "asc" },
            select: { change: true, type: true, status: true, source: true, remark: true },
          },
        },
      });
      return rows.map((row, position) => {
        const ended = historyOutcome(row.status, row.outcome);
        const { reward, notes } = historyReward(row.pointsLedger);
        const reversal = row.pointsLedger.findLast((entry) => entry.type === "completion_reversal");
        return {
          index: skip + position + 1,
          assignmentId: row.id,
          date: (row.endedAt ?? row.updatedAt).toISOString(),
          surveyId: row.surveyId,
          surveyName: row.survey.name,
          reward,
          rewardNotes: notes,
          outcome: ended.outcome,
          reason: reversal?.remark ?? ended.reason,
          appealEvent: row.outcome === "quality" ? { kind: "quality_termination" as const, subjectId: row.id } : null,
        };
      });
    },
  );
}
