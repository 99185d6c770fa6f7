import { z } from "zod";
import type { Admin, PaymentAccount, PayoutMethod, Prisma, WithdrawalStatus } from "~/generated/prisma/client";
import { countryName } from "~/lib/countries.server";
import { getPrisma, type Tx } from "~/lib/db.server";
import { recordAudit } from "./audit.server";
import { debitPoints, getBalance, newReferenceId, reverseEntry, settlePayout } from "./ledger.server";
import {
  formatUsableAt,
  queueWithdrawalApprovedMail,
  queueWithdrawalRejectedMail,
  queueWithdrawalReleasedMail,
  queueWithdrawalRequestedMail,
} from "./member-notices.server";
import { formatRupees } from "./member-records.server";
import { PAYOUT_METHOD_LABEL, paymentAccountSummary } from "./payment-accounts";
import { getPayoutConfig, minimumWithdrawalPoints, pointsToPaise, type PayoutConfig } from "./payout-config.server";
import { WITHDRAWAL_MESSAGES } from "./withdrawal-schema";
import { getEnv } from "~/lib/env.server";
import { listSignals } from "./quality-signals.server";
import { holdReasonOf, WITHDRAWAL_STATUS_LABEL, type WithdrawalHoldReason } from "./withdrawal-statuses";

export { WITHDRAWAL_STATUS_LABEL };

// Withdrawals: a member turns points into a payout request, an admin pays it (Success) or rejects
// it. Every step is one transaction with its ledger entry and, for admins, its audit entry:
// - request: the WithdrawalRequest row and the pending debit (source "withdrawal:{id}") together;
//   the debit's conditional balance update is what stops concurrent requests spending the same points.
// - approve / reject: the request's row lock (FOR UPDATE) and the status read under it are the gate,
//   so of two clicks, two admins, or an approval racing a rejection, exactly one changes anything.
// See docs/decisions/026-withdrawals.md.

export type RequestWithdrawalResult =
  | { ok: true; referenceId: string; points: number; amountMinor: number; balance: number; held: boolean }
  | { ok: false; message: string; field?: "points" | "method"; noAccount?: boolean };

/** Thrown inside the transaction to roll the request row back with a refused debit. */
class Refused extends Error {
  constructor(readonly result: Extract<RequestWithdrawalResult, { ok: false }>) {
    super(result.message);
  }
}

/**
 * Debits the points at once (pending payment) and records where to pay them, the account copied
 * as it is now (bank account number in full: the admin who pays needs it).
 */
