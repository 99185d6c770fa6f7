import type { Prisma } from "~/generated/prisma/client";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { badRequest } from "~/lib/http.server";
import { readIntent } from "~/lib/forms.server";
import { getPrisma, type Tx } from "~/lib/db.server";
import type { Answers, QuestionnaireDefinition } from "~/questionnaire/definition";
import { parseAnswers } from "~/questionnaire/schema";
import {
  definitionThrough,
  firstPageWithError,
  mergePage,
  PAGE_FIELD,
  pageToShow,
  STEP_INTENTS,
  type StepIntent,
} from "~/questionnaire/steps";

// Answer drafts (issue 21 point 3, docs/decisions/075-answer-drafts.md): the pages of a hosted
// survey or a profile questionnaire a member has answered so far, saved on the server at each
// Next, so that a dropped connection or a discarded tab loses nothing and the member resumes on
// the first page not yet saved, from any browser. One draft per member and questionnaire.
//
// A draft lives until the questionnaire is submitted (deleted in the submit's transaction), the
// survey's assignment ends (deleted in the ending's transaction, whatever the outcome), or it has
// not been saved for DRAFT_KEEP_DAYS; the daily job purges those and the drafts of assignments
// that ended elsewhere (an admin's pause is not an end: the draft waits for the survey to resume).

/** Days a draft is kept after its last save. */
export const DRAFT_KEEP_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whose draft: a member's, of a questionnaire; a hosted survey's belongs to the assignment being answered. */
export interface DraftOwner {
  memberId: number;
  questionnaireId: number;
  /** The hosted survey's assignment; null for a profile questionnaire. */
  assignmentId: number | null;
}

export interface AnswerDraft {
  answers: Answers;
  /** How many pages, from the first, are saved: the page the member resumes on. */
  pagesSaved: number;
}

function isAnswers(value: unknown): value is Answers {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The member's draft of the questionnaire, or null: none, too old, or one of another assignment
 * (an earlier take of the survey, never resumed into a new one).
 */
export async function loadDraft(db: Tx, owner: DraftOwner, now = new Date()): Promise<AnswerDraft | null> {
  const row = await db.answerDraft.findUnique({
    where: { memberId_questionnaireId: { memberId: owner.memberId, questionnaireId: owner.questionnaireId } },
    select: { answers: true, pagesSaved: true, assignmentId: true, updatedAt: true },
  });
  if (!row || row.assignmentId !== owner.assignmentId) return null;
  if (now.getTime() - row.updatedAt.getTime() > DRAFT_KEEP_DAYS * DAY_MS) return null;
  if (!isAnswers(row.answers)) return null;
  return { answers: row.answers, pagesSaved: row.pagesSaved };
}

/** Saves the member's draft of the questionnaire, replacing the one before (of any assignment). */
export async function saveDraft(db: Tx, owner: DraftOwner, draft: AnswerDraft): Promise<void> {
  const answers = draft.answers as Prisma.InputJsonObject;
  await db.answerDraft.upsert({
    where: { memberId_questionnaireId: { memberId: owner.memberId, questionnaireId: owner.questionnaireId } },
    create: { ...owner, answers, pagesSaved: draft.pagesSaved },
    update: { assignmentId: owner.assignmentId, answers, pagesSaved: draft.pagesSaved },
  });
}

/** Deletes the member's draft of the questionnaire (it has been submitted). */
export async function deleteDraft(db: Tx, owner: Pick<DraftOwner, "memberId" | "questionnaireId">): Promise<void> {
  await db.answerDraft.deleteMany({ where: { memberId: owner.memberId, questionnaireId: owner.questionnaireId } });
}

/** Deletes the draft of a survey's assignment (it has ended, or can no longer be finished). */
export async function deleteAssignmentDrafts(db: Tx, assignmentId: number): Promise<void> {
  await db.answerDraft.deleteMany({ where: { assignmentId } });
}

/**
 * The daily clean-up: drafts not saved for DRAFT_KEEP_DAYS, and drafts of assignments that are no
 * longer Started nor Paused (ended by a path that does not go through endAssignment). Returns how
 * many were deleted.
 */
export async function purgeStaleDrafts(db: Tx, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DRAFT_KEEP_DAYS * DAY_MS);
  const { count } = await db.answerDraft.deleteMany({
    where: {
      OR: [
        { updatedAt: { lt: before } },
        { assignment: { status: { notIn: [ASSIGNMENT_STATUS.started, ASSIGNMENT_STATUS.paused] } } },
      ],
    },
  });
  return count;
}

