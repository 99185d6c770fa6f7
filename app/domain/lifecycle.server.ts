import { randomBytes } from "node:crypto";
import type { Admin } from "~/generated/prisma/client";
import { getPrisma, type Tx } from "~/lib/db.server";
import { MAX_LABEL_LENGTH } from "~/questionnaire/schema";
import { createQuestionnaire, loadQuestionnaire } from "~/questionnaire/storage.server";
import { recordAudit, type AuditAction } from "./audit.server";
import { requestInvitations } from "./invitations.server";
import { CONSEQUENCE, LIFECYCLE_NOUNS, type LifecycleChange, type LifecycleKind } from "./lifecycle";
import { capDetails, pointsCapError } from "./points-cap.server";
import { storeScreenerRules, loadScreenerRules } from "./screeners.server";
import { freeSlug } from "./survey-catalogue.server";
import { MAX_NAME_LENGTH, slugFromName } from "./survey-catalogue-schema";

// The lifecycle of surveys, screeners and admin-made profile survey sets (issue 18, point 7;
// docs/decisions/056-lifecycle.md): close and reopen, archive and unarchive, clone. Closed and
// archived are two independent moments (closedAt, archivedAt); archiving hides a thing from the
// admins' lists and from members, and never deletes it, so history still names it.
// - A closed or archived survey is not live (survey-live.server.ts): members are not offered it and
//   cannot start it; members already inside a hosted survey or at the vendor may still finish.
// - A closed or archived screener is not offered for new surveys or assignments; surveys and
//   assignments that already use it keep screening with it.
// - A closed or archived profile set is not shown to members; the answers given stay for targeting.

type Actor = Pick<Admin, "id" | "email" | "isSuperAdmin">;

export interface LifecycleItem {
  kind: LifecycleKind;
  id: number;
  name: string;
  closedAt: string | null;
  archivedAt: string | null;
}