export async function requestWithdrawal(
  memberId: number,
  { points, method, requestKey }: { points: number; method: PayoutMethod; requestKey?: string },
  config: PayoutConfig = getPayoutConfig(),
  now: Date = new Date(),
): Promise<RequestWithdrawalResult> {
  try {
    return await getPrisma().$transaction(async (tx): Promise<RequestWithdrawalResult> => {
      // The member's row lock first: requests of one member (two tabs, a double click) and an
      // account deletion request (FOR UPDATE) go one at a time, so the balance and the status read
      // here stay true until this transaction ends. NO KEY UPDATE is the strength the balance
      // update takes anyway, and it does not block other tables' foreign-key checks on the member.
      const [member] = await tx.$queryRaw<
        {
          email: string;
          firstName: string;
          emailVerifiedAt: Date | null;
          country: string | null;
          pointsBalance: number;
          status: string;
          language: string | null;
        }[]
      >`
        SELECT "email", "firstName", "emailVerifiedAt", "country", "pointsBalance", "status"::text AS "status", "language"
        FROM "Member" WHERE "id" = ${memberId} FOR NO KEY UPDATE`;
      if (!member || member.status === "closed") return { ok: false, message: WITHDRAWAL_MESSAGES.closed };
      if (member.status === "suspended") return { ok: false, message: WITHDRAWAL_MESSAGES.suspended };
      if (!member.emailVerifiedAt) return { ok: false, message: WITHDRAWAL_MESSAGES.notVerified };
      if (requestKey) {
        // The same form posted again (a double click without JavaScript, a resubmitted page): the
        // member's lock above made it wait for the first post, whose request is the answer.
        const earlier = await tx.withdrawalRequest.findUnique({
          where: { memberId_requestKey: { memberId, requestKey } },
          select: { referenceId: true, points: true, amountMinor: true, status: true },
        });
        if (earlier) {
          const { status, ...request } = earlier;
          return { ok: true, ...request, balance: member.pointsBalance, held: status === "held" };
        }
      }
      // FOR SHARE: an account being deleted right now (deletePaymentAccount locks it FOR UPDATE)
      // is waited for and then found gone, instead of failing the insert's foreign key with a 500.
      const [account] = await tx.$queryRaw<PaymentAccount[]>`
        SELECT * FROM "PaymentAccount" WHERE "memberId" = ${memberId} AND "method" = ${method}::"PayoutMethod" FOR SHARE`;
      if (!account) {
        // Deleted in another tab since the form was shown, or never added.
        const others = await tx.paymentAccount.count({ where: { memberId } });
        return others > 0
          ? { ok: false, field: "method", message: WITHDRAWAL_MESSAGES.accountGone }
          : { ok: false, noAccount: true, message: WITHDRAWAL_MESSAGES.noAccount };
      }
      // The row is locked FOR SHARE above and "usableAt" never changes: a replaced account is a new
      // row with its own cooling-off period, so this check holds until the request commits.
      const { usableAt } = await tx.paymentAccount.findUniqueOrThrow({
        where: { id: account.id },
        select: { usableAt: true },
      });
      if (usableAt.getTime() > now.getTime()) {
        return {
          ok: false,
          field: "method",
          message: WITHDRAWAL_MESSAGES.coolingOff(PAYOUT_METHOD_LABEL[account.method], formatUsableAt(usableAt)),
        };
      }
      const minimum = minimumWithdrawalPoints(config, member.country);
      if (points < minimum) return { ok: false, field: "points", message: WITHDRAWAL_MESSAGES.belowMinimum(minimum) };
      if (points > member.pointsBalance) {
        return { ok: false, field: "points", message: WITHDRAWAL_MESSAGES.aboveBalance(member.pointsBalance) };
      }

      const amountMinor = pointsToPaise(config, points);
      // Read under the member's lock, which raiseSignal takes too: a signal raised at this moment
      // either counts here or comes after the request exists (decision 072).
      const hold = await qualityHold(tx, memberId);
      const withdrawal = await insertWithdrawal(tx, { memberId, points, amountMinor, account, requestKey, hold });
      const debit = await debitPoints(tx, {
        memberId,
        points,
        type: "withdrawal",
        source: `withdrawal:${withdrawal.id}`,
        remark: `Withdrawal to ${paymentAccountSummary(account)}`,
        withdrawalId: withdrawal.id,
        referenceId: withdrawal.referenceId,
      });
      // Cannot happen under the member's lock (the balance was checked above); the ledger's own
      // never-below-zero rule is the last line of defence, and its refusal rolls the request back.
      if (!debit.ok) {
        const balance = await getBalance(tx, memberId);
        throw new Refused({ ok: false, field: "points", message: WITHDRAWAL_MESSAGES.aboveBalance(balance) });
      }
      await queueWithdrawalRequestedMail(tx, member, {
        referenceId: withdrawal.referenceId,
        points,
        amountMinor,
        account: paymentAccountSummary(account),
        heldBecause: hold ? holdReasonOf(hold.reason)?.member : undefined,
      });
      return {
        ok: true,
        referenceId: withdrawal.referenceId,
        points,
        amountMinor,
        balance: debit.balance,
        held: hold !== null,
      };
    });
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

/**
 * What the points page shows: the balance, what it is worth once it reaches the minimum, the
 * member's country's minimum, and their payout accounts (summaries only: never a full account number).
 */
export async function getWithdrawalOptions(
  member: { id: number; country: string | null; pointsBalance: number },
  config: PayoutConfig = getPayoutConfig(),
  now: Date = new Date(),
) {
  const accounts = await getPrisma().paymentAccount.findMany({
    where: { memberId: member.id },
    orderBy: { id: "asc" },
  });
  const balance = member.pointsBalance;
  const minimum = minimumWithdrawalPoints(config, member.country);
  return {
    balance,
    minimum,
    pointsPerRupee: config.pointsPerRupee,
    minimumAmount: formatRupees(pointsToPaise(config, minimum)),
    withdrawable: formatRupees(balance >= minimum ? pointsToPaise(config, balance) : 0),
    accounts: accounts.map((account) => ({
      method: account.method,
      summary: paymentAccountSummary(account),
      // Null once the account can receive withdrawals; until then, when it can (cooling-off).
      usableFrom: account.usableAt.getTime() > now.getTime() ? formatUsableAt(account.usableAt) : null,
    })),
  };
}

// As for ledger references: a clash of a fresh reference is rare, and one more draw ends it.
const REFERENCE_ATTEMPTS = 5;

type QualityHold = { reason: WithdrawalHoldReason; score: number };

/**
 * Whether a new request of the member waits for a quality review (decision 072): an open
 * shared-payout signal, or a quality score below QUALITY_HOLD_BELOW.
 */
async function qualityHold(tx: Tx, memberId: number): Promise<QualityHold | null> {
  const [row] = await tx.$queryRaw<{ score: number; sharedPayout: boolean }[]>`
    SELECT m."qualityScore" AS "score",
           EXISTS (SELECT 1 FROM "QualitySignal" q WHERE q."memberId" = m."id" AND q."kind" = 'shared_payout'
                   AND q."clearedAt" IS NULL) AS "sharedPayout"
    FROM "Member" m WHERE m."id" = ${memberId}`;
  if (!row) return null;
  if (row.sharedPayout) return { reason: "shared_payout", score: row.score };
  return row.score < getEnv().QUALITY_HOLD_BELOW ? { reason: "quality_score", score: row.score } : null;
}

async function insertWithdrawal(
  tx: Tx,
  {
    memberId,
    points,
    amountMinor,
    account,
    requestKey,
    hold,
  }: {
    memberId: number;
    points: number;
    amountMinor: number;
    account: PaymentAccount;
    requestKey?: string;
    hold: QualityHold | null;
  },
) {
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt += 1) {
    // ON CONFLICT DO NOTHING: a clashing reference must not abort the transaction.
    const [created] = await tx.withdrawalRequest.createManyAndReturn({
      data: [
        {
          referenceId: newReferenceId("WD"),
          memberId,
          points,
          amountMinor,
          method: account.method,
          paymentAccountId: account.id,
          payoutSnapshot: payoutSnapshot(account),
          requestKey: requestKey ?? null,
          ...(hold ? { status: "held" as const, holdReason: hold.reason, holdScore: hold.score } : {}),
        },
      ],
      skipDuplicates: true,
      select: { id: true, referenceId: true },
    });
    if (created) return created;
  }
  throw new Error(`No free withdrawal reference after ${REFERENCE_ATTEMPTS} attempts`);
}

/** Only the fields of the account's method, under the names of PaymentAccount. */
function payoutSnapshot(account: PaymentAccount): Prisma.InputJsonObject {
  const { method, holderName } = account;
  switch (method) {
    case "paypal":
      return { method, holderName, paypalEmail: account.paypalEmail };
    case "upi":
      return { method, holderName, upiId: account.upiId };
    case "bank":
      return {
        method,
        holderName,
        bankName: account.bankName,
        bankAccountNumber: account.bankAccountNumber,
        bankIfsc: account.bankIfsc,
      };
  }
}

/** A pending request with its first of two approvals says so, in the list and the confirmation. */
export function withdrawalStatusLabel(status: WithdrawalStatus, firstApprovedById: number | null): string {
  return status === "pending" && firstApprovedById !== null
    ? "Pending (1 of 2 approvals)"
    : WITHDRAWAL_STATUS_LABEL[status];
}

export const WITHDRAWALS_PAGE_SIZE = 20;

/**
 * One page of requests for the admins (the withdrawals queue): pending ones first (the enum's
 * order: pending, success, rejected), newest first within each status, narrowed by `where` (the
 * queue's filters: queueWhere in withdrawal-queue.server.ts). One query for the page and one count.
 */
export async function listWithdrawals(page: number, where: Prisma.WithdrawalRequestWhereInput = {}) {
  const prisma = getPrisma();
  const size = WITHDRAWALS_PAGE_SIZE;
  const read = (skip: number) =>
    prisma.withdrawalRequest.findMany({
      where,
      orderBy: [{ status: "asc" }, { requestedAt: "desc" }, { id: "desc" }],
      skip,
      take: size,
      select: {
        referenceId: true,
        memberId: true,
        points: true,
        amountMinor: true,
        status: true,
        method: true,
        requestedAt: true,
        firstApprovedById: true,
        member: { select: { email: true, country: true } },
      },
    });
  const [total, first] = await Promise.all([prisma.withdrawalRequest.count({ where }), read((page - 1) * size)]);
  const pageCount = Math.max(1, Math.ceil(total / size));
  const shown = Math.min(page, pageCount);
  const rows = shown === page ? first : await read((shown - 1) * size);
  return {
    page: shown,
    pageCount,
    total,
    rows: rows.map(({ firstApprovedById, member, method, requestedAt, ...row }, index) => ({
      serial: (shown - 1) * size + index + 1,
      ...row,
      amount: formatRupees(row.amountMinor),
      statusLabel: withdrawalStatusLabel(row.status, firstApprovedById),
      requestedAt: requestedAt.toISOString(),
      email: member.email,
      country: member.country ? countryName(member.country) : null,
      method: PAYOUT_METHOD_LABEL[method],
    })),
  };
}

const snapshotSchema = z.object({
  method: z.enum(["paypal", "upi", "bank"]),
  holderName: z.string().nullish(),
  paypalEmail: z.string().nullish(),
  upiId: z.string().nullish(),
  bankName: z.string().nullish(),
  bankAccountNumber: z.string().nullish(),
  bankIfsc: z.string().nullish(),
});

/** A withdrawal's payout account as it was copied at the request (payoutSnapshot), read safely. */
export function payoutSnapshotOf(method: PayoutMethod, snapshot: Prisma.JsonValue) {
  const parsed = snapshotSchema.safeParse(snapshot);
  return parsed.success ? parsed.data : { method };
}

/**
 * The Payment Confirmation's content: the spec's payment detail, with the payout account by method,
 * and, for the admin looking, the first approval (who, when) and why their approval alone does not pay it.
 */
export async function getWithdrawal(
  referenceId: string,
  viewer: Pick<Admin, "id">,
  config: PayoutConfig = getPayoutConfig(),
) {
  const found = await getPrisma().withdrawalRequest.findUnique({
    where: { referenceId },
    select: {
      referenceId: true,
      memberId: true,
      points: true,
      amountMinor: true,
      status: true,
      method: true,
      payoutSnapshot: true,
      requestedAt: true,
      rejectReason: true,
      payoutReference: true,
      paidAt: true,
      returnReason: true,
      payoutBatchId: true,
      firstApprovedById: true,
      firstApprovedAt: true,
      firstApprovedBy: { select: { name: true, email: true } },
    },
  });
  if (!found) return null;
  const { payoutSnapshot: snapshot, firstApprovedBy, firstApprovedAt, firstApprovedById, ...withdrawal } = found;
  const pending = withdrawal.status === "pending";
  const firstApproval =
    pending && firstApprovedAt && firstApprovedById !== null
      ? {
          by: firstApprovedBy ? `${firstApprovedBy.name} (${firstApprovedBy.email})` : "an admin since deleted",
          at: firstApprovedAt.toISOString(),
          byViewer: firstApprovedById === viewer.id,
        }
      : null;
  // Before any approval: what four eyes ask of this admin, so the form says it before the click.
  const reasons = pending && !firstApproval ? await fourEyesReasons(getPrisma(), found, viewer, config) : [];
  return {
    ...withdrawal,
    amount: formatRupees(withdrawal.amountMinor),
    statusLabel: withdrawalStatusLabel(withdrawal.status, firstApprovedById),
    payout: payoutDetails(withdrawal.method, snapshot),
    firstApproval,
    fourEyes: reasons.map((reason) => FOUR_EYES_MESSAGES.reason(reason, config)),
  };
}

/** The spec's payout fields by method (Paypal: id, user name; UPI: id, user name; Bank: four). */
function payoutDetails(method: PayoutMethod, snapshot: Prisma.JsonValue) {
  const account = payoutSnapshotOf(method, snapshot);
  const value = (text: string | null | undefined) => text ?? "";
  const fields =
    method === "paypal"
      ? [
          { label: "Paypal ID", value: value(account.paypalEmail) },
          { label: "Paypal user name", value: value(account.holderName) },
        ]
      : method === "upi"
        ? [
            { label: "UPI ID", value: value(account.upiId) },
            { label: "UPI user name", value: value(account.holderName) },
          ]
        : [
            { label: "Bank name", value: value(account.bankName) },
            { label: "Bank user name", value: value(account.holderName) },
            { label: "Bank account number", value: value(account.bankAccountNumber) },
            { label: "Bank IFSC", value: value(account.bankIfsc) },
          ];
  return { method: PAYOUT_METHOD_LABEL[method], fields };
}

export type ReviewResult = { ok: true; message: string } | { ok: false; message: string };

export const SUSPENDED_APPROVAL_MESSAGE =
  "This member is suspended: their withdrawals cannot be approved. Reinstate the member first, or reject the request.";
export const CLOSED_APPROVAL_MESSAGE =
  "This member's account is closed: their withdrawals cannot be approved. Reject the request to return the points.";

type Reviewer = Pick<Admin, "id" | "email">;

/** Why a request needs a second, different admin before this admin's approval pays it. */
export type FourEyesReason = "above_threshold" | "recent_total_above_threshold" | "own_points";

/** The window of the member's withdrawals added up against the threshold (decision 038). */
export const FOUR_EYES_WINDOW_HOURS = 24;

export const FOUR_EYES_MESSAGES = {
  sameAdminTwice:
    "You have already approved this request. A second, different admin must approve it before it is paid.",
  firstApproval: (referenceId: string) =>
    `First approval recorded for ${referenceId}. It stays Pending until a second, different admin approves it; that approval pays it.`,
  reason: (reason: FourEyesReason, config: PayoutConfig) =>
    reason === "above_threshold"
      ? `the amount is above ${formatRupees(config.fourEyesThresholdMinor)}`
      : reason === "recent_total_above_threshold"
        ? `with the member's other withdrawals requested in the ${FOUR_EYES_WINDOW_HOURS} hours before it (rejected ones aside), the total is above ${formatRupees(config.fourEyesThresholdMinor)}`
        : "some of the member's points came from a survey or profile survey you created, edited or assigned (or points you added)",
} as const;

/**
 * Four eyes (docs/decisions/038-money-controls.md): the reasons why `admin` alone may not pay this
 * request.
 * - Above the threshold: the amount paid (in paise, as requested) is above FOUR_EYES_THRESHOLD_RUPEES.
 * - Recent total above the threshold: the member's requests made in the 24 hours up to this one
 *   (this one included, rejected and returned ones excluded) add up to more than it, so a large balance taken
 *   out in pieces just under the threshold still needs two admins.
 * - Own points: before the request was made, the member was credited (and not reversed)
 *   - for a completion of an assignment this admin assigned, or of a survey this admin created
 *     or edited (an audit entry `survey.updated` on it),
 *   - for a profile survey set whose questionnaire this admin created, or that this admin created
 *     or edited (audit `profile_survey.created` / `profile_survey.updated` on it), or
 *   - with an adjustment this admin made.
 *   Points are fungible, so any such credit counts: the request may be paid partly from it.
 */
export async function fourEyesReasons(
  db: Tx,
  request: { memberId: number; amountMinor: number; requestedAt: Date },
  admin: Pick<Admin, "id">,
  config: PayoutConfig = getPayoutConfig(),
): Promise<FourEyesReason[]> {
  const reasons: FourEyesReason[] = [];
  if (request.amountMinor > config.fourEyesThresholdMinor) reasons.push("above_threshold");
  else {
    // A raw row may carry the timestamp as text: read it through Date either way.
    const since = new Date(new Date(request.requestedAt).getTime() - FOUR_EYES_WINDOW_HOURS * 3_600_000);
    const [recent] = await db.$queryRaw<{ total: bigint | number | null }[]>`
      SELECT sum("amountMinor") AS "total"
      FROM "WithdrawalRequest"
      WHERE "memberId" = ${request.memberId} AND "status" NOT IN ('rejected', 'returned')
        AND "requestedAt" > ${since} AND "requestedAt" <= ${request.requestedAt}`;
    if (Number(recent?.total ?? 0) > config.fourEyesThresholdMinor) reasons.push("recent_total_above_threshold");
  }
  const [own] = await db.$queryRaw<{ found: number }[]>`
    SELECT 1 AS "found"
    FROM "PointsTransaction" p
    LEFT JOIN "Assignment" a ON a."id" = p."assignmentId"
    LEFT JOIN "Survey" s ON s."id" = a."surveyId"
    LEFT JOIN "ProfileSurvey" ps
      ON p."type" = 'profile_reward' AND p."source" = 'profile:' || ps."id" || ':member:' || p."memberId"
    LEFT JOIN "Questionnaire" q ON q."id" = ps."questionnaireId"
    WHERE p."memberId" = ${request.memberId} AND p."change" > 0 AND p."status" <> 'reversed'
      AND p."createdAt" <= ${request.requestedAt}
      AND (
        (p."type" IN ('survey_completion', 'screenout_compensation') AND (
          a."assignedById" = ${admin.id} OR s."createdById" = ${admin.id}
          OR EXISTS (
            SELECT 1 FROM "AuditEntry" e
            WHERE e."targetType" = 'survey' AND e."targetId" = s."id"::text
              AND e."action" = 'survey.updated' AND e."adminId" = ${admin.id}
          )
        ))
        OR (p."type" = 'profile_reward' AND (
          q."createdById" = ${admin.id}
          OR EXISTS (
            SELECT 1 FROM "AuditEntry" e
            WHERE e."targetType" = 'profile_survey' AND e."targetId" = ps."id"::text
              AND e."action" IN ('profile_survey.created', 'profile_survey.updated') AND e."adminId" = ${admin.id}
          )
        ))
        OR (p."type" = 'admin_adjustment' AND p."adminId" = ${admin.id})
      )
    LIMIT 1`;
  if (own) reasons.push("own_points");
  return reasons;
}

interface LockedRequest {
  id: number;
  memberId: number;
  points: number;
  amountMinor: number;
  status: WithdrawalStatus;
  requestedAt: Date;
  firstApprovedById: number | null;
  firstApprovedAt: Date | null;
}

/**
 * An admin approves a pending request. Alone, it decides the request unless four eyes apply to this
 * admin: then the approval is recorded as the first, and the request stays pending until a different
 * admin approves it, which decides it. Deciding (decision 054): with the provider's payout reference
 * (the admin paid it by hand) the request is paid (Success, the ledger entry paid out, the member
 * mailed); without one it is Approved, awaiting payout in a batch (/admin/payouts), and the member
 * still reads "Pending payment". The request's row is
 * locked first (FOR UPDATE), so approvals of one request go one at a time: two admins at once
 * end as one first approval and one payment, and one admin's two clicks never count twice.
 */
export async function approveWithdrawal(
  admin: Reviewer,
  referenceId: string,
  config: PayoutConfig = getPayoutConfig(),
  { payoutReference }: { payoutReference?: string } = {},
): Promise<ReviewResult> {
  return getPrisma().$transaction(async (tx) => {
    const [request] = await tx.$queryRaw<LockedRequest[]>`
      SELECT "id", "memberId", "points", "amountMinor", "status"::text AS "status", "requestedAt", "firstApprovedById", "firstApprovedAt"
      FROM "WithdrawalRequest" WHERE "referenceId" = ${referenceId} FOR UPDATE`;
    if (!request || request.status !== "pending") return notPending(tx, referenceId);
    // A suspended or closed member's withdrawals are on hold (decision 051). FOR SHARE waits for a
    // suspension or a closing in flight, which holds the member's row until it commits.
    const [holder] = await tx.$queryRaw<{ status: string }[]>`
      SELECT "status"::text AS "status" FROM "Member" WHERE "id" = ${request.memberId} FOR SHARE`;
    if (holder?.status === "suspended") return { ok: false, message: SUSPENDED_APPROVAL_MESSAGE };
    if (holder?.status === "closed") return { ok: false, message: CLOSED_APPROVAL_MESSAGE };
    const summary = { memberId: request.memberId, points: request.points, amountMinor: request.amountMinor };
    if (request.firstApprovedById === admin.id) return { ok: false, message: FOUR_EYES_MESSAGES.sameAdminTwice };

    if (request.firstApprovedById === null) {
      const reasons = await fourEyesReasons(tx, request, admin, config);
      if (reasons.length > 0) {
        await tx.withdrawalRequest.update({
          where: { id: request.id },
          data: { firstApprovedById: admin.id, firstApprovedAt: new Date() },
        });
        await recordAudit(tx, {
          admin,
          action: "withdrawal.first_approved",
          targetType: "withdrawal",
          targetId: referenceId,
          details: { ...summary, reasons },
        });
        return { ok: true, message: FOUR_EYES_MESSAGES.firstApproval(referenceId) };
      }
    }

    const now = new Date();
    const paid = payoutReference !== undefined;
    await tx.withdrawalRequest.update({
      where: { id: request.id },
      data: paid
        ? { status: "success", approvedById: admin.id, approvedAt: now, payoutReference, paidAt: now }
        : { status: "approved", approvedById: admin.id, approvedAt: now },
    });
    if (paid) {
      const settled = await settlePayout(tx, `withdrawal:${request.id}`);
      // A pending request always has a pending debit; without one the books disagree: stop here.
      if (!settled.ok) throw new Error(`Withdrawal ${referenceId} has no pending ledger entry`);
      // Only the approval that pays mails the member; a first of two approvals pays nothing yet.
      await queueWithdrawalApprovedMail(tx, await recipient(tx, request.memberId), {
        referenceId,
        points: request.points,
        amountMinor: request.amountMinor,
        payoutReference,
      });
    }
    await recordAudit(tx, {
      admin,
      action: "withdrawal.approved",
      targetType: "withdrawal",
      targetId: referenceId,
      details: {
        ...summary,
        before: { Status: "pending" },
        after: paid ? { Status: "success", "Payout reference": payoutReference } : { Status: "approved" },
        ...(request.firstApprovedById === null
          ? {}
          : {
              secondApproval: true,
              firstApprovedById: request.firstApprovedById,
              firstApprovedAt: request.firstApprovedAt?.toISOString() ?? null,
            }),
      },
    });
    return paid
      ? { ok: true, message: `Payment confirmed: ${referenceId} is now Success (payout reference ${payoutReference}).` }
      : { ok: true, message: `Approved: ${referenceId} awaits payout. Send it in a payout batch.` };
  });
}

/** What a rejection may stop: nothing has been sent to the payout provider yet. */
const REJECTABLE: readonly string[] = ["pending", "held", "approved"] satisfies WithdrawalStatus[];

/**
 * Rejects a pending, held or approved request and returns its points to the member, once. An
 * approved one awaits a payout batch, so it can still be stopped (a member suspended or closed after
 * the approval, decision 051); a sent one cannot: the money may have left. The row is locked first
 * (FOR UPDATE), as a batch locks it, so the audit names the status it really left, and of a
 * rejection and a batch made at once exactly one takes the request.
 */
export async function rejectWithdrawal(admin: Reviewer, referenceId: string, reason: string): Promise<ReviewResult> {
  return getPrisma().$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ status: string }[]>`
      SELECT "status"::text AS "status" FROM "WithdrawalRequest" WHERE "referenceId" = ${referenceId} FOR UPDATE`;
    if (!locked || !REJECTABLE.includes(locked.status)) return notPending(tx, referenceId);
    const rejected = await tx.withdrawalRequest.update({
      where: { referenceId },
      data: { status: "rejected", rejectedById: admin.id, rejectedAt: new Date(), rejectReason: reason },
      select: { id: true, memberId: true, points: true, amountMinor: true },
    });
    const reversal = await reverseEntry(tx, {
      source: `withdrawal:${rejected.id}`,
      remark: `Points returned: withdrawal ${referenceId} rejected (${reason})`,
      adminId: admin.id,
    });
    if (!reversal.ok) throw new Error(`Withdrawal ${referenceId} could not be reversed: ${reversal.reason}`);
    await queueWithdrawalRejectedMail(tx, await recipient(tx, rejected.memberId), {
      referenceId,
      points: rejected.points,
      amountMinor: rejected.amountMinor,
      reason,
    });
    await recordAudit(tx, {
      admin,
      action: "withdrawal.rejected",
      targetType: "withdrawal",
      targetId: referenceId,
      details: {
        memberId: rejected.memberId,
        points: rejected.points,
        amountMinor: rejected.amountMinor,
        reason,
        before: { Status: locked.status },
        after: { Status: "rejected" },
      },
    });
    return {
      ok: true,
      message: `Withdrawal ${referenceId} rejected: ${rejected.points} points returned to the member.`,
    };
  });
}

