import { randomBytes } from "node:crypto";
import { z } from "zod";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { getPrisma } from "~/lib/db.server";
import type { Answers, QuestionnaireDefinition } from "~/questionnaire/definition";
import { createQuestionnaire, saveResponse } from "~/questionnaire/storage.server";

// The end-to-end fixture of the results page (posted to /dev/fixtures, which only the end-to-end
// harness serves): a hosted survey and its responses, each from a member of its own, with the
// outcome, day and length of interview given, and the members' e-mails and names returned so that
// a test can check that none of them reaches the page.

const OUTCOME_STATUS = {
  complete: ASSIGNMENT_STATUS.complete,
  terminate: ASSIGNMENT_STATUS.rejectedTerm,
  over_quota: ASSIGNMENT_STATUS.notAllowed,
} as const;

export const surveyResultsFixture = z.object({
  surveyResults: z.object({
    name: z.string().min(1),
    definition: z.custom<QuestionnaireDefinition>((value) => typeof value === "object" && value !== null),
    responses: z.array(
      z.object({
        outcome: z.enum(["complete", "terminate", "over_quota"]),
        /** The response's date, YYYY-MM-DD (UTC); it ended at 10:00 that day. */
        day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        minutes: z.number().int().min(0).default(10),
        answers: z.custom<Answers>((value) => typeof value === "object" && value !== null),
      }),
    ),
  }),
});

export async function createSurveyResultsFixture(input: z.infer<typeof surveyResultsFixture>["surveyResults"]) {
  const suffix = randomBytes(6).toString("hex");
  return getPrisma().$transaction(async (tx) => {
    const questionnaireId = await createQuestionnaire(tx, { kind: "hosted_survey", definition: input.definition });
    await tx.surveyCategory.upsert({ where: { id: 30 }, create: { id: 30, name: "Other" }, update: {} });
    const survey = await tx.survey.create({
      data: {
        name: input.name,
        slug: `results-${suffix}`,
        categoryId: 30,
        points: 20,
        lengthMinutes: 10,
        launched: true,
        delivery: "hosted",
        questionnaireId,
        returnSecret: randomBytes(32).toString("hex"),
      },
    });
    const respondents = [];
    for (const [index, response] of input.responses.entries()) {
      const member = await tx.member.create({
        data: {
          email: `respondent-${suffix}-${index}@example.com`,
          firstName: `Respondentfirst${suffix}${index}`,
          lastName: `Respondentlast${suffix}${index}`,
          emailVerifiedAt: new Date(),
        },
      });
      const endedAt = new Date(`${response.day}T10:00:00Z`);
      const assignment = await tx.assignment.create({
        data: {
          surveyId: survey.id,
          memberId: member.id,
          points: 20,
          status: OUTCOME_STATUS[response.outcome],
          outcome: response.outcome,
          respondentToken: randomBytes(12).toString("hex"),
          startedAt: new Date(endedAt.getTime() - response.minutes * 60_000),
          endedAt,
        },
      });
      const saved = await saveResponse(tx, {
        questionnaireId,
        memberId: member.id,
        assignmentId: assignment.id,
        answers: response.answers,
      });
      if (!saved.ok) throw new Error("Response fixture not saved");
      await tx.questionnaireResponse.update({ where: { id: saved.responseId }, data: { submittedAt: endedAt } });
      respondents.push({
        token: assignment.respondentToken,
        email: member.email,
        firstName: member.firstName,
        lastName: member.lastName,
      });
    }
    return { surveyId: survey.id, respondents };
  });
}