/** What a step form's page needs from the server: the page to show and the saved pages' answers. */
export interface Steps {
  page: number;
  saved: Answers;
}

/**
 * The step form's state for the member: where they resume (the first page not yet saved), or the
 * saved page the address asks for (`?page=`, when they went Back), and the saved answers.
 */
export async function stepsFor(
  owner: DraftOwner,
  definition: QuestionnaireDefinition,
  askedPage: string | null,
): Promise<Steps> {
  const draft = await loadDraft(getPrisma(), owner);
  return { page: pageToShow(definition, draft?.pagesSaved ?? 0, askedPage), saved: draft?.answers ?? {} };
}

export type StepResult =
  /** Not a step form's post (no page named): the whole questionnaire was posted, as a one-page form posts it. */
  | { kind: "whole" }
  /** A page was saved (Next), or the member goes back (Previous): show this page. */
  | { kind: "moved"; page: number }
  /** The page was refused (or conform only validated it): show this page with the messages. */
  | { kind: "refused"; page: number; submission: ReturnType<typeof parseAnswers> }
  /** The last page's Submit: every page valid, these are the answers to store. */
  | { kind: "submit"; answers: Answers };

/**
 * One post of a step form. Next validates the posted page with the pages before it (carried as
 * hidden inputs) and saves them into the draft; Previous saves the page when it is valid and goes
 * back either way; Submit validates every page and hands the answers over, leaving the draft to
 * the caller's submit (a refused submit keeps it). A post that names no page is not a step and
 * changes nothing here.
 */
export async function takeStep(
  formData: FormData,
  definition: QuestionnaireDefinition,
  owner: DraftOwner,
): Promise<StepResult> {
  const posted = formData.get(PAGE_FIELD);
  if (posted === null) return { kind: "whole" };
  const last = definition.pages.length - 1;
  const page = typeof posted === "string" && /^\d{1,4}$/.test(posted) ? Number(posted) : -1;
  if (page < 0 || page > last) throw badRequest("This page of the questionnaire does not exist. Reload the page.");
  let intent: StepIntent = readIntent(formData, STEP_INTENTS, { whenMissing: page === last ? "submit" : "next" });
  // Enter on a page that is not the last (or an old tab of a longer questionnaire) moves on.
  if (intent === "submit" && page !== last) intent = "next";

  if (intent === "submit") {
    const submission = parseAnswers(formData, definition);
    if (submission.status !== "success") {
      return { kind: "refused", page: firstPageWithError(definition, submission.error) ?? page, submission };
    }
    return { kind: "submit", answers: submission.value };
  }

  const submission = parseAnswers(formData, definitionThrough(definition, page));
  if (submission.status === "success") {
    await getPrisma().$transaction(async (tx) => {
      const saved = await loadDraft(tx, owner);
      await saveDraft(tx, owner, {
        answers: mergePage(definition, page, saved?.answers ?? {}, submission.value),
        pagesSaved: Math.max(saved?.pagesSaved ?? 0, page + 1),
      });
    });
  }
  if (intent === "previous") return { kind: "moved", page: Math.max(0, page - 1) };
  if (submission.status !== "success") {
    return { kind: "refused", page: firstPageWithError(definition, submission.error) ?? page, submission };
  }
  return { kind: "moved", page: Math.min(page + 1, last) };
}
