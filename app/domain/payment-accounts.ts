import { z } from "zod";
import type { PayoutMethod } from "~/generated/prisma/enums";
import { tr } from "~/i18n/mark";
import { emailAddress, plainText } from "~/lib/validation";
import { english, type Translate } from "./english-text";

// Payout accounts as members see them. Shared by the account page and the withdrawal form, and
// safe for the browser: nothing here reads the database. The add-forms' schemas live here too, so
// the server and (with JavaScript) the browser check a new account by the same rules.

/** The spec's method names (admin payment detail: Paypal, UPI, Bank). */
export const PAYOUT_METHOD_LABEL: Record<PayoutMethod, string> = {
  paypal: tr("Paypal"),
  upi: tr("UPI"),
  bank: tr("Bank"),
};

/**
 * The account page's messages with values, as written (in English) by the schemas and the server,
 * and translated with their values where they are shown (member-texts' translateKnown).
 */
export const PAYMENT_ACCOUNT_TEXTS = {
  paypalNotSignUpEmail: tr("Your PayPal email must be the email you signed up with: {{email}}"),
  alreadyHave: tr("You already have a {{label}} account. Delete it first to add another one."),
  added: tr("{{label}} Account Added Successfully"),
  deleted: tr("{{label}} Account Deleted Successfully"),
} as const;

/** The order the account page lists and offers the methods in. */
export const PAYOUT_METHODS: readonly PayoutMethod[] = ["paypal", "upi", "bank"];

/** A bank account number as members see it: all but the last 4 digits hidden. */
export function maskAccountNumber(accountNumber: string): string {
  const visible = accountNumber.slice(-4);
  return `${"•".repeat(Math.max(accountNumber.length - 4, 0))}${visible}`;
}

export interface PaymentAccountFields {
  method: PayoutMethod;
  holderName: string;
  paypalEmail: string | null;
  upiId: string | null;
  bankName: string | null;
  bankAccountNumber: string | null;
  bankIfsc: string | null;
}

/** One line that tells a member which account this is, e.g. "Bank · HDFC Bank ••••••1234". */
export function paymentAccountSummary(account: PaymentAccountFields): string {
  const label = PAYOUT_METHOD_LABEL[account.method];
  switch (account.method) {
    case "paypal":
      return `${label} · ${account.paypalEmail ?? ""}`;
    case "upi":
      return `${label} · ${account.upiId ?? ""}`;
    case "bank":
      return `${label} · ${account.bankName ?? ""} ${maskAccountNumber(account.bankAccountNumber ?? "")}`;
  }
}

/** The labels of the add-forms' fields, also used for the lines of a saved account. */
export const PAYMENT_FIELD_LABEL = {
  holderName: tr("Account Holder Name"),
  paypalEmail: tr("PayPal Email"),
  upiId: tr("UPI ID"),
  bankName: tr("Bank Name"),
  bankAccountNumber: tr("Account Number"),
  bankIfsc: tr("IFSC"),
} as const;

/** A saved account's details as the account page shows them: the account number masked. */
export function paymentAccountDetails(account: PaymentAccountFields): { label: string; value: string }[] {
  const holder = { label: PAYMENT_FIELD_LABEL.holderName, value: account.holderName };
  switch (account.method) {
    case "paypal":
      return [holder, { label: PAYMENT_FIELD_LABEL.paypalEmail, value: account.paypalEmail ?? "" }];
    case "upi":
      return [holder, { label: PAYMENT_FIELD_LABEL.upiId, value: account.upiId ?? "" }];
    case "bank":
      return [
        holder,
        { label: PAYMENT_FIELD_LABEL.bankName, value: account.bankName ?? "" },
        { label: PAYMENT_FIELD_LABEL.bankAccountNumber, value: maskAccountNumber(account.bankAccountNumber ?? "") },
        { label: PAYMENT_FIELD_LABEL.bankIfsc, value: account.bankIfsc ?? "" },
      ];
  }
}

// Formats (decision 025). A UPI ID (VPA) is a handle and a payment provider's name; an IFSC is the
// bank's 4 letters, a 0 kept for later use, then 6 letters or digits for the branch; Indian bank
// account numbers run from 9 to 18 digits.
const UPI_ID_PATTERN = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$/;
const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
const NAME_MAX = 100;

