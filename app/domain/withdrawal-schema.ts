import { z } from "zod";
import { tr } from "~/i18n/mark";
import { plainText } from "~/lib/validation";
import { english, type Translate } from "./english-text";

// What the withdrawal forms share between the server and the browser: the member's withdraw form,
// the admin's approve (Submit) and reject forms, and their messages. No server-only imports here.
// See docs/decisions/026-withdrawals.md.

export const PAYOUT_METHODS = ["paypal", "upi", "bank"] as const;

export const WITHDRAWAL_MESSAGES = {
  pointsRequired: tr("Enter the points to withdraw."),
  pointsWhole: tr("Enter a whole number of points."),
  belowMinimum: (minimum: number, t: Translate = english, number: Numbers = enNumber) =>
    t("The minimum withdrawal is {{minimum}} points.", { minimum: number(minimum) }),
  aboveBalance: (balance: number, t: Translate = english, number: Numbers = enNumber) =>
    t("You cannot withdraw more than your balance of {{balance}} points.", { balance: number(balance) }),
  methodRequired: tr("Choose the account to pay into."),
  noAccount: tr("Add a payment account before you withdraw."),
  accountGone: tr("This account no longer exists. Choose another one."),
  coolingOff: (label: string, usableFrom: string) => english(COOLING_OFF, { label, usableFrom }),
  // The spec's own message for an unverified address (403 'Your email address is not verified.').
  notVerified: tr("Your email address is not verified."),
  closed: tr("This account has been closed."),
  suspended: tr("Your account is suspended, so you cannot withdraw points. Contact support to find out why."),
  staleForm: tr("This form could not be read. Reload the page and try again."),
  confirmRequired: "Tick the box to confirm.",
  reasonRequired: "Give the reason for the rejection.",
} as const;

/** The cooling-off refusal as written; the points page translates it with its values (member-texts). */
export const COOLING_OFF = tr(
  "Your {{label}} account was added recently. For your safety it can receive withdrawals from {{usableFrom}}. Choose another account or try again then.",
);

type Numbers = (value: number) => string;
const enNumber: Numbers = (value) => value.toLocaleString("en-US");

/** The spec's final confirmation before a payment is marked done, typos included. */
export const PAYMENT_CONFIRM_TEXT = "Are you sure... Once submitted this action cannot be revert back";

/**
 * The member's withdraw form: a whole number of points from the country's minimum to the balance,
 * and the method of one of their payment accounts (one account per method). The limits come from
 * the page's loader in the browser; the server checks them again in the transaction that debits.
 */
export function withdrawalSchema(
  { minimum, balance }: { minimum: number; balance: number },
  /** The page's language: the limits' messages carry figures, so they are translated here. */
  { t = english, number = enNumber }: { t?: Translate; number?: Numbers } = {},
) {
  return z.object({
    points: z
      .number({
        required_error: WITHDRAWAL_MESSAGES.pointsRequired,
        invalid_type_error: WITHDRAWAL_MESSAGES.pointsWhole,
      })
      .int(WITHDRAWAL_MESSAGES.pointsWhole)
      .min(minimum, WITHDRAWAL_MESSAGES.belowMinimum(minimum, t, number))
      .max(balance, WITHDRAWAL_MESSAGES.aboveBalance(balance, t, number)),
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
