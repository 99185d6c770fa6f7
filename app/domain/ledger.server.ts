import { randomBytes } from "node:crypto";
import {
  Prisma,
  type Admin,
  type PointsStatus,
  type PointsType,
  type WithdrawalStatus,
} from "~/generated/prisma/client";
import { getPrisma, type Tx } from "~/lib/db.server";
import { tr } from "~/i18n/mark";
import { recordAudit } from "./audit.server";
import { holdReasonOf, WITHDRAWAL_MEMBER_STATUS_LABEL } from "./withdrawal-statuses";

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
//
// Beyond credit and debit: a withdrawal's pending debit is settled as paid out or reversed (the
// points come back), a survey completion can be reversed (the points go, as far as the balance
// allows), and an admin can adjust a balance with a reason. Expiry (inactivity) is an ordinary
// debit of type "expiry". See docs/decisions/026-withdrawals.md.

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
  /**
   * A reference chosen by the caller instead of a fresh "PT…" one: a withdrawal's debit carries the
   * withdrawal's own "WD…" reference, so the member and the admins quote the same one.
   */
  referenceId?: string;
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

/** The columns of a LedgerEntry, as RETURNING or SELECT lists them. */
const ENTRY_COLUMNS = Prisma.sql`"id", "referenceId", "memberId", "change", "status"::text AS "status",
  "type"::text AS "type", "source", "createdAt"`;

