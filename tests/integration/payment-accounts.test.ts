import { describe, expect, inject, test } from "vitest";
import { hashPassword } from "~/domain/passwords.server";
import { addPaymentAccount, deletePaymentAccount, listPaymentAccounts } from "~/domain/payment-accounts.server";
import type { PayoutMethod, WithdrawalStatus } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { action, loader } from "~/routes/_member.account._index";
import { expectData, expectRedirect, expectThrown } from "../support/remix";
import { ORIGIN, signedInMember, toastOf } from "../support/requests";
import { type createTestMember } from "../support/factories";
import { UNKNOWN_INTENT_MESSAGE } from "~/lib/forms.server";
import { PAYMENT_ACCOUNT_RULE } from "~/content/member-rules";

// Payment accounts (/account): add a PayPal, UPI or bank account, one per method, see it with the
// account number masked, delete it unless a pending withdrawal is to be paid to it. Every refused
// post answers with a message and changes nothing; none is a server error.

const engine = inject("databaseTemplate").kind;

// Adding an account needs the member's current password (decision 039).
const PASSWORD = "Member#Secret-42";
let passwordHash: string | undefined;

async function signedIn(overrides: Parameters<typeof createTestMember>[0] = {}) {
  passwordHash ??= await hashPassword(PASSWORD);
  return signedInMember({ passwordHash, ...overrides });
}

function load(cookie: string) {
  const request = new Request(`${ORIGIN}/account`, { headers: { Cookie: cookie } });
  return loader({ request, params: {}, context: {} });
}

function post(cookie: string, fields: Record<string, string>) {
  return postBody(cookie, new URLSearchParams(fields));
}

function postBody(cookie: string, body: BodyInit | null, headers: Record<string, string> = {}) {
  return action({
    request: new Request(`${ORIGIN}/account`, { method: "POST", headers: { Cookie: cookie, ...headers }, body }),
    params: {},
    context: {},
  });
}

const PAYPAL = { intent: "add-paypal", holderName: "Asha Rao", password: PASSWORD };
const UPI = { intent: "add-upi", holderName: "Asha Rao", upiId: "Asha.Rao@okhdfcbank", password: PASSWORD };
const BANK = {
  intent: "add-bank",
  password: PASSWORD,
  holderName: "Asha Rao",
  bankName: "HDFC Bank",
  bankAccountNumber: "5010 0123 4567 89",
  bankIfsc: "hdfc0001234",
};

async function storedAccounts(memberId: number) {
  return getPrisma().paymentAccount.findMany({ where: { memberId }, orderBy: { id: "asc" } });
}

async function createAccount(memberId: number, method: PayoutMethod) {
  const fields = {
    paypal: { paypalEmail: "someone@example.com" },
    upi: { upiId: "asha@ybl" },
    bank: { bankName: "HDFC Bank", bankAccountNumber: "50100123456789", bankIfsc: "HDFC0001234" },
  }[method];
  return getPrisma().paymentAccount.create({ data: { memberId, method, holderName: "Asha Rao", ...fields } });
}

let withdrawals = 0;

async function createWithdrawal(memberId: number, paymentAccountId: number, status: WithdrawalStatus = "pending") {
  withdrawals += 1;
  return getPrisma().withdrawalRequest.create({
    data: {
      referenceId: `WD-TEST-${withdrawals}-${Date.now()}`,
      memberId,
      points: 1000,
      amountMinor: 10000,
      status,
      paymentAccountId,
      method: "bank",
      payoutSnapshot: { method: "bank" },
    },
  });
}

function deleteForm(accountId: number) {
  return { intent: "delete", accountId: String(accountId), confirmed: "on" };
}

describe("the account page", () => {
  test("a member without accounts is offered all three methods", async () => {
    const { member, cookie } = await signedIn();
    expect(await load(cookie)).toEqual({
      signUpEmail: member.email,
      proof: "password",
      codeSent: false,
      passwordIsRecent: false,
      accounts: [],
      missing: ["paypal", "upi", "bank"],
      coolingOffHours: 24,
      // The page's name and the site's account rule, in the member's language (English here).
      title: "Account",
      paymentAccountRule: PAYMENT_ACCOUNT_RULE,
    });
  });

  test("lists the accounts by method with the account number masked, and offers only the missing methods", async () => {
    const { member, cookie } = await signedIn();
    const bank = await createAccount(member.id, "bank");
    const upi = await createAccount(member.id, "upi");
    const page = await load(cookie);
    expect(page.missing).toEqual(["paypal"]);
    expect(page.accounts).toEqual([
      {
        id: upi.id,
        method: "upi",
        details: [
          { label: "Account Holder Name", value: "Asha Rao" },
          { label: "UPI ID", value: "asha@ybl" },
        ],
        usableFrom: null,
      },
      {
        id: bank.id,
        method: "bank",
        details: [
          { label: "Account Holder Name", value: "Asha Rao" },
          { label: "Bank Name", value: "HDFC Bank" },
          { label: "Account Number", value: "••••••••••6789" },
          { label: "IFSC", value: "HDFC0001234" },
        ],
        usableFrom: null,
      },
    ]);
    // The full number never reaches the browser.
    expect(JSON.stringify(page)).not.toContain("50100123456789");
  });

  test("needs a signed-in member with complete details", async () => {
    const visitor = await load("").catch((error: unknown) => error);
    expect(expectRedirect(visitor).headers.get("Location")).toBe("/login?redirectTo=%2Faccount");
    const { cookie } = await signedIn({ country: null });
    const incomplete = await postBody(cookie, new URLSearchParams(UPI)).catch((error: unknown) => error);
    expect(expectRedirect(incomplete).headers.get("Location")).toBe("/details/user");
  });
});

