import { describe, expect, test } from "vitest";
import { hashPassword, PASSWORD_MIN_LENGTH, passwordPolicyIssue, verifyPassword } from "~/domain/passwords.server";
import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { getMemberSession, startMemberSession } from "~/domain/sessions.server";
import { getPrisma } from "~/lib/db.server";
import { getToast } from "~/lib/toast.server";
import { action, loader } from "~/routes/_member.details.password";
import { createTestMember } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { ORIGIN } from "../support/requests";

// The Password page (/details/password): change a password, or set a first one (Google-only
// members). A change signs out every other device and keeps this one.

const CURRENT = "current-Pa55word-1";
const NEW = "brand-new-Pa55word-2";

async function signIn(memberId: number): Promise<string> {
  const setCookie = await startMemberSession(memberId, { persistent: false, request: new Request(ORIGIN) });
  return setCookie.split(";")[0];
}

async function memberWithPassword(password: string | null = CURRENT, overrides = {}) {
  const member = await createTestMember({
    passwordHash: password === null ? null : await hashPassword(password),
    ...overrides,
  });
  return { member, cookie: await signIn(member.id) };
}

function change(cookie: string, fields: Record<string, string>) {
  return action({
    request: new Request(`${ORIGIN}/details/password`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams(fields),
    }),
    params: {},
    context: {},
  });
}

async function storedHash(memberId: number) {
  return (await getPrisma().member.findUniqueOrThrow({ where: { id: memberId } })).passwordHash;
}

function isSignedIn(cookie: string) {
  return getMemberSession(new Request(ORIGIN, { headers: { Cookie: cookie } })).then(Boolean);
}

/** A refused change: answers with errors, sends no password back, and leaves the hash alone. */
async function refused(memberId: number, cookie: string, fields: Record<string, string>, status = 400) {
  const before = await storedHash(memberId);
  const result = expectData(await change(cookie, fields));
  expect(result.init?.status).toBe(status);
  expect(result.data.initialValue ?? {}).not.toHaveProperty("oldPassword");
  expect(result.data.initialValue ?? {}).not.toHaveProperty("newPassword");
  expect(result.data.initialValue ?? {}).not.toHaveProperty("newPassword_confirmation");
  expect(await storedHash(memberId)).toBe(before);
  return result.data.error ?? {};
}

const valid = { oldPassword: CURRENT, newPassword: NEW, newPassword_confirmation: NEW };

