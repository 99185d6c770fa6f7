import { randomBytes } from "node:crypto";
import type { PointsStatus, PointsType, Prisma } from "~/generated/prisma/client";

// The points ledger: the one module that changes a member's points. Every change is a row of the
// append-only PointsTransaction table plus the same change to the cached Member.pointsBalance,
// both written with the caller's transaction client, so they commit or roll back together with
// whatever caused them (a completion, a profile reward, a withdrawal). Writing pointsBalance
// anywhere else is a bug (decision 006).
//
// Exactly once per cause: PointsTransaction.source is unique ("profile:3:member:7"). The row is
// inserted with ON CONFLICT DO NOTHING rather than caught as a unique violation, because a raised
// error aborts the caller's PostgreSQL transaction, while DO NOTHING leaves it usable: a repeated
// cause is an ordinary answer ({ ok: false, reason: "duplicate" }), not a failure.

export interface PointsChange {
  memberId: number;
  /** A positive whole number of points; the ledger stores it signed (credit +, debit −). */
  points: number;
  type: PointsType;
  /** What caused the change, e.g. "assignment:42:complete"; one entry per source, ever. */
  source: string;
  /** Shown to the member in the points history. */
  remark: string;
  status?: PointsStatus;
  assignmentId?: number | null;
  withdrawalId?: number | null;
  adminId?: number | null;
}

export interface LedgerEntry {
  id: number;
  referenceId: string;
  memberId: number;
  change: number;
  status: PointsStatus;
  type: PointsType;
  source: string;
  createdAt: Date;
}

export type CreditResult = { ok: true; entry: LedgerEntry; balance: number } | { ok: false; reason: "duplicate" };
export type DebitResult = CreditResult | { ok: false; reason: "insufficient_points" };

/** Adds points to the member's balance, once per source. Completed unless the caller says otherwise. */
export async function creditPoints(tx: Prisma.TransactionClient, change: PointsChange): Promise<CreditResult> {
  assertPositivePoints(change.points);
  const entry = await insertEntry(tx, change, change.points, change.status ?? "completed");
  if (!entry) return { ok: false, reason: "duplicate" };
  const [member] = await tx.$queryRaw<{ pointsBalance: number }[]>`
    UPDATE "Member" SET "pointsBalance" = "pointsBalance" + ${change.points}
    WHERE "id" = ${change.memberId} RETURNING "pointsBalance"`;
  // The entry's foreign key already proved the member exists and locks it against deletion.
  return { ok: true, entry, balance: member.pointsBalance };
}

/**
 * Takes points from the member's balance, once per source, never below zero. A withdrawal's debit
 * is pending until the payout is settled; any other debit is completed unless the caller says so.
 */
export async function debitPoints(tx: Prisma.TransactionClient, change: PointsChange): Promise<DebitResult> {
  assertPositivePoints(change.points);
  const status = change.status ?? (change.type === "withdrawal" ? "pending" : "completed");
  // The entry goes in first, the balance second, for three reasons:
  // - The unique source is the idempotency gate. Passing it first means a repeated cause is always
  //   reported as a duplicate, even when the balance has since fallen too low, and never touches
  //   the balance at all (balance first would have to undo its change on a duplicate).
  // - The balance check is the conditional UPDATE itself, not a read followed by a write: it takes
  //   the member's row lock, and a concurrent debit waiting on that lock re-checks the condition
  //   against the committed balance (READ COMMITTED), so two debits can never both pass on the same
  //   points. The CHECK ("pointsBalance" >= 0) stays as the last line of defence.
  // - Removing our own entry when the check fails is safe: the row is uncommitted, so no one has
  //   seen it; a concurrent request with the same source waits on its unique key until we commit,
  //   then finds it gone and makes its own attempt.
  const entry = await insertEntry(tx, change, -change.points, status);
  if (!entry) return { ok: false, reason: "duplicate" };
  const [member] = await tx.$queryRaw<{ pointsBalance: number }[]>`
    UPDATE "Member" SET "pointsBalance" = "pointsBalance" - ${change.points}
    WHERE "id" = ${change.memberId} AND "pointsBalance" >= ${change.points} RETURNING "pointsBalance"`;
  if (!member) {
    await tx.$executeRaw`DELETE FROM "PointsTransaction" WHERE "id" = ${entry.id}`;
    return { ok: false, reason: "insufficient_points" };
  }
  return { ok: true, entry, balance: member.pointsBalance };
}

/** The member's cached balance (the sum of the ledger), read with any client or transaction. */
export async function getBalance(db: Prisma.TransactionClient, memberId: number): Promise<number> {
  const member = await db.member.findUniqueOrThrow({ where: { id: memberId }, select: { pointsBalance: true } });
  return member.pointsBalance;
}

function assertPositivePoints(points: number) {
  // A caller bug, not a member's mistake: a zero, negative or fractional amount must never be written.
  if (!Number.isSafeInteger(points) || points <= 0) throw new RangeError(`Points must be a positive integer, got ${points}`);
}

// A fresh reference collides with an earlier one of the same day about once in a billion draws,
// which at a busy panel's volume still happens; one more draw is then enough.
const REFERENCE_ATTEMPTS = 5;

/** The new entry, or null when this source already has one. */
async function insertEntry(
  tx: Prisma.TransactionClient,
  change: PointsChange,
  signedPoints: number,
  status: PointsStatus,
): Promise<LedgerEntry | null> {
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt += 1) {
    // No conflict target: the referenceId is unique too, and a clash on it must not abort the
    // caller's transaction either. Which key clashed is settled by looking for the source below.
    const [entry] = await tx.$queryRaw<LedgerEntry[]>`
      INSERT INTO "PointsTransaction"
        ("referenceId", "memberId", "change", "remark", "status", "type", "source",
         "assignmentId", "withdrawalId", "adminId", "createdAt", "updatedAt")
      VALUES (${newReferenceId()}, ${change.memberId}, ${signedPoints}, ${change.remark},
        ${status}::"PointsStatus", ${change.type}::"PointsType", ${change.source},
        ${change.assignmentId ?? null}, ${change.withdrawalId ?? null}, ${change.adminId ?? null},
        now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
      ON CONFLICT DO NOTHING
      RETURNING "id", "referenceId", "memberId", "change", "status"::text AS "status", "type"::text AS "type",
        "source", "createdAt"`;
    if (entry) return entry;
    // A clash with another transaction's uncommitted row waited for it to commit, so a committed
    // entry for this source is visible to this new statement (READ COMMITTED).
    const existing = await tx.$queryRaw<unknown[]>`SELECT 1 FROM "PointsTransaction" WHERE "source" = ${change.source}`;
    if (existing.length > 0) return null;
  }
  throw new Error(`No free points reference after ${REFERENCE_ATTEMPTS} attempts`);
}

// 32 symbols without the look-alikes 0/O and 1/I, so a reference read out over the phone or typed
// from a screenshot is unambiguous; 32 divides 256, so five bits of a random byte pick one evenly.
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** "PT" + the UTC date as yyMMdd + 6 random symbols, e.g. PT261121K7QX2M. */
function newReferenceId(): string {
  const date = new Date().toISOString().slice(2, 10).replaceAll("-", "");
  const random = Array.from(randomBytes(6), (byte) => REFERENCE_ALPHABET[byte & 31]).join("");
  return `PT${date}${random}`;
}
