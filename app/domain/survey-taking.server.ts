import type { AssignmentOutcome } from "~/generated/prisma/client";
import { getEnv } from "~/lib/env.server";
import { getPrisma, type Tx } from "~/lib/db.server";
import type { Answers, QuestionnaireDefinition } from "~/questionnaire/definition";
import { loadQuestionnaire, saveResponse } from "~/questionnaire/storage.server";
import { deleteAssignmentDrafts } from "./answer-drafts.server";
import { ASSIGNMENT_STATUS, type AssignmentStatus } from "./assignment-status";
import { openAudienceSurvey } from "./audiences.server";
import { creditPoints } from "./ledger.server";
import { hostedSurveyPath, maxScreenOutPoints, TOKEN_PLACEHOLDER } from "./survey-catalogue-schema";
import { RETURN_STATUSES, verifyReturnUrlWithSecrets, type ReturnStatus } from "./survey-return-links.server";
import { isSurveyLive, placesHeld, startWindow } from "./survey-live.server";
import { recordCompleteQuality, recordFailedCheck } from "./survey-quality.server";

// Taking a survey: starting it, ending it (a hosted submit or a vendor's return link) and paying
// for a complete. See docs/decisions/023-survey-taking.md.
//
// The assignment's status is a small state machine. Every move is one conditional
//   UPDATE "Assignment" SET status = <to> … WHERE id = … AND status IN (<from>)
// so of two concurrent requests only one can move it: the second waits on the first one's row
// lock, re-checks the WHERE against the committed row (READ COMMITTED) and updates nothing.
// A move that updated nothing is the answer "not allowed from the status it has now".
//
//   start        1 Assigned            → 2 Started
//   complete     2 Started             → 3 Complete       (outcome complete, points credited)
//   terminate    2 Started             → 4 Rejected term  (outcome terminate)
//   over_quota   1 Assigned, 2 Started → 5 Not Allowed    (outcome over_quota; at start or at the end)
//   quality      2 Started             → 6 Rejected       (outcome quality)
//   security     2 Started             → 6 Rejected       (outcome security: a return link with a bad signature)
//
// The pre-screener's failure (1/2 → 5) lives with the pre-screener; admins' pause, reassign and
// delete live with the assignments. Every other move is refused.

const { assigned, started, complete, rejectedTerm, notAllowed, rejected, paused } = ASSIGNMENT_STATUS;

export const TRANSITIONS = {
  start: { from: [assigned], to: started, outcome: null },
  complete: { from: [started], to: complete, outcome: "complete" },
  terminate: { from: [started], to: rejectedTerm, outcome: "terminate" },
  over_quota: { from: [assigned, started], to: notAllowed, outcome: "over_quota" },
  quality: { from: [started], to: rejected, outcome: "quality" },
  security: { from: [started], to: rejected, outcome: "security" },
} as const satisfies Record<
  string,
  { from: readonly AssignmentStatus[]; to: AssignmentStatus; outcome: AssignmentOutcome | null }
>;

export type TransitionName = keyof typeof TRANSITIONS;

export interface MovedAssignment {
  id: number;
  surveyId: number;
  memberId: number;
  status: AssignmentStatus;
  points: number;
  startedAt: Date | null;
  endedAt: Date | null;
}

/**
 * Moves an assignment along one transition, or returns null (changing nothing) when its status is
 * not one the transition starts from. Starting stamps startedAt (and openedAt, the dashboard's
 * 'new' mark, if still unset); every ending stamps endedAt and the outcome, so that the time spent
 * is endedAt − startedAt.
 */
export async function applyTransition(
  db: Tx,
  assignmentId: number,
  name: TransitionName,
): Promise<MovedAssignment | null> {
  const { from, to, outcome } = TRANSITIONS[name];
  const fromList = [...from];
  const rows =
    outcome === null
      ? await db.$queryRaw<MovedAssignment[]>`
          UPDATE "Assignment" SET "status" = ${to},
            "startedAt" = now() AT TIME ZONE 'UTC',
            "openedAt" = COALESCE("openedAt", now() AT TIME ZONE 'UTC'),
            "updatedAt" = now() AT TIME ZONE 'UTC'
          WHERE "id" = ${assignmentId} AND "status" = ANY(${fromList}::int[])
          RETURNING "id", "surveyId", "memberId", "status"::int AS "status", "points", "startedAt", "endedAt"`
      : await db.$queryRaw<MovedAssignment[]>`
          UPDATE "Assignment" SET "status" = ${to},
            "outcome" = ${outcome}::"AssignmentOutcome",
            "endedAt" = now() AT TIME ZONE 'UTC',
            "updatedAt" = now() AT TIME ZONE 'UTC'
          WHERE "id" = ${assignmentId} AND "status" = ANY(${fromList}::int[])
          RETURNING "id", "surveyId", "memberId", "status"::int AS "status", "points", "startedAt", "endedAt"`;
  return rows[0] ?? null;
}

