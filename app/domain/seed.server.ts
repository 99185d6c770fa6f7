import type { PrismaClient } from "~/generated/prisma/client";
import type { DatabaseTarget } from "~/lib/database-url";
import { hashPassword } from "./passwords.server";
import { SURVEY_CATEGORIES } from "./survey-categories";

export const DEMO_ADMIN = { email: "admin@panel.test", password: "Admin#12345", name: "Demo Admin" };
export const DEMO_MEMBER = { email: "member@panel.test", password: "Member#12345" };

/** Demo accounts have known passwords, so they are seeded on the embedded database only, unless asked. */
export function shouldSeedDemo(target: DatabaseTarget, setting: string | undefined): boolean {
  if (setting === "1" || setting === "true") return true;
  if (setting === "0" || setting === "false") return false;
  return target.kind === "pglite";
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
