import { randomBytes } from "node:crypto";
import { z } from "zod";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { getPrisma } from "~/lib/db.server";

// Fieldwork for the survey-close tests (decision 062): completes of a survey by members made here,
// so that its quota fills without a browser taking the survey.

export const surveyCloseFixture = z.object({
  surveyClose: z.object({
    surveyId: z.number().int().positive(),
    completes: z.number().int().min(1).max(50),
  }),
});

export async function createSurveyCloseFixture({
  surveyId,
  completes,
}: z.infer<typeof surveyCloseFixture>["surveyClose"]) {
  const prisma = getPrisma();
  const survey = await prisma.survey.findUniqueOrThrow({ where: { id: surveyId }, select: { points: true } });
  const now = new Date();
  for (let index = 0; index < completes; index += 1) {
    const token = randomBytes(12).toString("hex");
    const member = await prisma.member.create({
      data: {
        email: `close-${token}@example.com`,
        firstName: "Close",
        lastName: "Fixture",
        emailVerifiedAt: now,
      },
    });
    await prisma.assignment.create({
      data: {
        surveyId,
        memberId: member.id,
        points: survey.points,
        status: ASSIGNMENT_STATUS.complete,
        outcome: "complete",
        respondentToken: token,
        startedAt: new Date(now.getTime() - 5 * 60_000),
        endedAt: now,
      },
    });
  }
  return { surveyId, completes };
}
