import type { Admin, Prisma, QualitySignalKind } from "~/generated/prisma/client";
import { getPrisma, type Tx } from "~/lib/db.server";
import { recordAudit } from "./audit.server";
import { qualityScore, type OpenSignalCounts } from "./quality-score";
import { QUALITY_SIGNAL_LABEL, qualitySignalSentence, type SignalEvidence } from "./quality-signals";

// Quality signals (issue 20, docs/decisions/069-quality-signals.md): raised by the flows that see
// them (sign-in, registration, payout accounts, survey completes), cleared by an admin with a reason.
// Every change of a member's signals recomputes their score in the same transaction, after locking
// the member's row, so two signals raised at once for one member both count.

type Actor = Pick<Admin, "id" | "email">;

export type RaisedSignal = {
  memberId: number;
  kind: QualitySignalKind;
  /** What the signal is about (a device's hash, an assignment id): one signal per member, kind and subject. */
  subject: string;
  evidence: SignalEvidence;
};

/** Locks the member's row for this transaction; false when there is no such member. */
async function lockMember(tx: Tx, memberId: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "Member" WHERE "id" = ${memberId} FOR UPDATE`;
  return rows.length > 0;
}

/** The member's score from their open signals, written to the member; returns the score. */
async function recomputeScore(tx: Tx, memberId: number): Promise<number> {
  const counts = await tx.qualitySignal.groupBy({
    by: ["kind"],
    where: { memberId, clearedAt: null },
    _count: { _all: true },
  });
  const open: OpenSignalCounts = Object.fromEntries(counts.map((row) => [row.kind, row._count._all]));
  const score = qualityScore(open);
  await tx.member.update({ where: { id: memberId }, data: { qualityScore: score } });
  return score;
}

/**
 * Raises a signal inside the caller's transaction (the flow that saw it). The same member, kind and
 * subject is raised once: raised again while open, its evidence is brought up to date (a third
 * account on the same device); once an admin has cleared it, it stays cleared, since the admin has
 * judged that very thing. Returns true when a new signal was stored.
 */
export async function raiseSignal(tx: Tx, signal: RaisedSignal): Promise<boolean> {
  if (!(await lockMember(tx, signal.memberId))) return false;
  const evidence = signal.evidence as Prisma.InputJsonObject;
  const existing = await tx.qualitySignal.findUnique({
    where: { memberId_kind_subject: { memberId: signal.memberId, kind: signal.kind, subject: signal.subject } },
    select: { id: true, clearedAt: true },
  });
  if (existing) {
    if (!existing.clearedAt) await tx.qualitySignal.update({ where: { id: existing.id }, data: { evidence } });
    return false;
  }
  await tx.qualitySignal.create({
    data: { memberId: signal.memberId, kind: signal.kind, subject: signal.subject, evidence },
  });
  await recomputeScore(tx, signal.memberId);
  return true;
}

/** Raises each signal, in order of member id so that two flows never lock the same members crosswise. */
export async function raiseSignals(tx: Tx, signals: RaisedSignal[]): Promise<number> {
  let raised = 0;
  for (const signal of [...signals].sort((a, b) => a.memberId - b.memberId)) {
    if (await raiseSignal(tx, signal)) raised += 1;
  }
  return raised;
}

export const CLEAR_SIGNAL_REFUSALS = {
  noSignal: "This signal does not exist, or it is not about this member.",
  alreadyCleared: "This signal is already cleared.",
} as const;

export type ClearSignalResult = { ok: true; message: string } | { ok: false; message: string; status: 404 | 409 };

/** An admin clears an open signal with a reason: it no longer counts in the score. Audited. */
export async function clearSignal(
  admin: Actor,
  memberId: number,
  signalId: number,
  reason: string,
): Promise<ClearSignalResult> {
  return getPrisma().$transaction(async (tx) => {
    if (!(await lockMember(tx, memberId))) return { ok: false, message: CLEAR_SIGNAL_REFUSALS.noSignal, status: 404 };
    const signal = await tx.qualitySignal.findFirst({
      where: { id: signalId, memberId },
      select: { id: true, kind: true, clearedAt: true },
    });
    if (!signal) return { ok: false, message: CLEAR_SIGNAL_REFUSALS.noSignal, status: 404 };
    if (signal.clearedAt) return { ok: false, message: CLEAR_SIGNAL_REFUSALS.alreadyCleared, status: 409 };
    const before = (await tx.member.findUniqueOrThrow({ where: { id: memberId }, select: { qualityScore: true } }))
      .qualityScore;
    await tx.qualitySignal.update({
      where: { id: signalId },
      data: { clearedAt: new Date(), clearedById: admin.id, clearReason: reason },
    });
    const after = await recomputeScore(tx, memberId);
    await recordAudit(tx, {
      admin,
      action: "quality_signal.cleared",
      targetType: "member",
      targetId: memberId,
      details: {
        reason,
        signalId,
        kind: signal.kind,
        before: { qualityScore: before, signal: "open" },
        after: { qualityScore: after, signal: "cleared" },
      },
    });
    return {
      ok: true,
      message: `The ${QUALITY_SIGNAL_LABEL[signal.kind].toLowerCase()} signal is cleared. Quality score: ${after}.`,
    };
  });
}

export type SignalRow = {
  id: number;
  kind: QualitySignalKind;
  label: string;
  sentence: string;
  raisedAt: Date;
  cleared: { at: Date; by: string | null; reason: string } | null;
};

/** A member's signals, open ones first, newest first within each; at most `take` of them. */
export async function listSignals(tx: Tx, memberId: number, take = 50): Promise<SignalRow[]> {
  const rows = await tx.qualitySignal.findMany({
    where: { memberId },
    orderBy: [{ clearedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      kind: true,
      evidence: true,
      createdAt: true,
      clearedAt: true,
      clearReason: true,
      clearedBy: { select: { email: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    label: QUALITY_SIGNAL_LABEL[row.kind],
    sentence: qualitySignalSentence(row.kind, (row.evidence ?? {}) as SignalEvidence),
    raisedAt: row.createdAt,
    cleared: row.clearedAt
      ? { at: row.clearedAt, by: row.clearedBy?.email ?? null, reason: row.clearReason ?? "" }
      : null,
  }));
}