describe("the Password page", () => {
  test("asks for the current password only when the account has one", async () => {
    const withPassword = await memberWithPassword();
    const googleOnly = await memberWithPassword(null);
    const request = (cookie: string) => new Request(`${ORIGIN}/details/password`, { headers: { Cookie: cookie } });
    expect(await loader({ request: request(withPassword.cookie), params: {}, context: {} })).toMatchObject({
      hasPassword: true,
    });
    expect(await loader({ request: request(googleOnly.cookie), params: {}, context: {} })).toMatchObject({
      hasPassword: false,
    });
  });

  test("is for signed-in members with a verified email", async () => {
    const anonymous = await change("", valid).catch((thrown: unknown) => thrown);
    expect((anonymous as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fdetails%2Fpassword");
    const { cookie } = await memberWithPassword(CURRENT, { emailVerifiedAt: null });
    const unverified = await change(cookie, valid).catch((thrown: unknown) => thrown);
    expect((unverified as Response).headers.get("Location")).toBe("/email/verify");
  });
});

describe("changing the password", () => {
  test("stores the new password, says so in green, ends the other sessions and keeps this one", async () => {
    const { member, cookie } = await memberWithPassword();
    const otherDevice = await signIn(member.id);
    const thirdDevice = await signIn(member.id);
    const someoneElse = await memberWithPassword();

    const response = expectRedirect(await change(cookie, valid));
    expect(response.headers.get("Location")).toBe("/details/password");
    const toastCookie = response.headers.getSetCookie()[0].split(";")[0];
    const { toast } = await getToast(new Request(ORIGIN, { headers: { Cookie: toastCookie } }));
    expect(toast).toEqual({ type: "success", message: "Password Changed Successfully" });

    expect(await verifyPassword(NEW, (await storedHash(member.id)) ?? "")).toBe(true);
    expect(await isSignedIn(cookie)).toBe(true);
    expect(await isSignedIn(otherDevice)).toBe(false);
    expect(await isSignedIn(thirdDevice)).toBe(false);
    expect(await isSignedIn(someoneElse.cookie)).toBe(true);
  });

  test("a member without a password sets one without a current password", async () => {
    const { member, cookie } = await memberWithPassword(null);
    const otherDevice = await signIn(member.id);
    const response = expectRedirect(await change(cookie, { newPassword: NEW, newPassword_confirmation: NEW }));
    const toastCookie = response.headers.getSetCookie()[0].split(";")[0];
    const { toast } = await getToast(new Request(ORIGIN, { headers: { Cookie: toastCookie } }));
    expect(toast).toEqual({ type: "success", message: "Password Set Successfully" });
    expect(await verifyPassword(NEW, (await storedHash(member.id)) ?? "")).toBe(true);
    expect(await isSignedIn(cookie)).toBe(true);
    expect(await isSignedIn(otherDevice)).toBe(false);
  });

  test("the current password is required when the account has one", async () => {
    const { member, cookie } = await memberWithPassword();
    expect(await refused(member.id, cookie, { ...valid, oldPassword: "" })).toEqual({
      oldPassword: ["Enter your current password"],
    });
  });

  test("a wrong current password is refused with a clear message and keeps every session", async () => {
    const { member, cookie } = await memberWithPassword();
    const otherDevice = await signIn(member.id);
    expect(await refused(member.id, cookie, { ...valid, oldPassword: "not-the-password" })).toEqual({
      oldPassword: ["The current password is incorrect."],
    });
    expect(await isSignedIn(otherDevice)).toBe(true);
  });

  test("a new password and its confirmation must match: 'Password do not match'", async () => {
    const { member, cookie } = await memberWithPassword();
    expect(await refused(member.id, cookie, { ...valid, newPassword_confirmation: `${NEW}x` })).toEqual({
      newPassword_confirmation: ["Password do not match"],
    });
  });

  test("every problem is reported at once", async () => {
    const { member, cookie } = await memberWithPassword();
    expect(
      await refused(member.id, cookie, { oldPassword: "", newPassword: "sunshine", newPassword_confirmation: "x" }),
    ).toEqual({
      oldPassword: ["Enter your current password"],
      newPassword: ["This password is too common. Choose another."],
      newPassword_confirmation: ["Password do not match"],
    });
  });

  test.each([
    ["too short", "Sh0rt!", "The password must be at least 8 characters."],
    ["a common password", "sunshine", "This password is too common. Choose another."],
    ["longer than 72 bytes", "é".repeat(37), "The password must be at most 72 characters."],
  ])("the password policy applies: %s", async (_case, password, message) => {
    const { member, cookie } = await memberWithPassword();
    expect(
      await refused(member.id, cookie, { ...valid, newPassword: password, newPassword_confirmation: password }),
    ).toEqual({ newPassword: [message] });
  });

  // The policy's messages are fixed texts (to be translated), so they name the limits themselves.
  test("the policy's messages name the limits it applies", () => {
    const shortest = "Qz#7".padEnd(PASSWORD_MIN_LENGTH, "k");
    expect(passwordPolicyIssue(shortest)).toBeNull();
    expect(passwordPolicyIssue(shortest.slice(1))).toBe(
      `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
    );
    // 72 bytes are accepted and 73 are not, as the message says.
    expect(passwordPolicyIssue(`Qz#7${"é".repeat(34)}`)).toBeNull();
    expect(passwordPolicyIssue(`Qz#7${"é".repeat(34)}k`)).toBe("The password must be at most 72 characters.");
  });

  test("the new password and its confirmation are required", async () => {
    const { member, cookie } = await memberWithPassword(null);
    expect(await refused(member.id, cookie, {})).toEqual({
      newPassword: ["Enter a new password"],
      newPassword_confirmation: ["Confirm the new password"],
    });
  });

  test(`wrong current passwords are limited to ${RATE_LIMITS.passwordChange.limit()} per 15 minutes per member`, async () => {
    const { member, cookie } = await memberWithPassword();
    const other = await memberWithPassword();
    for (let attempt = 0; attempt < RATE_LIMITS.passwordChange.limit(); attempt += 1) {
      expect(await refused(member.id, cookie, { ...valid, oldPassword: `wrong-${attempt}` })).toEqual({
        oldPassword: ["The current password is incorrect."],
      });
    }
    // Even the right password is not checked until the window ends.
    expect(await refused(member.id, cookie, valid, 429)).toEqual({
      "": ["Too many wrong passwords. Try again in 15 minutes."],
    });
    // Another member is not affected.
    expectRedirect(await change(other.cookie, valid));

    await getPrisma().rateLimit.updateMany({ data: { resetAt: new Date(Date.now() - 1000) } });
    expectRedirect(await change(cookie, valid));
  });

  test("a successful change starts the count of wrong passwords again", async () => {
    const { member, cookie } = await memberWithPassword();
    for (let attempt = 0; attempt < RATE_LIMITS.passwordChange.limit() - 1; attempt += 1) {
      await refused(member.id, cookie, { ...valid, oldPassword: "wrong" });
    }
    expectRedirect(await change(cookie, valid));
    expect(await getPrisma().rateLimit.count()).toBe(0);
  });

  test("conform's validate requests never change anything", async () => {
    const { member, cookie } = await memberWithPassword();
    const before = await storedHash(member.id);
    const result = expectData(
      await change(cookie, { ...valid, __intent__: JSON.stringify({ type: "validate", payload: {} }) }),
    );
    expect(result.data.status).toBeUndefined();
    expect(await storedHash(member.id)).toBe(before);
  });
});