describe("adding an account", () => {
  test("PayPal: the sign-up email in any case, stored lower-cased, with a success toast", async () => {
    const { member, cookie } = await signedIn({ email: "asha.rao@example.com" });
    const response = expectRedirect(await post(cookie, { ...PAYPAL, paypalEmail: " Asha.Rao@EXAMPLE.com" }));
    expect(response.headers.get("Location")).toBe("/account");
    expect(await toastOf(response)).toEqual({ type: "success", message: "Paypal Account Added Successfully" });
    expect(await storedAccounts(member.id)).toMatchObject([
      { method: "paypal", holderName: "Asha Rao", paypalEmail: "asha.rao@example.com", upiId: null, bankName: null },
    ]);
  });

  test("PayPal: another email is refused with the sign-up email named, and nothing is stored", async () => {
    const { member, cookie } = await signedIn({ email: "asha.rao@example.com" });
    const result = expectData(await post(cookie, { ...PAYPAL, paypalEmail: "asha@paypal.example" }));
    expect(result.init?.status).toBe(400);
    expect(result.data.form).toBe("add-paypal");
    expect(result.data.error).toEqual({
      paypalEmail: ["Your PayPal email must be the email you signed up with: asha.rao@example.com"],
    });
    // The typed values come back for the form.
    expect(result.data.initialValue).toMatchObject({
      holderName: "Asha Rao",
      paypalEmail: "asha@paypal.example",
    });
    expect(await storedAccounts(member.id)).toEqual([]);
  });

  test("the domain itself checks the PayPal email against the member's stored email", async () => {
    const { member } = await signedIn({ email: "asha.rao@example.com" });
    const account = { method: "paypal", holderName: "Asha", paypalEmail: "x@example.com" } as const;
    const result = await addPaymentAccount(member.id, account, { password: PASSWORD });
    expect(result).toEqual({
      ok: false,
      field: "paypalEmail",
      message: "Your PayPal email must be the email you signed up with: asha.rao@example.com",
      status: 400,
    });
    expect(await storedAccounts(member.id)).toEqual([]);
  });

  test("UPI: the ID is stored trimmed and lower-cased", async () => {
    const { member, cookie } = await signedIn();
    const response = expectRedirect(await post(cookie, { ...UPI, upiId: " Asha.Rao@okhdfcbank " }));
    expect(await toastOf(response)).toEqual({ type: "success", message: "UPI Account Added Successfully" });
    expect(await storedAccounts(member.id)).toMatchObject([
      { method: "upi", upiId: "asha.rao@okhdfcbank", bankIfsc: null },
    ]);
  });

  test("bank: spaces leave the account number, the IFSC is upper-cased", async () => {
    const { member, cookie } = await signedIn();
    const response = expectRedirect(await post(cookie, BANK));
    expect(await toastOf(response)).toEqual({ type: "success", message: "Bank Account Added Successfully" });
    expect(await storedAccounts(member.id)).toMatchObject([
      {
        method: "bank",
        holderName: "Asha Rao",
        bankName: "HDFC Bank",
        bankAccountNumber: "50100123456789",
        bankIfsc: "HDFC0001234",
      },
    ]);
    const shown = (await load(cookie)).accounts[0].details;
    expect(shown).toContainEqual({ label: "Account Number", value: "••••••••••6789" });
  });

  test.each([
    ["a UPI ID without a provider", UPI, { upiId: "asha.rao" }, { upiId: ["Enter a valid UPI ID, such as name@bank"] }],
    [
      "an empty UPI form",
      UPI,
      { upiId: "", holderName: "" },
      { upiId: ["Enter your UPI ID"], holderName: ["Enter the account holder's name"] },
    ],
    [
      "an 8-digit account number",
      BANK,
      { bankAccountNumber: "12345678" },
      { bankAccountNumber: ["Enter a valid account number: 9 to 18 digits"] },
    ],
    [
      "an IFSC without its 0",
      BANK,
      { bankIfsc: "HDFC1001234" },
      { bankIfsc: ["Enter a valid IFSC: 11 characters, such as SBIN0001234"] },
    ],
    ["a blank bank name", BANK, { bankName: " " }, { bankName: ["Enter the bank name"] }],
  ])("refuses %s: field errors, nothing stored", async (_name, form, change, errors) => {
    const { member, cookie } = await signedIn();
    const result = expectData(await post(cookie, { ...form, ...change }));
    expect(result.init?.status).toBe(400);
    expect(result.data.error).toEqual(errors);
    expect(await storedAccounts(member.id)).toEqual([]);
  });

  test("a second account of the same method is refused with a clear message", async () => {
    const { member, cookie } = await signedIn();
    const existing = await createAccount(member.id, "upi");
    const result = expectData(await post(cookie, { ...UPI, upiId: "other@ybl" }));
    expect(result.init?.status).toBe(409);
    expect(result.data.error).toEqual({
      "": ["You already have a UPI account. Delete it first to add another one."],
    });
    expect(await storedAccounts(member.id)).toEqual([existing]);
  });

  test("two concurrent adds of one method: one account, the other add is refused", async () => {
    const { member, cookie } = await signedIn();
    const results = await Promise.all([
      post(cookie, BANK),
      post(cookie, { ...BANK, bankAccountNumber: "123456789012" }),
      post(cookie, { ...BANK, bankName: "SBI", bankIfsc: "SBIN0001234" }),
    ]);
    expect(results.filter((result) => result instanceof Response)).toHaveLength(1);
    const refusedAdds = results.filter((result) => !(result instanceof Response)).map((result) => expectData(result));
    expect(refusedAdds.map((result) => result.init?.status)).toEqual([409, 409]);
    expect(await storedAccounts(member.id)).toHaveLength(1);
  });

  test("each method is its own: one PayPal, one UPI and one bank account together", async () => {
    const { member, cookie } = await signedIn();
    expectRedirect(await post(cookie, { ...PAYPAL, paypalEmail: member.email }));
    expectRedirect(await post(cookie, UPI));
    expectRedirect(await post(cookie, BANK));
    expect((await listPaymentAccounts(member.id)).map((account) => account.method)).toEqual(["paypal", "upi", "bank"]);
    expect((await load(cookie)).missing).toEqual([]);
  });

  test("a validate intent from conform checks without adding", async () => {
    const { member, cookie } = await signedIn();
    const validate = JSON.stringify({ type: "validate", payload: { name: "upiId" } });
    const result = expectData(await post(cookie, { ...UPI, __intent__: validate }));
    expect(result.init?.status).toBe(400);
    expect(await storedAccounts(member.id)).toEqual([]);
  });
});

