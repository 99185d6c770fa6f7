import { APP_ORIGIN } from "../support/file-outbox";
import { beforeEach, describe, expect, test } from "vitest";
import { listOutbox } from "~/domain/mail.server";
import { hashPassword, verifyPassword } from "~/domain/passwords.server";
import { startMemberSession } from "~/domain/sessions.server";
import { getPrisma } from "~/lib/db.server";
import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { action as requestAction } from "~/routes/_guest.reset-password";
import { action as resetAction, loader as resetLoader } from "~/routes/_guest.resetpassword.$token";
import { createTestMember } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { toastOf } from "../support/requests";

const ORIGIN = APP_ORIGIN;
const OLD_PASSWORD = "Quartz-Lantern-42";
const NEW_PASSWORD = "Marble-Harbour-77";
const NEUTRAL = "If an account exists for that email, we have sent a password reset link to it.";
const INVALID = "This password reset link is invalid or has expired. Please request a new one.";

let address = 0;
let clientAddress: string;
beforeEach(() => {
  address += 1;
  clientAddress = `198.51.100.${address}`;
});

function form(body: Record<string, string> | Buffer) {
  return {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Panel-Client-Address": clientAddress },
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : new URLSearchParams(body).toString(),
  };
}

function requestReset(body: Record<string, string> | Buffer) {
  return requestAction({
    request: new Request(`${ORIGIN}/reset-password`, form(body)),
    params: {},
    context: {},
  });
}

function resetUrl(link: string) {
  const url = new URL(link);
  return { url, token: url.pathname.split("/").at(-1) ?? "" };
}

function openLink(link: string) {
  const { url, token } = resetUrl(link);
  return resetLoader({ request: new Request(url), params: { token }, context: {} });
}

function submitNewPassword(link: string, body: Record<string, string> | Buffer) {
  const { url, token } = resetUrl(link);
  return resetAction({ request: new Request(url, form(body)), params: { token }, context: {} });
}

async function memberWithPassword(overrides: Parameters<typeof createTestMember>[0] = {}) {
  return createTestMember({ passwordHash: await hashPassword(OLD_PASSWORD), ...overrides });
}

/** Asks for a reset and returns the link from the mail. */
async function mailedLink(email: string): Promise<string> {
  expectRedirect(await requestReset({ email }));
  const mail = (await listOutbox()).find((message) => message.to === email);
  const link = mail?.text.match(/http:\/\/panel\.test:3000\/resetpassword\/\S+/)?.[0];
  if (!link) throw new Error(`No reset link mailed to ${email}`);
  return link;
}

async function passwordHashOf(memberId: number) {
  return (await getPrisma().member.findUniqueOrThrow({ where: { id: memberId } })).passwordHash;
}

