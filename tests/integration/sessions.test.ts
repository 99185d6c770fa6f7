import { describe, expect, test } from "vitest";
import { endOtherMemberSessions, getMemberSession, startMemberSession } from "~/domain/sessions.server";
import { getPrisma } from "~/lib/db.server";
import { action as logoutAction, loader as logoutLoader } from "~/routes/logout";
import { createTestMember } from "../support/factories";
import { expectRedirect } from "../support/remix";
import { ORIGIN } from "../support/requests";

// Database sessions and logout: one row per device; logout deletes this device's row, 'Log Out of
// all Devices' every row of the member, and both clear the cookie.

async function signIn(memberId: number, { persistent = false } = {}): Promise<{ cookie: string; setCookie: string }> {
  const setCookie = await startMemberSession(memberId, { persistent, request: new Request(ORIGIN) });
  return { cookie: setCookie.split(";")[0], setCookie };
}

function get(cookie?: string) {
  return new Request(`${ORIGIN}/dashboard`, { headers: cookie ? { Cookie: cookie } : {} });
}

function logout(cookie: string | null, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  return logoutAction({
    request: new Request(`${ORIGIN}/logout`, {
      method: "POST",
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
      body: new URLSearchParams(fields),
    }),
    params: {},
    context: {},
  });
}

function sessionCount(memberId: number) {
  return getPrisma().memberSession.count({ where: { memberId } });
}

function expectCookieCleared(response: Response) {
  const [cleared] = response.headers.getSetCookie();
  expect(cleared).toMatch(/^__member=[^;]*;/);
  expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
}

describe("the signed-in member", () => {
  test("is the member as stored, every field, read with the session in one statement", async () => {
    const member = await createTestMember({
      country: "IN",
      state: "Karnataka",
      city: "Bengaluru",
      pin: "560001",
      dob: new Date("1990-04-30T00:00:00.000Z"),
      gender: "female",
      mobile: "9876543210",
      emailVerifiedAt: new Date("2026-01-02T03:04:05.678Z"),
      inactivityWarnedAt: new Date("2026-02-03T04:05:06.789Z"),
      pointsBalance: 1234,
    });
    const { cookie } = await signIn(member.id);
    const stored = await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } });
    const session = await getMemberSession(get(cookie));
    expect(session?.member).toEqual(stored);
    expect(session?.member.dob?.toISOString()).toBe("1990-04-30T00:00:00.000Z");
  });

  test("is nobody once the session has expired or the account is not active", async () => {
    const member = await createTestMember();
    const { cookie } = await signIn(member.id);
    await getPrisma().memberSession.updateMany({ where: { memberId: member.id }, data: { expiresAt: new Date() } });
    expect(await getMemberSession(get(cookie))).toBeNull();
    const other = await createTestMember();
    const { cookie: otherCookie } = await signIn(other.id);
    await getPrisma().member.update({ where: { id: other.id }, data: { status: "inactive" } });
    expect(await getMemberSession(get(otherCookie))).toBeNull();
  });
});

