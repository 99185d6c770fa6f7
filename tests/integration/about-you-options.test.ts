import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { BUILT_IN_PROFILE_SURVEYS } from "~/domain/profile-questionnaires";
import { submitProfileSurvey } from "~/domain/profile-surveys.server";
import { seedProfileSurveys } from "~/domain/seed.server";
import { getPrisma } from "~/lib/db.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { createQuestionnaire, loadQuestionnaire } from "~/questionnaire/storage.server";
import { action, loader } from "~/routes/_member.details.profiledetails.$slug";
import { expectData, expectRedirect } from "../support/remix";
import { formRequest as post, getRequest as get, routeArgs as args, signedInMember } from "../support/requests";

// About You gives every member a true answer (decision 066): "None of these" household items (alone
// only), a chief earner who is retired, in another profession or absent, the ₹7–8 lakh income band,
// and the family income bands read as meant. The data migration brings a database seeded before
// to exactly what the seed gives a new one, and members' earlier answers keep their codes.

const ABOUT_YOU = BUILT_IN_PROFILE_SURVEYS.find((entry) => entry.slug === "aboutyou")!.definition;
const NEW_CODES = new Set(["700000-799999", "Retired", "Other", "NotApplicable", "NoneOfThese"]);
const NEW_IN = new Set(["my_annual_income", "chief_earner_profession", "family_annual_income", "household_items"]);
const OLD_LABELS: Record<string, string> = {
  "2500000-49999999": "₹25,00,000 – ₹4,99,99,999",
  "50000000": "₹5,00,00,000 or more",
};

/** About You as the seed stored it before issue 21: without the new options, with the old labels. */
function aboutYouBefore(): QuestionnaireDefinition {
  return {
    ...ABOUT_YOU,
    pages: ABOUT_YOU.pages.map((page) => ({
      ...page,
      questions: page.questions.map((question) => ({
        ...question,
        options: question.options
          .filter((option) => !(NEW_IN.has(question.key) && NEW_CODES.has(option.value)))
          .map((option) =>
            question.key === "family_annual_income" && OLD_LABELS[option.value]
              ? { ...option, label: OLD_LABELS[option.value] }
              : option,
          ),
      })),
    })),
  };
}

function migrationStatements(): string[] {
  const sql = fs.readFileSync("prisma/migrations/20261127040000_about_you_options/migration.sql", "utf8");
  return sql
    .split("\n")
    .filter((line) => !line.trim().startsWith("--"))
    .join("\n")
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter(Boolean);
}

const ANSWERS: [string, string][] = [
  ["education", "Graduate"],
  ["employment", "Retired"],
  ["family_members", "2"],
  ["chief_earner", "Yes"],
  ["my_annual_income", "700000-799999"],
  ["chief_earner_profession", "Retired"],
  ["family_annual_income", "700000-799999"],
  ["household_expense", "1"],
];

const submit = (cookie: string, fields: [string, string][]) =>
  action(args(post("/details/profiledetails/aboutyou", cookie, fields), { slug: "aboutyou" }));

describe("About You's truthful options", () => {
  test("the migration brings an About You seeded before it to what the seed gives, keeping answers", async () => {
    const prisma = getPrisma();
    const { member } = await signedInMember();
    const profileSurvey = await prisma.$transaction(async (tx) => {
      const questionnaireId = await createQuestionnaire(tx, { kind: "profile", definition: aboutYouBefore() });
      return tx.profileSurvey.create({
        data: { questionnaireId, path: 1, slug: "aboutyou", category: "Basic", points: 100, minutes: 3 },
      });
    });
    const earlier = {
      education: "Graduate",
      employment: "Buisness",
      family_members: "4",
      chief_earner: "Yes",
      my_annual_income: "1200000",
      chief_earner_profession: "Buisness",
      family_annual_income: "2500000-49999999",
      household_expense: "1",
      household_items: ["TV", "car"],
    };
    expect(await submitProfileSurvey(member.id, profileSurvey.id, earlier)).toMatchObject({ ok: true });

    for (const statement of migrationStatements()) await prisma.$executeRawUnsafe(statement);

    const migrated = await loadQuestionnaire(prisma, profileSurvey.questionnaireId);
    expect(migrated?.definition).toEqual(ABOUT_YOU);
    // The member's answers still point at their options, whose codes did not change.
    const answers = await prisma.answer.findMany({
      where: { memberId: member.id, question: { key: { in: ["family_annual_income", "household_items"] } } },
      include: { option: true },
    });
    expect(answers.map((answer) => answer.option?.value).sort()).toEqual(["2500000-49999999", "TV", "car"]);
    expect(answers.find((answer) => answer.option?.value === "2500000-49999999")?.option?.label).toBe(
      "₹25,00,000 – ₹49,99,999",
    );
  });

  test("a new database gets the same options from the seed", async () => {
    await seedProfileSurveys(getPrisma());
    const { cookie } = await signedInMember();
    const page = await loader(args(get("/details/profiledetails/aboutyou", cookie), { slug: "aboutyou" }));
    const items = page.definition.pages[0].questions.find((question) => question.key === "household_items");
    expect(items?.options.at(-1)).toEqual({ value: "NoneOfThese", label: "None of these", exclusive: true });
  });

  test("'None of these' with a household item is refused with a clear message and nothing is saved", async () => {
    await seedProfileSurveys(getPrisma());
    const { member, cookie } = await signedInMember();
    const result = expectData(
      await submit(cookie, [...ANSWERS, ["household_items", "TV"], ["household_items", "NoneOfThese"]]),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data.error?.household_items).toEqual(["Choose either 'None of these' or other options, not both."]);
    expect(await getPrisma().questionnaireResponse.count({ where: { memberId: member.id } })).toBe(0);
    expect((await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).pointsBalance).toBe(0);
  });

  test("a household with none of the items, a retired chief earner and ₹7–8 lakh can answer truthfully", async () => {
    await seedProfileSurveys(getPrisma());
    const { member, cookie } = await signedInMember();
    expectRedirect(await submit(cookie, [...ANSWERS, ["household_items", "NoneOfThese"]]));
    const page = await loader(args(get("/details/profiledetails/aboutyou", cookie), { slug: "aboutyou" }));
    expect(page.answers).toMatchObject({
      household_items: ["NoneOfThese"],
      chief_earner_profession: "Retired",
      my_annual_income: "700000-799999",
      family_annual_income: "700000-799999",
    });
    expect((await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).pointsBalance).toBe(100);
  });
});
