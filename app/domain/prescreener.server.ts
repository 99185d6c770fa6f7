import type { SubmissionResult } from "@conform-to/react";
import { getPrisma } from "~/lib/db.server";
import { readIntent } from "~/lib/forms.server";
import {
  allQuestions,
  type Answers,
  type QuestionDefinition,
  type QuestionnaireDefinition,
} from "~/questionnaire/definition";
import { parseAnswers } from "~/questionnaire/schema";
import { definitionThrough, firstPageWithError, PAGE_FIELD, postedPage } from "~/questionnaire/steps";
import { loadQuestionnaire, saveResponse } from "~/questionnaire/storage.server";
import { ASSIGNMENT_STATUS, OPEN_STATUSES, type AssignmentStatus } from "./assignment-status";
import { openAudienceSurvey } from "./audiences.server";
import { CONFIRM_REQUIRED, type FormValues } from "./prescreener";
import { evaluateScreener } from "./screener-rules";
import { loadScreenerRules } from "./screeners.server";
import { isSurveyLive } from "./survey-live.server";

// The pre-screener (/prescreener/{survey}): the screener of a member's open assignment, answered
// once, page by page through the server so that it works without JavaScript, then judged against
// the screener's rules in the same transaction that stores the answers.
// See docs/decisions/022-member-surveys.md.

export type Prescreener =
  /** No open assignment of this survey with a screener (or someone else's survey): 'Something went wrong'. */
  | { state: "missing" }
  | { state: "passed"; surveyId: number; title: string }
  | { state: "failed"; surveyId: number; title: string }
  | {
      state: "form";
      surveyId: number;
      title: string;
      assignmentId: number;
      definition: QuestionnaireDefinition;
      /** Answers to the same questions in the member's profile questionnaires, as form values. */
      prefill: FormValues;
    };

const isOpen = (status: number) => OPEN_STATUSES.includes(status as AssignmentStatus);

/**
 * What the pre-screener of a survey shows this member. The open assignment decides; without one,
 * the latest ended assignment whose screener was answered shows its result again, so a member who
 * failed sees that rather than a form to try once more.
 */
export async function loadPrescreener(memberId: number, surveyId: number): Promise<Prescreener> {
  const prisma = getPrisma();
  // A member has at most a handful of assignments of one survey (reassignments after an end).
  const find = () =>
    prisma.assignment.findMany({
      where: { memberId, surveyId },
      orderBy: { id: "desc" },
      take: 20,
      select: {
        id: true,
        status: true,
        screenedAt: true,
        openedAt: true,
        screener: { select: { questionnaireId: true } },
        responses: { select: { questionnaireId: true } },
        survey: { select: { name: true, screener: { select: { questionnaireId: true } } } },
      },
    });
  let assignments = await find();
  // None: a survey of an audience the member matches is opened here (its first open writes the row).
  if (assignments.length === 0) {
    await openAudienceSurvey(memberId, surveyId);
    assignments = await find();
  }
  const open = assignments.find((assignment) => isOpen(assignment.status));
  const current = open ?? assignments[0];
  if (!current) return { state: "missing" };
  const screener = current.screener ?? current.survey.screener;
  if (!screener) return { state: "missing" };
  const title = current.survey.name;
  const answered = current.responses.some((response) => response.questionnaireId === screener.questionnaireId);

  if (current.screenedAt) return { state: "passed", surveyId, title };
  if (!open) {
    return answered && current.status === ASSIGNMENT_STATUS.notAllowed
      ? { state: "failed", surveyId, title }
      : { state: "missing" };
  }
  // Paused surveys cannot be started, so neither can their screener; a survey that is not live
  // (unlaunched, closed, archived, past its close date, its quota full) is withdrawn from members.
  if (open.status === ASSIGNMENT_STATUS.paused || answered || !(await isSurveyLive(prisma, surveyId))) {
    return { state: "missing" };
  }

  const stored = await loadQuestionnaire(prisma, screener.questionnaireId);
  if (!stored) return { state: "missing" };
  const [prefill] = await Promise.all([
    profilePrefill(memberId, stored.definition),
    // Opening the screener is opening the survey: the dashboard's 'new' mark goes.
    open.openedAt
      ? null
      : prisma.assignment.updateMany({ where: { id: open.id, openedAt: null }, data: { openedAt: new Date() } }),
  ]);
  return { state: "form", surveyId, title, assignmentId: open.id, definition: stored.definition, prefill };
}

/**
 * The member's answers to profile questions with the same keys as the screener's, as form
 * values, kept only where they fit the screener's question (its type, its options). One query
 * for every key; where two profile questionnaires share a key, the later response wins.
 */
export async function profilePrefill(memberId: number, definition: QuestionnaireDefinition): Promise<FormValues> {
  const questions = new Map(allQuestions(definition).map((question) => [question.key, question]));
  const rows = await getPrisma().answer.findMany({
    where: {
      memberId,
      question: { key: { in: [...questions.keys()] }, questionnaire: { kind: "profile" } },
      response: { assignmentId: null },
    },
    orderBy: { id: "asc" },
    select: {
      responseId: true,
      valueText: true,
      valueNumber: true,
      valueBool: true,
      question: { select: { key: true } },
      option: { select: { value: true } },
    },
  });
  const latest = new Map<string, number>();
  for (const row of rows) latest.set(row.question.key, Math.max(latest.get(row.question.key) ?? 0, row.responseId));
  const values: FormValues = {};
  for (const row of rows) {
    const key = row.question.key;
    const question = questions.get(key);
    if (!question || row.responseId !== latest.get(key)) continue;
    const value = prefillValue(question, row);
    if (value !== null) values[key] = [...(values[key] ?? []), value];
  }
  for (const [key, chosen] of Object.entries(values)) {
    const question = questions.get(key);
    // One answer for everything but a checkbox group; an empty switch is simply off.
    if (question && question.type !== "checkbox" && chosen.length > 1) delete values[key];
  }
  return values;
}

