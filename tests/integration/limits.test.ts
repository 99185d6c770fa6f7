import bcrypt from "bcryptjs";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { requestAccountDeletion } from "~/domain/account-deletion.server";
import { attemptAdminLogin, attemptLogin } from "~/domain/login.server";
import { changeMemberPassword } from "~/domain/member-password.server";
import type * as passwords from "~/domain/passwords.server";
import { hashPassword, verifyPassword } from "~/domain/passwords.server";
import { addressBucket, parseTrustProxy } from "~/lib/client-address.server";
import { getPrisma } from "~/lib/db.server";
import { clientAddress, RATE_LIMITS } from "~/lib/rate-limit.server";
import { createTestAdmin, createTestMember } from "../support/factories";

// Limits that hold under parallel requests (docs/decisions/034-limits-table.md) and password
// hashes that move from bcrypt to argon2id (035-password-hashing.md). verifyPassword is spied on:
// the proof that a refused attempt never reached the password check is that it was not called.

vi.mock("~/domain/passwords.server", async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const PASSWORD = "Quartz-Lantern-42";
const GUESSES = 30;

beforeEach(() => {
  vi.mocked(verifyPassword).mockClear();
});

const guesses = () => Array.from({ length: GUESSES }, (_, n) => `wrong-guess-${n}`);

describe("30 parallel wrong passwords for one account", () => {
  test("member sign-in: at most the limit are checked, the rest refused with a 429", async () => {
    const member = await createTestMember({ passwordHash: await hashPassword(PASSWORD) });
    const results = await Promise.all(
      guesses().map((password, n) => attemptLogin({ email: member.email, password, address: `198.51.100.${n}` })),
    );
    const limit = RATE_LIMITS.memberSignIn.limit();
    expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThanOrEqual(limit);
    expect(results.filter((result) => !result.ok && result.status === 401)).toHaveLength(limit);
    expect(results.filter((result) => !result.ok && result.status === 429)).toHaveLength(GUESSES - limit);
    // Even the right password waits for the window now.
    expect(await attemptLogin({ email: member.email, password: PASSWORD, address: null })).toMatchObject({
      status: 429,
    });
  });

  test("admin sign-in: at most the limit are checked", async () => {
    const admin = await createTestAdmin({ password: PASSWORD });
    const results = await Promise.all(
      guesses().map((password) => attemptAdminLogin({ email: admin.email, password, address: "203.0.113.5" })),
    );
    const limit = RATE_LIMITS.adminSignIn.limit();
    expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThanOrEqual(limit);
    expect(results.filter((result) => !result.ok && result.status === 429)).toHaveLength(GUESSES - limit);
  });

  test("password change and account deletion: at most the limit are checked", async () => {
    const member = await createTestMember({ passwordHash: await hashPassword(PASSWORD) });
    const changes = await Promise.all(
      guesses().map((oldPassword) =>
        changeMemberPassword({ member, sessionId: "none", oldPassword, newPassword: "Another-Secret-77" }),
      ),
    );
    expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThanOrEqual(RATE_LIMITS.passwordChange.limit());
    expect(changes.filter((result) => !result.ok && result.field === null)).toHaveLength(
      GUESSES - RATE_LIMITS.passwordChange.limit(),
    );

    vi.mocked(verifyPassword).mockClear();
    const deletions = await Promise.all(guesses().map((password) => requestAccountDeletion(member.id, { password })));
    expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThanOrEqual(RATE_LIMITS.accountDeletion.limit());
    expect(deletions.filter((result) => !result.ok && result.status === 429)).toHaveLength(
      GUESSES - RATE_LIMITS.accountDeletion.limit(),
    );
    const stored = await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } });
    expect(stored.status).toBe("active");
    expect(await verifyPassword(PASSWORD, stored.passwordHash ?? "")).toBe(true);
  });
});

