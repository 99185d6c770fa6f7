import { APP_ORIGIN } from "../support/file-outbox";
import { describe, expect, test } from "vitest";
import { drainMailQueue } from "~/domain/mail-queue.server";
import { listOutbox } from "~/domain/mail.server";
import { changeMemberPassword } from "~/domain/member-password.server";
import { requestPasswordReset, resetPassword } from "~/domain/password-reset.server";
import { hashPassword } from "~/domain/passwords.server";
import { addPaymentAccount } from "~/domain/payment-accounts.server";
import { CODE_MAIL_SUBJECT } from "~/domain/payout-account-proof.server";
import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { parsePayoutConfig } from "~/domain/payout-config.server";
import { approveWithdrawal, rejectWithdrawal, requestWithdrawal } from "~/domain/withdrawals.server";
import { creditPoints } from "~/domain/ledger.server";
import { getPrisma } from "~/lib/db.server";
import { action, loader } from "~/routes/_member.account._index";
import { loader as pointsLoader } from "~/routes/_member.points";
import { createTestAdmin, createTestMember } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { memberCookie } from "../support/requests";

// Issue 15, point 9 (docs/decisions/039-payout-account-changes.md): adding a payout account needs
// the current password, or a mailed one-time code for a member without one; wrong attempts are
// refused, change nothing and count against a limit; a new account receives withdrawals only after
// the cooling-off period; and mail goes out for a new account, every withdrawal request, approval
// and rejection, and every password change or reset, each saying what to do if it was not them.

const PASSWORD = "Member#Secret-42";
const DEFAULTS = parsePayoutConfig({});
const UPI_FORM = { intent: "add-upi", holderName: "Asha Rao", upiId: "asha@okhdfc" };
const BANK_FORM = {
  intent: "add-bank",
  holderName: "Asha Rao",
  bankName: "HDFC Bank",
  bankAccountNumber: "001234567890",
  bankIfsc: "HDFC0000123",
};
const UPI = { method: "upi" as const, holderName: "Asha Rao", upiId: "asha@okhdfc" };
const BANK = {
  method: "bank" as const,
  holderName: "Asha Rao",
  bankName: "HDFC Bank",
  bankAccountNumber: "001234567890",
  bankIfsc: "HDFC0000123",
};

let passwordHash: string | undefined;

async function signedIn({ withPassword = true, points = 0 } = {}) {
  passwordHash ??= await hashPassword(PASSWORD);
  const member = await createTestMember({ firstName: "Asha", passwordHash: withPassword ? passwordHash : null });
  if (points > 0) {
    await getPrisma().$transaction((tx) =>
      creditPoints(tx, {
        memberId: member.id,
        points,
        type: "admin_adjustment",
        source: `start:${member.id}`,
        remark: "Start",
      }),
    );
  }
  return { member, cookie: await memberCookie(member.id) };
}

function post(cookie: string, fields: Record<string, string>) {
  return action({
    request: new Request(`${APP_ORIGIN}/account`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: APP_ORIGIN },
      body: new URLSearchParams(fields),
    }),
    params: {},
    context: {},
  });
}

function load(cookie: string) {
  return loader({
    request: new Request(`${APP_ORIGIN}/account`, { headers: { Cookie: cookie } }),
    params: {},
    context: {},
  });
}

async function accountsOf(memberId: number) {
  return getPrisma().paymentAccount.findMany({ where: { memberId } });
}

/** Sends what is queued (as the mail worker does) and returns the messages to this address. */
async function mailTo(address: string) {
  await drainMailQueue();
  return (await listOutbox()).filter((message) => message.to === address).reverse();
}

async function proofCounter(memberId: number) {
  return (await getPrisma().rateLimit.findUnique({ where: { key: `payout-account-proof:${memberId}` } }))?.count ?? 0;
}