/** One survey, screener or admin-made profile set with its lifecycle, or null when unknown. */
export async function findLifecycleItem(kind: LifecycleKind, id: number): Promise<LifecycleItem | null> {
  const prisma = getPrisma();
  const stamps = { closedAt: true, archivedAt: true } as const;
  const row =
    kind === "survey"
      ? await prisma.survey.findUnique({ where: { id }, select: { name: true, ...stamps } })
      : kind === "screener"
        ? await prisma.screener
            .findUnique({ where: { id }, select: { ...stamps, questionnaire: { select: { title: true } } } })
            .then((found) => found && { ...found, name: found.questionnaire.title })
        : await prisma.profileSurvey
            .findFirst({ where: { id, path: null }, select: { ...stamps, questionnaire: { select: { title: true } } } })
            .then((found) => found && { ...found, name: found.questionnaire.title });
  if (!row) return null;
  return {
    kind,
    id,
    name: row.name,
    closedAt: row.closedAt?.toISOString() ?? null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}

const STAMP: Record<LifecycleChange, "closedAt" | "archivedAt"> = {
  close: "closedAt",
  reopen: "closedAt",
  archive: "archivedAt",
  unarchive: "archivedAt",
};

const PAST: Record<LifecycleChange, string> = {
  close: "closed",
  reopen: "reopened",
  archive: "archived",
  unarchive: "unarchived",
};

/** Already in the asked state: said as a success, nothing written. */
const ALREADY: Record<LifecycleChange, string> = {
  close: "is already closed",
  reopen: "is already open",
  archive: "is already archived",
  unarchive: "is not archived",
};

/**
 * Closes, reopens, archives or unarchives one thing, with its audit entry, in one transaction. The
 * update is conditional on the current state, so of two admins pressing the same button one writes
 * and the other is told it was done already.
 */
export async function changeLifecycle(
  actor: Actor,
  item: LifecycleItem,
  change: LifecycleChange,
): Promise<{ ok: true; message: string }> {
  const field = STAMP[change];
  const setting = change === "close" || change === "archive";
  const noun = LIFECYCLE_NOUNS[item.kind];
  const label = noun.charAt(0).toUpperCase() + noun.slice(1);
  return getPrisma().$transaction(async (tx) => {
    const where = { id: item.id, [field]: setting ? null : { not: null } };
    const data = { [field]: setting ? new Date() : null };
    const count =
      item.kind === "survey"
        ? (await tx.survey.updateMany({ where, data })).count
        : item.kind === "screener"
          ? (await tx.screener.updateMany({ where, data })).count
          : (await tx.profileSurvey.updateMany({ where: { ...where, path: null }, data })).count;
    if (count === 0) return { ok: true, message: `This ${noun} ${ALREADY[change]}.` };
    const shown = field === "closedAt" ? "Closed" : "Archived";
    await recordAudit(tx, {
      admin: actor,
      action: `${item.kind}.${PAST[change]}` as AuditAction,
      targetType: item.kind,
      targetId: item.id,
      details: {
        name: item.name,
        before: { [shown]: setting ? "no" : "yes" },
        after: { [shown]: setting ? "yes" : "no" },
      },
    });
    // A survey back in the field sweeps its audience again, as launching does (decision 049): those
    // who came to match while it was closed or archived were checked against no live audience.
    if (item.kind === "survey" && !setting && (await tx.surveyAudience.count({ where: { surveyId: item.id } })) > 0) {
      await requestInvitations(tx, item.id);
    }
    return { ok: true, message: `${label} ${PAST[change]}: ${CONSEQUENCE[item.kind][change]}` };
  });
}

// ───────────────────────────── Cloning ─────────────────────────────

export type CloneResult = { ok: true; id: number; message: string } | { ok: false; message: string };

/** "Name (copy)", shortened so that it fits the longest name allowed. */
function copyName(name: string, max: number): string {
  const suffix = " (copy)";
  return `${name.slice(0, max - suffix.length).trimEnd()}${suffix}`;
}

/** A copy of a stored questionnaire under a new title: pages, questions, options and conditions. */
async function copyQuestionnaire(tx: Tx, questionnaireId: number, actor: Actor, title?: string) {
  const stored = await loadQuestionnaire(tx, questionnaireId);
  if (!stored) return null;
  const definition = { ...stored.definition, title: title ?? copyName(stored.definition.title, MAX_LABEL_LENGTH) };
  const id = await createQuestionnaire(tx, { kind: stored.kind, definition, createdById: actor.id });
  return { id, title: definition.title };
}

/**
 * A new draft of a survey: the same settings, a copy of its questionnaire (hosted), the same URL
 * (external), its screener; not launched, no assignments, no audience or targeting, a new slug and a
 * new return-link secret. Its points are checked against the cloning admin's cap like a new survey.
 */
export async function cloneSurvey(actor: Actor, surveyId: number): Promise<CloneResult> {
  return getPrisma().$transaction(async (tx) => {
    const survey = await tx.survey.findUnique({ where: { id: surveyId } });
    if (!survey) return { ok: false, message: "This survey no longer exists." };
    const capError = pointsCapError(actor, survey.points);
    if (capError) return { ok: false, message: `${capError} Ask a super-admin to clone this survey.` };
    const name = copyName(survey.name, MAX_NAME_LENGTH);
    const questionnaire =
      survey.questionnaireId === null ? null : await copyQuestionnaire(tx, survey.questionnaireId, actor, name);
    const slug = await freeSlug(tx, slugFromName(name) || "survey", null);
    const copy = await tx.survey.create({
      data: {
        name,
        slug,
        descriptionHtml: survey.descriptionHtml,
        categoryId: survey.categoryId,
        points: survey.points,
        lengthMinutes: survey.lengthMinutes,
        delivery: survey.delivery,
        questionnaireId: questionnaire?.id ?? null,
        externalUrl: survey.externalUrl,
        screenerId: survey.screenerId,
        quota: survey.quota,
        country: survey.country,
        requireCallback: survey.requireCallback,
        screenOutPoints: survey.screenOutPoints,
        // The close date belongs to the first wave's fieldwork; closing when full is a setting (decision 062).
        closeWhenQuotaFull: survey.closeWhenQuotaFull,
        returnSecret: randomBytes(32).toString("hex"),
        createdById: actor.id,
      },
      select: { id: true },
    });
    await recordAudit(tx, {
      admin: actor,
      action: "survey.cloned",
      targetType: "survey",
      targetId: copy.id,
      details: { name, from: surveyId, fromName: survey.name, points: survey.points, ...capDetails(survey.points) },
    });
    return { ok: true, id: copy.id, message: `Survey cloned: this is the copy, "${name}", not launched yet.` };
  });
}

/** A new screener with a copy of the questionnaire and of the rules, which it may replace. */
export async function cloneScreener(actor: Actor, screenerId: number): Promise<CloneResult> {
  return getPrisma().$transaction(async (tx) => {
    const screener = await tx.screener.findUnique({ where: { id: screenerId } });
    if (!screener) return { ok: false, message: "This screener no longer exists." };
    const questionnaire = await copyQuestionnaire(tx, screener.questionnaireId, actor);
    if (!questionnaire) return { ok: false, message: "This screener has no questionnaire to copy." };
    const rules = await loadScreenerRules(tx, screener.id);
    const copy = await tx.screener.create({
      data: {
        questionnaireId: questionnaire.id,
        createdById: actor.id,
        rulesAddedAt: screener.rulesAddedAt === null ? null : new Date(),
      },
      select: { id: true },
    });
    await storeScreenerRules(tx, copy.id, questionnaire.id, rules);
    await recordAudit(tx, {
      admin: actor,
      action: "screener.cloned",
      targetType: "screener",
      targetId: copy.id,
      details: { name: questionnaire.title, from: screenerId, rules: rules.length },
    });
    return { ok: true, id: copy.id, message: `Screener cloned: this is the copy, "${questionnaire.title}".` };
  });
}

/** A new profile set with a copy of the questions, the same country and reward (capped), no answers. */
export async function cloneProfileSurveySet(actor: Actor, setId: number): Promise<CloneResult> {
  return getPrisma().$transaction(async (tx) => {
    const set = await tx.profileSurvey.findFirst({ where: { id: setId, path: null } });
    if (!set) return { ok: false, message: "This profile survey set no longer exists." };
    const capError = pointsCapError(actor, set.points);
    if (capError) return { ok: false, message: `${capError} Ask a super-admin to clone this set.` };
    const questionnaire = await copyQuestionnaire(tx, set.questionnaireId, actor);
    if (!questionnaire) return { ok: false, message: "This set has no questions to copy." };
    const copy = await tx.profileSurvey.create({
      data: {
        questionnaireId: questionnaire.id,
        category: set.category,
        points: set.points,
        minutes: set.minutes,
        country: set.country,
      },
      select: { id: true },
    });
    await recordAudit(tx, {
      admin: actor,
      action: "profile_survey.cloned",
      targetType: "profile_survey",
      targetId: copy.id,
      details: { name: questionnaire.title, from: setId, points: set.points, ...capDetails(set.points) },
    });
    return { ok: true, id: copy.id, message: `Profile survey set cloned: this is the copy, "${questionnaire.title}".` };
  });
}

export function cloneOf(kind: LifecycleKind) {
  return { survey: cloneSurvey, screener: cloneScreener, profile_survey: cloneProfileSurveySet }[kind];
}