/** True when two email addresses are the same mailbox as the product compares them: case ignored. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** A required text: a missing one is checked as "", so its message is the field's own. */
function required<Schema extends z.ZodTypeAny>(schema: Schema) {
  return z.preprocess((value) => value ?? "", schema);
}

/**
 * A required value in a fixed format, stored as `normalise` shapes it. Exactly one message: the
 * missing one or the format's. Checked with a refinement, not .regex(): conform would turn a regex
 * into an HTML pattern, which the browser applies to the raw input (refusing lower-case IFSCs and
 * spaced account numbers that the server accepts), and without JavaScript the member would see
 * the browser's generic message instead of ours.
 */
function formatted({
  missing,
  invalid,
  pattern,
  normalise,
}: {
  missing: string;
  invalid: string;
  pattern: RegExp;
  normalise: (value: string) => string;
}) {
  return z.preprocess(
    // Anything but a string (a file in a crafted multipart post) counts as missing.
    (value) => (typeof value === "string" ? normalise(value) : ""),
    z.string().superRefine((value, context) => {
      if (value === "") context.addIssue({ code: z.ZodIssueCode.custom, message: missing });
      else if (!pattern.test(value)) context.addIssue({ code: z.ZodIssueCode.custom, message: invalid });
    }),
  );
}

/**
 * A name that goes into the payout batch file the admin opens in a spreadsheet and uploads to the
 * bank: it starts with a letter (of any script), so no spreadsheet reads it as a formula (=, +, -, @).
 */
const payoutName = (requiredMessage: string) =>
  required(
    plainText({ max: NAME_MAX, required: requiredMessage }).refine(
      // A blank name has its own message (the required one), not this one as well.
      (value) => value === "" || /^\p{L}/u.test(value),
      tr("Start the name with a letter, as your bank shows it"),
    ),
  );

const holderName = () => payoutName(tr("Enter the account holder's name"));

/** The PayPal account must use the member's sign-up email, as the product promises. */
export function paypalAccountSchema(signUpEmail: string, t: Translate = english) {
  return z
    .object({
      holderName: holderName(),
      paypalEmail: required(
        emailAddress({ required: tr("Enter your PayPal email"), invalid: tr("Enter a valid email address") }).refine(
          (email) => sameEmail(email, signUpEmail),
          t(PAYMENT_ACCOUNT_TEXTS.paypalNotSignUpEmail, { email: signUpEmail }),
        ),
      ),
    })
    .transform((account) => ({ method: "paypal" as const, ...account }));
}

export const upiAccountSchema = z
  .object({
    holderName: holderName(),
    // VPAs are not case-sensitive; one spelling keeps the stored and shown ID the same everywhere.
    upiId: formatted({
      missing: tr("Enter your UPI ID"),
      invalid: tr("Enter a valid UPI ID, such as name@bank"),
      pattern: UPI_ID_PATTERN,
      normalise: (value) => value.trim().toLowerCase(),
    }),
  })
  .transform((account) => ({ method: "upi" as const, ...account }));

export const bankAccountSchema = z
  .object({
    holderName: holderName(),
    bankName: payoutName(tr("Enter the bank name")),
    // Members copy numbers from passbooks and apps that group the digits with spaces.
    bankAccountNumber: formatted({
      missing: tr("Enter the account number"),
      invalid: tr("Enter a valid account number: 9 to 18 digits"),
      pattern: ACCOUNT_NUMBER_PATTERN,
      normalise: (value) => value.replace(/\s+/g, ""),
    }),
    bankIfsc: formatted({
      missing: tr("Enter the IFSC"),
      invalid: tr("Enter a valid IFSC: 11 characters, such as SBIN0001234"),
      pattern: IFSC_PATTERN,
      normalise: (value) => value.trim().toUpperCase(),
    }),
  })
  .transform((account) => ({ method: "bank" as const, ...account }));

/** A new account as the schemas deliver it, ready to store. */
export type NewPaymentAccount =
  | z.output<ReturnType<typeof paypalAccountSchema>>
  | z.output<typeof upiAccountSchema>
  | z.output<typeof bankAccountSchema>;
