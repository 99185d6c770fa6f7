import { beforeEach, describe, expect, test, vi } from "vitest";
import type * as passwords from "~/domain/passwords.server";
import { hashPassword, verifyPassword } from "~/domain/passwords.server";
import { startMemberSession } from "~/domain/sessions.server";
import { getPrisma } from "~/lib/db.server";
import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { action, loader } from "~/routes/_guest.login";
import { createTestMember } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";

// Spied on, so a test can tell whether a password was checked at all.
vi.mock("~/domain/passwords.server", async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const ORIGIN = "http://localhost:3000";
const PASSWORD = "Quartz-Lantern-42";
const FAILED = "These credentials do not match our records.";

let address = 0;

/** Each test posts from its own client address, so per-address counters never leak between tests. */
let clientAddress: string;
beforeEach(() => {
  address += 1;
  clientAddress = `198.51.100.${address}`;
  vi.mocked(verifyPassword).mockClear();
});

function post(body: Record<string, string> | Buffer, { path = "/login", from = clientAddress } = {}) {
  const isBuffer = Buffer.isBuffer(body);
  return action({
    request: new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Panel-Client-Address": from },
      body: isBuffer ? new Uint8Array(body) : new URLSearchParams(body).toString(),
    }),
    params: {},
    context: {},
  });
}

async function memberWithPassword(overrides: Parameters<typeof createTestMember>[0] = {}) {
  return createTestMember({ passwordHash: await hashPassword(PASSWORD), ...overrides });
}

function memberCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith("__member="));
}

/** Everything sign-in could change, to prove a refused attempt changed nothing. */
async function databaseState() {
  const prisma = getPrisma();
  return {
    members: await prisma.member.findMany({ orderBy: { id: "asc" } }),
    sessions: await prisma.memberSession.findMany({ orderBy: { id: "asc" } }),
    tokens: await prisma.authToken.findMany({ orderBy: { id: "asc" } }),
    connections: await prisma.oAuthConnection.findMany({ orderBy: { id: "asc" } }),
    counters: await prisma.rateLimit.findMany({ orderBy: { key: "asc" } }),
  };
}