describe("deleting an account", () => {
  test("deletes the member's account with a success toast", async () => {
    const { member, cookie } = await signedIn();
    const account = await createAccount(member.id, "bank");
    const response = expectRedirect(await post(cookie, deleteForm(account.id)));
    expect(response.headers.get("Location")).toBe("/account");
    expect(await toastOf(response)).toEqual({ type: "success", message: "Bank Account Deleted Successfully" });
    expect(await storedAccounts(member.id)).toEqual([]);
  });

  // In flight: the member reads "Pending payment" (pending, held, approved for a batch) or "Sent".
  test.each(["pending", "held", "approved", "sent"] as const)(
    "is refused while a %s withdrawal is to be paid to the account",
    async (status) => {
      const { member, cookie } = await signedIn();
      const account = await createAccount(member.id, "bank");
      await createWithdrawal(member.id, account.id, status);
      const result = expectData(await post(cookie, deleteForm(account.id)));
      expect(result.init?.status).toBe(409);
      expect(result.data).toMatchObject({
        form: "delete",
        pageState: { accountId: account.id },
        error: {
          "": ["This account has a pending withdrawal. You can delete it once the withdrawal has been paid out."],
        },
      });
      expect(await storedAccounts(member.id)).toEqual([account]);
    },
  );

  test.each(["success", "rejected", "returned"] as const)(
    "is allowed once the withdrawal is %s; the withdrawal keeps its snapshot",
    async (status) => {
      const { member, cookie } = await signedIn();
      const account = await createAccount(member.id, "upi");
      const withdrawal = await createWithdrawal(member.id, account.id, status);
      expectRedirect(await post(cookie, deleteForm(account.id)));
      expect(await storedAccounts(member.id)).toEqual([]);
      expect(await getPrisma().withdrawalRequest.findUniqueOrThrow({ where: { id: withdrawal.id } })).toMatchObject({
        paymentAccountId: null,
        payoutSnapshot: { method: "bank" },
        status,
      });
    },
  );

  test("a pending withdrawal to another of the member's accounts does not block this one", async () => {
    const { member, cookie } = await signedIn();
    const bank = await createAccount(member.id, "bank");
    const upi = await createAccount(member.id, "upi");
    await createWithdrawal(member.id, bank.id, "pending");
    expectRedirect(await post(cookie, deleteForm(upi.id)));
    expect(await storedAccounts(member.id)).toEqual([bank]);
  });

  test("another member cannot delete your account: it is answered as not found", async () => {
    const owner = await signedIn();
    const account = await createAccount(owner.member.id, "paypal");
    const other = await signedIn();
    const result = expectData(await post(other.cookie, deleteForm(account.id)));
    expect(result.init?.status).toBe(404);
    expect(result.data.error).toEqual({ "": ["This payment account no longer exists."] });
    expect(await storedAccounts(owner.member.id)).toEqual([account]);
  });

  test("without the confirmation nothing is deleted", async () => {
    const { member, cookie } = await signedIn();
    const account = await createAccount(member.id, "bank");
    const result = expectData(await post(cookie, { intent: "delete", accountId: String(account.id) }));
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({
      form: "delete",
      pageState: { accountId: account.id },
      error: { "": ["Tick the box to confirm."] },
    });
    expect(await storedAccounts(member.id)).toEqual([account]);
  });

  test("deleting twice: the second answer says the account no longer exists", async () => {
    const { member, cookie } = await signedIn();
    const account = await createAccount(member.id, "bank");
    const results = await Promise.all([post(cookie, deleteForm(account.id)), post(cookie, deleteForm(account.id))]);
    expect(results.filter((result) => result instanceof Response)).toHaveLength(1);
    expect(await storedAccounts(member.id)).toEqual([]);
  });

  test.skipIf(engine !== "postgres")(
    "a withdrawal committed while the delete waits for the account's row blocks the delete (PostgreSQL)",
    async () => {
      const { member } = await signedIn();
      const account = await createAccount(member.id, "bank");
      let deleting: Promise<unknown> | undefined;
      await getPrisma().$transaction(async (tx) => {
        // The foreign key check of this insert holds the account row until the commit.
        await tx.withdrawalRequest.create({
          data: {
            referenceId: `WD-RACE-${Date.now()}`,
            memberId: member.id,
            points: 1000,
            amountMinor: 10000,
            paymentAccountId: account.id,
            method: "bank",
            payoutSnapshot: { method: "bank" },
          },
        });
        deleting = deletePaymentAccount(member.id, account.id);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      expect(await deleting).toMatchObject({ ok: false, reason: "pending-withdrawal" });
      expect(await storedAccounts(member.id)).toHaveLength(1);
    },
  );
});

describe("forged and broken posts", () => {
  test.each([
    ["no intent", undefined],
    ["an empty intent", ""],
    ["an unknown intent", "add-bitcoin"],
    ["a prototype key as intent", "toString"],
  ])("%s: a message, nothing stored", async (_name, intent) => {
    const { member, cookie } = await signedIn();
    const { intent: _bank, ...fields } = BANK;
    const refused = await expectThrown(post(cookie, intent === undefined ? fields : { ...fields, intent }));
    expect(refused).toEqual({ status: 400, text: UNKNOWN_INTENT_MESSAGE });
    expect(await storedAccounts(member.id)).toEqual([]);
  });

  test.each(["", "abc", "-1", "0", "1.5", "99999999999999999999", "2147483648"])(
    "a delete with the account id %j: not found, nothing deleted",
    async (accountId) => {
      const { member, cookie } = await signedIn();
      const account = await createAccount(member.id, "bank");
      const result = expectData(await post(cookie, { intent: "delete", accountId, confirmed: "on" }));
      expect(result.init?.status).toBe(404);
      expect(await storedAccounts(member.id)).toEqual([account]);
    },
  );

  test("the domain refuses ids outside PostgreSQL's integer range without a query error", async () => {
    const { member } = await signedIn();
    expect(await deletePaymentAccount(member.id, 2 ** 40)).toMatchObject({ ok: false, reason: "not-found" });
  });

  test("repeated and file fields are refused as invalid, not a crash", async () => {
    const { member, cookie } = await signedIn();
    const body = new FormData();
    for (const [name, value] of Object.entries(BANK)) body.append(name, value);
    body.append("bankIfsc", "SBIN0001234");
    body.set("bankName", new File(["x"], "bank.txt"));
    const result = expectData(await postBody(cookie, body));
    expect(result.init?.status).toBe(400);
    expect(await storedAccounts(member.id)).toEqual([]);
  });

  test("a body that is not a form is a 400", async () => {
    const { cookie } = await signedIn();
    const json = { "Content-Type": "application/json" };
    const result = await postBody(cookie, "{}", json).catch((error: unknown) => error);
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(400);
  });
});
