import type { Admin, MemberStatus, Prisma } from "~/generated/prisma/client";
import { getPrisma, type Tx } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { PRODUCT_NAME } from "~/lib/product";
import { recordAudit, type AuditAction } from "./audit.server";
import { adjustPoints, currentRewardCredits, getBalance, reverseEntry } from "./ledger.server";
import { mailLanguage, mailWords } from "./mail-words.server";
import { memberMail, queuePointsChangedMail, type Recipient } from "./member-notices.server";
import { capDetails, pointsCapError } from "./points-cap.server";

// What an admin does to one member from the member page (issue 18 point 2,
// docs/decisions/051-member-actions.md): suspend and reinstate, close, mark the e-mail verified,
// sign out of every device, adjust points, reverse a complete. Each one is a transaction with its
// audit entry (a reason, and details.before / details.after of what changed), so a refused action
// writes nothing. Status changes lock the member's row first (FOR UPDATE), which orders them after
// a withdrawal request in flight (it holds the same row) and makes two admins' clicks go one at a time.

type Actor = Pick<Admin, "id" | "email" | "isSuperAdmin">;

export type MemberActionResult =
  { ok: true; message: string } | { ok: false; message: string; status: 403 | 404 | 409; field?: string };

export const MEMBER_ACTION_REFUSALS = {
  noMember: "This member does not exist.",
  alreadySuspended: "This member is already suspended.",
  notSuspended: "This member is not suspended, so there is nothing to reinstate.",
  closed: "This account is closed. A closed account cannot be suspended or reinstated.",
  alreadyClosed: "This account is already closed.",
  alreadyVerified: "This member's e-mail address is already verified.",
  noSessions: "This member is not signed in on any device.",
  belowZero: (balance: number) =>
    `This member has ${balance.toLocaleString("en-US")} points. A debit cannot take the balance below zero: take ${balance.toLocaleString("en-US")} or fewer.`,
  noAssignment: "This assignment is not one of this member's.",
  notComplete: "Only a completed assignment with a reward can be reversed.",
  alreadyReversed: "This complete has already been reversed. Its points were taken back once.",
} as const;

/** What a notice to the member needs of their row. */
const RECIPIENT = { email: true, firstName: true, language: true } as const;

const STATUS_WORD: Record<MemberStatus, string> = {
  active: "active",
  inactive: "inactive",
  closed: "closed",
  suspended: "suspended",
};

/** The member's row, locked for this transaction; null when there is no such member. */
async function lockMember(tx: Tx, memberId: number) {
  const [member] = await tx.$queryRaw<
    {
      id: number;
      email: string;
      firstName: string;
      status: MemberStatus;
      emailVerifiedAt: Date | null;
      language: string | null;
    }[]
  >`
    SELECT "id", "email", "firstName", "status"::text AS "status", "emailVerifiedAt", "language"
    FROM "Member" WHERE "id" = ${memberId} FOR UPDATE`;
  return member ?? null;
}

const refused = (message: string, status: 403 | 404 | 409 = 409): MemberActionResult => ({
  ok: false,
  message,
  status,
});

async function endSessions(tx: Tx, memberId: number): Promise<number> {
  return (await tx.memberSession.deleteMany({ where: { memberId } })).count;
}

/**
 * A notice about the account: what happened, then whom to ask, in the member's language. Queued
 * with the change (decision 039).
 */
async function queueAccountMail(tx: Tx, member: Recipient, change: "suspended" | "reinstated") {
  const { tMail } = await mailWords(mailLanguage(member.language));
  const values = { product: PRODUCT_NAME, support: getEnv().SUPPORT_EMAIL };
  const [subject, what, ask] =
    change === "suspended"
      ? [
          tMail("Your {{product}} account is suspended", values),
          tMail(
            "Your {{product}} account has been suspended. While it is suspended you cannot sign in or withdraw points, and pending withdrawals are on hold. Your points and history are kept.",
            values,
          ),
          tMail("If you think this is a mistake, contact support at {{support}}.", values),
        ]
      : [
          tMail("Your {{product}} account is open again", values),
          tMail(
            "The suspension of your {{product}} account has been lifted. You can sign in and withdraw points again.",
            values,
          ),
          tMail("If you have a question about it, contact support at {{support}}.", values),
        ];
  return tx.queuedMail.create({ data: memberMail(member, subject, [what, "", ask], tMail) });
}

