import type { Member, Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import type { Answers, QuestionnaireDefinition } from "~/questionnaire/definition";
import { loadAnswers, loadQuestionnaire, saveResponse } from "~/questionnaire/storage.server";
import { deleteDraft } from "./answer-drafts.server";
import { creditPoints } from "./ledger.server";
import { BUILT_IN_PROFILE_SURVEYS } from "./profile-questionnaires";

// Profile questionnaires from the member's side: which ones are offered (the five built-ins, plus
// the admin-made sets for every country or for the member's), which are still pending, and the
// one submit that stores the answers and credits the reward together (decision 015).

export const PROFILE_HUB_PATH = "/details/profiledetails";

/** The banner of an admin-made set once submitted; the built-ins carry their own wording. */
const SUBMITTED_BANNER = "This profile is already submitted";

export interface ProfileSurveyCard {
  id: number;
  title: string;
  category: string;
  points: number;
  minutes: number;
  href: string;
  submitted: boolean;
}

/** Built-ins open under their slug, admin-made sets under their id. */
function profileSurveyHref(survey: { id: number; slug: string | null }): string {
  return survey.slug ? `${PROFILE_HUB_PATH}/${survey.slug}` : `${PROFILE_HUB_PATH}/set/${survey.id}`;
}

/**
 * Sets for every country, and those for the member's country when it is known; never a closed or
 * archived set (decision 056).
 */
function offeredTo(member: Pick<Member, "country">): Prisma.ProfileSurveyWhereInput {
  return {
    closedAt: null,
    archivedAt: null,
    OR: [{ country: null }, ...(member.country ? [{ country: member.country }] : [])],
  };
}

/**
 * Every profile questionnaire offered to the member, built-ins first in the spec's path order,
 * each with whether the member has submitted it. One findMany: Prisma fetches the titles and the
 * member's responses for all rows at once, never a query per row.
 */
export async function listProfileSurveys(member: Pick<Member, "id" | "country">): Promise<ProfileSurveyCard[]> {
  const rows = await getPrisma().profileSurvey.findMany({
    where: offeredTo(member),
    orderBy: [{ path: { sort: "asc", nulls: "last" } }, { id: "asc" }],
    select: {
      id: true,
      slug: true,
      category: true,
      points: true,
      minutes: true,
      questionnaire: {
        select: {
          title: true,
          responses: {
            where: { memberId: member.id, assignmentId: null },
            select: { id: true },
            take: 1,
          },
        },
      },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    title: row.questionnaire.title,
    category: row.category,
    points: row.points,
    minutes: row.minutes,
    href: profileSurveyHref(row),
    submitted: row.questionnaire.responses.length > 0,
  }));
}

/** What the dashboard's Profile Surveys card adds up: the pending questionnaires' points and minutes. */
export function pendingTotals(cards: readonly ProfileSurveyCard[]) {
  const pending = cards.filter((card) => !card.submitted);
  return {
    count: pending.length,
    points: pending.reduce((sum, card) => sum + card.points, 0),
    minutes: pending.reduce((sum, card) => sum + card.minutes, 0),
  };
}

export interface MemberProfileSurvey {
  id: number;
  questionnaireId: number;
  /** The spec's path number of a built-in (1 is About You); null for an admin-made set. */
  path: number | null;
  title: string;
  description: string;
  points: number;
  minutes: number;
  href: string;
  definition: QuestionnaireDefinition;
  /** The member's stored answers, or null before the first submit. */
  answers: Answers | null;
  submitted: boolean;
  submittedBanner: string;
}

export type ProfileSurveyLocator = { slug: string } | { setId: number };

/**
 * One profile questionnaire as the member sees it, or null when it does not exist or is not
 * offered to the member (another country's set): both are the 404 page. Built-ins are found by
 * slug only and sets by id only, so each has one address.
 */
export async function loadMemberProfileSurvey(
  member: Pick<Member, "id" | "country">,
  locator: ProfileSurveyLocator,
): Promise<MemberProfileSurvey | null> {
  const prisma = getPrisma();
  const where: Prisma.ProfileSurveyWhereInput =
    "slug" in locator ? { slug: locator.slug } : { id: locator.setId, path: null };
  const survey = await prisma.profileSurvey.findFirst({
    where: { AND: [where, offeredTo(member)] },
  });
  if (!survey) return null;
  const [stored, answers] = await Promise.all([
    loadQuestionnaire(prisma, survey.questionnaireId),
    loadAnswers(prisma, {
      questionnaireId: survey.questionnaireId,
      memberId: member.id,
    }),
  ]);
  if (!stored) return null;
  return {
    id: survey.id,
    questionnaireId: survey.questionnaireId,
    path: survey.path,
    title: stored.definition.title,
    description: stored.definition.description,
    points: survey.points,
    minutes: survey.minutes,
    href: profileSurveyHref(survey),
    definition: stored.definition,
    answers,
    submitted: answers !== null,
    submittedBanner:
      BUILT_IN_PROFILE_SURVEYS.find((builtIn) => builtIn.path === survey.path)?.submittedBanner ?? SUBMITTED_BANNER,
  };
}

export type SubmitProfileSurveyResult =
  | {
      ok: true;
      responseId: number;
      pointsCredited: number;
      balance: number | null;
    }
  | { ok: false; reason: "already_submitted" };

/**
 * Stores the member's validated answers and credits the reward, in one transaction: both happen
 * or neither. A second submit, one after the other or at the same moment, finds the first
 * response (the unique index of profile responses) and changes nothing. The member's draft of the
 * questionnaire's pages (decision 075) goes in the same transaction.
 */
export async function submitProfileSurvey(
  memberId: number,
  profileSurveyId: number,
  answers: Answers,
): Promise<SubmitProfileSurveyResult> {
  return getPrisma().$transaction(async (tx) => {
    const survey = await tx.profileSurvey.findUniqueOrThrow({
      where: { id: profileSurveyId },
      select: {
        questionnaireId: true,
        points: true,
        questionnaire: { select: { title: true } },
      },
    });
    const saved = await saveResponse(tx, {
      questionnaireId: survey.questionnaireId,
      memberId,
      answers,
    });
    if (!saved.ok) return saved;
    await deleteDraft(tx, { memberId, questionnaireId: survey.questionnaireId });
    // An admin may offer a set without a reward; the ledger takes positive amounts only.
    if (survey.points <= 0)
      return {
        ok: true,
        responseId: saved.responseId,
        pointsCredited: 0,
        balance: null,
      };
    const credit = await creditPoints(tx, {
      memberId,
      points: survey.points,
      type: "profile_reward",
      source: `profile:${profileSurveyId}:member:${memberId}`,
      remark: `Profile survey: ${survey.questionnaire.title}`,
    });
    // A duplicate means the reward was paid for a response since deleted (an admin's reset): the
    // new answers are kept, the points are not paid twice.
    return credit.ok
      ? {
          ok: true,
          responseId: saved.responseId,
          pointsCredited: survey.points,
          balance: credit.balance,
        }
      : {
          ok: true,
          responseId: saved.responseId,
          pointsCredited: 0,
          balance: null,
        };
  });
}
