import "../support/file-outbox";
import { describe, expect, test } from "vitest";
import {
  ACCOUNT_CLOSED_MESSAGE,
  PENDING_WITHDRAWAL_MESSAGE,
  requestAccountDeletion,
  WRONG_PASSWORD_MESSAGE,
} from "~/domain/account-deletion.server";
import { attemptLogin } from "~/domain/login.server";
import { listOutbox } from "~/domain/mail.server";
import { hashPassword } from "~/domain/passwords.server";
import { requestPasswordReset } from "~/domain/password-reset.server";
import { getMemberSession, startMemberSession } from "~/domain/sessions.server";
import { getPrisma } from "~/lib/db.server";
import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { action, loader } from "~/routes/_member.account.delete";
import { createTestMember } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { ORIGIN, toastOf } from "../support/requests";

// Deleting an account at /account/delete: the password (or, for Google-only members, the typed
// word) and a ticked box close the account at once and sign the member out everywhere; a wrong
// password or a pending withdrawal changes nothing. Erasure itself is the job's (inactivity.test.ts).

const PASSWORD = "my-own-Pa55word-7";

async function signIn(memberId: number): Promise<string> {
  const setCookie = await startMemberSession(memberId, { persistent: false, request: new Request(ORIGIN) });
  return setCookie.split(";")[0];
}

async function memberWithPassword(password: string | null = PASSWORD) {
  const member = await createTestMember({ passwordHash: password === null ? null : await hashPassword(password) });
  return { member, cookie: await signIn(member.id) };
}

function post(cookie: string, fields: Record<string, string>) {
  return action({
    request: new Request(`${ORIGIN}/account/delete`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams(fields),
    }),
    params: {},
    context: {},
  });
}

const isSignedIn = (cookie: string) =>
  getMemberSession(new Request(ORIGIN, { headers: { Cookie: cookie } })).then(Boolean);
const memberRow = (id: number) => getPrisma().member.findUniqueOrThrow({ where: { id } });

/** A refused post: the form comes back with errors and no password, and the account is untouched. */
async function refused(memberId: number, cookie: string, fields: Record<string, string>, status = 400) {
  const result = expectData(await post(cookie, fields));
  expect(result.init?.status).toBe(status);
  expect(result.data.initialValue ?? {}).not.toHaveProperty("password");
  expect(await memberRow(memberId)).toMatchObject({ status: "active", deletionRequestedAt: null });
  expect(await isSignedIn(cookie)).toBe(true);
  return result.data.error ?? {};
}