// ——— Starting ———

export type StartResult =
  | { kind: "not_found" }
  | { kind: "ended"; status: AssignmentStatus; assignmentId: number }
  | { kind: "paused" }
  | { kind: "not_launched" }
  | { kind: "unavailable" }
  | { kind: "screener"; path: string }
  | { kind: "over_quota" }
  /** Every place of the quota is held by members taking the survey now; nothing changed (decision 062). */
  | { kind: "places_taken" }
  | { kind: "go"; url: string };

/**
 * What /survey/start/{surveyId} does for a member: checks the assignment, the launch, the
 * screener and the quota, marks the assignment Started (again is fine) and says where to go.
 */
export async function startSurvey(memberId: number, surveyId: number): Promise<StartResult> {
  const assignment = await findNewestAssignment(memberId, surveyId);
  if (!assignment) return { kind: "not_found" };
  const status = assignment.status as AssignmentStatus;
  // At most one open assignment per survey and member, so the newest row is the one that counts.
  if (status === paused) return { kind: "paused" };
  if (status !== assigned && status !== started) return { kind: "ended", status, assignmentId: assignment.id };
  const { survey } = assignment;
  const prisma = getPrisma();
  // A member inside the survey may come back for it (a second window, a lost tab) while their start
  // holds its place, even once the survey has closed (decision 062).
  const comingBack = status === started && (await startWindow(prisma, assignment.id)).open;
  if (!comingBack && !(await isSurveyLive(prisma, surveyId))) return { kind: "not_launched" };
  const target = destination(survey, assignment.respondentToken);
  if (!target) return { kind: "unavailable" };
  if ((assignment.screenerId ?? survey.screenerId) !== null && assignment.screenedAt === null) {
    return { kind: "screener", path: `/prescreener/${surveyId}` };
  }

  return prisma.$transaction(async (tx): Promise<StartResult> => {
    if (survey.quota !== null && status === assigned) {
      // The quota's admission: the survey's row is locked (FOR NO KEY UPDATE, which does not block
      // the key-share locks of assignments being inserted) before the places are counted, so of
      // members starting at once for the last place one gets it and the others count it held.
      const [locked] = await tx.$queryRaw<{ quota: number | null }[]>`
        SELECT "quota" FROM "Survey" WHERE "id" = ${surveyId} FOR NO KEY UPDATE`;
      if (locked.quota !== null) {
        if ((await completes(tx, surveyId)) >= locked.quota) {
          if (await applyTransition(tx, assignment.id, "over_quota")) return { kind: "over_quota" };
        } else if ((await placesHeld(tx, surveyId, assignment.id)) >= locked.quota) {
          // Held by starts that may still end or expire: refused for now, the assignment kept.
          return { kind: "places_taken" };
        }
      }
    }
    if (await applyTransition(tx, assignment.id, "start")) {
      return { kind: "go", url: target };
    }
    // Not moved: already Started (starting again just sends the member on, for a second window
    // or a lost tab), or paused or ended by a concurrent request a moment ago.
    const now = await tx.assignment.findUniqueOrThrow({ where: { id: assignment.id }, select: { status: true } });
    const current = now.status as AssignmentStatus;
    if (current === started) return { kind: "go", url: target };
    return current === paused ? { kind: "paused" } : { kind: "ended", status: current, assignmentId: assignment.id };
  });
}

/**
 * The member's newest assignment of the survey. Without one, a survey of an audience the member
 * matches is opened now: its assignment is written (first open) and read back.
 */