function recipient(tx: Tx, memberId: number) {
  return tx.member.findUniqueOrThrow({
    where: { id: memberId },
    select: { email: true, firstName: true, language: true },
  });
}

const ALREADY_DECIDED: Record<Exclude<WithdrawalStatus, "pending">, (referenceId: string) => string> = {
  held: (referenceId) =>
    `${referenceId} is held for a quality review: release it to the approval queue first, or reject it.`,
  approved: (referenceId) => `${referenceId} has already been approved and awaits payout.`,
  sent: (referenceId) => `${referenceId} has already been sent in a payout batch.`,
  success: (referenceId) => `${referenceId} has already been paid (Success).`,
  rejected: (referenceId) => `${referenceId} has already been rejected.`,
  returned: (referenceId) => `${referenceId} has already been returned by the payout provider.`,
};

/** Why a review changed nothing: the request is gone, or someone decided it first. */
async function notPending(tx: Tx, referenceId: string): Promise<ReviewResult> {
  const current = await tx.withdrawalRequest.findUnique({ where: { referenceId }, select: { status: true } });
  if (!current) return { ok: false, message: "This withdrawal request does not exist." };
  return { ok: false, message: ALREADY_DECIDED[current.status as Exclude<WithdrawalStatus, "pending">](referenceId) };
}

