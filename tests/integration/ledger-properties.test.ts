import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { adjustPoints, creditPoints, debitPoints, reverseEntry, settlePayout } from "~/domain/ledger.server";
import type { Admin } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { createTestAdmin, createTestMember } from "../support/factories";
import { propertyRuns } from "../support/test-size";

// Random sequences of every kind of points change, against the real database: credits, debits
// (withdrawals, admin adjustments), settlements, reversals and expiries. Whatever the sequence, the
// cached balance equals the sum of the ledger and never goes below zero; run one after another it
// also equals a simple model of the rules, and run concurrently the invariants still hold.

type Op =
  | { kind: "completion"; points: number }
  | { kind: "withdrawal"; points: number }
  | { kind: "adjustment"; points: number }
  | { kind: "settle"; pick: number }
  | { kind: "reverse"; pick: number }
  | { kind: "expiry" };

const points = fc.integer({ min: 1, max: 500 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("completion" as const), points }),
  fc.record({ kind: fc.constant("withdrawal" as const), points }),
  fc.record({
    kind: fc.constant("adjustment" as const),
    points: fc.integer({ min: -500, max: 500 }).filter((n) => n !== 0),
  }),
  fc.record({ kind: fc.constant("settle" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("reverse" as const), pick: fc.nat() }),
  fc.constant({ kind: "expiry" as const }),
);

/** What the rules say should happen, tracked without a database. */
interface Model {
  balance: number;
  /** Sources that a settlement or reversal may pick, with what they moved and their state. */
  entries: { source: string; kind: "completion" | "withdrawal"; points: number; state: "open" | "paid" | "reversed" }[];
}

/** Applies one operation to the database and to the model; `model` is null when ops run concurrently. */
async function apply(memberId: number, admin: Admin, op: Op, step: string, model: Model | null) {
  const prisma = getPrisma();
  switch (op.kind) {
    case "completion": {
      const source = `assignment:${step}:complete`;
      const result = await prisma.$transaction((tx) =>
        creditPoints(tx, { memberId, points: op.points, type: "survey_completion", source, remark: "Survey" }),
      );
      expect(result.ok).toBe(true);
      if (model) {
        model.balance += op.points;
        model.entries.push({ source, kind: "completion", points: op.points, state: "open" });
      }
      return;
    }
    case "withdrawal": {
      const source = `withdrawal:${step}`;
      const result = await prisma.$transaction((tx) =>
        debitPoints(tx, { memberId, points: op.points, type: "withdrawal", source, remark: "Withdrawal" }),
      );
      if (model) {
        expect(result.ok).toBe(op.points <= model.balance);
        if (result.ok) {
          model.balance -= op.points;
          model.entries.push({ source, kind: "withdrawal", points: op.points, state: "open" });
        }
      }
      return;
    }
    case "adjustment": {
      const result = await prisma.$transaction((tx) =>
        adjustPoints(tx, { admin, memberId, points: op.points, reason: "Correction", key: step }),
      );
      if (model) {
        expect(result.ok).toBe(model.balance + op.points >= 0);
        if (result.ok) model.balance += op.points;
      }
      return;
    }
    case "settle": {
      const target = model ? model.entries[op.pick % Math.max(1, model.entries.length)] : undefined;
      const source = target?.source ?? (await pickSource(memberId, op.pick));
      if (!source) return;
      const result = await prisma.$transaction((tx) => settlePayout(tx, source));
      if (model && target) {
        const settles = target.kind === "withdrawal" && target.state === "open";
        expect(result.ok).toBe(settles);
        if (settles) target.state = "paid";
      }
      return;
    }
    case "reverse": {
      const target = model ? model.entries[op.pick % Math.max(1, model.entries.length)] : undefined;
      const source = target?.source ?? (await pickSource(memberId, op.pick));
      if (!source) return;
      const result = await prisma.$transaction((tx) => reverseEntry(tx, { source, remark: "Reversed" }));
      if (model && target) {
        expect(result.ok).toBe(target.state === "open");
        if (result.ok) {
          const moved = target.kind === "withdrawal" ? target.points : -Math.min(model.balance, target.points);
          expect(result.points).toBe(Math.abs(moved));
          model.balance += moved;
          target.state = "reversed";
        }
      }
      return;
    }
    case "expiry": {
      // The inactivity job's rule: the whole balance goes, as one debit (none when it is zero).
      await prisma.$transaction(async (tx) => {
        const [member] = await tx.$queryRaw<{ pointsBalance: number }[]>`
          SELECT "pointsBalance" FROM "Member" WHERE "id" = ${memberId} FOR NO KEY UPDATE`;
        if (member.pointsBalance === 0) return;
        const result = await debitPoints(tx, {
          memberId,
          points: member.pointsBalance,
          type: "expiry",
          source: `expiry:${step}`,
          remark: "Points expired after 6 months of inactivity",
        });
        expect(result.ok).toBe(true);
      });
      if (model) model.balance = 0;
      return;
    }
  }
}

/** Any withdrawal or completion of the member, for concurrent runs where no model keeps them. */
async function pickSource(memberId: number, pick: number): Promise<string | undefined> {
  const entries = await getPrisma().pointsTransaction.findMany({
    where: { memberId, type: { in: ["withdrawal", "survey_completion"] } },
    orderBy: { id: "asc" },
    select: { source: true },
  });
  return entries.length ? entries[pick % entries.length].source : undefined;
}

async function expectInvariants(memberId: number) {
  const [member, sum] = await Promise.all([
    getPrisma().member.findUniqueOrThrow({ where: { id: memberId }, select: { pointsBalance: true } }),
    getPrisma().pointsTransaction.aggregate({ where: { memberId }, _sum: { change: true } }),
  ]);
  expect(member.pointsBalance).toBeGreaterThanOrEqual(0);
  expect(member.pointsBalance).toBe(sum._sum.change ?? 0);
  return member.pointsBalance;
}

describe("ledger properties", () => {
  test("one after another: the balance follows the model, equals the ledger's sum and never goes below 0", async () => {
    const admin = await createTestAdmin();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 20 }), async (ops) => {
        run += 1;
        const member = await createTestMember();
        const model: Model = { balance: 0, entries: [] };
        for (const [index, next] of ops.entries()) {
          await apply(member.id, admin, next, `${run}-${index}`, model);
          expect(await expectInvariants(member.id)).toBe(model.balance);
        }
      }),
      { numRuns: propertyRuns(30) },
    );
  }, 180_000);

  test("concurrently: whatever interleaving, the balance equals the ledger's sum and never goes below 0", async () => {
    const admin = await createTestAdmin();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 }),
        async (batches) => {
          run += 1;
          const member = await createTestMember();
          for (const [batch, ops] of batches.entries()) {
            await Promise.all(
              ops.map((next, index) => apply(member.id, admin, next, `c${run}-${batch}-${index}`, null)),
            );
            await expectInvariants(member.id);
          }
        },
      ),
      { numRuns: propertyRuns(25) },
    );
  }, 180_000);
});
