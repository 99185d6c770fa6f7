import { randomBytes } from "node:crypto";
import { Prisma, type Admin } from "~/generated/prisma/client";
import { isCountryCode } from "~/lib/countries.server";
import { getPrisma, isUniqueViolation, type Tx } from "~/lib/db.server";
import { utcMinute } from "~/lib/utc-minute";
import { recordAudit } from "./audit.server";
import { requestInvitations } from "./invitations.server";
import { OFFERED_SCREENER_WHERE } from "./survey-live.server";
import { getPayoutConfig, type PayoutConfig } from "./payout-config.server";
import { capDetails, pointsCapError } from "./points-cap.server";
import { sanitizeDescription } from "./survey-catalogue-description.server";
import { MAX_SLUG_LENGTH, slugFromName, SURVEY_MESSAGES, type SurveyInput } from "./survey-catalogue-schema";

// The survey catalogue: the surveys admins create, edit and launch, hosted on the panel (a
// questionnaire made with the builder) or external (a vendor's URL with signed return links).
// Every change writes its audit entry in the same transaction. Only launched surveys reach members.
// See docs/decisions/020-survey-catalogue.md.

type Actor = Pick<Admin, "id" | "email" | "isSuperAdmin">;

export const SURVEY_PAGE_SIZE = 20;
/** How many choices the form's screener and questionnaire selects offer, newest first. */
const MAX_CHOICES = 500;

export type FieldErrors = Partial<Record<keyof SurveyInput | "form", string[]>>;
export type SaveResult = { ok: true; id: number; message: string } | { ok: false; fieldErrors: FieldErrors };

// ───────────────────────────── Reading ─────────────────────────────

export interface SurveyListRow {
  id: number;
  name: string;
  categoryName: string;
  points: number;
  lengthMinutes: number;
  delivery: "hosted" | "external";
  launched: boolean;
  closed: boolean;
  archived: boolean;
}

/**
 * One page of the catalogue, newest first, in one query (the total rides along as a window count).
 * Archived surveys are left out unless `showArchived` (decision 056).
 */
export async function listSurveys(page: number, { showArchived = false }: { showArchived?: boolean } = {}) {
  const shown = showArchived ? Prisma.sql`TRUE` : Prisma.sql`s."archivedAt" IS NULL`;
  const rows = await getPrisma().$queryRaw<(SurveyListRow & { total: bigint | number })[]>`
    SELECT s."id", s."name", c."name" AS "categoryName", s."points", s."lengthMinutes",
           s."delivery"::text AS "delivery", s."launched", s."closedAt" IS NOT NULL AS "closed",
           s."archivedAt" IS NOT NULL AS "archived", count(*) OVER () AS "total"
    FROM "Survey" s JOIN "SurveyCategory" c ON c."id" = s."categoryId"
    WHERE ${shown}
    ORDER BY s."createdAt" DESC, s."id" DESC
    LIMIT ${SURVEY_PAGE_SIZE} OFFSET ${(page - 1) * SURVEY_PAGE_SIZE}`;
  // A page past the end has no row to carry the total.
  const total =
    rows.length > 0
      ? Number(rows[0].total)
      : await getPrisma().survey.count({ where: showArchived ? {} : { archivedAt: null } });
  return {
    surveys: rows.map((row): SurveyListRow => ({
      id: row.id,
      name: row.name,
      categoryName: row.categoryName,
      points: row.points,
      lengthMinutes: row.lengthMinutes,
      delivery: row.delivery,
      launched: row.launched,
      closed: row.closed,
      archived: row.archived,
    })),
    total,
    pageCount: Math.max(1, Math.ceil(total / SURVEY_PAGE_SIZE)),
  };
}

export async function findSurvey(id: number) {
  return getPrisma().survey.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      slug: true,
      descriptionHtml: true,
      categoryId: true,
      points: true,
      lengthMinutes: true,
      launched: true,
      closedAt: true,
      archivedAt: true,
      delivery: true,
      questionnaireId: true,
      externalUrl: true,
      returnSecret: true,
      previousSecretExpiresAt: true,
      returnSecretRotatedAt: true,
      screenerId: true,
      quota: true,
      country: true,
      requireCallback: true,
      screenOutPoints: true,
      closesAt: true,
      closeWhenQuotaFull: true,
    },
  });
}