/** The audit entry of an action on the member: its reason, and before / after of what it changed. */
function auditMemberAction(
  tx: Tx,
  admin: Actor,
  action: Extract<AuditAction, `member.${string}`>,
  memberId: number,
  details: Prisma.InputJsonObject & { reason: string; before: Prisma.InputJsonObject; after: Prisma.InputJsonObject },
) {
  return recordAudit(tx, { admin, action, targetType: "member", targetId: memberId, details });
}

/** Suspends an active or inactive member: no sign-in, sessions ended, withdrawals held; the member is told. */
export async function suspendMember(admin: Actor, memberId: number, reason: string): Promise<MemberActionResult> {
  return getPrisma().$transaction(async (tx) => {
    const member = await lockMember(tx, memberId);
    if (!member) return refused(MEMBER_ACTION_REFUSALS.noMember, 404);
    if (member.status === "suspended") return refused(MEMBER_ACTION_REFUSALS.alreadySuspended);
    if (member.status === "closed") return refused(MEMBER_ACTION_REFUSALS.closed);
    await tx.member.update({ where: { id: memberId }, data: { status: "suspended" } });
    const sessionsEnded = await endSessions(tx, memberId);
    await queueAccountMail(tx, member, "suspended");
    await auditMemberAction(tx, admin, "member.suspended", memberId, {
      reason,
      sessionsEnded,
      before: { status: STATUS_WORD[member.status] },
      after: { status: "suspended" },
    });
    return {
      ok: true,
      message: `Member ${memberId} is suspended and signed out everywhere (${sessionsEnded} session(s)).`,
    };
  });
}

/** Lifts a suspension: the member is active again and may sign in; the member is told. */
export async function reinstateMember(admin: Actor, memberId: number, reason: string): Promise<MemberActionResult> {
  return getPrisma().$transaction(async (tx) => {
    const member = await lockMember(tx, memberId);
    if (!member) return refused(MEMBER_ACTION_REFUSALS.noMember, 404);
    if (member.status === "closed") return refused(MEMBER_ACTION_REFUSALS.closed);
    if (member.status !== "suspended") return refused(MEMBER_ACTION_REFUSALS.notSuspended);
    // Active, not inactive: the member has done nothing wrong by not signing in while suspended.
    await tx.member.update({ where: { id: memberId }, data: { status: "active", lastActiveAt: new Date() } });
    await queueAccountMail(tx, member, "reinstated");
    await auditMemberAction(tx, admin, "member.reinstated", memberId, {
      reason,
      before: { status: "suspended" },
      after: { status: "active" },
    });
    return { ok: true, message: `Member ${memberId} is reinstated and may sign in again.` };
  });
}

/**
 * Closes the account: no sign-in ever again, sessions ended. Nothing is deleted or erased: unlike a
 * member's own deletion request, no deletion date is set, so the inactivity job never erases it.
 */
export async function closeMember(admin: Actor, memberId: number, reason: string): Promise<MemberActionResult> {
  return getPrisma().$transaction(async (tx) => {
    const member = await lockMember(tx, memberId);
    if (!member) return refused(MEMBER_ACTION_REFUSALS.noMember, 404);
    if (member.status === "closed") return refused(MEMBER_ACTION_REFUSALS.alreadyClosed);
    await tx.member.update({ where: { id: memberId }, data: { status: "closed" } });
    const sessionsEnded = await endSessions(tx, memberId);
    await auditMemberAction(tx, admin, "member.closed", memberId, {
      reason,
      sessionsEnded,
      before: { status: STATUS_WORD[member.status] },
      after: { status: "closed" },
    });
    return { ok: true, message: `Member ${memberId}'s account is closed. Nothing was deleted.` };
  });
}

