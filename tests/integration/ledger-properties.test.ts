import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { adjustPoints, creditPoints, debitPoints, reverseEntry, settlePayout } from "~/domain/ledger.server";
import { applyReconciliation, reconciliationFileHash } from "~/domain/reconciliation.server";
import type { Admin } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { createTestAdmin, createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
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

// Reconciliation (decision 061) on top of the ledger: a member's completes are reversed and approved
// again by reconciliation files, between spending. Whatever the sequence, a reversal takes what the
// balance allows, an approval gives back what its reversal took, the balance equals the ledger's sum
// and never goes below zero, and no complete ever pays more than its reward.

type ReconcileOp =
  | { kind: "complete"; points: number }
  | { kind: "spend"; points: number }
  | { kind: "reconcile"; pick: number; status: "approved" | "reversed" };

const reconcileOp: fc.Arbitrary<ReconcileOp> = fc.oneof(
  fc.record({ kind: fc.constant("complete" as const), points }),
  fc.record({ kind: fc.constant("spend" as const), points }),
  fc.record({
    kind: fc.constant("reconcile" as const),
    pick: fc.nat(),
    status: fc.constantFrom("approved" as const, "reversed" as const),
  }),
  fc.record({
    kind: fc.constant("reconcile" as const),
    pick: fc.nat(),
    status: fc.constantFrom("approved" as const, "reversed" as const),
  }),
);

interface CompleteModel {
  assignmentId: number;
  token: string;
  reward: number;
  status: "approved" | "reversed";
  /** The current credit's amount, and whether it still stands (not reversed). */
  credit: number;
  creditStands: boolean;
  /** What the current credit's reversal took (0 when none, or it found nothing to take). */
  taken: number;
}

async function reconcileOne(admin: Admin, surveyId: number, token: string, status: "approved" | "reversed") {
  const text = `token,status,reason\n${token},${status},${status === "reversed" ? "quality" : ""}\n`;
  const result = await applyReconciliation(admin, surveyId, text, reconciliationFileHash(text));
  if (!result.ok) throw new Error(result.message);
  return result;
}

async function addComplete(surveyId: number, memberId: number, reward: number) {
  const assignment = await createTestAssignment(surveyId, memberId, {
    status: ASSIGNMENT_STATUS.complete,
    points: reward,
  });
  await getPrisma().$transaction((tx) =>
    creditPoints(tx, {
      memberId,
      points: reward,
      type: "survey_completion",
      source: `assignment:${assignment.id}:complete`,
      remark: "Survey",
      assignmentId: assignment.id,
    }),
  );
  return assignment;
}

/** No complete pays more than its reward, net of its reversals and re-credits. */
async function expectNoCompleteOverpaid(completes: { assignmentId: number; reward: number }[]) {
  for (const { assignmentId, reward } of completes) {
    const net = await getPrisma().pointsTransaction.aggregate({ where: { assignmentId }, _sum: { change: true } });
    expect(net._sum.change ?? 0).toBeLessThanOrEqual(reward);
    expect(net._sum.change ?? 0).toBeGreaterThanOrEqual(0);
  }
}

describe("ledger properties with reconciliation", () => {
  test("one after another: reversals take what the balance allows and approvals give back what was taken", async () => {
    const admin = await createTestAdmin();
    const survey = await createTestSurvey();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(reconcileOp, { minLength: 1, maxLength: 16 }), async (ops) => {
        run += 1;
        const member = await createTestMember();
        let balance = 0;
        const completes: CompleteModel[] = [];
        for (const [index, next] of ops.entries()) {
          if (next.kind === "complete") {
            const assignment = await addComplete(survey.id, member.id, next.points);
            completes.push({
              assignmentId: assignment.id,
              token: assignment.respondentToken,
              reward: next.points,
              status: "approved",
              credit: next.points,
              creditStands: true,
              taken: 0,
            });
            balance += next.points;
          } else if (next.kind === "spend") {
            const spent = await getPrisma().$transaction((tx) =>
              debitPoints(tx, {
                memberId: member.id,
                points: next.points,
                type: "expiry",
                source: `spend:${run}:${index}`,
                remark: "Spent",
              }),
            );
            expect(spent.ok).toBe(next.points <= balance);
            if (spent.ok) balance -= next.points;
          } else if (completes.length > 0) {
            const target = completes[next.pick % completes.length];
            const report = await reconcileOne(admin, survey.id, target.token, next.status);
            let taken = 0;
            let recredited = 0;
            if (target.status !== next.status && next.status === "reversed") {
              taken = target.creditStands ? Math.min(balance, target.credit) : 0;
              target.taken = taken;
              target.creditStands = false;
            } else if (target.status !== next.status) {
              if (!target.creditStands && target.taken > 0) {
                recredited = target.taken;
                target.credit = recredited;
                target.creditStands = true;
              }
            }
            expect({ taken: report.pointsTaken, recredited: report.pointsRecredited }).toEqual({ taken, recredited });
            expect(report.summary.changes.length).toBe(target.status === next.status ? 0 : 1);
            target.status = next.status;
            balance += recredited - taken;
          }
          expect(await expectInvariants(member.id)).toBe(balance);
        }
        await expectNoCompleteOverpaid(completes);
      }),
      { numRuns: propertyRuns(20) },
    );
  }, 240_000);

  test("concurrently: files applied at once keep the balance equal to the ledger and no complete overpaid", async () => {
    const admin = await createTestAdmin();
    const survey = await createTestSurvey();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.record({ pick: fc.nat(), status: fc.constantFrom("approved" as const, "reversed" as const) }), {
          minLength: 1,
          maxLength: 8,
        }),
        async (rewards, files) => {
          const member = await createTestMember();
          const completes: { assignmentId: number; token: string; reward: number }[] = [];
          for (const reward of rewards) {
            const assignment = await addComplete(survey.id, member.id, reward);
            completes.push({ assignmentId: assignment.id, token: assignment.respondentToken, reward });
          }
          await Promise.all(
            files.map((file) =>
              reconcileOne(admin, survey.id, completes[file.pick % completes.length].token, file.status),
            ),
          );
          await expectInvariants(member.id);
          await expectNoCompleteOverpaid(completes);
        },
      ),
      { numRuns: propertyRuns(15) },
    );
  }, 240_000);
});