describe("signing in", () => {
  test("without remember me: a browser-session cookie, and on to the dashboard", async () => {
    const member = await memberWithPassword({ email: "asha@example.com" });
    const response = expectRedirect(await post({ email: "Asha@Example.com", password: PASSWORD }));
    expect(response.headers.get("Location")).toBe("/dashboard");
    const cookie = memberCookie(response);
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/Expires=|Max-Age=/i);
    const sessions = await getPrisma().memberSession.findMany({ where: { memberId: member.id } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0].persistent).toBe(false);
  });

  test("with remember me: a cookie that lasts 7 days", async () => {
    const member = await memberWithPassword();
    const response = expectRedirect(await post({ email: member.email, password: PASSWORD, remeber: "on" }));
    const expires = memberCookie(response)?.match(/Expires=([^;]+)/i)?.[1];
    expect(expires).toBeDefined();
    const days = (new Date(expires ?? 0).getTime() - Date.now()) / (24 * 60 * 60 * 1000);
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const session = await getPrisma().memberSession.findFirstOrThrow({ where: { memberId: member.id } });
    expect(session.persistent).toBe(true);
  });

  test("a wrong password, an unknown email and a Google-only account get the same message", async () => {
    const member = await memberWithPassword();
    const googleOnly = await createTestMember({ passwordHash: null });
    for (const attempt of [
      { email: member.email, password: "not-the-password" },
      { email: "nobody@example.com", password: PASSWORD },
      { email: googleOnly.email, password: PASSWORD },
    ]) {
      const result = expectData(await post(attempt));
      expect(result.init?.status).toBe(401);
      expect(result.data.error).toEqual({ "": [FAILED] });
      // The password is never sent back into the page.
      expect(JSON.stringify(result)).not.toContain(attempt.password);
    }
    expect(await getPrisma().memberSession.count()).toBe(0);
  });

  test("field errors for a missing email and password", async () => {
    const result = expectData(await post({ email: "", password: "" }));
    expect(result.init?.status).toBe(400);
    expect(result.data.error).toEqual({
      email: ["The email field is required."],
      password: ["The password field is required."],
    });
  });

  test("a closed member cannot sign in, even with the right password; an inactive one is let back in", async () => {
    const closed = await memberWithPassword({ status: "closed" });
    const refusedClosed = expectData(await post({ email: closed.email, password: PASSWORD }));
    expect(refusedClosed.init?.status).toBe(403);
    expect(refusedClosed.data.error).toEqual({ "": ["This account has been closed."] });
    expect(await getPrisma().memberSession.count()).toBe(0);

    // Inactivity (decision 027) zeroes points but does not lock the member out: signing in reactivates.
    const inactive = await memberWithPassword({ status: "inactive" });
    await post({ email: inactive.email, password: PASSWORD });
    expect(await getPrisma().member.findUniqueOrThrow({ where: { id: inactive.id } })).toMatchObject({
      status: "active",
    });
    expect(await getPrisma().memberSession.count({ where: { memberId: inactive.id } })).toBe(1);
  });

  test("a signed-in member opening /login goes to Landing", async () => {
    const member = await memberWithPassword();
    const cookie = (await startMemberSession(member.id, { persistent: false, request: new Request(ORIGIN) })).split(
      ";",
    )[0];
    const thrown = await loader({
      request: new Request(`${ORIGIN}/login`, { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/");
  });
});

describe("the failure limit", () => {
  test("the 6th attempt after 5 failures is refused before the password is checked, changing nothing but the counters", async () => {
    const member = await memberWithPassword();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const result = expectData(await post({ email: member.email, password: `wrong-${attempt}` }));
      expect(result.data.error).toEqual({ "": [FAILED] });
    }
    vi.mocked(verifyPassword).mockClear();
    const before = await databaseState();

    // Even the right password is refused now.
    const refused = expectData(await post({ email: member.email, password: PASSWORD }));
    expect(refused.init?.status).toBe(429);
    expect(refused.data.error).toEqual({ "": ["Too many failed attempts. Try again in 15 minutes."] });
    expect(verifyPassword).not.toHaveBeenCalled();
    // Every attempt is counted before anything else happens, the refused one too.
    const { counters, ...after } = await databaseState();
    const { counters: countersBefore, ...rest } = before;
    expect(after).toEqual(rest);
    expect(counters.map((row) => row.count)).toEqual(countersBefore.map((row) => row.count + 1));
  });

  test("counts per email across addresses, and per address across emails", async () => {
    const member = await memberWithPassword();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await post({ email: member.email, password: "wrong" }, { from: `203.0.113.${attempt}` });
    }
    const byEmail = expectData(await post({ email: member.email, password: PASSWORD }, { from: "203.0.113.99" }));
    expect(byEmail.init?.status).toBe(429);

    // One address is shared by many members (carrier NAT), so its bar is higher than an email's.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await post({ email: `stranger${attempt}@example.com`, password: "wrong" }, { from: "192.0.2.50" });
    }
    const other = await memberWithPassword();
    expectRedirect(await post({ email: other.email, password: PASSWORD }, { from: "192.0.2.50" }));
    await getPrisma().rateLimit.update({
      where: { key: "login:ip:192.0.2.50" },
      data: { count: RATE_LIMITS.memberSignInPerAddress.limit() },
    });
    const byAddress = expectData(await post({ email: other.email, password: PASSWORD }, { from: "192.0.2.50" }));
    expect(byAddress.init?.status).toBe(429);
  });

  test("a successful sign-in clears the member's own counter", async () => {
    const member = await memberWithPassword();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await post({ email: member.email, password: "wrong" }, { from: `203.0.113.${attempt}` });
    }
    expectRedirect(await post({ email: member.email, password: PASSWORD }, { from: "203.0.113.10" }));
    expect(await getPrisma().rateLimit.findUnique({ where: { key: `login:email:${member.email}` } })).toBeNull();
    // Four more failures are allowed again before the limit.
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const result = expectData(
        await post({ email: member.email, password: "wrong" }, { from: `203.0.113.${20 + attempt}` }),
      );
      expect(result.init?.status).toBe(401);
    }
  });
});