export type CatalogueSurvey = NonNullable<Awaited<ReturnType<typeof findSurvey>>>;

/**
 * The choices of the form's selects; the questionnaires are those no survey uses, and the open
 * screeners, plus the survey's own (`keep…`).
 */
export async function surveyFormChoices({
  keepQuestionnaireId,
  keepScreenerId,
}: { keepQuestionnaireId?: number | null; keepScreenerId?: number | null } = {}) {
  const prisma = getPrisma();
  const [categories, screeners, questionnaires] = await Promise.all([
    prisma.surveyCategory.findMany({ orderBy: { name: "asc" } }),
    prisma.screener.findMany({
      // Closed and archived screeners are not offered, except the one the survey already has.
      where: { OR: [OFFERED_SCREENER_WHERE, ...(keepScreenerId ? [{ id: keepScreenerId }] : [])] },
      orderBy: { id: "desc" },
      take: MAX_CHOICES,
      select: { id: true, questionnaire: { select: { title: true } } },
    }),
    prisma.questionnaire.findMany({
      where: {
        kind: "hosted_survey",
        OR: [{ survey: { is: null } }, ...(keepQuestionnaireId ? [{ id: keepQuestionnaireId }] : [])],
      },
      orderBy: { id: "desc" },
      take: MAX_CHOICES,
      select: { id: true, title: true },
    }),
  ]);
  return {
    categories,
    screeners: screeners.map((screener) => ({ id: screener.id, title: screener.questionnaire.title })),
    questionnaires,
  };
}

// ───────────────────────────── Writing ─────────────────────────────

function surveyData(input: SurveyInput, slug: string) {
  return {
    name: input.name,
    slug,
    descriptionHtml: sanitizeDescription(input.description ?? ""),
    categoryId: input.categoryId,
    points: input.points,
    lengthMinutes: input.lengthMinutes,
    delivery: input.delivery,
    questionnaireId: input.questionnaireId,
    externalUrl: input.externalUrl,
    screenerId: input.screenerId ?? null,
    quota: input.quota ?? null,
    country: input.country ?? null,
    requireCallback: input.requireCallback,
    screenOutPoints: input.screenOutPoints,
    closesAt: input.closesAt,
    closeWhenQuotaFull: input.closeWhenQuotaFull,
  };
}

/**
 * A close date in the past is refused when it is new (decision 062); the one a survey already has
 * may stay, so a survey whose close date has passed can still be edited.
 */
function closeDateError(input: SurveyInput, current: Date | null): FieldErrors | null {
  if (input.closesAt == null || input.closesAt > new Date()) return null;
  // The form shows the stored date to the minute: the same minute is the same date.
  if (current !== null && sameMinute(current, input.closesAt)) return null;
  return { closesAt: [SURVEY_MESSAGES.closesAtPast] };
}

/** The survey-close settings as the audit entry keeps them (decision 062). */
function closeDetails(data: SurveyData, changed: readonly string[]) {
  return {
    ...(changed.includes("closesAt") ? { closesAt: data.closesAt?.toISOString() ?? null } : {}),
    ...(changed.includes("closeWhenQuotaFull") ? { closeWhenQuotaFull: data.closeWhenQuotaFull } : {}),
  };
}

type SurveyData = ReturnType<typeof surveyData>;

export async function createSurvey(actor: Actor, input: SurveyInput): Promise<SaveResult> {
  const capError = pointsCapError(actor, input.points);
  if (capError) return { ok: false, fieldErrors: { points: [capError] } };
  const closeError = closeDateError(input, null);
  if (closeError) return { ok: false, fieldErrors: closeError };
  return saveSurvey(input, null, async (tx, slug) => {
    const data = surveyData(input, slug);
    const survey = await tx.survey.create({
      data: { ...data, returnSecret: randomBytes(32).toString("hex"), createdById: actor.id },
      select: { id: true },
    });
    await recordAudit(tx, {
      admin: actor,
      action: "survey.created",
      targetType: "survey",
      targetId: survey.id,
      details: {
        name: data.name,
        slug,
        delivery: data.delivery,
        points: data.points,
        ...capDetails(data.points),
        ...(data.requireCallback ? { requireCallback: true } : {}),
        ...(data.screenOutPoints > 0 ? { screenOutPoints: data.screenOutPoints } : {}),
        ...closeDetails(data, data.closesAt || data.closeWhenQuotaFull ? ["closesAt", "closeWhenQuotaFull"] : []),
      },
    });
    return { ok: true, id: survey.id, message: "Survey created successfully" };
  });
}