describe("adding a payout account with the password", () => {
  test("the right password adds it and mails the member which account, masked, and when it is usable", async () => {
    const { member, cookie } = await signedIn();
    const response = expectRedirect(await post(cookie, { ...BANK_FORM, password: PASSWORD }));
    expect(response.headers.get("Location")).toBe("/account");
    const [account] = await accountsOf(member.id);
    // Default cooling-off: 24 hours.
    expect(account.usableAt.getTime() - account.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);

    const [mail] = await mailTo(member.email);
    expect(mail.subject).toBe("New Bank payout account added");
    expect(mail.text).toContain("Bank · HDFC Bank ••••••••7890");
    expect(mail.text).not.toContain("001234567890");
    expect(mail.text).toMatch(/Withdrawals can be paid to it from \d{1,2} \w+ \d{4}, \d\d:\d\d UTC\./);
    expect(mail.text).toContain(
      "If this was not you, delete this payout account on your Account page, change your password",
    );
    expect(mail.text).toContain("support@panel.test");
  });

  test("a wrong password: a clear message on the form, nothing saved, no mail, and the attempt counts", async () => {
    const { member, cookie } = await signedIn();
    const result = expectData(await post(cookie, { ...UPI_FORM, password: "Wrong#Password-1" }));
    expect(result.init?.status).toBe(400);
    expect(result.data.error).toEqual({ password: ["The password is incorrect. Nothing was saved."] });
    // The typed details come back; the password never does.
    expect(result.data.initialValue).toMatchObject({ upiId: "asha@okhdfc" });
    expect(result.data.initialValue).not.toHaveProperty("password");
    expect(await accountsOf(member.id)).toEqual([]);
    expect(await proofCounter(member.id)).toBe(1);
    expect(await mailTo(member.email)).toEqual([]);
  });

  test("a missing password is asked for and not counted; invalid details are answered before the password is checked", async () => {
    const { member, cookie } = await signedIn();
    const missing = expectData(await post(cookie, UPI_FORM));
    expect(missing.data.error).toEqual({ password: ["Enter your current password."] });
    const invalid = expectData(await post(cookie, { ...UPI_FORM, upiId: "nope", password: "Wrong#Password-1" }));
    expect(invalid.data.error).toEqual({ upiId: ["Enter a valid UPI ID, such as name@bank"] });
    expect(await proofCounter(member.id)).toBe(0);
    expect(await accountsOf(member.id)).toEqual([]);
  });

  test("after 5 wrong passwords even the right one is refused until the window ends; parallel guesses count too", async () => {
    const { member, cookie } = await signedIn();
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () => post(cookie, { ...UPI_FORM, password: "Wrong#Password-1" })),
    );
    const statuses = guesses.map((guess) => expectData(guess).init?.status).sort();
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    const right = expectData(await post(cookie, { ...UPI_FORM, password: PASSWORD }));
    expect(right.init?.status).toBe(429);
    expect(right.data.error?.[""]?.[0]).toMatch(
      /^Too many attempts\. Nothing was saved\. Try again in \d+ minutes?\.$/,
    );
    expect(await accountsOf(member.id)).toEqual([]);
    expect(RATE_LIMITS.payoutAccountProof.limit()).toBe(5);
  });

  test("a success clears the count", async () => {
    const { member, cookie } = await signedIn();
    await post(cookie, { ...UPI_FORM, password: "Wrong#Password-1" });
    expectRedirect(await post(cookie, { ...UPI_FORM, password: PASSWORD }));
    expect(await proofCounter(member.id)).toBe(0);
  });
});

