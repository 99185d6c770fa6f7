import { expect, test } from "vitest";
import { getDashboardFigures } from "~/domain/admin-dashboard.server";
import { countAudience } from "~/domain/audiences.server";
import { getUsersRecordsTotals } from "~/domain/member-records.server";
import { getPrisma } from "~/lib/db.server";
import { createTestMember } from "../support/factories";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";

// The admin cards read trigger-kept totals instead of counting rows. Whatever happens to members,
// assignments and withdrawals (bulk inserts, updates, cascaded deletes, concurrent writers), the
// totals must equal what counting the rows would give.

async function countedFromRows() {
  const [row] = await getPrisma().$queryRaw<
    { members: bigint; verified: bigint; points: bigint; completed: bigint; paid: bigint }[]
  >`
    SELECT (SELECT count(*) FROM "Member") AS members,
           (SELECT count(*) FROM "Member" WHERE "emailVerifiedAt" IS NOT NULL) AS verified,
           (SELECT coalesce(sum("pointsBalance"), 0) FROM "Member")::bigint AS points,
           (SELECT count(*) FROM "Assignment" WHERE "status" = 3) AS completed,
           (SELECT coalesce(sum("amountMinor"), 0) FROM "WithdrawalRequest" WHERE "status" = 'success')::bigint AS paid`;
  return {
    membersTotal: Number(row.members),
    membersVerified: Number(row.verified),
    pointsOutstanding: Number(row.points),
    totalCompleted: Number(row.completed),
    totalPaidMinor: Number(row.paid),
  };
}

async function fromCards() {
  const dashboard = await getDashboardFigures(getPrisma());
  const users = await getUsersRecordsTotals(getPrisma());
  expect(users.totalUsers).toBe(dashboard.membersTotal);
  return {
    membersTotal: dashboard.membersTotal,
    membersVerified: dashboard.membersVerified,
    pointsOutstanding: dashboard.pointsOutstanding,
    totalCompleted: users.totalCompleted,
    totalPaidMinor: users.totalPaidMinor,
  };
}

async function survey() {
  const category = await getPrisma().surveyCategory.upsert({
    where: { id: 901 },
    create: { id: 901, name: "Counters" },
    update: {},
  });
  return getPrisma().survey.create({
    data: {
      name: "Counted",
      slug: `counted-${Date.now()}-${Math.random()}`,
      categoryId: category.id,
      points: 10,
      lengthMinutes: 5,
      delivery: "hosted",
      returnSecret: "x",
    },
  });
}

test("bulk inserts, updates and cascaded deletes keep every total equal to the rows", async () => {
  const prisma = getPrisma();
  await prisma.member.createMany({
    data: Array.from({ length: 40 }, (_, index) => ({
      firstName: "Bulk",
      lastName: String(index),
      email: `bulk${index}@example.com`,
      emailVerifiedAt: index % 3 === 0 ? null : new Date(),
      pointsBalance: index * 5,
    })),
  });
  expect(await fromCards()).toEqual(await countedFromRows());
  expect((await fromCards()).membersTotal).toBe(40);

  // Verifying, spending and renaming: only real changes move the totals.
  await prisma.member.updateMany({ where: { emailVerifiedAt: null }, data: { emailVerifiedAt: new Date() } });
  await prisma.member.updateMany({ where: { pointsBalance: { gte: 100 } }, data: { pointsBalance: { decrement: 7 } } });
  await prisma.member.updateMany({ data: { firstName: "Renamed" } });
  expect(await fromCards()).toEqual(await countedFromRows());

  const members = await prisma.member.findMany({ select: { id: true }, orderBy: { id: "asc" } });
  const counted = await survey();
  await prisma.assignment.createMany({
    data: members.map((member, index) => ({
      surveyId: counted.id,
      memberId: member.id,
      points: 10,
      status: index % 4 === 0 ? 3 : 1,
      respondentToken: `token-${member.id}`,
    })),
  });
  await prisma.assignment.updateMany({
    where: { status: ASSIGNMENT_STATUS.assigned, memberId: { lt: members[10].id } },
    data: { status: ASSIGNMENT_STATUS.complete },
  });
  for (const [index, member] of members.slice(0, 6).entries()) {
    await prisma.withdrawalRequest.create({
      data: {
        referenceId: `WD-${index}`,
        memberId: member.id,
        points: 100,
        amountMinor: 1000 + index,
        method: "upi",
        payoutSnapshot: {},
        status: index % 2 === 0 ? "success" : "pending",
      },
    });
  }
  await prisma.withdrawalRequest.updateMany({ where: { referenceId: "WD-1" }, data: { status: "success" } });
  expect(await fromCards()).toEqual(await countedFromRows());

  // Deleting members cascades to their assignments and withdrawals; the totals follow.
  await prisma.member.deleteMany({ where: { id: { in: members.slice(0, 5).map((member) => member.id) } } });
  await prisma.survey.delete({ where: { id: counted.id } });
  const after = await countedFromRows();
  expect(after.membersTotal).toBe(35);
  expect(after.totalCompleted).toBe(0);
  expect(await fromCards()).toEqual(after);
});

