import { z } from "zod";
import type { Admin, PayoutMethod, Prisma, WithdrawalStatus } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { isCalendarDate, optional } from "~/lib/filter-fields";
import { DATE_FILTER_MESSAGE, DATE_RANGE_MESSAGE, formatRupees } from "./member-records.server";
import { PAYOUT_METHOD_LABEL, PAYOUT_METHODS } from "./payment-accounts";
import { getPayoutConfig, type PayoutConfig } from "./payout-config.server";
import { MAX_REJECT_REASON, WITHDRAWAL_MESSAGES } from "./withdrawal-schema";
import { approveWithdrawal, FOUR_EYES_MESSAGES, rejectWithdrawal, WITHDRAWAL_STATUS_LABEL } from "./withdrawals.server";
import { plainText } from "~/lib/validation";

// The withdrawals queue (/admin/withdrawal/req): the list's filters, and approve and reject in bulk.
// Bulk actions loop the single approve and reject, each in its own transaction, so the four-eyes
// rules, the confirmations' meaning and the races are those of one by one; nothing here decides
// whether a withdrawal may be paid. See docs/decisions/052-withdrawals-queue.md.

/**
 * The status filter's options: every status the database knows, with its label, in the enum's
 * order. Read from WITHDRAWAL_STATUS_LABEL, so a status added there appears here without an edit.
 */
export function withdrawalStatusOptions(): { value: WithdrawalStatus; label: string }[] {
  return (Object.keys(WITHDRAWAL_STATUS_LABEL) as WithdrawalStatus[]).map((value) => ({
    value,
    label: WITHDRAWAL_STATUS_LABEL[value],
  }));
}

export const METHOD_OPTIONS = PAYOUT_METHODS.map((value) => ({ value, label: PAYOUT_METHOD_LABEL[value] }));

export const QUEUE_MESSAGES = {
  status: "Choose a status from the list.",
  method: "Choose a payout method from the list.",
  amount: "Enter an amount in rupees, such as 500 or 99.50.",
  amountRange: "The smallest amount must be at most the largest.",
  noSelection: "Select at least one pending withdrawal first: tick its box in the list.",
  tooMany: (max: number) => `Select at most ${max} withdrawals at a time.`,
  staleSelection: "This selection could not be read. Reload the page and select the withdrawals again.",
  noneStillPending:
    "None of the selected withdrawals is pending any more: another admin has handled them. The list shows their status now.",
} as const;

/** A calendar date as the date input sends it (YYYY-MM-DD), one that exists, as the start of its UTC day. */
const day = z
  .string()
  .trim()
  .refine(isCalendarDate, DATE_FILTER_MESSAGE)
  .transform((value) => new Date(`${value}T00:00:00Z`));

/** Rupees with at most two decimals, as paise; at most ₹ 99,99,999.99, so it fits the column's integer. */
const rupees = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, QUEUE_MESSAGES.amount)
  .transform((value) => Math.round(Number(value) * 100));

export const queueFilterSchema = z
  .object({
    status: optional(
      z.enum(Object.keys(WITHDRAWAL_STATUS_LABEL) as [WithdrawalStatus, ...WithdrawalStatus[]], {
        errorMap: () => ({ message: QUEUE_MESSAGES.status }),
      }),
    ),
    method: optional(
      z.enum(PAYOUT_METHODS as [PayoutMethod, ...PayoutMethod[]], {
        errorMap: () => ({ message: QUEUE_MESSAGES.method }),
      }),
    ),
    from: optional(day),
    to: optional(day),
    minAmount: optional(rupees),
    maxAmount: optional(rupees),
  })
  .superRefine((filters, context) => {
    if (filters.from && filters.to && filters.from > filters.to) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: DATE_RANGE_MESSAGE });
    }
    if (filters.minAmount !== undefined && filters.maxAmount !== undefined && filters.minAmount > filters.maxAmount) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["maxAmount"], message: QUEUE_MESSAGES.amountRange });
    }
  });

export type QueueFilters = z.infer<typeof queueFilterSchema>;

/** The filters as a query's WHERE: dates are whole UTC days, both ends included; amounts in paise, both included. */
export function queueWhere(filters: QueueFilters): Prisma.WithdrawalRequestWhereInput {
  const where: Prisma.WithdrawalRequestWhereInput = {};
  if (filters.status) where.status = filters.status;
  if (filters.method) where.method = filters.method;
  if (filters.from || filters.to) {
    where.requestedAt = {
      ...(filters.from ? { gte: filters.from } : {}),
      ...(filters.to ? { lt: new Date(filters.to.getTime() + 86_400_000) } : {}),
    };
  }
  if (filters.minAmount !== undefined || filters.maxAmount !== undefined) {
    where.amountMinor = {
      ...(filters.minAmount !== undefined ? { gte: filters.minAmount } : {}),
      ...(filters.maxAmount !== undefined ? { lte: filters.maxAmount } : {}),
    };
  }
  return where;
}

/** The most withdrawals one bulk post handles: a few pages' worth, so a post stays a few seconds. */
export const MAX_BULK_SELECTION = 100;

const REFERENCE = /^[A-Z0-9]{1,32}$/;

const selection = z
  .array(z.string().regex(REFERENCE, QUEUE_MESSAGES.staleSelection), {
    invalid_type_error: QUEUE_MESSAGES.staleSelection,
  })
  .min(1, QUEUE_MESSAGES.noSelection)
  .max(MAX_BULK_SELECTION, QUEUE_MESSAGES.tooMany(MAX_BULK_SELECTION))
  .transform((references) => [...new Set(references)]);