/** Adds points to the member's balance, once per source. Completed unless the caller says otherwise. */
export async function creditPoints(tx: Tx, change: PointsChange): Promise<CreditResult> {
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
export async function debitPoints(tx: Tx, change: PointsChange): Promise<DebitResult> {
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
export async function getBalance(db: Tx, memberId: number): Promise<number> {
  const member = await db.member.findUniqueOrThrow({ where: { id: memberId }, select: { pointsBalance: true } });
  return member.pointsBalance;
}

export type SettleResult = { ok: true; entry: LedgerEntry } | { ok: false; reason: "not_pending" };

/**
 * Marks a withdrawal's pending debit as paid out, once the money has been sent. The points left the
 * balance when the withdrawal was requested, so only the status changes. The conditional UPDATE is
 * the exactly-once gate: a concurrent settlement waits on the row lock, then finds the entry no
 * longer pending.
 */
export async function settlePayout(tx: Tx, source: string): Promise<SettleResult> {
  const [entry] = await tx.$queryRaw<LedgerEntry[]>`
    UPDATE "PointsTransaction" SET "status" = 'paid_out', "updatedAt" = now() AT TIME ZONE 'UTC'
    WHERE "source" = ${source} AND "type" = 'withdrawal' AND "status" = 'pending'
    RETURNING ${ENTRY_COLUMNS}`;
  return entry ? { ok: true, entry } : { ok: false, reason: "not_pending" };
}

export type ReversalResult =
  | {
      ok: true;
      /** The entry reversed, now with status reversed. */
      original: LedgerEntry;
      /** The counter-entry, or null when a completion was reversed against a zero balance. */
      reversal: LedgerEntry | null;
      /** Points moved by the reversal (returned for a withdrawal, taken back for a completion). */
      points: number;
      /** Points of a reversed completion that the member had already spent and keep. */
      shortfall: number;
      balance: number;
    }
  | { ok: false; reason: "not_found" | "already_reversed" | "not_reversible" };

/**
 * Undoes one entry, exactly once, with a counter-entry whose source is the original's + ":reversal":
 * - a withdrawal's pending debit (a rejected withdrawal) becomes `reversed`, and a
 *   `withdrawal_reversal` credit returns all its points. A paid-out debit cannot be reversed.
 * - a completed `survey_completion` credit becomes `reversed`, and a `completion_reversal` debit takes
 *   its points back, but never more than the balance: points already spent (withdrawn, expired)
 *   stay spent rather than taking the balance below zero. The rest is the `shortfall`, for the
 *   caller to report; with a zero balance no debit is written at all (a change is never 0).
 * The original's conditional status change is the gate: a repeated or concurrent reversal waits on
 * its row lock, then finds it already reversed.
 */
export async function reverseEntry(
  tx: Tx,
  { source, remark, adminId = null }: { source: string; remark: string; adminId?: number | null },
): Promise<ReversalResult> {
  const [original] = await tx.$queryRaw<(LedgerEntry & { assignmentId: number | null; withdrawalId: number | null })[]>`
    UPDATE "PointsTransaction" SET "status" = 'reversed', "updatedAt" = now() AT TIME ZONE 'UTC'
    WHERE "source" = ${source}
      AND (("type" = 'withdrawal' AND "status" = 'pending') OR ("type" = 'survey_completion' AND "status" = 'completed'))
    RETURNING ${ENTRY_COLUMNS}, "assignmentId", "withdrawalId"`;
  if (!original) {
    const [existing] = await tx.$queryRaw<{ status: PointsStatus }[]>`
      SELECT "status"::text AS "status" FROM "PointsTransaction" WHERE "source" = ${source}`;
    if (!existing) return { ok: false, reason: "not_found" };
    return { ok: false, reason: existing.status === "reversed" ? "already_reversed" : "not_reversible" };
  }
  const { assignmentId, withdrawalId, ...entry } = original;
  const counter = {
    memberId: entry.memberId,
    source: `${source}:reversal`,
    remark,
    adminId,
    assignmentId,
    withdrawalId,
  };

  if (entry.type === "withdrawal") {
    const credited = await creditPoints(tx, { ...counter, points: -entry.change, type: "withdrawal_reversal" });
    // The gate above lets one reversal through; an existing counter-entry means the data is broken.
    if (!credited.ok) throw new Error(`The reversal of ${source} already exists`);
    return {
      ok: true,
      original: entry,
      reversal: credited.entry,
      points: -entry.change,
      shortfall: 0,
      balance: credited.balance,
    };
  }

  // Locked, so the amount taken is decided on the balance no other transaction is changing. NO KEY
  // UPDATE is the lock the balance UPDATE takes anyway; FOR UPDATE would also block the key-share
  // locks of concurrent inserts that reference the member, and could deadlock with them.
  const [member] = await tx.$queryRaw<{ pointsBalance: number }[]>`
    SELECT "pointsBalance" FROM "Member" WHERE "id" = ${entry.memberId} FOR NO KEY UPDATE`;
  const taken = Math.min(member.pointsBalance, entry.change);
  if (taken === 0) {
    return {
      ok: true,
      original: entry,
      reversal: null,
      points: 0,
      shortfall: entry.change,
      balance: member.pointsBalance,
    };
  }
  const debited = await debitPoints(tx, { ...counter, points: taken, type: "completion_reversal" });
  if (!debited.ok) throw new Error(`The reversal of ${source} could not be written: ${debited.reason}`);
  return {
    ok: true,
    original: entry,
    reversal: debited.entry,
    points: taken,
    shortfall: entry.change - taken,
    balance: debited.balance,
  };
}

/** A complete's reward as it stands: its current credit in the ledger (decision 061). */
export interface RewardCredit {
  /** "assignment:{id}:complete", or "assignment:{id}:recredit:{n}" after the n-th re-credit. */
  source: string;
  /** completed (paid), or reversed (taken back; its counter-entry is source + ":reversal"). */
  status: PointsStatus;
  /** How often the reward was credited again after a reversal (n above, 0 for the first credit). */
  recredits: number;
}

/**
 * Each complete's current credit, read from the ledger: the newest `survey_completion` credit of
 * the assignment. Reconciliation, an admin's Reverse and an appeal's grant all read it (under the
 * assignment's lock), so each sees what the others did; no entry means a complete without points.
 * The members' ids let the query use the ledger's (memberId, createdAt) index: there is none on
 * assignmentId.
 */
export async function currentRewardCredits(
  db: Tx,
  completes: { assignmentId: number; memberId: number }[],
): Promise<Map<number, RewardCredit>> {
  if (completes.length === 0) return new Map();
  const credits = await db.pointsTransaction.findMany({
    where: {
      memberId: { in: [...new Set(completes.map((complete) => complete.memberId))] },
      assignmentId: { in: completes.map((complete) => complete.assignmentId) },
      type: "survey_completion",
      change: { gt: 0 },
    },
    orderBy: { id: "asc" },
    select: { assignmentId: true, source: true, status: true },
  });
  return new Map(
    credits.map(({ assignmentId, source, status }) => [
      assignmentId!,
      { source, status, recredits: Number(/:recredit:(\d+)$/.exec(source)?.[1] ?? 0) },
    ]),
  );
}

/** Does this reversal still stand: it took back the reward's current credit, which was not credited again since? */
export const reversalStands = (credit: RewardCredit | undefined | null, reversalSource: string) =>
  credit?.status === "reversed" && `${credit.source}:reversal` === reversalSource;

/**
 * Of these `completion_reversal` entries, the ids of those that still stand. The others' reward is
 * back (an approving reconciliation file or a granted appeal re-credited it), so they can no longer
 * be appealed (decision 073).
 */
export async function standingReversals(
  db: Tx,
  reversals: { id: number; source: string; memberId: number; assignmentId: number | null }[],
): Promise<Set<number>> {
  const credits = await currentRewardCredits(
    db,
    reversals.flatMap(({ assignmentId, memberId }) => (assignmentId === null ? [] : [{ assignmentId, memberId }])),
  );
  return new Set(
    reversals
      .filter(
        (reversal) =>
          reversal.assignmentId !== null && reversalStands(credits.get(reversal.assignmentId), reversal.source),
      )
      .map((reversal) => reversal.id),
  );
}

/**
 * An admin's correction of a member's balance: positive adds, negative takes (never below zero).
 * The reason is the remark the member sees; the audit entry is written in the same transaction.
 * `key` identifies the correction (e.g. a one-time token of the form that made it), so submitting
 * it twice corrects once.
 */
export async function adjustPoints(
  tx: Tx,
  {
    admin,
    memberId,
    points,
    reason,
    key,
    details = {},
  }: {
    admin: Pick<Admin, "id" | "email">;
    memberId: number;
    points: number;
    reason: string;
    key: string;
    /** More for the audit entry (the cap note of a super-admin's large adjustment). */
    details?: Prisma.InputJsonObject;
  },
): Promise<DebitResult> {
  // A caller bug, not an admin's mistake: the form must ask for a reason.
  if (reason.trim() === "") throw new RangeError("An adjustment needs a reason");
  const change: PointsChange = {
    memberId,
    points: Math.abs(points),
    type: "admin_adjustment",
    source: `adjustment:${key}`,
    remark: reason.trim(),
    adminId: admin.id,
  };
  const result = points > 0 ? await creditPoints(tx, change) : await debitPoints(tx, change);
  if (result.ok) {
    await recordAudit(tx, {
      admin,
      action: "points.adjusted",
      targetType: "member",
      targetId: memberId,
      details: {
        ...details,
        points,
        reason: change.remark,
        referenceId: result.entry.referenceId,
        balance: result.balance,
      },
    });
  }
  return result;
}

/** The spec's page size is server-side and not given; 10 a page like the survey history. */
export const POINTS_HISTORY_PAGE_SIZE = 10;

export interface PointsHistoryRow {
  referenceId: string;
  remark: string;
  change: number;
  /** The status as members read it, e.g. "Pending payment". */
  status: string;
  /** Why a withdrawal is or was held, in the member's words (decision 072); null otherwise. */
  holdReason: string | null;
  /**
   * The event a member may appeal (decision 073): a reversal's entry or a held withdrawal. `open` is
   * false for a reversal whose reward is already back: no Appeal link, only an appeal already made.
   */
  appealEvent: { kind: "reversal" | "hold"; subjectId: number; open: boolean } | null;
}

/**
 * The member's ledger, newest first, a page at a time (one query for the page and one count, both
 * on the (memberId, createdAt) index). A page beyond the last shows the last one.
 */
export async function listPointsHistory(memberId: number, page: number) {
  const prisma = getPrisma();
  const size = POINTS_HISTORY_PAGE_SIZE;
  const read = (skip: number) =>
    prisma.pointsTransaction.findMany({
      where: { memberId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip,
      take: size,
      select: {
        id: true,
        referenceId: true,
        remark: true,
        change: true,
        status: true,
        type: true,
        source: true,
        assignmentId: true,
        withdrawal: { select: { id: true, status: true, payoutReference: true, holdReason: true } },
      },
    });
  const [total, first] = await Promise.all([
    prisma.pointsTransaction.count({ where: { memberId } }),
    read((page - 1) * size),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / size));
  const shown = page <= pageCount ? page : pageCount;
  const entries = page <= pageCount ? first : await read((pageCount - 1) * size);
  const standing = await standingReversals(
    prisma,
    entries.filter((entry) => entry.type === "completion_reversal").map((entry) => ({ ...entry, memberId })),
  );
  const rows: PointsHistoryRow[] = entries.map(({ id, type, status, withdrawal, referenceId, remark, change }) => {
    const held = type === "withdrawal" && withdrawal?.holdReason ? withdrawal : null;
    return {
      referenceId,
      remark,
      change,
      status: memberStatus(type, status, withdrawal),
      holdReason: held && withdrawal?.status === "held" ? (holdReasonOf(held.holdReason)?.member ?? null) : null,
      appealEvent:
        type === "completion_reversal"
          ? { kind: "reversal", subjectId: id, open: standing.has(id) }
          : held
            ? { kind: "hold", subjectId: held.id, open: true }
            : null,
    };
  });
  return { rows, page: shown, pageCount, total };
}

/**
 * Statuses in the members' words. The terms say a payout moves from "pending payment" to "paid
 * out"; a rejected withdrawal's debit shows as Rejected (its points come back in their own entry).
 * Given the withdrawal itself, its debit says where the payout is (decision 054): Pending payment,
 * Sent, Paid out with the provider's reference, Rejected or Returned.
 */
export function memberStatus(
  type: PointsType,
  status: PointsStatus,
  payout?: { status: WithdrawalStatus; payoutReference: string | null } | null,
): string {
  const withdrawal = type === "withdrawal";
  if (withdrawal && payout) {
    const label = WITHDRAWAL_MEMBER_STATUS_LABEL[payout.status];
    return payout.status === "success" && payout.payoutReference ? `${label} (${payout.payoutReference})` : label;
  }
  switch (status) {
    case "pending":
      return withdrawal ? tr("Pending payment") : tr("Pending");
    case "completed":
      return tr("Completed");
    case "reversed":
      return withdrawal ? tr("Rejected") : tr("Reversed");
    case "paid_out":
      return tr("Paid out");
  }
}

function assertPositivePoints(points: number) {
  // A caller bug, not a member's mistake: a zero, negative or fractional amount must never be written.
  if (!Number.isSafeInteger(points) || points <= 0)
    throw new RangeError(`Points must be a positive integer, got ${points}`);
}

// A fresh reference collides with an earlier one of the same day about once in a billion draws,
// which at a busy panel's volume still happens; one more draw is then enough.
const REFERENCE_ATTEMPTS = 5;

/** The new entry, or null when this source already has one. */
async function insertEntry(
  tx: Tx,
  change: PointsChange,
  signedPoints: number,
  status: PointsStatus,
): Promise<LedgerEntry | null> {
  // A caller's own reference is unique by construction; drawing it again would not change it.
  const attempts = change.referenceId ? 1 : REFERENCE_ATTEMPTS;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    // No conflict target: the referenceId is unique too, and a clash on it must not abort the
    // caller's transaction either. Which key clashed is settled by looking for the source below.
    const [entry] = await tx.$queryRaw<LedgerEntry[]>`
      INSERT INTO "PointsTransaction"
        ("referenceId", "memberId", "change", "remark", "status", "type", "source",
         "assignmentId", "withdrawalId", "adminId", "createdAt", "updatedAt")
      VALUES (${change.referenceId ?? newReferenceId()}, ${change.memberId}, ${signedPoints}, ${change.remark},
        ${status}::"PointsStatus", ${change.type}::"PointsType", ${change.source},
        ${change.assignmentId ?? null}, ${change.withdrawalId ?? null}, ${change.adminId ?? null},
        now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
      ON CONFLICT DO NOTHING
      RETURNING ${ENTRY_COLUMNS}`;
    if (entry) return entry;
    // A clash with another transaction's uncommitted row waited for it to commit, so a committed
    // entry for this source is visible to this new statement (READ COMMITTED).
    const existing = await tx.$queryRaw<unknown[]>`SELECT 1 FROM "PointsTransaction" WHERE "source" = ${change.source}`;
    if (existing.length > 0) return null;
  }
  throw new Error(`No free points reference after ${attempts} attempts`);
}

// 32 symbols without the look-alikes 0/O and 1/I, so a reference read out over the phone or typed
// from a screenshot is unambiguous; 32 divides 256, so five bits of a random byte pick one evenly.
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/**
 * A prefix + the UTC date as yyMMdd + 6 random symbols, e.g. PT261121K7QX2M for a ledger entry
 * and WD261121K7QX2M for a withdrawal request.
 */
export function newReferenceId(prefix: "PT" | "WD" = "PT"): string {
  const date = new Date().toISOString().slice(2, 10).replaceAll("-", "");
  const random = Array.from(randomBytes(6), (byte) => REFERENCE_ALPHABET[byte & 31]).join("");
  return `${prefix}${date}${random}`;
}
