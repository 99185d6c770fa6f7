import { randomBytes } from "node:crypto";
import type { Prisma, Admin } from "~/generated/prisma/client";
import { getPrisma, type Tx } from "~/lib/db.server";
import { ASSIGNMENT_STATUS, OPEN_STATUSES, type AssignmentStatus } from "./assignment-status";
import { ASSIGN_MESSAGES } from "./assignment-schema";
import { recordAudit } from "./audit.server";
import { OFFERED_SCREENER_WHERE } from "./survey-live.server";
import { AUDIENCE_CONFIRM_ABOVE, countAudience, saveAudience, type TargetRow } from "./audiences.server";
import { queueInvitations } from "./invitations.server";
import { capDetails, pointsCapError } from "./points-cap.server";

// Survey assignment (the spec's Assign Survey, AllSurveysV2): one survey to one member (a row), to
// every eligible member or to the members who match the survey's demographic targeting (an audience,
// audiences.server.ts: no row per member); reassigning an ended assignment and deleting an open one.
// Every write carries its audit entry in the same transaction. See docs/decisions/021-assignment.md
// and 049-survey-audiences.md.
//
// One assignment queues its invitation mail in the same transaction (invitations.server.ts); an
// audience's invitations are queued by the mail worker. Mail is sent by the worker, never here.

type Actor = Pick<Admin, "id" | "email" | "isSuperAdmin">;

export const ASSIGN_SURVEY_PAGE_SIZE = 12;
export const ASSIGNMENT_PAGE_SIZE = 20;
/** How many screeners the pick offers at most, newest first (the text filter narrows it). */
const MAX_SCREENER_CHOICES = 200;
/** Question types an admin can target: those whose answers are options. */
const TARGETABLE_TYPES = ["radio", "select", "checkbox"] as const;

/** Respondent tokens: opaque, 32 hex digits from Node's CSPRNG, never derived from the member id. */
function newToken(): string {
  return randomBytes(16).toString("hex");
}

// ───────────────────────────── Reading ─────────────────────────────

export interface AssignSurveyCard {
  id: number;
  name: string;
  descriptionHtml: string;
  categoryName: string;
  points: number;
  lengthMinutes: number;
  launched: boolean;
  country: string | null;
  /** Whether the survey has an audience (decision 049). */
  hasAudience: boolean;
}

/** One page of survey cards, newest first; the total rides along as a window count. */
export async function listAssignSurveys(page: number) {
  const rows = await getPrisma().$queryRaw<(AssignSurveyCard & { total: bigint | number })[]>`
    SELECT s."id", s."name", s."descriptionHtml", c."name" AS "categoryName", s."points", s."lengthMinutes",
           s."launched", s."country"::text AS "country",
           EXISTS (SELECT 1 FROM "SurveyAudience" au WHERE au."surveyId" = s."id") AS "hasAudience", count(*) OVER () AS "total"
    FROM "Survey" s JOIN "SurveyCategory" c ON c."id" = s."categoryId"
    ORDER BY s."createdAt" DESC, s."id" DESC
    LIMIT ${ASSIGN_SURVEY_PAGE_SIZE} OFFSET ${(page - 1) * ASSIGN_SURVEY_PAGE_SIZE}`;
  const total = rows.length > 0 ? Number(rows[0].total) : await getPrisma().survey.count();
  return {
    surveys: rows.map(({ total: _total, ...card }): AssignSurveyCard => card),
    total,
    pageCount: Math.max(1, Math.ceil(total / ASSIGN_SURVEY_PAGE_SIZE)),
  };
}

/** A survey as the assign forms need it, with its saved targeting, or null. */
export async function findAssignSurvey(id: number) {
  return getPrisma().survey.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      points: true,
      launched: true,
      country: true,
      screenerId: true,
      demographicTargets: { select: { questionId: true, optionId: true }, orderBy: { id: "asc" } },
    },
  });
}

export type AssignSurvey = NonNullable<Awaited<ReturnType<typeof findAssignSurvey>>>;

/** The screener pick: newest first, narrowed by a case-insensitive title filter. */
export async function listScreenerChoices(filter: string) {
  const rows = await getPrisma().screener.findMany({
    where: {
      ...OFFERED_SCREENER_WHERE,
      ...(filter ? { questionnaire: { title: { contains: filter, mode: "insensitive" } } } : {}),
    },
    orderBy: { id: "desc" },
    take: MAX_SCREENER_CHOICES,
    select: { id: true, questionnaire: { select: { title: true } } },
  });
  return rows.map((row) => ({ id: row.id, title: row.questionnaire.title }));
}

export interface TargetableQuestion {
  id: number;
  label: string;
  questionnaire: string;
  options: { id: number; label: string }[];
}