/** Marks the e-mail address verified by hand (the member proved it another way, e.g. to support). */
export async function markEmailVerified(admin: Actor, memberId: number, reason: string): Promise<MemberActionResult> {
  return getPrisma().$transaction(async (tx) => {
    const member = await lockMember(tx, memberId);
    if (!member) return refused(MEMBER_ACTION_REFUSALS.noMember, 404);
    if (member.emailVerifiedAt) return refused(MEMBER_ACTION_REFUSALS.alreadyVerified);
    const now = new Date();
    await tx.member.update({ where: { id: memberId }, data: { emailVerifiedAt: now } });
    await auditMemberAction(tx, admin, "member.email_verified", memberId, {
      reason,
      email: member.email,
      before: { emailVerified: "no" },
      after: { emailVerified: "yes" },
    });
    return { ok: true, message: `The e-mail address of member ${memberId} is marked verified.` };
  });
}

/** Ends every session of the member: each device must sign in again. */
export async function signOutEverywhere(admin: Actor, memberId: number, reason: string): Promise<MemberActionResult> {
  return getPrisma().$transaction(async (tx) => {
    const member = await lockMember(tx, memberId);
    if (!member) return refused(MEMBER_ACTION_REFUSALS.noMember, 404);
    const sessionsEnded = await endSessions(tx, memberId);
    if (sessionsEnded === 0) return refused(MEMBER_ACTION_REFUSALS.noSessions);
    await auditMemberAction(tx, admin, "member.signed_out", memberId, {
      reason,
      sessionsEnded,
      before: { sessions: sessionsEnded },
      after: { sessions: 0 },
    });
    return { ok: true, message: `Member ${memberId} is signed out of ${sessionsEnded} device(s).` };
  });
}

/**
 * Adds (points > 0) or takes (points < 0) points with the reason the member reads in Points
 * History, through the ledger's adjustPoints (which writes the audit entry). Capped like an
 * assignment (decision 038): more than the cap either way needs a super-admin. `key` comes from
 * the form, so posting the same form twice adjusts once; the second post is told so. The member is
 * mailed the change with its reason (decision 079).
 */
export async function adjustMemberPoints(
  admin: Actor,
  memberId: number,
  { points, reason, key }: { points: number; reason: string; key: string },
): Promise<MemberActionResult> {
  const capError = pointsCapError(admin, Math.abs(points));
  if (capError) return { ok: false, message: capError, status: 403, field: "points" };
  const prisma = getPrisma();
  const member = await prisma.member.findUnique({ where: { id: memberId }, select: RECIPIENT });
  if (!member) return refused(MEMBER_ACTION_REFUSALS.noMember, 404);
  return prisma.$transaction(async (tx): Promise<MemberActionResult> => {
    const result = await adjustPoints(tx, {
      admin,
      memberId,
      points,
      reason,
      // The member in the key too: a form's key replayed against another member is a new adjustment.
      key: `member:${memberId}:${key}`,
      details: capDetails(Math.abs(points)),
    });
    if (result.ok) {
      await queuePointsChangedMail(tx, member, {
        change: result.entry.change,
        balance: result.balance,
        remark: reason.trim(),
      });
      const verb = points > 0 ? `added to` : `taken from`;
      return {
        ok: true,
        message: `${Math.abs(points).toLocaleString("en-US")} points ${verb} member ${memberId} (${result.entry.referenceId}). Balance: ${result.balance.toLocaleString("en-US")} points.`,
      };
    }
    if (result.reason === "duplicate") {
      return { ok: true, message: "This adjustment was already made; posting the form again changed nothing." };
    }
    const balance = await getBalance(tx, memberId);
    return { ok: false, message: MEMBER_ACTION_REFUSALS.belowZero(balance), status: 409, field: "points" };
  });
}