function prefillValue(
  question: QuestionDefinition,
  row: {
    valueText: string | null;
    valueNumber: { toNumber(): number } | null;
    valueBool: boolean | null;
    option: { value: string } | null;
  },
): string | null {
  switch (question.type) {
    case "radio":
    case "select":
    case "checkbox":
      return row.option && question.options.some((option) => option.value === row.option?.value)
        ? row.option.value
        : null;
    case "text":
    case "paragraph":
      return row.valueText;
    case "number":
      return row.valueNumber === null ? null : String(row.valueNumber.toNumber());
    case "switch":
      return row.valueBool ? "on" : null;
  }
}

const MAX_CARRIED_LENGTH = 5000;

/** Every question's posted non-empty strings, bounded, whatever page they came from. */
function postedValues(definition: QuestionnaireDefinition, formData: FormData): FormValues {
  const values: FormValues = {};
  for (const question of allQuestions(definition)) {
    const strings = formData
      .getAll(question.key)
      .filter((value): value is string => typeof value === "string" && value !== "")
      .slice(0, question.options.length + 1)
      .map((value) => value.slice(0, MAX_CARRIED_LENGTH));
    if (strings.length > 0) values[question.key] = strings;
  }
  return values;
}

export type PrescreenerStep =
  | {
      kind: "page";
      page: number;
      values: FormValues;
      /** conform's reply, with the messages of the page shown; null when moving on cleanly. */
      result: SubmissionResult<string[]> | null;
      confirmError: string | null;
    }
  | { kind: "submit"; answers: Answers };

/**
 * What a post of the pre-screener asks for. Previous always moves back; Next checks the pages up
 * to this one (earlier pages come along as hidden inputs) and moves on; Submit (or no button, as
 * Enter sends in some browsers) checks every page, shows the first with a message, and requires the
 * confirmation. Any other intent is a 400.
 */
export function prescreenerStep(definition: QuestionnaireDefinition, formData: FormData): PrescreenerStep {
  const page = postedPage(definition, formData.get(PAGE_FIELD));
  const intent = readIntent(formData, ["previous", "next", "submit"], { whenMissing: "submit" });
  const values = postedValues(definition, formData);
  const last = definition.pages.length - 1;
  if (intent === "previous")
    return { kind: "page", page: Math.max(0, page - 1), values, result: null, confirmError: null };
  const checked = intent === "next" ? definitionThrough(definition, page) : definition;
  const submission = parseAnswers(formData, checked);
  if (submission.status !== "success") {
    const shown = firstPageWithError(definition, submission.error) ?? page;
    return { kind: "page", page: shown, values, result: submission.reply(), confirmError: null };
  }
  if (intent === "next")
    return { kind: "page", page: Math.min(last, page + 1), values, result: null, confirmError: null };
  if (formData.get("confirmed") !== "on") {
    return { kind: "page", page: last, values, result: null, confirmError: CONFIRM_REQUIRED };
  }
  return { kind: "submit", answers: submission.value };
}

export type SubmitPrescreenerResult =
  { ok: true; passed: boolean } | { ok: false; reason: "already_answered" | "not_open" };

/**
 * Stores the member's screener answers and judges them, in one transaction: a pass sets
 * screenedAt, a failure ends the assignment as 5 Not Allowed. The assignment row is locked
 * first, so of two submits at the same moment the second waits, then finds it answered and
 * changes nothing. The outcome stays null: outcomes record what a survey vendor reported, and
 * a screener failure happens before any vendor sees the member.
 */
export async function submitPrescreener(
  memberId: number,
  assignmentId: number,
  answers: Answers,
): Promise<SubmitPrescreenerResult> {
  return getPrisma().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ status: number; screenedAt: Date | null; screenerId: number | null }[]>`
      SELECT a."status", a."screenedAt", COALESCE(a."screenerId", s."screenerId") AS "screenerId"
      FROM "Assignment" a JOIN "Survey" s ON s."id" = a."surveyId"
      WHERE a."id" = ${assignmentId} AND a."memberId" = ${memberId}
      FOR UPDATE OF a`;
    if (!row || row.screenerId === null) return { ok: false, reason: "not_open" } as const;
    if (row.screenedAt) return { ok: false, reason: "already_answered" } as const;
    if (row.status !== ASSIGNMENT_STATUS.assigned && row.status !== ASSIGNMENT_STATUS.started) {
      return {
        ok: false,
        reason: row.status === ASSIGNMENT_STATUS.notAllowed ? "already_answered" : "not_open",
      } as const;
    }
    const screener = await tx.screener.findUniqueOrThrow({
      where: { id: row.screenerId },
      select: { questionnaireId: true },
    });
    const saved = await saveResponse(tx, {
      questionnaireId: screener.questionnaireId,
      memberId,
      assignmentId,
      answers,
    });
    if (!saved.ok) return { ok: false, reason: "already_answered" } as const;
    const stored = await loadQuestionnaire(tx, screener.questionnaireId);
    if (!stored) throw new Error(`Screener ${row.screenerId} has no questionnaire`);
    const result = evaluateScreener(stored.definition, await loadScreenerRules(tx, row.screenerId), answers);
    const now = new Date();
    await tx.assignment.update({
      where: { id: assignmentId },
      data: result.pass ? { screenedAt: now } : { status: ASSIGNMENT_STATUS.notAllowed, endedAt: now },
    });
    return { ok: true, passed: result.pass } as const;
  });
}