/**
 * Approve selected: without `confirmed` the answer is the confirmation step (the count and the
 * total); `step` says the post came from that step, so a missing tick there is an error.
 */
export const bulkApproveSchema = z.object({
  referenceId: selection,
  confirmed: z.literal("on", { errorMap: () => ({ message: WITHDRAWAL_MESSAGES.confirmRequired }) }).optional(),
  step: z.literal("confirm", { errorMap: () => ({ message: QUEUE_MESSAGES.staleSelection }) }).optional(),
});

/** Reject selected: one reason for the whole selection, shown to each member with the returned points. */
export const bulkRejectSchema = z.object({
  referenceId: selection,
  reason: plainText({ max: MAX_REJECT_REASON, required: WITHDRAWAL_MESSAGES.reasonRequired }),
});

/** What the confirmation step shows: the selected withdrawals still pending, their count and total. */
export async function summariseSelection(referenceIds: string[]) {
  const pending = await getPrisma().withdrawalRequest.findMany({
    where: { referenceId: { in: referenceIds }, status: "pending" },
    select: { referenceId: true, amountMinor: true },
  });
  const order = new Map(referenceIds.map((referenceId, index) => [referenceId, index]));
  pending.sort((a, b) => (order.get(a.referenceId) ?? 0) - (order.get(b.referenceId) ?? 0));
  const totalMinor = pending.reduce((sum, row) => sum + row.amountMinor, 0);
  return {
    referenceIds: pending.map((row) => row.referenceId),
    count: pending.length,
    total: formatRupees(totalMinor),
    /** Selected but no longer pending (handled by another admin since the list was shown). */
    skipped: referenceIds.length - pending.length,
  };
}

export interface BulkOutcome {
  /** Approvals that completed the withdrawal (alone, or as the second of two). */
  approved: string[];
  /** Approvals recorded as the first of two (four eyes): still pending. */
  firstApprovals: string[];
  rejected: string[];
  /** Left unchanged, with the single action's own reason. */
  refused: { referenceId: string; message: string }[];
}

type Reviewer = Pick<Admin, "id" | "email">;

/** Approves each withdrawal through approveWithdrawal, one transaction each, in the order given. */
export async function approveWithdrawals(
  admin: Reviewer,
  referenceIds: string[],
  config: PayoutConfig = getPayoutConfig(),
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { approved: [], firstApprovals: [], rejected: [], refused: [] };
  for (const referenceId of referenceIds) {
    const result = await approveWithdrawal(admin, referenceId, config);
    if (!result.ok) outcome.refused.push({ referenceId, message: result.message });
    // The single approval's own answer says which it was; reading the row again could see a
    // second admin's approval made in between.
    else if (result.message === FOUR_EYES_MESSAGES.firstApproval(referenceId)) outcome.firstApprovals.push(referenceId);
    else outcome.approved.push(referenceId);
  }
  return outcome;
}

/** Rejects each withdrawal through rejectWithdrawal with the one reason, one transaction each. */
export async function rejectWithdrawals(admin: Reviewer, referenceIds: string[], reason: string): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { approved: [], firstApprovals: [], rejected: [], refused: [] };
  for (const referenceId of referenceIds) {
    const result = await rejectWithdrawal(admin, referenceId, reason);
    if (result.ok) outcome.rejected.push(referenceId);
    else outcome.refused.push({ referenceId, message: result.message });
  }
  return outcome;
}

/** The toast's limit (lib/toast.server.ts). */
const TOAST_LENGTH = 500;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The result in one message: how many were approved, recorded as a first approval, rejected, and
 * which were left unchanged and why (withdrawals refused for the same reason share a sentence).
 * A success when anything changed, else an error.
 */
export function bulkOutcomeToast(outcome: BulkOutcome): { type: "success" | "error"; message: string } {
  const parts: string[] = [];
  if (outcome.approved.length > 0)
    parts.push(`${count(outcome.approved.length, "withdrawal", "withdrawals")} approved.`);
  if (outcome.firstApprovals.length > 0) {
    parts.push(
      `${count(outcome.firstApprovals.length, "first approval", "first approvals")} recorded (four eyes): a second, different admin must approve ${outcome.firstApprovals.length === 1 ? "it" : "them"} (${outcome.firstApprovals.join(", ")}).`,
    );
  }
  if (outcome.rejected.length > 0) {
    parts.push(
      `${count(outcome.rejected.length, "withdrawal", "withdrawals")} rejected: the points returned to the members.`,
    );
  }
  const changed = parts.length > 0;
  if (outcome.refused.length > 0) {
    // "WD1, WD2: has already been paid (Success)." for every reason, the reference taken out of it.
    const byReason = new Map<string, string[]>();
    for (const { referenceId, message } of outcome.refused) {
      const reason = message.startsWith(referenceId) ? message.slice(referenceId.length).trim() : message;
      byReason.set(reason, [...(byReason.get(reason) ?? []), referenceId]);
    }
    const reasons = [...byReason].map(([reason, references]) => `${references.join(", ")}: ${reason}`);
    let refused = `${count(outcome.refused.length, "withdrawal", "withdrawals")} not changed. ${reasons.join(" ")}`;
    const room = TOAST_LENGTH - parts.join(" ").length - 1;
    if (refused.length > room)
      refused = `${refused.slice(0, Math.max(0, room - 40)).trimEnd()}… (the list shows each status).`;
    parts.push(refused);
  }
  return { type: changed ? "success" : "error", message: parts.join(" ").slice(0, TOAST_LENGTH) };
}