describe("asking for a reset link", () => {
  test("an account's email gets a single-use link; only the token's hash is stored", async () => {
    const member = await memberWithPassword({ email: "asha@example.com" });
    const response = expectRedirect(await requestReset({ email: "Asha@Example.com" }));
    expect(response.headers.get("Location")).toBe("/reset-password");
    expect(await toastOf(response)).toEqual({ type: "success", message: NEUTRAL });

    const mails = await listOutbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "asha@example.com", subject: "Reset Password Notification" });
    const link = mails[0].text.match(/http:\/\/panel\.test:3000\/resetpassword\/(\S+)/)?.[0] ?? "";
    const { url, token } = resetUrl(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("email")).toBe("asha@example.com");

    const stored = await getPrisma().authToken.findFirstOrThrow({ where: { memberId: member.id } });
    expect(stored.purpose).toBe("password_reset");
    expect(stored.tokenHash).not.toContain(token);
    const minutes = (stored.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  test("an unknown email gets the same answer and no mail", async () => {
    const response = expectRedirect(await requestReset({ email: "nobody@example.com" }));
    expect(response.headers.get("Location")).toBe("/reset-password");
    expect(await toastOf(response)).toEqual({ type: "success", message: NEUTRAL });
    expect(await listOutbox()).toEqual([]);
    expect(await getPrisma().authToken.count()).toBe(0);
  });

  test("a closed account gets the same answer and no mail", async () => {
    const member = await memberWithPassword({ status: "closed" });
    const response = expectRedirect(await requestReset({ email: member.email }));
    expect(await toastOf(response)).toEqual({ type: "success", message: NEUTRAL });
    expect(await listOutbox()).toEqual([]);
  });

  test("a new request makes the earlier link useless", async () => {
    const member = await memberWithPassword();
    const first = await mailedLink(member.email);
    const second = await mailedLink(member.email);
    expect(expectData(await openLink(first)).init?.status).toBe(410);
    expect(expectData(await openLink(second)).data.usable).toBe(true);
  });

  test("limited per email (3 in 15 minutes), whether or not the account exists", async () => {
    for (const email of ["nobody@example.com", (await memberWithPassword()).email]) {
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        clientAddress = `203.0.113.${attempt}`;
        expectRedirect(await requestReset({ email }));
      }
      clientAddress = "203.0.113.200";
      const refused = expectData(await requestReset({ email }));
      expect(refused.init?.status).toBe(429);
      expect(refused.data.error).toEqual({ "": ["Too many requests. Try again in 15 minutes."] });
    }
    expect(await listOutbox()).toHaveLength(3);
  });

  test(`limited per address (RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS, ${RATE_LIMITS.memberResetPerAddress.limit()} in 15 minutes)`, async () => {
    for (let attempt = 1; attempt <= RATE_LIMITS.memberResetPerAddress.limit(); attempt += 1) {
      expectRedirect(await requestReset({ email: `someone${attempt}@example.com` }));
    }
    expect(expectData(await requestReset({ email: "someone-else@example.com" })).init?.status).toBe(429);
  });

  test("a 40 KB value or a byte that is not UTF-8 is a clear error", async () => {
    const huge = expectData(await requestReset({ email: `${"a".repeat(40 * 1024)}@example.com` }));
    expect(huge.init?.status).toBe(400);
    expect(huge.data.error?.email).toEqual(["The email must be a valid email address."]);
    const bad = expectData(
      await requestReset(Buffer.concat([Buffer.from("email=a"), Buffer.from([0xff]), Buffer.from("@example.com")])),
    );
    expect(bad.data.error?.email).toEqual(["The email must be a valid email address."]);
    expect(await listOutbox()).toEqual([]);
  });
});