async function findNewestAssignment(memberId: number, surveyId: number) {
  const find = () =>
    getPrisma().assignment.findFirst({
      where: { memberId, surveyId },
      orderBy: { id: "desc" },
      select: {
        id: true,
        status: true,
        screenerId: true,
        screenedAt: true,
        respondentToken: true,
        survey: {
          select: {
            delivery: true,
            slug: true,
            questionnaireId: true,
            externalUrl: true,
            screenerId: true,
            quota: true,
          },
        },
      },
    });
  const found = await find();
  if (found) return found;
  await openAudienceSurvey(memberId, surveyId);
  return find();
}

function destination(
  survey: { delivery: "hosted" | "external"; slug: string; questionnaireId: number | null; externalUrl: string | null },
  respondentToken: string,
): string | null {
  if (survey.delivery === "hosted") return survey.questionnaireId === null ? null : hostedSurveyPath(survey.slug);
  if (!survey.externalUrl?.includes(TOKEN_PLACEHOLDER)) return null;
  return survey.externalUrl.replaceAll(TOKEN_PLACEHOLDER, encodeURIComponent(respondentToken));
}

async function completes(db: Tx, surveyId: number): Promise<number> {
  const [{ count }] = await db.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS "count" FROM "Assignment" WHERE "surveyId" = ${surveyId} AND "status" = ${complete}`;
  return count;
}

// ——— Ending ———

export type EndResult =
  /**
   * Ended with the outcome; points is what was credited: a complete's reward, or a screen-out's or
   * over quota's compensation (decision 063); 0 when nothing was.
   */
  | { ok: true; outcome: AssignmentOutcome; status: AssignmentStatus; points: number }
  /**
   * The quota filled up while the member was in the survey: 5 Not Allowed, no reward; points is
   * the survey's screen-out compensation credited for it (decision 063), 0 when it has none.
   */
  | { ok: false; reason: "over_quota"; points: number }
  /**
   * A complete after the survey's close date from a start older than the survey's length plus the
   * grace period (decision 062): refused, nothing changed, nothing credited.
   */
  | { ok: false; reason: "too_late" }
  /** Not Started (any more): nothing changed. */
  | { ok: false; reason: "not_started"; status: AssignmentStatus };

class AlreadySubmitted extends Error {}

/**
 * Ends a Started assignment with an outcome, in one transaction. A complete is paid: the
 * assignment's points go to the ledger in the same transaction as the move to 3 Complete, under
 * the source "assignment:{id}:complete", so it is paid once however often it is sent. A hosted
 * survey's answers come along and are stored in that transaction too.
 *
 * The quota: a survey with one locks its row (FOR NO KEY UPDATE, which does not block the key-share
 * locks of assignments being inserted) before counting its completes, so two members completing
 * for the last place queue: the first gets it, the second counts a full quota and ends over quota.
 * A member whose start still holds its place (decision 062) is over quota only when the completes
 * alone fill it; one whose start expired counts the places others hold too, so a late complete
 * never takes the place of a member admitted after it expired. Surveys without a quota take no
 * lock, so their completes never wait on each other.
 *
 * The close date: a complete after it counts only from a start within the survey's length plus the
 * grace period; a later one is refused ("too_late") and changes nothing.
 *
 * Quality (decision 071): a complete stores its length of interview (the vendor's `loiSeconds`
 * when its callback reported one, else its own timing) and raises speeder and straight-answers
 * signals; a hosted survey's quality termination stores its answers too and raises the failed
 * attention check. Both in this transaction.
 *
 * The answer draft of a hosted survey (decision 075) is deleted in this transaction too, whatever
 * the outcome: an assignment that ends, or can no longer be ended, is never resumed.
 */
export async function endAssignment(
  assignmentId: number,
  outcome: Exclude<TransitionName, "start">,
  answers?: { questionnaireId: number; values: Answers; definition?: QuestionnaireDefinition },
  report: { loiSeconds?: number | null } = {},
): Promise<EndResult> {
  try {
    return await getPrisma().$transaction(async (tx): Promise<EndResult> => {
      await deleteAssignmentDrafts(tx, assignmentId);
      const notStarted = async (): Promise<EndResult> => {
        const row = await tx.assignment.findUniqueOrThrow({ where: { id: assignmentId }, select: { status: true } });
        return { ok: false, reason: "not_started", status: row.status as AssignmentStatus };
      };
      if (outcome !== "complete") {
        const moved = await applyTransition(tx, assignmentId, outcome);
        if (!moved) return notStarted();
        if (outcome === "quality" && answers?.definition) {
          await storeAnswers(tx, moved, answers);
          await recordFailedCheck(tx, moved, { definition: answers.definition, values: answers.values });
        }
        return { ok: true, outcome, status: moved.status, points: await creditCompensation(tx, moved, outcome) };
      }

      const assignment = await tx.assignment.findUniqueOrThrow({
        where: { id: assignmentId },
        select: { surveyId: true, status: true, survey: { select: { quota: true, closesAt: true } } },
      });
      const { quota, closesAt } = assignment.survey;
      const timing = quota !== null || closesAt !== null ? await startWindow(tx, assignmentId) : null;
      if (timing?.pastClose && assignment.status === started) return { ok: false, reason: "too_late" };
      if (quota !== null) {
        const [locked] = await tx.$queryRaw<{ quota: number | null }[]>`
          SELECT "quota" FROM "Survey" WHERE "id" = ${assignment.surveyId} FOR NO KEY UPDATE`;
        const taken =
          locked.quota === null
            ? 0
            : timing?.open
              ? await completes(tx, assignment.surveyId)
              : await placesHeld(tx, assignment.surveyId, assignmentId);
        if (locked.quota !== null && taken >= locked.quota) {
          const moved = await applyTransition(tx, assignmentId, "over_quota");
          if (!moved) return notStarted();
          return { ok: false, reason: "over_quota", points: await creditCompensation(tx, moved, "over_quota") };
        }
      }

      const moved = await applyTransition(tx, assignmentId, "complete");
      if (!moved) return notStarted();
      if (answers) await storeAnswers(tx, moved, answers);
      await recordCompleteQuality(tx, moved, report.loiSeconds ?? timedLength(moved), answers);
      if (moved.points <= 0) return { ok: true, outcome, status: complete, points: 0 };
      const survey = await tx.survey.findUniqueOrThrow({ where: { id: moved.surveyId }, select: { name: true } });
      const credit = await creditPoints(tx, {
        memberId: moved.memberId,
        points: moved.points,
        type: "survey_completion",
        source: `assignment:${assignmentId}:complete`,
        remark: `Survey completed: ${survey.name}`,
        assignmentId,
      });
      return { ok: true, outcome, status: complete, points: credit.ok ? moved.points : 0 };
    });
  } catch (error) {
    if (error instanceof AlreadySubmitted) {
      return { ok: false, reason: "not_started", status: complete };
    }
    throw error;
  }
}

// ——— Screen-out compensation (decision 063) ———

/** The outcomes inside a survey that a survey's screen-out compensation is paid for. */
export const COMPENSATED_OUTCOMES = ["terminate", "over_quota"] as const;

/** The ledger source of an assignment's screen-out compensation: one per assignment, ever. */
export const compensationSource = (assignmentId: number) => `assignment:${assignmentId}:screenout`;

/**
 * Credits the survey's screen-out compensation for an assignment that has just ended as a
 * screen-out or over quota, in the transaction that ended it; returns the points credited.
 * Only a member who was inside the survey is compensated: the assignment was started (an over
 * quota at the start, before the member saw the survey, pays nothing; a pre-screener failure never
 * comes here). The amount is the survey's screenOutPoints, never more than a fifth of the reward
 * this assignment offered (the editor's bound applies to the survey's points; an assignment may
 * offer fewer). The source is unique, so a replay or a race credits it once.
 */
async function creditCompensation(
  tx: Tx,
  moved: MovedAssignment,
  outcome: Exclude<TransitionName, "start">,
): Promise<number> {
  if (!(COMPENSATED_OUTCOMES as readonly string[]).includes(outcome) || moved.startedAt === null) return 0;
  const survey = await tx.survey.findUniqueOrThrow({
    where: { id: moved.surveyId },
    select: { name: true, screenOutPoints: true },
  });
  const points = Math.min(survey.screenOutPoints, maxScreenOutPoints(moved.points));
  if (points <= 0) return 0;
  const credit = await creditPoints(tx, {
    memberId: moved.memberId,
    points,
    type: "screenout_compensation",
    source: compensationSource(moved.id),
    remark:
      outcome === "terminate"
        ? `Thank you for your time: you did not qualify for "${survey.name}"`
        : `Thank you for your time: "${survey.name}" was already full`,
    assignmentId: moved.id,
  });
  return credit.ok ? points : 0;
}

/** What an assignment's screen-out compensation was: the points credited, 0 when none. */
export async function compensationOf(db: Tx, assignmentId: number): Promise<number> {
  const entry = await db.pointsTransaction.findUnique({
    where: { source: compensationSource(assignmentId) },
    select: { change: true },
  });
  return entry?.change ?? 0;
}

/** The screen-out compensation a survey has paid so far: points in all, and to how many members. */
export async function compensationPaid(surveyId: number): Promise<{ total: number; members: number }> {
  const [row] = await getPrisma().$queryRaw<{ total: bigint | number; members: number }[]>`
    SELECT coalesce(sum(p."change"), 0) AS "total", count(DISTINCT p."memberId")::int AS "members"
    FROM "PointsTransaction" p JOIN "Assignment" a ON a."id" = p."assignmentId"
    WHERE a."surveyId" = ${surveyId} AND p."type" = 'screenout_compensation'`;
  return { total: Number(row.total), members: row.members };
}

/** A hosted survey's answers, stored with the assignment that has just ended. */
async function storeAnswers(tx: Tx, moved: MovedAssignment, answers: { questionnaireId: number; values: Answers }) {
  const saved = await saveResponse(tx, {
    questionnaireId: answers.questionnaireId,
    memberId: moved.memberId,
    assignmentId: moved.id,
    answers: answers.values,
  });
  // Cannot happen while the status moved just now, unless a response was stored outside
  // this module; undo the move rather than pay for an assignment answered twice.
  if (!saved.ok) throw new AlreadySubmitted();
}

/** An ended assignment's own length in whole seconds, from its start to its end. */
function timedLength(moved: MovedAssignment): number | null {
  if (!moved.startedAt || !moved.endedAt) return null;
  return Math.max(0, Math.round((moved.endedAt.getTime() - moved.startedAt.getTime()) / 1000));
}

// ——— The hosted survey ———

export type HostedSurveyState =
  | { kind: "not_found" }
  | { kind: "start"; surveyId: number }
  | { kind: "paused" }
  /** Started, but the survey's close date passed and the time allowed to finish with it (decision 062). */
  | { kind: "too_late" }
  | { kind: "open"; assignmentId: number; questionnaireId: number; definition: QuestionnaireDefinition }
  | { kind: "ended"; status: AssignmentStatus; outcome: AssignmentOutcome | null; points: number };

export interface HostedSurvey {
  id: number;
  name: string;
  points: number;
  lengthMinutes: number;
  questionnaireId: number;
}

/** A hosted survey by slug and where this member stands in it; null for any other slug. */
export async function findHostedSurvey(
  memberId: number,
  slug: string,
): Promise<{ survey: HostedSurvey; state: HostedSurveyState } | null> {
  const prisma = getPrisma();
  const survey = await prisma.survey.findUnique({
    where: { slug },
    select: { id: true, name: true, points: true, lengthMinutes: true, delivery: true, questionnaireId: true },
  });
  if (!survey || survey.delivery !== "hosted" || survey.questionnaireId === null) return null;
  const assignment = await prisma.assignment.findFirst({
    where: { memberId, surveyId: survey.id },
    orderBy: { id: "desc" },
    select: { id: true, status: true, outcome: true, points: true },
  });
  const hosted: HostedSurvey = {
    id: survey.id,
    name: survey.name,
    points: assignment?.points ?? survey.points,
    lengthMinutes: survey.lengthMinutes,
    questionnaireId: survey.questionnaireId,
  };
  return { survey: hosted, state: await hostedState(survey.id, survey.questionnaireId, assignment) };
}

async function hostedState(
  surveyId: number,
  questionnaireId: number,
  assignment: { id: number; status: number; outcome: AssignmentOutcome | null; points: number } | null,
): Promise<HostedSurveyState> {
  if (!assignment) return { kind: "not_found" };
  const status = assignment.status as AssignmentStatus;
  // Not started yet: through the start page, which checks launch, screener and quota first.
  if (status === assigned) return { kind: "start", surveyId };
  if (status === paused) return { kind: "paused" };
  if (status !== started) {
    // The points the ended page names: the reward of a complete, or what a screen-out was compensated.
    const points = status === complete ? assignment.points : await compensationOf(getPrisma(), assignment.id);
    return { kind: "ended", status, outcome: assignment.outcome, points };
  }
  if ((await startWindow(getPrisma(), assignment.id)).pastClose) {
    // The survey can no longer be finished: its saved pages go (decision 075).
    await deleteAssignmentDrafts(getPrisma(), assignment.id);
    return { kind: "too_late" };
  }
  const stored = await loadQuestionnaire(getPrisma(), questionnaireId);
  // Deleted a moment ago (the survey's questionnaireId is then set to null): nothing to answer.
  if (!stored) return { kind: "not_found" };
  return { kind: "open", assignmentId: assignment.id, questionnaireId, definition: stored.definition };
}

// ——— The vendor's return link ———

export type ReturnResult =
  /** No assignment has this token, or the link has none: nothing changed. */
  | { kind: "unknown" }
  /** The token is another member's: nothing changed. */
  | { kind: "other_member" }
  /** The assignment is not Started (a replayed link, or one before the start): nothing changed. */
  | { kind: "not_started"; status: AssignmentStatus }
  /** The signature is wrong: the assignment ends as 6 Rejected with outcome security. */
  | { kind: "security" }
  /** Signed, but not a status this panel knows: nothing changed. */
  | { kind: "bad_status" }
  /**
   * A signed complete of a survey that requires the vendor's server callback (decision 060): nothing
   * changed, the callback will end it.
   */
  | { kind: "awaiting_callback"; surveyName: string }
  /** The same signed complete after the callback confirmed it: the points it credited. */
  | { kind: "confirmed"; points: number }
  | { kind: "ended"; result: EndResult; surveyName: string };

const MAX_TOKEN_LENGTH = 200;
// The database refuses a NUL in text; no token of ours has control characters, so none is looked up.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;

/**
 * Handles a vendor's return link as the member's browser brought it. `path` is the request's path
 * and query; the signature is checked against APP_URL's origin with them (decision 020), since
 * behind a proxy the request's own origin is not the one the vendor signed.
 */
export async function recordReturn(memberId: number, path: string): Promise<ReturnResult> {
  const publicUrl = `${new URL(getEnv().APP_URL).origin}${path}`;
  const params = new URL(publicUrl).searchParams;
  const token = params.get("token");
  if (!token || token.length > MAX_TOKEN_LENGTH || CONTROL_CHARACTER.test(token)) return { kind: "unknown" };
  const assignment = await getPrisma().assignment.findUnique({
    where: { respondentToken: token },
    select: {
      id: true,
      memberId: true,
      status: true,
      points: true,
      survey: {
        select: {
          name: true,
          returnSecret: true,
          previousReturnSecret: true,
          previousSecretExpiresAt: true,
          requireCallback: true,
        },
      },
    },
  });
  if (!assignment) return { kind: "unknown" };
  // Checked before the signature: a signed-in member can never end someone else's assignment,
  // not even as a security outcome, by pasting a token that is not theirs.
  if (assignment.memberId !== memberId) return { kind: "other_member" };
  const { requireCallback } = assignment.survey;
  if (assignment.status !== started) {
    // The member comes back to the 'confirming' page's link after the callback: say what it credited.
    const confirmed =
      requireCallback &&
      assignment.status === complete &&
      params.get("status") === "complete" &&
      verifyReturnUrlWithSecrets(publicUrl, assignment.survey);
    if (confirmed) return { kind: "confirmed", points: assignment.points };
    return { kind: "not_started", status: assignment.status as AssignmentStatus };
  }

  if (!verifyReturnUrlWithSecrets(publicUrl, assignment.survey)) {
    const result = await endAssignment(assignment.id, "security");
    if (result.ok) return { kind: "security" };
    // A concurrent request ended it a moment earlier; then this link changed nothing.
    return { kind: "not_started", status: result.reason === "not_started" ? result.status : notAllowed };
  }
  const status = params.get("status");
  if (!isReturnStatus(status)) return { kind: "bad_status" };
  // The browser alone does not pay for a complete of such a survey; its other statuses pay nothing anyway.
  if (status === "complete" && requireCallback)
    return { kind: "awaiting_callback", surveyName: assignment.survey.name };
  const result = await endAssignment(assignment.id, status);
  return { kind: "ended", result, surveyName: assignment.survey.name };
}

function isReturnStatus(value: string | null): value is ReturnStatus {
  return (RETURN_STATUSES as readonly (string | null)[]).includes(value);
}
