import { describe, expect, test } from "vitest";
import { verifyPassword } from "~/domain/passwords.server";
import { DEMO_ADMIN, DEMO_MEMBER, seedCategories, seedDemoAccounts, shouldSeedDemo } from "~/domain/seed.server";
import { SURVEY_CATEGORIES } from "~/domain/survey-categories";
import { getPrisma } from "~/lib/db.server";

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

  test("keeps demo accounts off PostgreSQL unless asked", () => {
    const postgres = { kind: "postgres", url: "postgresql://db/panel" } as const;
    const pglite = { kind: "pglite", dataDir: "./data/db" } as const;
    expect(shouldSeedDemo(pglite, undefined)).toBe(true);
    expect(shouldSeedDemo(postgres, undefined)).toBe(false);
    expect(shouldSeedDemo(postgres, "1")).toBe(true);
    expect(shouldSeedDemo(pglite, "0")).toBe(false);
  });
});
