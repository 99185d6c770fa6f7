import { listAvailableSurveys } from "~/domain/member-surveys.server";
import { getPrisma } from "~/lib/db.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { createQuestionnaire, saveResponse } from "~/questionnaire/storage.server";
import { checkbox, option, page, questionnaire, radio, text } from "./questionnaires";

// Audience tests (decision 049): profile answers to target, members in bulk, and what a member's
// surveys list shows, so that a test can compare the admin's count with what members see.

/** A profile set with a radio (pet), a checkbox (drinks) and a question that cannot be targeted. */
export const LIFESTYLE: QuestionnaireDefinition = questionnaire("Lifestyle", [
  page("Page 1", [
    radio("pet", "Which pet do you have?", [option("Dog"), option("Cat"), option("Fish")]),
    checkbox("drinks", "What do you drink?", [option("Tea"), option("Coffee")]),
    text("nickname", "Nickname", { required: false }),
  ]),
]);

/** A profile questionnaire offered in `country` (null: everywhere) and its ids by "key" and "key:value". */
export async function profileQuestionnaire(country: string | null, definition = LIFESTYLE) {
  const prisma = getPrisma();
  const questionnaireId = await prisma.$transaction((tx) => createQuestionnaire(tx, { kind: "profile", definition }));
  await prisma.profileSurvey.create({ data: { questionnaireId, points: 0, minutes: 2, country } });
  const questions = await prisma.question.findMany({ where: { questionnaireId }, include: { options: true } });
  const ids: Record<string, number> = {};
  for (const question of questions) {
    ids[question.key] = question.id;
    for (const option of question.options) ids[`${question.key}:${option.value}`] = option.id;
  }
  return { questionnaireId, ids };
}

/** The member's response to a profile questionnaire, stored as the profile pages store it. */
export async function answer(questionnaireId: number, memberId: number, answers: Record<string, string | string[]>) {
  await getPrisma().$transaction((tx) => saveResponse(tx, { questionnaireId, memberId, answers }));
}

/** The survey ids on page `page` of the member's surveys list (the dashboard's and /survey's). */
export async function surveysOf(memberId: number, page = 1): Promise<number[]> {
  return (await listAvailableSurveys(memberId, page)).rows.map((row) => row.surveyId);
}

/** The ids (ascending) of these members whose surveys list shows the survey. */
export async function seeing(surveyId: number, members: readonly { id: number }[]): Promise<number[]> {
  const shown = await Promise.all(members.map(async (member) => (await surveysOf(member.id)).includes(surveyId)));
  return members
    .filter((_, index) => shown[index])
    .map((member) => member.id)
    .sort((a, b) => a - b);
}

let bulk = 0;

/**
 * `n` active, verified members of `country` in one statement (a confirmation needs more than 1,000),
 * each with one answer when `answer` is given: a response and an answer per member, in one more.
 */
export async function bulkMembers(
  n: number,
  country: string,
  answer?: { questionnaireId: number; questionId: number; optionId: number },
): Promise<void> {
  const prefix = `bulk${(bulk += 1)}-${Date.now()}-`;
  const prisma = getPrisma();
  await prisma.$executeRaw`
    INSERT INTO "Member" ("firstName", "lastName", "email", "emailVerifiedAt", "country", "updatedAt")
    SELECT 'Bulk', 'Member ' || g::text, ${prefix}::text || g::text || '@example.com', now(), ${country}::char(2), now()
    FROM generate_series(1, ${n}::int) AS g`;
  if (!answer) return;
  await prisma.$executeRaw`
    WITH responses AS (
      INSERT INTO "QuestionnaireResponse" ("questionnaireId", "memberId")
      SELECT ${answer.questionnaireId}::int, m."id" FROM "Member" m WHERE m."email" LIKE ${`${prefix}%`}
      RETURNING "id", "memberId")
    INSERT INTO "Answer" ("responseId", "memberId", "questionId", "optionId")
    SELECT r."id", r."memberId", ${answer.questionId}::int, ${answer.optionId}::int FROM responses r`;
}
