import { isDeepStrictEqual } from "node:util";
import type { PrismaClient } from "~/generated/prisma/client";
import { isUniqueViolation, type Tx } from "~/lib/db.server";
import { createQuestionnaire, loadQuestionnaire, updateQuestionnaire } from "~/questionnaire/storage.server";
import { randomBytes } from "node:crypto";
import { recordAudit } from "./audit.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import { BUILT_IN_PROFILE_SURVEYS, type BuiltInProfileSurvey } from "./profile-questionnaires";
import { SURVEY_CATEGORIES } from "./survey-categories";

export const DEMO_ADMIN = { email: "admin@panel.test", password: "Admin#12345", name: "Demo Admin" };
export const DEMO_MEMBER = { email: "member@panel.test", password: "Member#12345" };

/**
 * The demo accounts' passwords are published (README), so they are created only by the demo
 * command, the end-to-end harness and `npm run dev`, never by `npm start`. A database that a
 * production start of an earlier version seeded still has them: a production seed locks them,
 * if and only if they still have the published password. The admin is revoked and both lose the
 * password (the member's sessions end); an audit entry says why. Returns the emails locked.
 */
export async function lockPublishedDemoAccounts(prisma: PrismaClient): Promise<string[]> {
  const locked: string[] = [];
  const admin = await prisma.admin.findUnique({ where: { email: DEMO_ADMIN.email } });
  if (admin && (await verifyPassword(DEMO_ADMIN.password, admin.passwordHash))) {
    await prisma.$transaction(async (tx) => {
      await tx.admin.update({
        where: { id: admin.id },
        data: {
          revokedAt: admin.revokedAt ?? new Date(),
          passwordHash: await hashPassword(randomBytes(32).toString("hex")),
        },
      });
      await tx.adminSession.deleteMany({ where: { adminId: admin.id } });
      await recordAudit(tx, {
        admin: { id: admin.id, email: "production start" },
        action: "admin.revoked",
        targetType: "admin",
        targetId: admin.id,
        details: { reason: "demo account with its published password" },
      });
    });
    locked.push(admin.email);
  }
  const member = await prisma.member.findUnique({ where: { email: DEMO_MEMBER.email } });
  if (member?.passwordHash && (await verifyPassword(DEMO_MEMBER.password, member.passwordHash))) {
    await prisma.$transaction([
      prisma.member.update({ where: { id: member.id }, data: { passwordHash: null } }),
      prisma.memberSession.deleteMany({ where: { memberId: member.id } }),
    ]);
    locked.push(member.email);
  }
  return locked;
}

export async function seedCategories(prisma: PrismaClient): Promise<number> {
  await prisma.surveyCategory.createMany({ data: [...SURVEY_CATEGORIES], skipDuplicates: true });
  const stored = await prisma.surveyCategory.findMany();
  for (const category of SURVEY_CATEGORIES) {
    if (stored.find((row) => row.id === category.id)?.name !== category.name) {
      await prisma.surveyCategory.update({ where: { id: category.id }, data: { name: category.name } });
    }
  }
  return prisma.surveyCategory.count();
}

/**
 * The five built-in profile questionnaires, each created once (found again by its path number) and
 * afterwards kept in line with its definition in code, so a label fixed there reaches databases
 * seeded before. Questions and options are matched by key and value, so members' answers survive.
 * Returns how many built-ins the database holds.
 */
export async function seedProfileSurveys(prisma: PrismaClient): Promise<number> {
  for (const builtIn of BUILT_IN_PROFILE_SURVEYS) {
    try {
      await prisma.$transaction((tx) => seedProfileSurvey(tx, builtIn), { timeout: 60_000 });
    } catch (error) {
      // Another app instance starting at the same moment created it first: it is there, as wanted.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return prisma.profileSurvey.count({ where: { path: { not: null } } });
}

async function seedProfileSurvey(tx: Tx, builtIn: BuiltInProfileSurvey) {
  const { path, slug, category, points, minutes, definition } = builtIn;
  const existing = await tx.profileSurvey.findUnique({ where: { path } });
  if (!existing) {
    const questionnaireId = await createQuestionnaire(tx, { kind: "profile", definition });
    await tx.profileSurvey.create({ data: { questionnaireId, path, slug, category, points, minutes, country: null } });
    return;
  }
  // Compared first, so that an unchanged definition costs no writes on every start.
  const stored = await loadQuestionnaire(tx, existing.questionnaireId);
  if (!isDeepStrictEqual(stored?.definition, definition)) {
    await updateQuestionnaire(tx, existing.questionnaireId, definition);
  }
  const wanted = { slug, category, points, minutes, country: null };
  if (Object.entries(wanted).some(([field, value]) => existing[field as keyof typeof wanted] !== value)) {
    await tx.profileSurvey.update({ where: { id: existing.id }, data: wanted });
  }
}

/** Creates the demo admin and member once; never overwrites what a demo user has changed since. */
export async function seedDemoAccounts(prisma: PrismaClient): Promise<string[]> {
  await prisma.admin.upsert({
    where: { email: DEMO_ADMIN.email },
    update: {},
    create: {
      name: DEMO_ADMIN.name,
      email: DEMO_ADMIN.email,
      passwordHash: await hashPassword(DEMO_ADMIN.password),
      isSuperAdmin: true,
    },
  });
  await prisma.member.upsert({
    where: { email: DEMO_MEMBER.email },
    update: {},
    create: {
      firstName: "Demo",
      lastName: "Member",
      email: DEMO_MEMBER.email,
      emailVerifiedAt: new Date(),
      passwordHash: await hashPassword(DEMO_MEMBER.password),
      country: "IN",
      state: "Maharashtra",
      city: "Mumbai",
      pin: "400001",
      dob: new Date("1992-06-15"),
      gender: "male",
      mobile: "9876543210",
    },
  });
  return [DEMO_ADMIN.email, DEMO_MEMBER.email];
}
