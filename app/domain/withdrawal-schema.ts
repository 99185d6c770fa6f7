import { z } from "zod";
import { plainText } from "~/lib/validation";

// What the withdrawal forms share between the server and the browser: the member's withdraw form,
// the admin's approve (Submit) and reject forms, and their messages. No server-only imports here.
// See docs/decisions/026-withdrawals.md.

export const PAYOUT_METHODS = ["paypal", "upi", "bank"] as const;

export const WITHDRAWAL_MESSAGES = {
  pointsRequired: "Enter the points to withdraw.",
  pointsWhole: "Enter a whole number of points.",
  belowMinimum: (minimum: number) => `The minimum withdrawal is ${minimum.toLocaleString("en-US")} points.`,
  aboveBalance: (balance: number) =>
    `You cannot withdraw more than your balance of ${balance.toLocaleString("en-US")} points.`,
  methodRequired: "Choose the account to pay into.",
  noAccount: "Add a payment account before you withdraw.",
  accountGone: "This account no longer exists. Choose another one.",
  coolingOff: (label: string, usableFrom: string) =>
    `Your ${label} account was added recently. For your safety it can receive withdrawals from ${usableFrom}. Choose another account or try again then.`,
  // The spec's own message for an unverified address (403 'Your email address is not verified.').
  notVerified: "Your email address is not verified.",
  closed: "This account has been closed.",
  suspended: "Your account is suspended, so you cannot withdraw points. Contact support to find out why.",
  staleForm: "This form could not be read. Reload the page and try again.",
  confirmRequired: "Tick the box to confirm.",
  reasonRequired: "Give the reason for the rejection.",
} as const;

/** The spec's final confirmation before a payment is marked done, typos included. */
export const PAYMENT_CONFIRM_TEXT = "Are you sure... Once submitted this action cannot be revert back";

/**
 * The member's withdraw form: a whole number of points from the country's minimum to the balance,
 * and the method of one of their payment accounts (one account per method). The limits come from
 * the page's loader in the browser; the server checks them again in the transaction that debits.
 */
export function withdrawalSchema({ minimum, balance }: { minimum: number; balance: number }) {
  return z.object({
    points: z
      .number({
        required_error: WITHDRAWAL_MESSAGES.pointsRequired,
        invalid_type_error: WITHDRAWAL_MESSAGES.pointsWhole,
      })
      .int(WITHDRAWAL_MESSAGES.pointsWhole)
      .min(minimum, WITHDRAWAL_MESSAGES.belowMinimum(minimum))
      .max(balance, WITHDRAWAL_MESSAGES.aboveBalance(balance)),
    method: z.enum(PAYOUT_METHODS, { errorMap: () => ({ message: WITHDRAWAL_MESSAGES.methodRequired }) }),
    // Made by the loader for each rendering of the form; see requestWithdrawal.
    requestKey: z.string().regex(REQUEST_KEY, WITHDRAWAL_MESSAGES.staleForm).optional(),
  });
}

/** A random UUID, as the loader makes it. */
const REQUEST_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Submit on the Payment Confirmation: without JavaScript the confirmation is a required checkbox. */
export const approveWithdrawalSchema = z.object({
  confirmed: z.literal("on", { errorMap: () => ({ message: WITHDRAWAL_MESSAGES.confirmRequired }) }),
});

export const MAX_REJECT_REASON = 500;

/** Reject: the reason is shown to the member with the returned points. */
export const rejectWithdrawalSchema = z.object({
  reason: plainText({ max: MAX_REJECT_REASON, required: WITHDRAWAL_MESSAGES.reasonRequired }),
});

/** Releasing a held request to the approval queue (decision 072): why, for the audit log. */
export const releaseWithdrawalSchema = z.object({
  reason: plainText({
    max: MAX_REJECT_REASON,
    required: "Give the reason for releasing this request: what you checked. It is kept in the audit log.",
  }),
});

export const MAX_PAYOUT_REFERENCE = 64;

export const PAYOUT_REFERENCE_MESSAGES = {
  required: "Enter the payout reference (UTR or transaction id).",
  invalid: "A payout reference has letters, digits and - _ / . only, as the bank or PayPal shows it.",
} as const;

/** The provider's reference of a payment: a UTR, a PayPal transaction id. */
export const payoutReferenceField = z
  .string({ required_error: PAYOUT_REFERENCE_MESSAGES.required })
  .trim()
  .min(1, PAYOUT_REFERENCE_MESSAGES.required)
  .max(MAX_PAYOUT_REFERENCE, `Must be at most ${MAX_PAYOUT_REFERENCE} characters.`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9\-_/.]*$/, PAYOUT_REFERENCE_MESSAGES.invalid);

/**
 * Submit on the Payment Confirmation with the payout reference: filled in when the admin paid it by
 * hand (the request is paid at once), empty to approve it for a payout batch (decision 054).
 */
export const approveWithPaymentSchema = approveWithdrawalSchema.extend({
  payoutReference: payoutReferenceField.optional(),
});