test("concurrent writers and a rolled-back transaction leave exact totals", async () => {
  const prisma = getPrisma();
  await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      createTestMember({ email: `concurrent${index}@example.com`, pointsBalance: 10 }),
    ),
  );
  await Promise.all(
    (await prisma.member.findMany({ select: { id: true } })).map((member) =>
      prisma.member.update({ where: { id: member.id }, data: { pointsBalance: { increment: 3 } } }),
    ),
  );
  await expect(
    prisma.$transaction(async (tx) => {
      await tx.member.create({ data: { firstName: "Gone", lastName: "Soon", email: "rolled-back@example.com" } });
      throw new Error("roll back");
    }),
  ).rejects.toThrow("roll back");
  const rows = await countedFromRows();
  expect(rows).toMatchObject({ membersTotal: 20, pointsOutstanding: 260 });
  expect(await fromCards()).toEqual(rows);
});

test("the preview count of an audience without targets follows members joining, verifying, moving and leaving", async () => {
  const prisma = getPrisma();
  // What "Assign to all Users" matches, counted from the rows (the rule of memberMatchesSql).
  const fromRows = async (country: string | null) =>
    prisma.member.count({
      where: { status: "active", emailVerifiedAt: { not: null }, ...(country ? { country } : {}) },
    });
  const expectCounts = async () => {
    for (const country of [null, "IN", "US", "GB"]) {
      expect(await countAudience(country, []), `country ${country ?? "any"}`).toBe(await fromRows(country));
    }
  };
  await prisma.member.createMany({
    data: Array.from({ length: 30 }, (_, index) => ({
      firstName: "Match",
      lastName: String(index),
      email: `match${index}@example.com`,
      country: index % 3 === 0 ? "US" : "IN",
      emailVerifiedAt: index % 5 === 0 ? null : new Date(),
      status: index % 7 === 0 ? ("inactive" as const) : ("active" as const),
    })),
  });
  await expectCounts();
  expect(await countAudience("IN", [])).toBeGreaterThan(0);

  // A member verifies, one moves to another country, one closes their account, a balance changes.
  await prisma.member.updateMany({ where: { email: "match5@example.com" }, data: { emailVerifiedAt: new Date() } });
  await prisma.member.updateMany({ where: { email: "match1@example.com" }, data: { country: "GB" } });
  await prisma.member.updateMany({ where: { email: "match2@example.com" }, data: { status: "closed" } });
  await prisma.member.updateMany({ where: { country: "IN" }, data: { pointsBalance: { increment: 5 } } });
  await expectCounts();
  expect(await countAudience("GB", [])).toBe(1);

  await prisma.member.deleteMany({ where: { country: "US" } });
  await expectCounts();
  expect(await countAudience("US", [])).toBe(0);
});
