import { randomBytes } from "node:crypto";
import { z } from "zod";
import { countAudience } from "~/domain/audiences.server";
import { getPrisma } from "~/lib/db.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { createQuestionnaire } from "~/questionnaire/storage.server";

// The end-to-end fixture of the audience tests (decision 049; posted to /dev/fixtures, which only
// the end-to-end harness serves): `members` active, verified members of a country of the test's
// own, made in one statement (an audience of more than 1,000 needs the admin's confirmation), and a
// launched hosted survey fielded in that country, for an admin to assign to all. `matching` is how
// many members of the country the audience matches now (a retry's members are still there).

export const audienceFixture = z.object({
  audience: z.object({
    country: z.string().length(2),
    members: z.number().int().min(0).max(100_000),
    surveyName: z.string().min(1),
    points: z.number().int().min(0).default(30),
    definition: z.custom<QuestionnaireDefinition>((value) => typeof value === "object" && value !== null),
  }),
});

export async function createAudienceFixture(input: z.infer<typeof audienceFixture>["audience"]) {
  const prisma = getPrisma();
  const suffix = randomBytes(6).toString("hex");
  await prisma.$executeRaw`
    INSERT INTO "Member" ("firstName", "lastName", "email", "emailVerifiedAt", "country", "updatedAt")
    SELECT 'Audience', 'Member ' || g::text, ${`audience-${suffix}-`}::text || g::text || '@example.com', now(),
           ${input.country}::char(2), now()
    FROM generate_series(1, ${input.members}::int) AS g`;
  const survey = await prisma.$transaction(async (tx) => {
    const questionnaireId = await createQuestionnaire(tx, { kind: "hosted_survey", definition: input.definition });
    await tx.surveyCategory.upsert({ where: { id: 30 }, create: { id: 30, name: "Other" }, update: {} });
    return tx.survey.create({
      data: {
        name: input.surveyName,
        slug: `audience-${suffix}`,
        descriptionHtml: `<p>About ${input.surveyName}.</p>`,
        categoryId: 30,
        points: input.points,
        lengthMinutes: 5,
        launched: true,
        delivery: "hosted",
        questionnaireId,
        returnSecret: randomBytes(32).toString("hex"),
        country: input.country,
      },
    });
  });
  return { surveyId: survey.id, slug: survey.slug, matching: await countAudience(input.country, []) };
}