/**
 * Takes a completed assignment's reward back through the ledger's reverseEntry, exactly once, with
 * the reason in the remark the member reads. The assignment itself keeps its status (Complete), as
 * reverseEntry defines a reversal: the ledger entry is Reversed and a counter-entry takes the
 * points, never more than the balance (points already spent stay spent; the message says so).
 * The member is mailed what was taken and why (decision 079).
 */
export async function reverseComplete(
  admin: Actor,
  memberId: number,
  { assignmentId, reason }: { assignmentId: number; reason: string },
): Promise<MemberActionResult> {
  return getPrisma().$transaction(async (tx): Promise<MemberActionResult> => {
    const assignment = await tx.assignment.findUnique({
      where: { id: assignmentId },
      select: { id: true, memberId: true, surveyId: true, survey: { select: { name: true } } },
    });
    if (!assignment || assignment.memberId !== memberId) return refused(MEMBER_ACTION_REFUSALS.noAssignment, 404);
    // The reward's current credit: the first one, or the latest re-credit (by a file or an appeal, decision 061).
    // Locked as reconciliation locks it, so a file applied at the same moment is wholly before or after.
    await tx.$queryRaw`SELECT 1 FROM "Assignment" WHERE "id" = ${assignmentId} FOR NO KEY UPDATE`;
    const current = (await currentRewardCredits(tx, [{ assignmentId, memberId }])).get(assignmentId) ?? null;
    const recredited = current !== null && current.recredits > 0;
    const remark = `Reward for "${assignment.survey.name}" taken back: ${reason}`;
    const reversal = await reverseEntry(tx, {
      source: current?.source ?? `assignment:${assignmentId}:complete`,
      remark,
      adminId: admin.id,
    });
    if (!reversal.ok) {
      return refused(
        reversal.reason === "already_reversed"
          ? MEMBER_ACTION_REFUSALS.alreadyReversed
          : MEMBER_ACTION_REFUSALS.notComplete,
      );
    }
    // A reconciled complete now reads as reversed to reconciliation too, so that a later file
    // approving it gives back what this took (decision 061); the buyer gave no reason code.
    await tx.reconciledComplete.updateMany({
      where: { assignmentId, status: "approved" },
      data: { status: "reversed", reasonCode: "other" },
    });
    // Nothing taken (a zero balance) is no change of points: no mail, as there is no entry to appeal.
    if (reversal.reversal) {
      await queuePointsChangedMail(
        tx,
        await tx.member.findUniqueOrThrow({ where: { id: memberId }, select: RECIPIENT }),
        {
          change: reversal.reversal.change,
          balance: reversal.balance,
          remark,
          kept: reversal.shortfall,
          reversal: true,
        },
      );
    }
    await recordAudit(tx, {
      admin,
      action: "assignment.completion_reversed",
      targetType: "assignment",
      targetId: assignmentId,
      details: {
        memberId,
        surveyId: assignment.surveyId,
        reason,
        points: reversal.points,
        shortfall: reversal.shortfall,
        referenceId: reversal.reversal?.referenceId ?? null,
        balance: reversal.balance,
        before: { reward: recredited ? "re-credited" : "credited", balance: reversal.balance + reversal.points },
        after: { reward: "reversed", balance: reversal.balance },
      },
    });
    const kept =
      reversal.shortfall > 0
        ? ` ${reversal.shortfall.toLocaleString("en-US")} points had already been spent and could not be taken back.`
        : "";
    return {
      ok: true,
      message: `The complete of assignment ${assignmentId} is reversed: ${reversal.points.toLocaleString("en-US")} points taken back.${kept}`,
    };
  });
}