export const RELEASE_MESSAGES = {
  notHeld: (referenceId: string) => `${referenceId} is not held: there is nothing to release.`,
  released: (referenceId: string) => `${referenceId} is released: it is pending in the approval queue.`,
} as const;

/**
 * An admin releases a held request after review (decision 072): it becomes pending and goes through
 * the approval queue like any other (four eyes included). The conditional UPDATE is the gate, so two
 * clicks release once. Audited with the reason; the member is mailed.
 */
export async function releaseWithdrawal(admin: Reviewer, referenceId: string, reason: string): Promise<ReviewResult> {
  return getPrisma().$transaction((tx) => releaseHeldWithdrawal(tx, admin, referenceId, reason));
}

/** releaseWithdrawal inside the caller's transaction: a granted appeal releases with its decision. */
export async function releaseHeldWithdrawal(
  tx: Tx,
  admin: Reviewer,
  referenceId: string,
  reason: string,
): Promise<ReviewResult> {
  const [released] = await tx.withdrawalRequest.updateManyAndReturn({
    where: { referenceId, status: "held" },
    data: { status: "pending", releasedById: admin.id, releasedAt: new Date(), releaseReason: reason },
    select: { memberId: true, points: true, amountMinor: true, holdReason: true, holdScore: true },
  });
  if (!released) {
    const current = await tx.withdrawalRequest.findUnique({ where: { referenceId }, select: { status: true } });
    return current
      ? { ok: false, message: RELEASE_MESSAGES.notHeld(referenceId) }
      : { ok: false, message: "This withdrawal request does not exist." };
  }
  await queueWithdrawalReleasedMail(tx, await recipient(tx, released.memberId), {
    referenceId,
    amountMinor: released.amountMinor,
  });
  await recordAudit(tx, {
    admin,
    action: "withdrawal.released",
    targetType: "withdrawal",
    targetId: referenceId,
    details: {
      memberId: released.memberId,
      points: released.points,
      amountMinor: released.amountMinor,
      holdReason: released.holdReason,
      holdScore: released.holdScore,
      reason,
      before: { Status: "held" },
      after: { Status: "pending" },
    },
  });
  return { ok: true, message: RELEASE_MESSAGES.released(referenceId) };
}

/** What the review of a held request shows: why it is held, the member's score now and their signals. */
export async function holdReview(referenceId: string) {
  const prisma = getPrisma();
  const request = await prisma.withdrawalRequest.findUnique({
    where: { referenceId },
    select: {
      status: true,
      memberId: true,
      holdReason: true,
      holdScore: true,
      member: { select: { qualityScore: true } },
    },
  });
  if (!request || request.status !== "held") return null;
  return {
    memberId: request.memberId,
    reason: holdReasonOf(request.holdReason)?.admin ?? "Held for review.",
    scoreAtRequest: request.holdScore,
    score: request.member.qualityScore,
    signals: await listSignals(prisma, request.memberId),
  };
}
