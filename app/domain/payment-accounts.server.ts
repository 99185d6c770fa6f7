import { parseWithZod } from "@conform-to/zod";
import type { PayoutMethod } from "~/generated/prisma/client";
import { tr } from "~/i18n/mark";
import { getPrisma } from "~/lib/db.server";
import { english, type Translate } from "./english-text";
import { getEnv } from "~/lib/env.server";
import { clearRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import { raiseSharedPayout } from "./identity-signals.server";
import { IN_FLIGHT_WITHDRAWAL_STATUSES } from "./withdrawal-statuses";
import { queuePayoutAccountAddedMail } from "./member-notices.server";
import {
  bankAccountSchema,
  PAYMENT_ACCOUNT_TEXTS,
  PAYOUT_METHOD_LABEL,
  paymentAccountSummary,
  paypalAccountSchema,
  sameEmail,
  upiAccountSchema,
  type NewPaymentAccount,
  type PaymentAccountFields,
} from "./payment-accounts";
import {
  claimPayoutAccountCode,
  countAndCheckProof,
  payoutProofKind,
  PROOF_MESSAGES,
  type Proof,
} from "./payout-account-proof.server";
import { MAX_ID } from "~/lib/ids";

// A member's payout accounts (/account): at most one per method (PayPal, UPI, bank), added (with
// the password or a mailed code, then a cooling-off period: docs/decisions/039) and deleted by the
// member. These are the member's own changes, so no audit entry is written; the
// withdrawal keeps its own copy of the account (payoutSnapshot), so deleting one never changes
// where a past request was paid.

export type SavedPaymentAccount = PaymentAccountFields & { id: number; usableAt: Date };

export async function listPaymentAccounts(memberId: number): Promise<SavedPaymentAccount[]> {
  return getPrisma().paymentAccount.findMany({
    where: { memberId },
    // PostgreSQL sorts an enum in its declared order: PayPal, UPI, bank.
    orderBy: { method: "asc" },
    select: {
      id: true,
      method: true,
      holderName: true,
      paypalEmail: true,
      upiId: true,
      bankName: true,
      bankAccountNumber: true,
      bankIfsc: true,
      usableAt: true,
    },
  });
}

/**
 * Parses an add-form of one method. conform's coercion is off: it would turn "" back into a
 * missing value, and the schemas give an empty field its own message.
 */
export function parsePaymentAccount(
  formData: FormData,
  method: PayoutMethod,
  signUpEmail: string,
  /** The page's language, for the message that carries the sign-up email. */
  t: Translate = english,
) {
  switch (method) {
    case "paypal":
      return parseWithZod(formData, { schema: paypalAccountSchema(signUpEmail, t), disableAutoCoercion: true });
    case "upi":
      return parseWithZod(formData, { schema: upiAccountSchema, disableAutoCoercion: true });
    case "bank":
      return parseWithZod(formData, { schema: bankAccountSchema, disableAutoCoercion: true });
  }
}

export type AddPaymentAccountResult =
  | { ok: true; message: string; usableAt: Date }
  | { ok: false; field: "paypalEmail" | "password" | "code" | null; message: string; status: number };

/** Thrown inside the transaction to roll it back (a claimed code is then not used up). */
class Refused extends Error {
  constructor(readonly result: Extract<AddPaymentAccountResult, { ok: false }>) {
    super(result.message);
  }
}

/**
 * Stores a new account, unless the member already has one of that method, once the member has
 * proved it is them (password, or a mailed code when they have none; the attempt is counted first).
 * The account can receive withdrawals after the cooling-off period; the member is mailed about it
 * in the same transaction.
 */
export async function addPaymentAccount(
  memberId: number,
  account: NewPaymentAccount,
  proof: Proof,
  {
    now = new Date(),
    coolingOffHours = getEnv().PAYOUT_ACCOUNT_COOLING_OFF_HOURS,
  }: { now?: Date; coolingOffHours?: number } = {},
): Promise<AddPaymentAccountResult> {
  const label = PAYOUT_METHOD_LABEL[account.method];
  const prisma = getPrisma();
  const member = await prisma.member.findUniqueOrThrow({
    where: { id: memberId },
    select: { email: true, firstName: true, language: true, passwordHash: true, passwordChangedAt: true },
  });
  // The schema checked this against the session's member; this is the rule itself, for every caller.
  if (account.method === "paypal" && !sameEmail(account.paypalEmail, member.email)) {
    return {
      ok: false,
      field: "paypalEmail",
      message: english(PAYMENT_ACCOUNT_TEXTS.paypalNotSignUpEmail, { email: member.email }),
      status: 400,
    };
  }
  const proofKind = payoutProofKind(member, now);
  const refusal = await countAndCheckProof({ id: memberId, ...member }, proof, now);
  if (refusal) return { ok: false, ...refusal };

  const usableAt = new Date(now.getTime() + coolingOffHours * 60 * 60 * 1000);
  try {
    await prisma.$transaction(async (tx) => {
      if (proofKind === "code" && !(await claimPayoutAccountCode(tx, memberId, proof.code ?? "", now))) {
        throw new Refused({ ok: false, field: "code", message: PROOF_MESSAGES.wrongCode, status: 400 });
      }
      // ON CONFLICT DO NOTHING on (memberId, method) rather than a caught unique violation: a second
      // add, also one racing this one from another tab, is an ordinary answer. A concurrent insert
      // waits on the unique key and then does nothing.
      const created = await tx.paymentAccount.createManyAndReturn({
        data: [{ memberId, ...account, createdAt: now, usableAt }],
        skipDuplicates: true,
        select: { id: true },
      });
      if (created.length === 0) {
        throw new Refused({
          ok: false,
          field: null,
          message: english(PAYMENT_ACCOUNT_TEXTS.alreadyHave, { label }),
          status: 409,
        });
      }
      // Added all the same: whether withdrawals to it wait is the holds' decision (issue 20).
      await raiseSharedPayout(tx, memberId, account);
      await queuePayoutAccountAddedMail(
        tx,
        member,
        { method: account.method, summary: paymentAccountSummary(paymentAccountFields(account)), usableAt },
        now,
      );
    });
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
  await clearRateLimit(RATE_LIMITS.payoutAccountProof, memberId);
  return { ok: true, message: english(PAYMENT_ACCOUNT_TEXTS.added, { label }), usableAt };
}

function paymentAccountFields(account: NewPaymentAccount): PaymentAccountFields {
  return {
    paypalEmail: null,
    upiId: null,
    bankName: null,
    bankAccountNumber: null,
    bankIfsc: null,
    ...account,
  };
}

export type DeletePaymentAccountResult =
  { ok: true; message: string } | { ok: false; reason: "not-found" | "pending-withdrawal"; message: string };

const NOT_FOUND = { ok: false, reason: "not-found", message: tr("This payment account no longer exists.") } as const;
const PENDING_WITHDRAWAL = tr(
  "This account has a pending withdrawal. You can delete it once the withdrawal has been paid out.",
);

/**
 * Deletes one of the member's accounts, unless a withdrawal in flight (pending, held, approved or
 * sent: the member reads "Pending payment" or "Sent") is to be paid to it. Another
 * member's account id is answered as not found: nothing tells a member that it exists.
 */
export async function deletePaymentAccount(memberId: number, accountId: number): Promise<DeletePaymentAccountResult> {
  // An id outside PostgreSQL's integer range would be a query error, not a missing account.
  if (!Number.isInteger(accountId) || accountId < 1 || accountId > MAX_ID) return NOT_FOUND;
  return getPrisma().$transaction(async (tx): Promise<DeletePaymentAccountResult> => {
    // The row lock makes the pending check race-safe. A new withdrawal references the account by a
    // foreign key, whose check takes a KEY SHARE lock on this row, which FOR UPDATE conflicts with:
    // either the withdrawal committed first and the count below (a new statement, so a new
    // snapshot under READ COMMITTED) sees it, or this lock came first and the withdrawal's insert
    // waits, then fails on the deleted account. A single DELETE … WHERE NOT EXISTS would not do:
    // on re-checking a locked row PostgreSQL keeps the subquery's old snapshot.
    const [account] = await tx.$queryRaw<{ id: number; method: PayoutMethod }[]>`
      SELECT "id", "method"::text AS "method" FROM "PaymentAccount"
      WHERE "id" = ${accountId} AND "memberId" = ${memberId}
      FOR UPDATE`;
    if (!account) return NOT_FOUND;
    const pending = await tx.withdrawalRequest.count({
      where: { paymentAccountId: account.id, status: { in: [...IN_FLIGHT_WITHDRAWAL_STATUSES] } },
    });
    if (pending > 0) return { ok: false, reason: "pending-withdrawal", message: PENDING_WITHDRAWAL };
    await tx.paymentAccount.delete({ where: { id: account.id } });
    return {
      ok: true,
      message: english(PAYMENT_ACCOUNT_TEXTS.deleted, { label: PAYOUT_METHOD_LABEL[account.method] }),
    };
  });
}