describe("member sessions", () => {
  test("a sign-in stores one row and a cookie that holds only the session id", async () => {
    const member = await createTestMember();
    const { cookie, setCookie } = await signIn(member.id);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Expires|Max-Age/);
    const session = await getMemberSession(get(cookie));
    expect(session?.member.id).toBe(member.id);
    const row = await getPrisma().memberSession.findUniqueOrThrow({ where: { id: session?.sessionId } });
    expect(row).toMatchObject({ memberId: member.id, persistent: false });
    expect(decodeURIComponent(cookie)).not.toContain(member.email);
  });

  test("'remember me' keeps the cookie for 7 days", async () => {
    const member = await createTestMember();
    const { setCookie } = await signIn(member.id, { persistent: true });
    const expires = new Date(/Expires=([^;]+)/.exec(setCookie)?.[1] ?? "");
    const days = (expires.getTime() - Date.now()) / (24 * 60 * 60 * 1000);
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  test("a cookie with a forged or unknown session id signs no one in", async () => {
    const member = await createTestMember();
    const { cookie } = await signIn(member.id);
    const [name, value] = cookie.split("=");
    expect(await getMemberSession(get(`${name}=x${value}`))).toBeNull();
    expect(await getMemberSession(get("__member=not-signed"))).toBeNull();
    expect(await getMemberSession(get())).toBeNull();
  });

  test.each(["inactive", "closed"] as const)("a member whose account is %s is signed out", async (status) => {
    const member = await createTestMember();
    const { cookie } = await signIn(member.id);
    expect(await getMemberSession(get(cookie))).not.toBeNull();
    await getPrisma().member.update({ where: { id: member.id }, data: { status } });
    expect(await getMemberSession(get(cookie))).toBeNull();
  });

  test("endOtherMemberSessions keeps the given session and ends the member's others only", async () => {
    const member = await createTestMember();
    const other = await createTestMember();
    const here = await signIn(member.id);
    const elsewhere = await signIn(member.id);
    const stranger = await signIn(other.id);
    const kept = await getMemberSession(get(here.cookie));
    await endOtherMemberSessions(member.id, kept?.sessionId ?? null);
    expect(await getMemberSession(get(here.cookie))).not.toBeNull();
    expect(await getMemberSession(get(elsewhere.cookie))).toBeNull();
    expect(await getMemberSession(get(stranger.cookie))).not.toBeNull();
  });
});

describe("logout", () => {
  test("ends this device's session only, clears the cookie and goes to Login", async () => {
    const member = await createTestMember();
    const here = await signIn(member.id);
    const elsewhere = await signIn(member.id);
    const response = expectRedirect(await logout(here.cookie));
    expect(response.headers.get("Location")).toBe("/login");
    expectCookieCleared(response);
    expect(await getMemberSession(get(here.cookie))).toBeNull();
    expect(await getMemberSession(get(elsewhere.cookie))).not.toBeNull();
    expect(await sessionCount(member.id)).toBe(1);
  });

  test("'Log Out of all Devices' ends every session of the member and no one else's", async () => {
    const member = await createTestMember();
    const other = await createTestMember();
    const here = await signIn(member.id);
    await signIn(member.id, { persistent: true });
    await signIn(member.id);
    const stranger = await signIn(other.id);
    const response = expectRedirect(await logout(here.cookie, { allDevices: "on" }));
    expect(response.headers.get("Location")).toBe("/login");
    expectCookieCleared(response);
    expect(await sessionCount(member.id)).toBe(0);
    expect(await getMemberSession(get(stranger.cookie))).not.toBeNull();
  });

  test("the browser keeps nothing: the cleared cookie no longer names a session", async () => {
    const member = await createTestMember();
    const here = await signIn(member.id);
    const response = expectRedirect(await logout(here.cookie));
    const cleared = response.headers.getSetCookie()[0].split(";")[0];
    expect(await getMemberSession(get(cleared))).toBeNull();
    expect(cleared).toBe("__member=");
  });

  test("without a session it still clears the cookie", async () => {
    const member = await createTestMember();
    const here = await signIn(member.id);
    await getPrisma().member.update({ where: { id: member.id }, data: { status: "closed" } });
    const response = expectRedirect(await logout(here.cookie, { allDevices: "on" }));
    expectCookieCleared(response);
    // A signed-out (closed) member's own row is removed; nothing else is touched.
    expect(await sessionCount(member.id)).toBe(0);
    expectCookieCleared(expectRedirect(await logout(null)));
  });

  test("refuses a logout posted from another site", async () => {
    const member = await createTestMember();
    const here = await signIn(member.id);
    await expect(logout(here.cookie, { allDevices: "on" }, { Origin: "https://evil.example" })).rejects.toSatisfy(
      (thrown) => thrown instanceof Response && thrown.status === 403,
    );
    expect(await sessionCount(member.id)).toBe(1);
  });

  test("opening /logout in the address bar changes nothing and goes home", async () => {
    const member = await createTestMember();
    await signIn(member.id);
    const response = expectRedirect(logoutLoader());
    expect(response.headers.get("Location")).toBe("/");
    expect(await sessionCount(member.id)).toBe(1);
  });
});