describe("per-address counters", () => {
  test("a successful sign-in gives its attempt back to the address and clears the account's counter", async () => {
    const member = await createTestMember({ passwordHash: await hashPassword(PASSWORD) });
    await attemptLogin({ email: member.email, password: "wrong", address: "192.0.2.77" });
    expect(await attemptLogin({ email: member.email, password: PASSWORD, address: "192.0.2.77" })).toMatchObject({
      ok: true,
    });
    const counters = await getPrisma().rateLimit.findMany({ where: { key: { contains: "192.0.2.77" } } });
    expect(counters.map((row) => [row.key, row.count])).toEqual([["login:ip:192.0.2.77", 1]]);
    expect(await getPrisma().rateLimit.count({ where: { key: `login:email:${member.email}` } })).toBe(0);
  });

  test("without a known address only the account's limit counts: there is no shared 'unknown' bucket", async () => {
    for (let n = 0; n < 20; n += 1) {
      await attemptLogin({ email: `stranger${n}@example.com`, password: "wrong", address: null });
    }
    const member = await createTestMember({ passwordHash: await hashPassword(PASSWORD) });
    expect(await attemptLogin({ email: member.email, password: PASSWORD, address: null })).toMatchObject({ ok: true });
    expect(await getPrisma().rateLimit.count({ where: { key: { contains: ":ip:" } } })).toBe(0);
  });
});

describe("the client address", () => {
  const request = (headers: Record<string, string>) => new Request("http://localhost/login", { headers });

  test("is read only from the server's internal header, never from X-Forwarded-For", () => {
    expect(clientAddress(request({ "X-Forwarded-For": "203.0.113.9" }))).toBeNull();
    expect(clientAddress(request({ "X-Real-IP": "203.0.113.9" }))).toBeNull();
    expect(clientAddress(request({ "X-Panel-Client-Address": "203.0.113.9" }))).toBe("203.0.113.9");
  });

  test("IPv4-mapped addresses count as IPv4, IPv6 addresses by their /64", () => {
    expect(addressBucket("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(addressBucket("2401:4900:1c2a:5e7f:1:2:3:4")).toBe("2401:4900:1c2a:5e7f::/64");
    expect(addressBucket("2401:4900:1c2a:5e7f::99")).toBe("2401:4900:1c2a:5e7f::/64");
    expect(addressBucket("2401:db8::1")).toBe("2401:db8:0:0::/64");
    expect(addressBucket("not an address")).toBeNull();
  });

  test("TRUST_PROXY takes a hop count or a list of addresses and ranges, and refuses anything else", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("10.0.0.0/8, loopback, 2001:db8::/32")).toEqual(["10.0.0.0/8", "loopback", "2001:db8::/32"]);
    expect(() => parseTrustProxy("true")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("10.0.0.0/40")).toThrow(/10\.0\.0\.0\/40/);
  });
});

describe("password hashes", () => {
  test("new passwords are hashed with argon2id at OWASP's minimum or above", async () => {
    const hash = await hashPassword(PASSWORD);
    const [, memory, passes, lanes] = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash) ?? [];
    expect(Number(memory)).toBeGreaterThanOrEqual(19_456);
    expect(Number(passes)).toBeGreaterThanOrEqual(2);
    expect(Number(lanes)).toBe(1);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword("wrong", hash)).toBe(false);
  });

  test("a member's bcrypt hash still signs in and is replaced by an argon2id hash", async () => {
    const legacy = await bcrypt.hash(PASSWORD, 10);
    const member = await createTestMember({ passwordHash: legacy });
    expect(await attemptLogin({ email: member.email, password: "wrong", address: null })).toMatchObject({
      status: 401,
    });
    expect((await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).passwordHash).toBe(legacy);

    expect(await attemptLogin({ email: member.email, password: PASSWORD, address: null })).toMatchObject({ ok: true });
    const rehashed = (await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).passwordHash ?? "";
    expect(rehashed).toMatch(/^\$argon2id\$/);
    expect(await attemptLogin({ email: member.email, password: PASSWORD, address: null })).toMatchObject({ ok: true });
  });

  test("an admin's bcrypt hash still signs in and is replaced by an argon2id hash", async () => {
    const admin = await createTestAdmin();
    const legacy = await bcrypt.hash(PASSWORD, 10);
    await getPrisma().admin.update({ where: { id: admin.id }, data: { passwordHash: legacy } });
    expect(await attemptAdminLogin({ email: admin.email, password: PASSWORD, address: null })).toMatchObject({
      ok: true,
    });
    const rehashed = (await getPrisma().admin.findUniqueOrThrow({ where: { id: admin.id } })).passwordHash;
    expect(rehashed).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(PASSWORD, rehashed)).toBe(true);
  });
});
