import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, test } from "vitest";
import { getPrisma, isUniqueViolation } from "~/lib/db.server";
import { readMigrations } from "~/lib/migrations.server";
import { createTestMember } from "../support/factories";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";

// Runs on PGlite by default and, in CI's second run, on a real PostgreSQL: the same migrations
// and the same queries must behave alike on both.
const engine = inject("databaseTemplate").kind;

describe(`the migrated database (${engine})`, () => {
  test("records every migration with Prisma's checksum", async () => {
    const rows = await getPrisma().$queryRaw<{ migration_name: string; checksum: string }[]>`
      SELECT "migration_name", "checksum" FROM "_prisma_migrations" ORDER BY "migration_name"`;
    const onDisk = fs
      .readdirSync(path.resolve("prisma/migrations"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(rows.map((row) => row.migration_name)).toEqual(onDisk);
    for (const migration of readMigrations()) {
      const sql = fs.readFileSync(path.resolve("prisma/migrations", migration.name, "migration.sql"));
      const row = rows.find((candidate) => candidate.migration_name === migration.name);
      expect(row?.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
    }
  });

  test("stores and finds a member through Prisma", async () => {
    const created = await createTestMember({ email: "asha@example.com", country: "IN" });
    const found = await getPrisma().member.findUniqueOrThrow({ where: { email: "asha@example.com" } });
    expect(found).toMatchObject({ id: created.id, country: "IN", pointsBalance: 0, status: "active" });
    expect(found.dob).toEqual(new Date("1990-04-15T00:00:00.000Z"));
  });

  test("refuses a points balance below zero", async () => {
    const member = await createTestMember();
    await expect(
      getPrisma().member.update({ where: { id: member.id }, data: { pointsBalance: -1 } }),
    ).rejects.toThrow();
    const unchanged = await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } });
    expect(unchanged.pointsBalance).toBe(0);
  });

  test("keeps one open assignment per survey and member, and allows a new one once it ended", async () => {
    const prisma = getPrisma();
    const member = await createTestMember();
    await prisma.surveyCategory.create({ data: { id: 5, name: "Education" } });
    const survey = await prisma.survey.create({
      data: {
        name: "Study habits",
        slug: "study-habits",
        categoryId: 5,
        points: 50,
        lengthMinutes: 10,
        delivery: "external",
        externalUrl: "https://vendor.example/s?rid={token}",
        returnSecret: "secret",
      },
    });
    const assign = (token: string) =>
      prisma.assignment.create({
        data: { surveyId: survey.id, memberId: member.id, points: 50, respondentToken: token },
      });
    const first = await assign("token-1");
    await expect(assign("token-2")).rejects.toSatisfy(isUniqueViolation);
    await prisma.assignment.update({
      where: { id: first.id },
      data: { status: ASSIGNMENT_STATUS.complete, outcome: "complete" },
    });
    await expect(assign("token-3")).resolves.toMatchObject({ status: ASSIGNMENT_STATUS.assigned });
    await expect(prisma.assignment.update({ where: { id: first.id }, data: { status: 8 } })).rejects.toThrow();
  });

  test("makes a ledger source usable once only", async () => {
    const prisma = getPrisma();
    const member = await createTestMember();
    const entry = (referenceId: string) =>
      prisma.pointsTransaction.create({
        data: {
          referenceId,
          memberId: member.id,
          change: 100,
          remark: "Profile survey reward",
          status: "completed",
          type: "profile_reward",
          source: `profile:1:member:${member.id}`,
        },
      });
    await entry("PT-000001");
    await expect(entry("PT-000002")).rejects.toSatisfy(isUniqueViolation);
  });
});