describe("choosing a new password through the link", () => {
  test("sets the password, signs the member out everywhere and goes to Login", async () => {
    const member = await memberWithPassword();
    await startMemberSession(member.id, { persistent: true, request: new Request(ORIGIN) });
    await startMemberSession(member.id, { persistent: false, request: new Request(ORIGIN) });
    const link = await mailedLink(member.email);

    const page = expectData(await openLink(link));
    expect(page.data).toMatchObject({ usable: true, email: member.email });

    const response = expectRedirect(
      await submitNewPassword(link, {
        email: member.email,
        newPassword: NEW_PASSWORD,
        newPassword_confirmation: NEW_PASSWORD,
      }),
    );
    expect(response.headers.get("Location")).toBe("/login");
    expect(await toastOf(response)).toEqual({
      type: "success",
      message: "Your password has been reset. Please log in with your new password.",
    });
    const hash = await passwordHashOf(member.id);
    expect(hash).not.toContain(NEW_PASSWORD);
    expect(await verifyPassword(NEW_PASSWORD, hash ?? "")).toBe(true);
    expect(await verifyPassword(OLD_PASSWORD, hash ?? "")).toBe(false);
    expect(await getPrisma().memberSession.count({ where: { memberId: member.id } })).toBe(0);
    const token = await getPrisma().authToken.findFirstOrThrow({ where: { memberId: member.id } });
    expect(token.usedAt).not.toBeNull();
  });

  test("a used link is refused and changes nothing", async () => {
    const member = await memberWithPassword();
    const link = await mailedLink(member.email);
    expectRedirect(
      await submitNewPassword(link, {
        email: member.email,
        newPassword: NEW_PASSWORD,
        newPassword_confirmation: NEW_PASSWORD,
      }),
    );
    const hashAfterFirstUse = await passwordHashOf(member.id);

    const page = expectData(await openLink(link));
    expect(page.init?.status).toBe(410);
    expect(page.data).toMatchObject({ usable: false, problem: INVALID });

    const again = expectData(
      await submitNewPassword(link, {
        email: member.email,
        newPassword: "Copper-Meadow-19",
        newPassword_confirmation: "Copper-Meadow-19",
      }),
    );
    expect(again.init?.status).toBe(410);
    expect(again.data.error).toEqual({ "": [INVALID] });
    expect(await passwordHashOf(member.id)).toBe(hashAfterFirstUse);
  });

  test("an expired link is refused and changes nothing", async () => {
    const member = await memberWithPassword();
    const session = await startMemberSession(member.id, { persistent: false, request: new Request(ORIGIN) });
    const link = await mailedLink(member.email);
    await getPrisma().authToken.updateMany({
      where: { memberId: member.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const before = await passwordHashOf(member.id);

    expect(expectData(await openLink(link)).init?.status).toBe(410);
    const refused = expectData(
      await submitNewPassword(link, {
        email: member.email,
        newPassword: NEW_PASSWORD,
        newPassword_confirmation: NEW_PASSWORD,
      }),
    );
    expect(refused.data.error).toEqual({ "": [INVALID] });
    expect(await passwordHashOf(member.id)).toBe(before);
    expect(session).toBeTruthy();
    expect(await getPrisma().memberSession.count({ where: { memberId: member.id } })).toBe(1);
    expect((await getPrisma().authToken.findFirstOrThrow({ where: { memberId: member.id } })).usedAt).toBeNull();
  });

  test("an unknown token, or the link with another email, is refused", async () => {
    const member = await memberWithPassword();
    const link = await mailedLink(member.email);
    const unknown = `${ORIGIN}/resetpassword/${"A".repeat(43)}?email=${encodeURIComponent(member.email)}`;
    expect(expectData(await openLink(unknown)).init?.status).toBe(410);
    const otherEmail = link.replace(/email=[^&]+/, "email=someone%40example.com");
    expect(expectData(await openLink(otherEmail)).init?.status).toBe(410);
    const refused = expectData(
      await submitNewPassword(otherEmail, {
        email: "someone@example.com",
        newPassword: NEW_PASSWORD,
        newPassword_confirmation: NEW_PASSWORD,
      }),
    );
    expect(refused.data.error).toEqual({ "": [INVALID] });
    expect(await verifyPassword(OLD_PASSWORD, (await passwordHashOf(member.id)) ?? "")).toBe(true);
  });

  test("the password policy and 'Password do not match'; nothing is sent back", async () => {
    const member = await memberWithPassword();
    const link = await mailedLink(member.email);
    const mismatch = expectData(
      await submitNewPassword(link, {
        email: member.email,
        newPassword: NEW_PASSWORD,
        newPassword_confirmation: "Marble-Harbour-78",
      }),
    );
    expect(mismatch.init?.status).toBe(400);
    expect(mismatch.data.error).toEqual({ newPassword_confirmation: ["Password do not match"] });
    expect(JSON.stringify(mismatch)).not.toContain(NEW_PASSWORD);

    const short = expectData(
      await submitNewPassword(link, {
        email: member.email,
        newPassword: "short",
        newPassword_confirmation: "short",
      }),
    );
    expect(short.data.error?.newPassword).toEqual(["The password must be at least 8 characters."]);
    const common = expectData(
      await submitNewPassword(link, {
        email: member.email,
        newPassword: "qwerty123",
        newPassword_confirmation: "qwerty123",
      }),
    );
    expect(common.data.error?.newPassword).toEqual(["This password is too common. Choose another."]);

    const huge = "b".repeat(40 * 1024);
    const tooLong = expectData(
      await submitNewPassword(link, {
        email: member.email,
        newPassword: huge,
        newPassword_confirmation: huge,
      }),
    );
    expect(tooLong.data.error?.newPassword?.[0]).toBe("Must be at most 200 characters.");
    expect(JSON.stringify(tooLong)).not.toContain(huge);

    const notUtf8 = expectData(
      await submitNewPassword(
        link,
        Buffer.concat([
          Buffer.from(`email=${encodeURIComponent(member.email)}&newPassword=Marble`),
          Buffer.from([0xff]),
          Buffer.from("Harbour&newPassword_confirmation=x"),
        ]),
      ),
    );
    expect(notUtf8.data.error?.newPassword).toEqual(["Contains characters that are not allowed."]);

    // None of these used the link up or changed the password.
    expect(expectData(await openLink(link)).data.usable).toBe(true);
    expect(await verifyPassword(OLD_PASSWORD, (await passwordHashOf(member.id)) ?? "")).toBe(true);
  });
});