/**
 * The profile questions a survey can target: the choice questions of the profile questionnaires
 * offered in its country (the built-ins and sets for every country, plus that country's sets); a
 * survey without a country gets the questionnaires offered everywhere. One query.
 */
export async function listTargetableQuestions(
  country: string | null,
  db: Tx = getPrisma(),
): Promise<TargetableQuestion[]> {
  const rows = await db.question.findMany({
    where: {
      type: { in: [...TARGETABLE_TYPES] },
      questionnaire: { profileSurvey: { is: { OR: [{ country: null }, ...(country ? [{ country }] : [])] } } },
    },
    orderBy: [{ questionnaireId: "asc" }, { page: { position: "asc" } }, { position: "asc" }],
    select: {
      id: true,
      label: true,
      questionnaire: { select: { title: true } },
      options: { orderBy: { position: "asc" }, select: { id: true, label: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    questionnaire: row.questionnaire.title,
    options: row.options,
  }));
}

// ───────────────────────────── Assigning ─────────────────────────────

/**
 * One new open assignment, or null when the member already holds an open one of the survey (the
 * partial unique index; skipped rather than raised, which would abort the transaction).
 */
async function insertOne(
  tx: Tx,
  actor: Actor,
  row: { surveyId: number; memberId: number; screenerId: number | null; points: number },
): Promise<number | null> {
  const inserted = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "Assignment" ("surveyId", "memberId", "screenerId", "status", "points", "respondentToken", "assignedById", "createdAt", "updatedAt")
    VALUES (${row.surveyId}::int, ${row.memberId}::int, ${row.screenerId}::int, ${ASSIGNMENT_STATUS.assigned}::smallint, ${row.points}::int, ${newToken()}, ${actor.id}::int, now(), now())
    ON CONFLICT DO NOTHING
    RETURNING "id"`;
  return inserted[0]?.id ?? null;
}

export type AssignFieldErrors = Partial<Record<"screener_id" | "points" | "user", string[]>>;
export type AssignResult = { ok: true; message: string } | { ok: false; fieldErrors: AssignFieldErrors };

function capErrors(actor: Actor, points: number): AssignFieldErrors {
  const message = pointsCapError(actor, points);
  return message ? { points: [message] } : {};
}

async function screenerErrors(screenerId: number | null): Promise<AssignFieldErrors> {
  if (screenerId === null) return {};
  const found = await getPrisma().screener.count({ where: { id: screenerId, ...OFFERED_SCREENER_WHERE } });
  return found ? {} : { screener_id: [ASSIGN_MESSAGES.screenerUnknown] };
}

/**
 * Assigns the survey to one member, chosen by id. An admin's explicit choice overrides targeting
 * (country, answers, verification), but a closed account gets nothing; an open assignment of the
 * same survey is not duplicated and is reported as a field error.
 */
export async function assignSurvey(
  actor: Actor,
  survey: Pick<AssignSurvey, "id" | "name">,
  input: { memberId: number; screenerId: number | null; points: number },
): Promise<AssignResult> {
  const prisma = getPrisma();
  const [member, screener] = await Promise.all([
    prisma.member.findUnique({ where: { id: input.memberId }, select: { status: true } }),
    screenerErrors(input.screenerId),
  ]);
  const fieldErrors: AssignFieldErrors = { ...screener, ...capErrors(actor, input.points) };
  if (!member) fieldErrors.user = [ASSIGN_MESSAGES.userUnknown];
  else if (member.status === "closed") fieldErrors.user = [ASSIGN_MESSAGES.userClosed];
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };

  return prisma.$transaction(async (tx) => {
    const id = await insertOne(tx, actor, { surveyId: survey.id, ...input });
    if (id === null) return { ok: false, fieldErrors: { user: [ASSIGN_MESSAGES.alreadyAssigned] } };
    await queueInvitations(tx, { memberId: input.memberId });
    await recordAudit(tx, {
      admin: actor,
      action: "assignment.created",
      targetType: "assignment",
      targetId: id,
      details: {
        surveyId: survey.id,
        memberId: input.memberId,
        screenerId: input.screenerId,
        points: input.points,
        ...capDetails(input.points),
      },
    });
    return { ok: true, message: `Survey assigned to user ${input.memberId}` };
  });
}

/** What a bulk assign answers: saved (with the message), or the count the admin must confirm first. */
export type AudienceResult =
  { ok: true; message: string } | { ok: "confirm"; count: number } | { ok: false; fieldErrors: AssignFieldErrors };

/**
 * 'Assign to all Users': saves the survey's audience, everyone who matches the survey's country and
 * its saved targeting (so a targeted survey never reaches everyone by a ticked box). Without a
 * confirmed count it counts the audience first and, above AUDIENCE_CONFIRM_ABOVE members, asks.
 */
export async function assignToAll(
  actor: Actor,
  survey: AssignSurvey,
  input: { screenerId: number | null; points: number; confirmedCount: number | null },
): Promise<AudienceResult> {
  const fieldErrors = { ...(await screenerErrors(input.screenerId)), ...capErrors(actor, input.points) };
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  const targets = survey.demographicTargets;
  const confirmedCount = input.confirmedCount ?? (await countAudience(survey.country, targets));
  if (input.confirmedCount === null && confirmedCount > AUDIENCE_CONFIRM_ABOVE)
    return { ok: "confirm", count: confirmedCount };
  const message = await saveAudience(actor, { kind: "all", survey, targets, ...input, confirmedCount });
  return { ok: true, message };
}

export type TargetingErrors = { rows: Record<number, string>; points?: string };

/** A posted targeting row: what the admin picked, possibly incomplete. */
export interface PostedRow {
  questionId: number | null;
  optionId: number | null;
}

/**
 * Checks posted rows against the survey's targetable questions. A row with nothing picked is
 * dropped; a question without an option, or an option of another question, is an error of its row.
 */
export function checkTargetRows(
  rows: readonly PostedRow[],
  questions: readonly TargetableQuestion[],
): { ok: true; targets: TargetRow[] } | { ok: false; errors: Record<number, string> } {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const errors: Record<number, string> = {};
  const targets: TargetRow[] = [];
  rows.forEach((row, index) => {
    if (row.questionId === null && row.optionId === null) return;
    const question = row.questionId === null ? undefined : byId.get(row.questionId);
    if (!question) errors[index] = ASSIGN_MESSAGES.questionUnknown;
    else if (row.optionId === null) errors[index] = ASSIGN_MESSAGES.optionRequired;
    else if (!question.options.some((option) => option.id === row.optionId))
      errors[index] = ASSIGN_MESSAGES.optionUnknown;
    else targets.push({ questionId: question.id, optionId: row.optionId });
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, targets };
}

/** The Preview: the checked rows and how many members they reach, or the rows' errors. */
export async function previewTargeting(survey: AssignSurvey, rows: readonly PostedRow[]) {
  const checked = checkTargetRows(rows, await listTargetableQuestions(survey.country));
  if (!checked.ok) return checked;
  return { ok: true as const, count: await countAudience(survey.country, checked.targets) };
}

export type DemographicsResult =
  { ok: true; message: string } | { ok: "confirm"; count: number } | { ok: false; errors: TargetingErrors };

/**
 * The demographics form's Assign: replaces the survey's targeting with these rows and saves its
 * audience, in one transaction (the targeting is never saved without the audience). Uses the
 * survey's screener. Without a confirmed count it counts first and, above AUDIENCE_CONFIRM_ABOVE
 * members, asks.
 */
export async function assignByDemographics(
  actor: Actor,
  survey: AssignSurvey,
  input: { rows: readonly PostedRow[]; points: number; confirmedCount: number | null },
): Promise<DemographicsResult> {
  const capError = pointsCapError(actor, input.points);
  const checked = checkTargetRows(input.rows, await listTargetableQuestions(survey.country));
  if (!checked.ok || capError) {
    return { ok: false, errors: { rows: checked.ok ? {} : checked.errors, ...(capError ? { points: capError } : {}) } };
  }
  const targets = uniqueByOption(checked.targets);
  const confirmedCount = input.confirmedCount ?? (await countAudience(survey.country, targets));
  if (input.confirmedCount === null && confirmedCount > AUDIENCE_CONFIRM_ABOVE)
    return { ok: "confirm", count: confirmedCount };
  const message = await saveAudience(actor, {
    kind: "demographics",
    survey,
    targets,
    screenerId: survey.screenerId,
    points: input.points,
    confirmedCount,
  });
  return { ok: true, message };
}

function uniqueByOption(targets: readonly TargetRow[]): TargetRow[] {
  return [...new Map(targets.map((target) => [target.optionId, target])).values()];
}

// ───────────────────── A survey's assignments: reassign, delete ─────────────────────

/** One page of a survey's assignments, newest first, optionally of one member. */
export async function listSurveyAssignments(
  surveyId: number,
  { memberId, page }: { memberId: number | null; page: number },
) {
  const where: Prisma.AssignmentWhereInput = { surveyId, ...(memberId ? { memberId } : {}) };
  const prisma = getPrisma();
  const [rows, total] = await Promise.all([
    prisma.assignment.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * ASSIGNMENT_PAGE_SIZE,
      take: ASSIGNMENT_PAGE_SIZE,
      select: {
        id: true,
        memberId: true,
        status: true,
        points: true,
        createdAt: true,
        endedAt: true,
        member: { select: { email: true } },
      },
    }),
    prisma.assignment.count({ where }),
  ]);
  return {
    assignments: rows.map((row) => ({
      id: row.id,
      memberId: row.memberId,
      email: row.member.email,
      status: row.status as AssignmentStatus,
      points: row.points,
      createdAt: row.createdAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
      canReassign: canReassign(row.status),
      canDelete: isOpen(row.status),
    })),
    total,
    pageCount: Math.max(1, Math.ceil(total / ASSIGNMENT_PAGE_SIZE)),
  };
}

function isOpen(status: number): boolean {
  return (OPEN_STATUSES as readonly number[]).includes(status);
}

/** Ended, and not Complete: a completed survey is not offered again (a second answer, a second reward). */
function canReassign(status: number): boolean {
  return !isOpen(status) && status !== ASSIGNMENT_STATUS.complete;
}

export type AssignmentChange = { ok: true; message: string } | { ok: false; message: string };

export const ASSIGNMENT_CHANGE_MESSAGES = {
  notFound: "This assignment no longer exists.",
  stillOpen: "This assignment is still open: it can be reassigned once it has ended.",
  complete: "A completed survey is not reassigned: the member would answer it and be rewarded twice.",
  alreadyOpen: "The member already has this survey open.",
  closed: "This member's account is closed: it gets no new surveys.",
  deletedAudience:
    "Assignment deleted. This survey has an audience: if the member still matches it, the survey is offered to them again.",
  ended: "An ended assignment is kept: it is the member's survey history and may hold a reward.",
} as const;

/** A new assignment (assigned, same screener and points) for a member whose earlier one ended. */
export async function reassignAssignment(
  actor: Actor,
  surveyId: number,
  assignmentId: number,
): Promise<AssignmentChange> {
  return getPrisma().$transaction(async (tx) => {
    const earlier = await tx.assignment.findFirst({
      where: { id: assignmentId, surveyId },
      select: {
        surveyId: true,
        memberId: true,
        screenerId: true,
        points: true,
        status: true,
        member: { select: { status: true } },
      },
    });
    if (!earlier) return { ok: false, message: ASSIGNMENT_CHANGE_MESSAGES.notFound };
    if (isOpen(earlier.status)) return { ok: false, message: ASSIGNMENT_CHANGE_MESSAGES.stillOpen };
    if (earlier.status === ASSIGNMENT_STATUS.complete)
      return { ok: false, message: ASSIGNMENT_CHANGE_MESSAGES.complete };
    if (earlier.member.status === "closed") return { ok: false, message: ASSIGNMENT_CHANGE_MESSAGES.closed };
    // The earlier points again: a super-admin's assignment above the cap is not renewed by anyone else.
    const capError = pointsCapError(actor, earlier.points);
    if (capError) return { ok: false, message: `${earlier.points.toLocaleString("en-US")} points: ${capError}` };
    const id = await insertOne(tx, actor, earlier);
    if (id === null) return { ok: false, message: ASSIGNMENT_CHANGE_MESSAGES.alreadyOpen };
    await queueInvitations(tx, { memberId: earlier.memberId });
    await recordAudit(tx, {
      admin: actor,
      action: "assignment.reassigned",
      targetType: "assignment",
      targetId: id,
      details: {
        from: assignmentId,
        surveyId: earlier.surveyId,
        memberId: earlier.memberId,
        points: earlier.points,
        ...capDetails(earlier.points),
      },
    });
    return { ok: true, message: `Survey reassigned to user ${earlier.memberId}` };
  });
}

/**
 * Deletes an open assignment (withdraws the survey from the member). An ended one is refused: it
 * is the member's history, and a Complete one is what its ledger credit points to. The status
 * condition is in the DELETE itself, so an assignment that ends meanwhile is not deleted.
 */
export async function deleteAssignment(
  actor: Actor,
  surveyId: number,
  assignmentId: number,
): Promise<AssignmentChange> {
  return getPrisma().$transaction(async (tx) => {
    const assignment = await tx.assignment.findFirst({
      where: { id: assignmentId, surveyId },
      select: { surveyId: true, memberId: true, status: true },
    });
    if (!assignment) return { ok: false, message: ASSIGNMENT_CHANGE_MESSAGES.notFound };
    const { count } = await tx.assignment.deleteMany({
      where: { id: assignmentId, surveyId, status: { in: [...OPEN_STATUSES] } },
    });
    if (count === 0) return { ok: false, message: ASSIGNMENT_CHANGE_MESSAGES.ended };
    await recordAudit(tx, {
      admin: actor,
      action: "assignment.deleted",
      targetType: "assignment",
      targetId: assignmentId,
      details: { surveyId: assignment.surveyId, memberId: assignment.memberId, status: assignment.status },
    });
    // Deleting a row does not take the member out of the survey's audience (decision 049).
    const hasAudience = (await tx.surveyAudience.count({ where: { surveyId } })) > 0;
    return { ok: true, message: hasAudience ? ASSIGNMENT_CHANGE_MESSAGES.deletedAudience : "Assignment deleted" };
  });
}
