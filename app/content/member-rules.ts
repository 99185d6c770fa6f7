// The age rule and the payment-account rule in the words every page uses (terms, privacy, help,
// FAQ, landing, before-you-register, the account page), so the site says one thing, and the thing
// registration, My Detail and /account check (docs/decisions/067-age-payment-account-terms.md).
// Marked with tr(): a page that shows one translates it with t(RULE) (decision 074).
import { tr } from "~/i18n/mark";

/** Registration and My Detail refuse a date of birth under 18 (member-profile-rules.ts). */
export const AGE_RULE = tr(
  "You must be 18 or over to become a member. We do not accept anyone under 18, not even with a parent's permission.",
);

/** /account keeps one account per method; the PayPal form refuses an e-mail other than the sign-up one. */
export const PAYMENT_ACCOUNT_RULE = tr(
  "You may keep one payment account of each kind (one PayPal, one UPI and one bank account), each of them your own. A PayPal account must use the e-mail address you signed up with.",
);
