import { describe, expect, test } from "vitest";
import { hashPassword, verifyPassword } from "~/domain/passwords.server";
import { BUILT_IN_PROFILE_SURVEYS } from "~/domain/profile-questionnaires";
import { listProfileSurveys } from "~/domain/profile-surveys.server";
import {
  DEMO_ADMIN,
  DEMO_MEMBER,
  seedCategories,
  seedDemoAccounts,
  seedProfileSurveys,
  lockPublishedDemoAccounts,
} from "~/domain/seed.server";
import { SURVEY_CATEGORIES } from "~/domain/survey-categories";
import { getPrisma } from "~/lib/db.server";
import { loadQuestionnaire } from "~/questionnaire/storage.server";

describe("the seed", () => {
  test("stores the admin spec's category map, and running it again changes nothing", async () => {
    const prisma = getPrisma();
    expect(await seedCategories(prisma)).toBe(SURVEY_CATEGORIES.length);
    await prisma.surveyCategory.update({ where: { id: 7 }, data: { name: "Renamed by hand" } });
    expect(await seedCategories(prisma)).toBe(SURVEY_CATEGORIES.length);
    expect(await prisma.surveyCategory.findUnique({ where: { id: 7 } })).toEqual({ id: 7, name: "Entertainment" });
    expect(await prisma.surveyCategory.findUnique({ where: { id: 42 } })).toEqual({ id: 42, name: "Ailment" });
  });

  test("creates a usable demo admin and a verified demo member with complete details, once", async () => {
    const prisma = getPrisma();
    await seedDemoAccounts(prisma);
    await seedDemoAccounts(prisma);
    const admins = await prisma.admin.findMany();
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ email: DEMO_ADMIN.email, isSuperAdmin: true, revokedAt: null });
    expect(await verifyPassword(DEMO_ADMIN.password, admins[0].passwordHash)).toBe(true);

    const members = await prisma.member.findMany();
    expect(members).toHaveLength(1);
    const member = members[0];
    expect(member.email).toBe(DEMO_MEMBER.email);
    expect(member.emailVerifiedAt).not.toBeNull();
    for (const field of ["firstName", "country", "state", "city", "pin", "dob", "gender"] as const) {
      expect(member[field], field).toBeTruthy();
    }
    expect(await verifyPassword(DEMO_MEMBER.password, member.passwordHash ?? "")).toBe(true);
  });

  test("stores the five built-in profile questionnaires once, each matching its definition", async () => {
    const prisma = getPrisma();
    expect(await seedProfileSurveys(prisma)).toBe(5);
    expect(await seedProfileSurveys(prisma)).toBe(5);
    const rows = await prisma.profileSurvey.findMany({ orderBy: { path: "asc" }, include: { questionnaire: true } });
    expect(rows).toHaveLength(5);
    expect(await prisma.questionnaire.count()).toBe(5);
    for (const [index, builtIn] of BUILT_IN_PROFILE_SURVEYS.entries()) {
      const row = rows[index];
      expect(row).toMatchObject({
        path: builtIn.path,
        slug: builtIn.slug,
        category: "Basic",
        points: 100,
        minutes: builtIn.minutes,
        country: null,
      });
      expect(row.questionnaire.kind).toBe("profile");
      const stored = await loadQuestionnaire(prisma, row.questionnaireId);
      expect(stored?.definition, builtIn.slug).toEqual(builtIn.definition);
    }
    expect(rows.map((row) => row.minutes)).toEqual([3, 2, 2, 2, 2]);
  });

  test("brings an existing built-in up to date: labels, points and minutes, keeping its answers' ids", async () => {
    const prisma = getPrisma();
    await seedProfileSurveys(prisma);
    const aboutYou = await prisma.profileSurvey.findUniqueOrThrow({ where: { slug: "aboutyou" } });
    const question = await prisma.question.findFirstOrThrow({
      where: { questionnaireId: aboutYou.questionnaireId, key: "education" },
    });
    await prisma.question.update({ where: { id: question.id }, data: { label: "Old wording" } });
    await prisma.questionOption.updateMany({ where: { questionId: question.id }, data: { label: "Old option" } });
    await prisma.profileSurvey.update({ where: { id: aboutYou.id }, data: { points: 7, minutes: 9 } });

    await seedProfileSurveys(prisma);
    const stored = await loadQuestionnaire(prisma, aboutYou.questionnaireId);
    expect(stored?.definition).toEqual(BUILT_IN_PROFILE_SURVEYS[0].definition);
    expect(stored?.questionIds.education).toBe(question.id);
    expect(await prisma.profileSurvey.findUniqueOrThrow({ where: { id: aboutYou.id } })).toMatchObject({
      points: 100,
      minutes: 3,
    });
  });

  test("leaves the demo member with all five profile questionnaires pending", async () => {
    const prisma = getPrisma();
    await seedProfileSurveys(prisma);
    await seedDemoAccounts(prisma);
    const member = await prisma.member.findUniqueOrThrow({ where: { email: DEMO_MEMBER.email } });
    const cards = await listProfileSurveys(member);
    expect(cards.map((card) => [card.title, card.submitted])).toEqual(
      BUILT_IN_PROFILE_SURVEYS.map((builtIn) => [builtIn.definition.title, false]),
    );
  });

  test("a production seed locks demo accounts that still have their published passwords, and only those", async () => {
    const prisma = getPrisma();
    await seedDemoAccounts(prisma);
    expect(await lockPublishedDemoAccounts(prisma)).toEqual([DEMO_ADMIN.email, DEMO_MEMBER.email]);
    const admin = await prisma.admin.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } });
    expect(admin.revokedAt).not.toBeNull();
    expect(await verifyPassword(DEMO_ADMIN.password, admin.passwordHash)).toBe(false);
    const member = await prisma.member.findUniqueOrThrow({ where: { email: DEMO_MEMBER.email } });
    expect(member.passwordHash).toBeNull();
    const entry = await prisma.auditEntry.findFirstOrThrow({
      where: { action: "admin.revoked", targetId: String(admin.id) },
    });
    expect(entry.details).toEqual({ reason: "demo account with its published password" });
    // Run again (every start): nothing left to lock.
    expect(await lockPublishedDemoAccounts(prisma)).toEqual([]);
  });

  test("a demo account whose password was changed is left alone", async () => {
    const prisma = getPrisma();
    await seedDemoAccounts(prisma);
    await prisma.admin.update({
      where: { email: DEMO_ADMIN.email },
      data: { passwordHash: await hashPassword("A private passphrase 42") },
    });
    expect(await lockPublishedDemoAccounts(prisma)).toEqual([DEMO_MEMBER.email]);
    expect((await prisma.admin.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } })).revokedAt).toBeNull();
  });
});
