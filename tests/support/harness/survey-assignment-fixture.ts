import { randomBytes } from "node:crypto";
import { z } from "zod";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { getPrisma } from "~/lib/db.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { createQuestionnaire } from "~/questionnaire/storage.server";

// The end-to-end fixture of the survey-taking tests (posted to /dev/fixtures, which only the
// end-to-end harness serves): a launched hosted or external survey with an Assigned assignment for one
// member, and what a vendor would know of it (the respondent token and the return secret).

export const surveyAssignmentFixture = z.object({
  surveyAssignment: z.object({
    memberEmail: z.string().email(),
    name: z.string().min(1).default("Fixture survey"),
    delivery: z.enum(["hosted", "external"]),
    definition: z.custom<QuestionnaireDefinition>((value) => typeof value === "object" && value !== null).optional(),
    /** Instead of a definition: a hosted survey's questionnaire made with the builder. */
    questionnaireId: z.number().int().positive().optional(),
    points: z.number().int().min(0).default(50),
    /** With {token}; a vendor address that is never called, since tests only read the redirect. */
    externalUrl: z.string().url().default("https://vendor.example/survey?rid={token}"),
    quota: z.number().int().min(1).optional(),
    /** The survey requires the vendor's server callback before a complete counts (decision 060). */
    requireCallback: z.boolean().default(false),
    /** Points for a screen-out or over quota inside the survey (decision 063). */
    screenOutPoints: z.number().int().min(0).default(0),
    /** Earlier completes by other members, each this many seconds long: the speeder rule's median (decision 071). */
    earlierCompletes: z.object({ count: z.number().int().min(1).max(50), seconds: z.number().int().min(1) }).optional(),
  }),
});

export async function createSurveyAssignmentFixture(
  input: z.infer<typeof surveyAssignmentFixture>["surveyAssignment"],
) {
  const prisma = getPrisma();
  if (input.delivery === "hosted" && !input.definition && !input.questionnaireId) {
    throw new Error("A hosted survey fixture needs a definition or a questionnaire");
  }
  const member = await prisma.member.findUniqueOrThrow({ where: { email: input.memberEmail.toLowerCase() } });
  const suffix = randomBytes(6).toString("hex");
  return prisma.$transaction(async (tx) => {
    const questionnaireId =
      input.delivery !== "hosted"
        ? null
        : input.definition
          ? await createQuestionnaire(tx, { kind: "hosted_survey", definition: input.definition })
          : (input.questionnaireId ?? null);
    await tx.surveyCategory.upsert({ where: { id: 30 }, create: { id: 30, name: "Other" }, update: {} });
    const survey = await tx.survey.create({
      data: {
        name: input.name,
        slug: `taking-${suffix}`,
        categoryId: 30,
        points: input.points,
        lengthMinutes: 5,
        launched: true,
        delivery: input.delivery,
        questionnaireId,
        externalUrl: input.delivery === "external" ? input.externalUrl : null,
        returnSecret: randomBytes(32).toString("hex"),
        quota: input.quota ?? null,
        requireCallback: input.requireCallback,
        screenOutPoints: input.screenOutPoints,
      },
    });
    const assignment = await tx.assignment.create({
      data: {
        surveyId: survey.id,
        memberId: member.id,
        points: input.points,
        respondentToken: randomBytes(16).toString("base64url"),
      },
    });
    for (let i = 0; i < (input.earlierCompletes?.count ?? 0); i += 1) {
      const seconds = input.earlierCompletes!.seconds;
      const other = await tx.member.create({
        data: { email: `earlier-${suffix}-${i}@example.com`, firstName: "Earlier", lastName: "Respondent" },
      });
      await tx.assignment.create({
        data: {
          surveyId: survey.id,
          memberId: other.id,
          points: input.points,
          status: ASSIGNMENT_STATUS.complete,
          outcome: "complete",
          respondentToken: randomBytes(16).toString("base64url"),
          startedAt: new Date(Date.now() - seconds * 1000),
          endedAt: new Date(),
          loiSeconds: seconds,
        },
      });
    }
    return {
      surveyId: survey.id,
      slug: survey.slug,
      assignmentId: assignment.id,
      respondentToken: assignment.respondentToken,
      returnSecret: survey.returnSecret,
    };
  });
}