describe("the Delete Account page", () => {
  test("shows what is at stake: the points, a pending withdrawal, and how the member confirms", async () => {
    const { member, cookie } = await memberWithPassword();
    await getPrisma().member.update({ where: { id: member.id }, data: { pointsBalance: 250 } });
    const google = await memberWithPassword(null);
    const request = (value: string) => new Request(`${ORIGIN}/account/delete`, { headers: { Cookie: value } });
    expect(await loader({ request: request(cookie), params: {}, context: {} })).toEqual({
      title: "Delete Account",
      hasPassword: true,
      points: 250,
      pendingWithdrawal: false,
    });
    expect(await loader({ request: request(google.cookie), params: {}, context: {} })).toMatchObject({
      hasPassword: false,
    });
  });

  test("the right password and the box close the account, sign out every device and say so on /login", async () => {
    const { member, cookie } = await memberWithPassword();
    const otherDevice = await signIn(member.id);
    await getPrisma().queuedMail.create({
      data: { to: member.email, subject: "New survey available: X", text: "t", html: "h" },
    });

    const response = expectRedirect(await post(cookie, { password: PASSWORD, understood: "on" }));
    expect(response.headers.get("Location")).toBe("/login");
    expect(await toastOf(response)).toEqual({ type: "success", message: ACCOUNT_CLOSED_MESSAGE });
    expect(response.headers.getSetCookie().some((value) => value.startsWith("__member=;"))).toBe(true);

    const row = await memberRow(member.id);
    expect(row.status).toBe("closed");
    expect(Date.now() - (row.deletionRequestedAt?.getTime() ?? 0)).toBeLessThan(60_000);
    expect(row.erasedAt).toBeNull();
    expect(await isSignedIn(cookie)).toBe(false);
    expect(await isSignedIn(otherDevice)).toBe(false);
    expect(await getPrisma().memberSession.count({ where: { memberId: member.id } })).toBe(0);
    // The invitation that had not gone out yet never will.
    expect(await getPrisma().queuedMail.findFirstOrThrow({ where: { to: member.email } })).toMatchObject({
      status: "failed",
    });
  });

  test("a closed account cannot sign in again, and a password reset mails nothing", async () => {
    const { member } = await memberWithPassword();
    expect(await requestAccountDeletion(member.id, { password: PASSWORD })).toEqual({ ok: true });

    expect(await attemptLogin({ email: member.email, password: PASSWORD, address: "203.0.113.7" })).toEqual({
      ok: false,
      status: 403,
      message: "This account has been closed.",
    });
    expect(await requestPasswordReset({ email: member.email, address: "203.0.113.7" })).toEqual({ ok: true });
    expect(await listOutbox()).toEqual([]);
    expect(await getPrisma().authToken.count()).toBe(0);
    // A second request finds nothing left to close.
    expect(await requestAccountDeletion(member.id, { password: PASSWORD })).toMatchObject({ ok: false, status: 409 });
  });

  test("a wrong password is refused and changes nothing", async () => {
    const { member, cookie } = await memberWithPassword();
    expect(await refused(member.id, cookie, { password: "not-my-Pa55word", understood: "on" })).toEqual({
      password: [WRONG_PASSWORD_MESSAGE],
    });
  });

  test("the password and the box are both required", async () => {
    const { member, cookie } = await memberWithPassword();
    expect(await refused(member.id, cookie, { password: "" })).toEqual({
      password: ["Enter your password to confirm."],
      understood: ["Tick the box to confirm that you understand."],
    });
    expect(await refused(member.id, cookie, { password: PASSWORD })).toEqual({
      understood: ["Tick the box to confirm that you understand."],
    });
  });

  test("conform's validate posts never delete", async () => {
    const { member, cookie } = await memberWithPassword();
    const intent = JSON.stringify({ type: "validate", payload: { name: "password" } });
    await refused(member.id, cookie, { password: PASSWORD, understood: "on", __intent__: intent });
  });

  test("wrong passwords are limited per member", async () => {
    const { member, cookie } = await memberWithPassword();
    for (let attempt = 0; attempt < RATE_LIMITS.accountDeletion.limit(); attempt += 1) {
      await refused(member.id, cookie, { password: "guess-Pa55word", understood: "on" });
    }
    const errors = await refused(member.id, cookie, { password: PASSWORD, understood: "on" }, 429);
    expect(errors[""]?.[0]).toMatch(/^Too many wrong passwords\. Try again in 15 minutes\.$/);
  });

  test("a Google-only member types the word instead of a password", async () => {
    const { member, cookie } = await memberWithPassword(null);
    expect(await refused(member.id, cookie, { confirmation: "remove", understood: "on" })).toEqual({
      confirmation: ["Type DELETE to confirm."],
    });
    expect(await requestAccountDeletion(member.id, { confirmation: "nope" })).toMatchObject({
      ok: false,
      field: "confirmation",
    });

    expectRedirect(await post(cookie, { confirmation: " delete ", understood: "on" }));
    expect((await memberRow(member.id)).status).toBe("closed");
  });

  // In flight: pending or held (the admins' queue), approved (awaiting a payout batch) or sent. A
  // payout returned after the erasure would credit points that the erasure then forfeits.
  test("refused while a withdrawal is in flight, until it is paid, rejected or returned", async () => {
    const { member, cookie } = await memberWithPassword();
    const withdrawal = await getPrisma().withdrawalRequest.create({
      data: {
        referenceId: "WD-TEST-1",
        memberId: member.id,
        points: 100,
        amountMinor: 1000,
        method: "paypal",
        payoutSnapshot: { method: "paypal", holderName: "Test", paypalEmail: "t@example.com" },
      },
    });
    const page = () =>
      loader({
        request: new Request(`${ORIGIN}/account/delete`, { headers: { Cookie: cookie } }),
        params: {},
        context: {},
      });
    for (const status of ["pending", "held", "approved", "sent"] as const) {
      await getPrisma().withdrawalRequest.update({ where: { id: withdrawal.id }, data: { status } });
      expect(await page()).toMatchObject({ pendingWithdrawal: true });
      expect(await refused(member.id, cookie, { password: PASSWORD, understood: "on" }, 409)).toEqual({
        "": [PENDING_WITHDRAWAL_MESSAGE],
      });
    }

    await getPrisma().withdrawalRequest.update({ where: { id: withdrawal.id }, data: { status: "returned" } });
    expect(await page()).toMatchObject({ pendingWithdrawal: false });
    expectRedirect(await post(cookie, { password: PASSWORD, understood: "on" }));
    expect((await memberRow(member.id)).status).toBe("closed");
  });

  test("two requests at once close the account once", async () => {
    const { member } = await memberWithPassword();
    const results = await Promise.all([
      requestAccountDeletion(member.id, { password: PASSWORD }),
      requestAccountDeletion(member.id, { password: PASSWORD }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect((await memberRow(member.id)).status).toBe("closed");
  });

  test("a visitor is sent to /login and nothing happens", async () => {
    const request = new Request(`${ORIGIN}/account/delete`, {
      method: "POST",
      body: new URLSearchParams({ password: PASSWORD, understood: "on" }),
    });
    const thrown = await action({ request, params: {}, context: {} }).catch((error: unknown) => error);
    expect(expectRedirect(thrown).headers.get("Location")).toBe("/login?redirectTo=%2Faccount%2Fdelete");
  });
});
