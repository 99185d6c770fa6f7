import { tr } from "~/i18n/mark";
import { getPrisma, type Tx } from "~/lib/db.server";
import { clearRateLimit, consumeRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import { DELETION_MESSAGES, DELETION_WORD } from "./account-deletion-schema";
import { debitPoints } from "./ledger.server";
import { english } from "./english-text";
import { verifyPassword } from "./passwords.server";
import { IN_FLIGHT_WITHDRAWAL_STATUSES } from "./withdrawal-statuses";

// Account deletion (docs/decisions/027-inactivity-and-deletion.md). The terms promise that a
// deletion completes within 30 calendar days. It happens in two steps:
// - the request closes the account at once: status closed (no sign-in, by password or Google, and
//   no reset mail), every session ended, unused links and unsent mail cancelled;
// - the inactivity job erases it after a grace period: the Member row stays, anonymised, because
//   the ledger and the withdrawals point at it and payout records must be kept; everything else
//   that describes the person is deleted.

/**
 * Days between the request and the erasure. One less than the terms' 30, so that a job run once a
 * day still erases every request within 30 calendar days. The wait lets admins settle a payout
 * still in flight and lets support reopen an account closed by mistake.
 */
export const ERASURE_GRACE_DAYS = 29;

export const ACCOUNT_CLOSED_MESSAGE = tr(
  "Your account has been closed and you have been signed out. Your personal data will be erased within 30 days.",
);
export const WRONG_PASSWORD_MESSAGE = tr("The password is incorrect.");
export const PENDING_WITHDRAWAL_MESSAGE = tr(
  "You have a withdrawal in progress. You can delete your account once it has been paid or rejected.",
);
const ALREADY_CLOSED_MESSAGE = tr("This account has been closed.");

/** The rate limit's refusal, as written; the page translates it with its value (member-texts). */
export const TOO_MANY_PASSWORDS = {
  one: tr("Too many wrong passwords. Try again in {{minutes}} minute."),
  other: tr("Too many wrong passwords. Try again in {{minutes}} minutes."),
} as const;

export type DeletionRequestResult =
  { ok: true } | { ok: false; field: "password" | "confirmation" | null; message: string; status: 400 | 409 | 429 };

/** What the member gives to prove the request is theirs: the password, or the typed word without one. */
export interface DeletionProof {
  password?: string;
  confirmation?: string;
}

/**
 * Closes the member's account at once, to be erased by the inactivity job after the grace period.
 * Refused, changing nothing, for a wrong password (or word) and while a withdrawal is in flight
 * (pending, held, approved or sent): it must still be paid or returned to a member who can see the
 * outcome, and a payout returned after the erasure would credit points that are then forfeited.
 */
export async function requestAccountDeletion(
  memberId: number,
  proof: DeletionProof,
  now: Date = new Date(),
): Promise<DeletionRequestResult> {
  const prisma = getPrisma();
  const member = await prisma.member.findUnique({ where: { id: memberId } });
  if (!member || member.status === "closed")
    return { ok: false, field: null, message: ALREADY_CLOSED_MESSAGE, status: 409 };

  if (member.passwordHash) {
    // Counted before the check (RATE_LIMITS.accountDeletion): a stolen session must not become a
    // way to guess the password, not even with parallel posts.
    const limit = await consumeRateLimit(RATE_LIMITS.accountDeletion, member.id);
    if (limit.limited) {
      const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
      const message = english(minutes === 1 ? TOO_MANY_PASSWORDS.one : TOO_MANY_PASSWORDS.other, { minutes });
      return { ok: false, field: null, message, status: 429 };
    }
    if (!proof.password || !(await verifyPassword(proof.password, member.passwordHash))) {
      return { ok: false, field: "password", message: WRONG_PASSWORD_MESSAGE, status: 400 };
    }
    // The password is proven: a refusal below (a pending withdrawal) must not use up the tries.
    await clearRateLimit(RATE_LIMITS.accountDeletion, member.id);
  } else if (proof.confirmation?.trim().toUpperCase() !== DELETION_WORD) {
    return { ok: false, field: "confirmation", message: DELETION_MESSAGES.wordRequired, status: 400 };
  }

  const refusal = await prisma.$transaction(async (tx) => {
    // The member's row lock orders this request after any ledger change in flight (a withdrawal
    // debits the balance under the same lock), so the pending check below sees it.
    const [locked] = await tx.$queryRaw<{ status: string }[]>`
      SELECT "status"::text AS "status" FROM "Member" WHERE "id" = ${member.id} FOR UPDATE`;
    if (!locked || locked.status === "closed") return ALREADY_CLOSED_MESSAGE;
    if (await hasWithdrawalInFlight(member.id, tx)) return PENDING_WITHDRAWAL_MESSAGE;

    await tx.member.update({ where: { id: member.id }, data: { status: "closed", deletionRequestedAt: now } });
    await tx.memberSession.deleteMany({ where: { memberId: member.id } });
    await tx.authToken.deleteMany({ where: { memberId: member.id } });
    // Invitations still waiting would reach someone who asked to leave. Marked rather than deleted:
    // a worker may hold one right now and must still find its row.
    await tx.queuedMail.updateMany({
      where: { to: member.email, status: "queued" },
      data: { status: "failed", lastError: "Account closed by the member" },
    });
    return null;
  });
  if (refusal) return { ok: false, field: null, message: refusal, status: 409 };
  return { ok: true };
}

/** Whether a withdrawal of the member's is still in flight (deletion is refused meanwhile). */
export async function hasWithdrawalInFlight(memberId: number, db: Tx = getPrisma()): Promise<boolean> {
  const count = await db.withdrawalRequest.count({
    where: { memberId, status: { in: [...IN_FLIGHT_WITHDRAWAL_STATUSES] } },
  });
  return count > 0;
}

/** The address an erased member's row holds: unique, and never a mailbox (.invalid is reserved). */
export function erasedEmail(memberId: number): string {
  return `erased-${memberId}@invalid`;
}

/**
 * Erases a closed member inside the caller's transaction (the job holds the member's row lock).
 * Kept: the anonymised Member row, the points ledger, withdrawals with their payout snapshots
 * (payment records the law requires) and assignments (they name no one once the row is
 * anonymised, and survey quotas count them). Points left on the account are forfeited with an
 * expiry entry, so the ledger still explains the balance.
 */
export async function eraseMember(
  tx: Tx,
  member: { id: number; email: string; pointsBalance: number },
  now: Date,
): Promise<void> {
  if (member.pointsBalance > 0) {
    await debitPoints(tx, {
      memberId: member.id,
      points: member.pointsBalance,
      type: "expiry",
      source: `erasure:member:${member.id}`,
      remark: "Points forfeited: account deleted",
    });
  }
  const owned = { where: { memberId: member.id } };
  await tx.answer.deleteMany(owned);
  await tx.questionnaireResponse.deleteMany(owned);
  await tx.answerDraft.deleteMany(owned);
  await tx.paymentAccount.deleteMany(owned);
  await tx.oAuthConnection.deleteMany(owned);
  await tx.authToken.deleteMany(owned);
  await tx.memberSession.deleteMany(owned);
  // Quality signals are about the person (decision 069); other members' signals that name this
  // member's id keep it, which by now names no one.
  await tx.qualitySignal.deleteMany(owned);
  // The mail log and the sign-in counters hold the address too.
  await tx.queuedMail.deleteMany({ where: { to: member.email } });
  await tx.rateLimit.deleteMany({
    where: { key: { in: [`login:email:${member.email}`, `reset:email:${member.email}`] } },
  });
  await tx.member.update({
    where: { id: member.id },
    data: {
      email: erasedEmail(member.id),
      firstName: "",
      lastName: "",
      passwordHash: null,
      emailVerifiedAt: null,
      country: null,
      state: null,
      city: null,
      pin: null,
      dob: null,
      gender: null,
      mobile: null,
      qualityScore: 100,
      erasedAt: now,
    },
  });
}
