import type { Tx } from "~/lib/db.server";
import type { Answers, QuestionnaireDefinition } from "~/questionnaire/definition";
import { ASSIGNMENT_STATUS } from "./assignment-status";
import { raiseSignal } from "./quality-signals.server";
import { failedAttentionCheck, straightAnswerPages } from "./survey-quality";

// The quality signals of survey responses (issue 20 point 1, docs/decisions/071-survey-quality-checks.md),
// raised in the transaction that ends the assignment: speeders and straight answers on a complete
// (flagged, still credited), a failed attention check on a quality termination. Each signal's
// subject is the assignment, so one response raises each kind at most once.

/** The speeder rule needs this many earlier completes with a length before their median means anything. */
export const SPEEDER_MIN_COMPLETES = 10;
/** A complete shorter than the median divided by this is a speeder's. */
export const SPEEDER_FRACTION = 3;

export const assignmentSubject = (assignmentId: number) => `assignment:${assignmentId}`;

interface EndedAssignment {
  id: number;
  surveyId: number;
  memberId: number;
}

async function surveyName(tx: Tx, surveyId: number): Promise<string> {
  return (await tx.survey.findUniqueOrThrow({ where: { id: surveyId }, select: { name: true } })).name;
}

/**
 * The median length of the survey's other completes, in seconds, and how many there are: one
 * aggregate over the survey's completes (the (surveyId, status) index finds them).
 */
export async function completeLengths(
  tx: Tx,
  surveyId: number,
  exceptAssignmentId: number,
): Promise<{ count: number; median: number | null }> {
  const [row] = await tx.$queryRaw<{ count: number; median: number | null }[]>`
    SELECT count(*)::int AS "count",
      percentile_cont(0.5) WITHIN GROUP (ORDER BY "loiSeconds")::float8 AS "median"
    FROM "Assignment"
    WHERE "surveyId" = ${surveyId} AND "status" = ${ASSIGNMENT_STATUS.complete}
      AND "loiSeconds" IS NOT NULL AND "id" <> ${exceptAssignmentId}`;
  return { count: row.count, median: row.median === null ? null : Number(row.median) };
}

/**
 * A complete has just been recorded with its length of interview: stores the length, and raises
 * `speeder` when it is under a third of the median of at least SPEEDER_MIN_COMPLETES earlier
 * completes, and `straight_answers` when a page of a hosted survey was answered in a straight line.
 */
export async function recordCompleteQuality(
  tx: Tx,
  assignment: EndedAssignment,
  loiSeconds: number | null,
  answers?: { definition?: QuestionnaireDefinition; values: Answers },
): Promise<void> {
  if (loiSeconds !== null) {
    await tx.assignment.update({ where: { id: assignment.id }, data: { loiSeconds } });
  }
  const lengths = loiSeconds === null ? null : await completeLengths(tx, assignment.surveyId, assignment.id);
  const speeder =
    loiSeconds !== null &&
    lengths !== null &&
    lengths.median !== null &&
    lengths.count >= SPEEDER_MIN_COMPLETES &&
    loiSeconds < lengths.median / SPEEDER_FRACTION;
  const flatPages = answers?.definition ? straightAnswerPages(answers.definition, answers.values) : [];
  if (!speeder && flatPages.length === 0) return;

  const survey = { surveyId: assignment.surveyId, surveyName: await surveyName(tx, assignment.surveyId) };
  const subject = assignmentSubject(assignment.id);
  if (speeder) {
    await raiseSignal(tx, {
      memberId: assignment.memberId,
      kind: "speeder",
      subject,
      evidence: { ...survey, assignmentId: assignment.id, seconds: loiSeconds, medianSeconds: lengths.median! },
    });
  }
  if (flatPages.length > 0) {
    await raiseSignal(tx, {
      memberId: assignment.memberId,
      kind: "straight_answers",
      subject,
      evidence: { ...survey, assignmentId: assignment.id, questionCodes: flatPages[0] },
    });
  }
}

/** A hosted survey has just ended as a quality termination: raises `attention_check` with the failed question. */
export async function recordFailedCheck(
  tx: Tx,
  assignment: EndedAssignment,
  answers: { definition: QuestionnaireDefinition; values: Answers },
): Promise<void> {
  const failed = failedAttentionCheck(answers.definition, answers.values);
  await raiseSignal(tx, {
    memberId: assignment.memberId,
    kind: "attention_check",
    subject: assignmentSubject(assignment.id),
    evidence: {
      surveyId: assignment.surveyId,
      surveyName: await surveyName(tx, assignment.surveyId),
      assignmentId: assignment.id,
      ...(failed ? { questionCode: failed.key } : {}),
    },
  });
}