/**
 * What a non-super-admin may not change on a survey that has assignments (decision 038): how its
 * assignees complete it. Switching an external survey to hosted, or swapping its questionnaire or
 * URL, would let every assignee complete it on the panel without the vendor's signed return link.
 */
export const DELIVERY_FIELDS = ["delivery", "externalUrl", "questionnaireId"] as const;

export const DELIVERY_CHANGE_MESSAGES = {
  form: "This survey has assignments or an audience, so only a super-admin can change its delivery, external URL or questionnaire. Put them back as they were to save your other changes, or ask a super-admin.",
  field: "Only a super-admin can change this while the survey has assignments or an audience.",
} as const;

export async function updateSurvey(actor: Actor, survey: CatalogueSurvey, input: SurveyInput): Promise<SaveResult> {
  // Only a change of points is capped: an admin may still edit the name of a survey a super-admin
  // priced above the cap.
  const capError = input.points === survey.points ? null : pointsCapError(actor, input.points);
  if (capError) return { ok: false, fieldErrors: { points: [capError] } };
  const closeError = closeDateError(input, survey.closesAt);
  if (closeError) return { ok: false, fieldErrors: closeError };
  return saveSurvey(input, survey.id, async (tx, slug) => {
    const data = surveyData(input, slug);
    // The form shows the close date to the minute: the same minute keeps the stored moment.
    if (data.closesAt && survey.closesAt && sameMinute(data.closesAt, survey.closesAt)) data.closesAt = survey.closesAt;
    const changed = (Object.keys(data) as (keyof SurveyData)[]).filter(
      (field) => !sameValue(data[field], survey[field]),
    );
    if (changed.length === 0) return { ok: true, id: survey.id, message: "Nothing to save: no field changed" };
    const deliveryChanged = DELIVERY_FIELDS.filter((field) => changed.includes(field));
    if (deliveryChanged.length > 0 && !actor.isSuperAdmin && (await hasAssignments(tx, survey.id))) {
      const fieldErrors: FieldErrors = { form: [DELIVERY_CHANGE_MESSAGES.form] };
      // The form shows one field of the chosen delivery; the delivery select shows its own.
      for (const field of deliveryChanged) fieldErrors[field] = [DELIVERY_CHANGE_MESSAGES.field];
      return { ok: false, fieldErrors };
    }
    await tx.survey.update({ where: { id: survey.id }, data });
    await recordAudit(tx, {
      admin: actor,
      action: "survey.updated",
      targetType: "survey",
      targetId: survey.id,
      details: {
        name: data.name,
        changed,
        ...(changed.includes("points") ? { points: data.points, ...capDetails(data.points) } : {}),
        ...(changed.includes("requireCallback") ? { requireCallback: data.requireCallback } : {}),
        ...(changed.includes("screenOutPoints")
          ? { screenOutPoints: { before: survey.screenOutPoints, after: data.screenOutPoints } }
          : {}),
        ...closeDetails(data, changed),
      },
    });
    return { ok: true, id: survey.id, message: "Survey saved successfully" };
  });
}

/**
 * Whether the survey has assignments or an audience (members who may open it), with its row locked
 * FOR UPDATE first: an assignment or audience being inserted holds a key-share lock on the survey
 * row (its foreign key), so one made at the same moment is either seen here or waits until this
 * save commits.
 */