describe("where sign-in leads", () => {
  test("a local redirectTo set by the guard is honoured", async () => {
    const member = await memberWithPassword();
    const response = expectRedirect(
      await post({ email: member.email, password: PASSWORD, redirectTo: "/details/user?edit=1" }),
    );
    expect(response.headers.get("Location")).toBe("/details/user?edit=1");
  });

  test.each(["//evil.com", "https://evil.com", "/\\evil.com", "/\t/evil.com", "javascript:alert(1)", "evil.com"])(
    "an open-redirect attempt (%j) goes to the dashboard",
    async (redirectTo) => {
      const member = await memberWithPassword();
      const response = expectRedirect(await post({ email: member.email, password: PASSWORD, redirectTo }));
      expect(response.headers.get("Location")).toBe("/dashboard");
    },
  );

  test("the page keeps only a local redirectTo for its form", async () => {
    const read = (redirectTo: string) =>
      loader({
        request: new Request(`${ORIGIN}/login?${new URLSearchParams({ redirectTo })}`),
        params: {},
        context: {},
      });
    expect(await read("/points")).toMatchObject({ redirectTo: "/points" });
    expect(await read("//evil.com")).toMatchObject({ redirectTo: "" });
    expect(await read("https://evil.com")).toMatchObject({ redirectTo: "" });
  });
});

describe("hostile input", () => {
  const huge = "a".repeat(40 * 1024);

  test("a 40 KB value in any field is a clear error, not a crash", async () => {
    const member = await memberWithPassword();
    const email = expectData(await post({ email: `${huge}@example.com`, password: PASSWORD }));
    expect(email.init?.status).toBe(400);
    expect(email.data.error?.email).toEqual(["The email must be a valid email address."]);

    const password = expectData(await post({ email: member.email, password: huge }));
    expect(password.init?.status).toBe(400);
    expect(password.data.error?.password).toEqual(["Must be at most 200 characters."]);
    expect(JSON.stringify(password)).not.toContain(huge);

    const remember = expectData(await post({ email: member.email, password: PASSWORD, remeber: huge }));
    expect(remember.init?.status).toBe(400);

    // A hidden field is not the member's to fix: a bad redirectTo is ignored.
    const redirected = expectRedirect(await post({ email: member.email, password: PASSWORD, redirectTo: `/${huge}` }));
    expect(redirected.headers.get("Location")).toBe("/dashboard");
  });

  test("a byte that is not UTF-8 is a clear error, not a crash", async () => {
    const member = await memberWithPassword();
    const badEmail = Buffer.concat([
      Buffer.from("email=asha"),
      Buffer.from([0xff]),
      Buffer.from(`%40example.com&password=${PASSWORD}`),
    ]);
    const email = expectData(await post(badEmail));
    expect(email.init?.status).toBe(400);
    expect(email.data.error?.email).toEqual(["The email must be a valid email address."]);

    const badPassword = Buffer.concat([
      Buffer.from(`email=${encodeURIComponent(member.email)}&password=abc`),
      Buffer.from([0xc3, 0x28]),
    ]);
    const password = expectData(await post(badPassword));
    expect(password.init?.status).toBe(400);
    expect(password.data.error?.password).toEqual(["Contains characters that are not allowed."]);
    expect(verifyPassword).not.toHaveBeenCalled();
  });

  test("a body that is not a form is a 400, not a 500", async () => {
    const thrown = await action({
      request: new Request(`${ORIGIN}/login`, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
        body: "garbage",
      }),
      params: {},
      context: {},
    }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
  });
});