describe("a member without a password (Google) adds an account with a mailed code", () => {
  async function requestCode(cookie: string, email: string) {
    expectRedirect(await post(cookie, { intent: "send-code" }));
    const codes = (await listOutbox()).filter(
      (message) => message.to === email && message.subject === CODE_MAIL_SUBJECT,
    );
    const code = /is (\d{6})\./.exec(codes[0].text)?.[1];
    if (!code) throw new Error("No code in the mail");
    return code;
  }

  test("step one mails a code (stored hashed), step two adds the account with it", async () => {
    const { member, cookie } = await signedIn({ withPassword: false });
    expect(await load(cookie)).toMatchObject({ proof: "code", codeSent: false });
    const code = await requestCode(cookie, member.email);
    expect(await load(cookie)).toMatchObject({ codeSent: true });
    const stored = await getPrisma().authToken.findFirstOrThrow({
      where: { memberId: member.id, purpose: "payout_account_code" },
    });
    expect(stored.tokenHash).not.toContain(code);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(10 * 60 * 1000 + 1000);

    expectRedirect(await post(cookie, { ...UPI_FORM, code }));
    expect(await accountsOf(member.id)).toHaveLength(1);
    expect((await mailTo(member.email)).map((mail) => mail.subject)).toContain("New UPI payout account added");
  });

  test("a wrong code is refused and counted; the right one still works afterwards", async () => {
    const { member, cookie } = await signedIn({ withPassword: false });
    const code = await requestCode(cookie, member.email);
    const wrong = code === "000000" ? "111111" : "000000";
    const result = expectData(await post(cookie, { ...UPI_FORM, code: wrong }));
    expect(result.data.error).toEqual({
      code: ["This code is wrong, has expired or was already used. Nothing was saved. Ask for a new code."],
    });
    expect(await proofCounter(member.id)).toBe(1);
    expect(await accountsOf(member.id)).toEqual([]);
    expectRedirect(await post(cookie, { ...UPI_FORM, code }));
  });

  test("a code works once: reused for a second account, it is refused", async () => {
    const { member, cookie } = await signedIn({ withPassword: false });
    const code = await requestCode(cookie, member.email);
    expectRedirect(await post(cookie, { ...UPI_FORM, code }));
    const reused = expectData(await post(cookie, { ...BANK_FORM, code }));
    expect(reused.data.error).toHaveProperty("code");
    expect((await accountsOf(member.id)).map((account) => account.method)).toEqual(["upi"]);
  });

  test("an expired code is refused", async () => {
    const { member, cookie } = await signedIn({ withPassword: false });
    const code = await requestCode(cookie, member.email);
    await getPrisma().authToken.updateMany({
      where: { memberId: member.id, purpose: "payout_account_code" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(expectData(await post(cookie, { ...UPI_FORM, code })).data.error).toHaveProperty("code");
    expect(await accountsOf(member.id)).toEqual([]);
  });

  test("a refused add (an account of that method already there) does not use the code up", async () => {
    const { member, cookie } = await signedIn({ withPassword: false });
    await getPrisma().paymentAccount.create({ data: { ...UPI, memberId: member.id } });
    const code = await requestCode(cookie, member.email);
    expect(expectData(await post(cookie, { ...UPI_FORM, code })).init?.status).toBe(409);
    expect(await getPrisma().authToken.count({ where: { memberId: member.id, usedAt: null } })).toBe(1);
  });

  test("a new code replaces the earlier one; codes per member are limited", async () => {
    const { member, cookie } = await signedIn({ withPassword: false });
    const first = await requestCode(cookie, member.email);
    expectRedirect(await post(cookie, { intent: "send-code" }));
    expect(await getPrisma().authToken.count({ where: { memberId: member.id } })).toBe(1);
    expectRedirect(await post(cookie, { intent: "send-code" }));
    const fourth = expectData(await post(cookie, { intent: "send-code" }));
    expect(fourth.init?.status).toBe(429);
    expect(fourth.data.form).toBe("send-code");
    expect(fourth.data.error?.[""]?.[0]).toMatch(/^We have sent several codes already\. Try again in \d+ minutes?\.$/);
    // The first code no longer works (unless the draw repeated it).
    const latest = (await listOutbox()).find((message) => message.to === member.email)!;
    if (!latest.text.includes(first)) {
      expect(expectData(await post(cookie, { ...UPI_FORM, code: first })).data.error).toHaveProperty("code");
    }
  });

  test("a first password set from a signed-in session is no proof: the mailed code is asked for until the cooling-off has passed", async () => {
    // A stolen session of a Google member sets a password, then tries to add its own payout account with it.
    const { member, cookie } = await signedIn({ withPassword: false });
    const sessionId = (await getPrisma().memberSession.findFirstOrThrow({ where: { memberId: member.id } })).id;
    const set = await changeMemberPassword({ member, sessionId, newPassword: "Thief#Chosen-99" });
    expect(set.ok).toBe(true);
    expect(await load(cookie)).toMatchObject({ proof: "code", passwordIsRecent: true });
    expect(expectData(await post(cookie, { ...UPI_FORM, password: "Thief#Chosen-99" })).data.error).toEqual({
      code: ["Enter the code we emailed you."],
    });
    expect(await accountsOf(member.id)).toHaveLength(0);
    // The member, who reads the mail, can still add one with the code.
    const code = await requestCode(cookie, member.email);
    expectRedirect(await post(cookie, { ...UPI_FORM, code }));
    expect(await accountsOf(member.id)).toHaveLength(1);
    // A day later the password is proof again.
    await getPrisma().member.update({
      where: { id: member.id },
      data: { passwordChangedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) },
    });
    expect(await load(cookie)).toMatchObject({ proof: "password" });
  });

  test("a member with a password is not sent a code, and a code is no substitute for the password", async () => {
    const { member, cookie } = await signedIn();
    const result = expectData(await post(cookie, { intent: "send-code" }));
    expect(result.init?.status).toBe(400);
    expect(await getPrisma().authToken.count({ where: { memberId: member.id } })).toBe(0);
    expect(expectData(await post(cookie, { ...UPI_FORM, code: "123456" })).data.error).toEqual({
      password: ["Enter your current password."],
    });
  });
});

describe("the cooling-off period", () => {
  test("a withdrawal to a new account is refused with when it becomes usable, and accepted after the period", async () => {
    const { member, cookie } = await signedIn({ points: 5000 });
    const added = await addPaymentAccount(member.id, BANK, { password: PASSWORD });
    if (!added.ok) throw new Error(added.message);

    const page = await load(cookie);
    expect(page.accounts[0].usableFrom).toMatch(/^\d{1,2} \w+ \d{4}, \d\d:\d\d UTC$/);
    const points = await pointsLoader({
      request: new Request(`${APP_ORIGIN}/points`, { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    });
    expect(points.accounts[0].usableFrom).toBe(page.accounts[0].usableFrom);

    const refused = await requestWithdrawal(member.id, { points: 1000, method: "bank" }, DEFAULTS);
    expect(refused).toEqual({
      ok: false,
      field: "method",
      message: `Your Bank account was added recently. For your safety it can receive withdrawals from ${page.accounts[0].usableFrom}. Choose another account or try again then.`,
    });
    expect(await getPrisma().withdrawalRequest.count({ where: { memberId: member.id } })).toBe(0);

    // A minute before the end it is still refused; at the end it is accepted.
    const almost = new Date(added.usableAt.getTime() - 60_000);
    expect(await requestWithdrawal(member.id, { points: 1000, method: "bank" }, DEFAULTS, almost)).toMatchObject({
      ok: false,
    });
    expect(
      await requestWithdrawal(member.id, { points: 1000, method: "bank" }, DEFAULTS, added.usableAt),
    ).toMatchObject({
      ok: true,
    });
  });

  test("a setting of 0 hours makes a new account usable at once", async () => {
    const { member } = await signedIn({ points: 5000 });
    await addPaymentAccount(member.id, UPI, { password: PASSWORD }, { coolingOffHours: 0 });
    expect(await requestWithdrawal(member.id, { points: 1000, method: "upi" }, DEFAULTS)).toMatchObject({ ok: true });
    const mail = (await mailTo(member.email)).find((message) => message.subject === "New UPI payout account added");
    expect(mail?.text).toContain("Withdrawals can be paid to it from now on.");
  });

  test("accounts stored without a cooling-off period (before the migration, fixtures) are usable at once", async () => {
    const { member } = await signedIn({ points: 5000 });
    await getPrisma().paymentAccount.create({ data: { ...UPI, memberId: member.id } });
    expect(await requestWithdrawal(member.id, { points: 1000, method: "upi" }, DEFAULTS)).toMatchObject({ ok: true });
  });
});

describe("mail about withdrawals and passwords", () => {
  async function withUsableAccount() {
    const signed = await signedIn({ points: 5000 });
    await getPrisma().paymentAccount.create({ data: { ...UPI, memberId: signed.member.id } });
    return signed;
  }

  test("a withdrawal request, then its approval", async () => {
    const { member } = await withUsableAccount();
    const requested = await requestWithdrawal(member.id, { points: 1500, method: "upi" }, DEFAULTS);
    if (!requested.ok) throw new Error(requested.message);
    const [request] = await mailTo(member.email);
    expect(request.subject).toBe(`Withdrawal ${requested.referenceId} requested`);
    expect(request.text).toContain("You asked to withdraw 1500 points (₹ 150.00) to UPI · asha@okhdfc.");
    expect(request.text).toContain(
      "If this was not you, change your password, and contact support at support@panel.test.",
    );

    const admin = await createTestAdmin();
    expect(
      await approveWithdrawal(admin, requested.referenceId, DEFAULTS, { payoutReference: "UTR0001" }),
    ).toMatchObject({ ok: true });
    const approval = (await mailTo(member.email)).at(-1)!;
    expect(approval.subject).toBe(`Withdrawal ${requested.referenceId} paid`);
    expect(approval.text).toContain(
      `Your withdrawal ${requested.referenceId} of 1500 points (₹ 150.00) has been paid.`,
    );
    expect(approval.text).toContain("Payout reference: UTR0001");
  });

  test("a rejection, with the reason", async () => {
    const { member } = await withUsableAccount();
    const requested = await requestWithdrawal(member.id, { points: 1000, method: "upi" }, DEFAULTS);
    if (!requested.ok) throw new Error(requested.message);
    const admin = await createTestAdmin();
    await rejectWithdrawal(admin, requested.referenceId, "The UPI ID does not accept payments");
    const rejection = (await mailTo(member.email)).at(-1)!;
    expect(rejection.subject).toBe(`Withdrawal ${requested.referenceId} rejected`);
    expect(rejection.text).toContain("Reason: The UPI ID does not accept payments");
    expect(rejection.text).toContain("The 1000 points are back in your balance.");
  });

  test("a refused withdrawal sends nothing", async () => {
    const { member } = await withUsableAccount();
    expect(await requestWithdrawal(member.id, { points: 999_999, method: "upi" }, DEFAULTS)).toMatchObject({
      ok: false,
    });
    expect(await mailTo(member.email)).toEqual([]);
  });

  test("a password change, and a first password set by a Google member", async () => {
    const { member } = await signedIn();
    const changed = await changeMemberPassword({
      member,
      sessionId: "none",
      oldPassword: PASSWORD,
      newPassword: "New#Password-42",
    });
    expect(changed.ok).toBe(true);
    const [mail] = await mailTo(member.email);
    expect(mail.subject).toBe("Your password was changed");
    expect(mail.text).toContain(
      "If this was not you, reset your password at once with Forgot password on the sign-in page",
    );

    const google = await signedIn({ withPassword: false });
    await changeMemberPassword({ member: google.member, sessionId: "none", newPassword: "New#Password-42" });
    expect((await mailTo(google.member.email)).map((message) => message.subject)).toEqual([
      "A password was set on your account",
    ]);
  });

  test("a wrong current password changes nothing and sends nothing", async () => {
    const { member } = await signedIn();
    await changeMemberPassword({
      member,
      sessionId: "none",
      oldPassword: "Wrong#1234567",
      newPassword: "New#Password-42",
    });
    expect(await mailTo(member.email)).toEqual([]);
  });

  test("a password reset", async () => {
    const { member } = await signedIn();
    await requestPasswordReset({ email: member.email, address: "203.0.113.9" });
    const link = (await listOutbox()).find((message) => message.to === member.email)!;
    const token = /resetpassword\/([A-Za-z0-9_-]{43})/.exec(link.text)![1];
    expect(await resetPassword({ token, email: member.email, password: "Reset#Password-42" })).toEqual({ ok: true });
    const notice = (await mailTo(member.email)).find((message) => message.subject === "Your password was reset");
    expect(notice?.text).toContain("The password of your Survey Panel account was reset.");
  });
});