async function hasAssignments(tx: Tx, surveyId: number): Promise<boolean> {
  await tx.$queryRaw`SELECT 1 FROM "Survey" WHERE "id" = ${surveyId} FOR UPDATE`;
  const [found] = await tx.$queryRaw<{ found: number }[]>`
    SELECT 1 AS "found" WHERE EXISTS (SELECT 1 FROM "Assignment" WHERE "surveyId" = ${surveyId})
       OR EXISTS (SELECT 1 FROM "SurveyAudience" WHERE "surveyId" = ${surveyId})`;
  return Boolean(found);
}

/**
 * Checks what only the database knows, picks the slug and runs the write in a transaction. Two
 * admins saving the same slug or questionnaire at once both pass the checks; the unique index
 * refuses the second, which then gets the same field error as if it had come later.
 */
async function saveSurvey(
  input: SurveyInput,
  surveyId: number | null,
  write: (tx: Tx, slug: string) => Promise<SaveResult>,
): Promise<SaveResult> {
  const prisma = getPrisma();
  const fieldErrors = await referenceErrors(prisma, input, surveyId);
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  try {
    return await prisma.$transaction(async (tx) => {
      const slug = input.slug || (await freeSlug(tx, slugFromName(input.name) || "survey", surveyId));
      return write(tx, slug);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The other save has committed by now, so the checks see what it took.
    const conflicts = await referenceErrors(prisma, input, surveyId);
    if (Object.keys(conflicts).length === 0) conflicts.form = [SURVEY_MESSAGES.generatedSlugTaken];
    return { ok: false, fieldErrors: conflicts };
  }
}

/** Field errors of the references (category, screener, country, questionnaire) and a chosen slug. */
async function referenceErrors(db: Tx, input: SurveyInput, surveyId: number | null): Promise<FieldErrors> {
  const [category, screener, questionnaire, slugOwner] = await Promise.all([
    db.surveyCategory.findUnique({ where: { id: input.categoryId }, select: { id: true } }),
    input.screenerId
      ? db.screener.findFirst({
          where: {
            id: input.screenerId,
            // A closed or archived screener stays on a survey that has it, but is not chosen anew.
            OR: [OFFERED_SCREENER_WHERE, ...(surveyId ? [{ surveys: { some: { id: surveyId } } }] : [])],
          },
          select: { id: true },
        })
      : null,
    input.questionnaireId
      ? db.questionnaire.findUnique({
          where: { id: input.questionnaireId },
          select: { kind: true, survey: { select: { id: true } } },
        })
      : null,
    input.slug ? db.survey.findUnique({ where: { slug: input.slug }, select: { id: true } }) : null,
  ]);
  const errors: FieldErrors = {};
  if (!category) errors.categoryId = [SURVEY_MESSAGES.categoryRequired];
  if (input.screenerId && !screener) errors.screenerId = [SURVEY_MESSAGES.screenerUnknown];
  if (input.country && !isCountryCode(input.country)) errors.country = [SURVEY_MESSAGES.countryUnknown];
  if (input.questionnaireId) {
    if (!questionnaire || questionnaire.kind !== "hosted_survey")
      errors.questionnaireId = [SURVEY_MESSAGES.questionnaireUnknown];
    else if (questionnaire.survey && questionnaire.survey.id !== surveyId)
      errors.questionnaireId = [SURVEY_MESSAGES.questionnaireUsed];
  }
  if (slugOwner && slugOwner.id !== surveyId) errors.slug = [SURVEY_MESSAGES.slugTaken];
  return errors;
}

/** The base slug if no other survey has it, else the first free "base-2", "base-3" … */
export async function freeSlug(tx: Tx, base: string, surveyId: number | null): Promise<string> {
  const taken = new Set(
    (
      await tx.survey.findMany({
        where: {
          slug: { startsWith: base.slice(0, MAX_SLUG_LENGTH - 8) },
          NOT: surveyId ? { id: surveyId } : undefined,
        },
        select: { slug: true },
      })
    ).map((survey) => survey.slug),
  );
  for (let number = 1; ; number += 1) {
    const suffix = number === 1 ? "" : `-${number}`;
    const candidate = `${base.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

// ───────────────────────────── Launching ─────────────────────────────

export type LaunchResult = { ok: boolean; message: string };

/**
 * Launches or unlaunches a survey (the spec's panel_launch). Launching needs what members will be
 * sent to: a hosted survey's questionnaire (it may have been deleted since) or an external URL.
 * Pressing the button again changes nothing and writes no audit entry.
 */
export async function setSurveyLaunched(
  actor: Actor,
  survey: CatalogueSurvey,
  launched: boolean,
): Promise<LaunchResult> {
  if (launched) {
    const ready = survey.delivery === "hosted" ? survey.questionnaireId !== null : Boolean(survey.externalUrl);
    if (!ready) {
      return {
        ok: false,
        message:
          survey.delivery === "hosted"
            ? "This survey has no questionnaire. Choose one, save, then launch."
            : "This survey has no URL. Enter one, save, then launch.",
      };
    }
  }
  return getPrisma().$transaction(async (tx) => {
    const { count } = await tx.survey.updateMany({ where: { id: survey.id, launched: !launched }, data: { launched } });
    if (count === 0)
      return { ok: true, message: launched ? "The survey is already launched" : "The survey is already not launched" };
    await recordAudit(tx, {
      admin: actor,
      action: launched ? "survey.launched" : "survey.unlaunched",
      targetType: "survey",
      targetId: survey.id,
      details: { name: survey.name },
    });
    // Members who came to match while the survey was off were checked against no live audience:
    // launching sweeps its audience again (AudienceInvitation keeps everyone to one invitation).
    if (launched && (await tx.surveyAudience.count({ where: { surveyId: survey.id } })) > 0) {
      await requestInvitations(tx, survey.id);
    }
    return { ok: true, message: launched ? "Survey launched" : "Survey unlaunched" };
  });
}

// ───────────────────────────── Return secret ─────────────────────────────

export const ROTATE_SECRET_MESSAGES = {
  superAdminOnly: "Only a super-admin can see or rotate a survey's signing secret.",
  confirmRequired: "Tick the box to confirm that the vendor will be given the new secret.",
} as const;

/**
 * A new signing secret for the survey's return links (super-admins only, audited; the secrets never
 * reach the audit log). The secret it replaces keeps verifying for the grace period, so links the
 * vendor already signed still work; a secret older than that stops at once.
 */
export async function rotateReturnSecret(
  actor: Actor,
  survey: Pick<CatalogueSurvey, "id" | "name">,
  config: PayoutConfig = getPayoutConfig(),
): Promise<{ ok: true; message: string } | { ok: false; message: string }> {
  if (!actor.isSuperAdmin) return { ok: false, message: ROTATE_SECRET_MESSAGES.superAdminOnly };
  return getPrisma().$transaction(async (tx) => {
    const now = new Date();
    const previousValidUntil = new Date(now.getTime() + config.secretGraceMs);
    // One statement: the previous secret is the one stored at this moment, even if two rotations race.
    await tx.$executeRaw`
      UPDATE "Survey" SET "previousReturnSecret" = "returnSecret", "previousSecretExpiresAt" = ${previousValidUntil},
        "returnSecret" = ${randomBytes(32).toString("hex")}, "returnSecretRotatedAt" = ${now}, "updatedAt" = ${now}
      WHERE "id" = ${survey.id}`;
    await recordAudit(tx, {
      admin: actor,
      action: "survey.return_secret_rotated",
      targetType: "survey",
      targetId: survey.id,
      details: { name: survey.name, previousValidUntil: previousValidUntil.toISOString() },
    });
    const hours = config.secretGraceMs / 3_600_000;
    return {
      ok: true,
      message:
        hours > 0
          ? `New signing secret made. Links signed with the old one keep working for ${hours} hours (until ${utcMinute(previousValidUntil)}): give the vendor the new secret before then.`
          : "New signing secret made. Links signed with the old one no longer work: give the vendor the new secret now.",
    };
  });
}

/** Whether a saved field keeps its value: dates by their moment, everything else as is. */
function sameValue(a: unknown, b: unknown): boolean {
  return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
}

function sameMinute(a: Date, b: Date): boolean {
  return Math.floor(a.getTime() / 60_000) === Math.floor(b.getTime() / 60_000);
}
