import type { MemberStatus } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { checkRateLimit, clearRateLimit, hitRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";
import { reactivateIfInactive } from "./inactivity.server";
import { verifyPassword } from "./passwords.server";

// Password sign-in for members. The rules (docs/decisions/010-login-rate-limits.md): the same
// message for an unknown email, a wrong password and a Google-only account; failures counted per
// email and per client address; a spent counter refuses before any password is checked.

export const LOGIN_FAILED_MESSAGE = "These credentials do not match our records.";

/** 5 failures in 15 minutes for one email; the 6th attempt is refused. */
export const LOGIN_FAILURE_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60 * 1000 };
/**
 * Per client address the bar is higher: many members in India share one address behind a mobile
 * carrier's NAT, and one of them mistyping must not lock out the others.
 */
export const LOGIN_ADDRESS_FAILURE_RULE: RateLimitRule = { limit: 50, windowMs: 15 * 60 * 1000 };

/** A refusal carries its HTTP status: 401 wrong credentials, 403 account not active, 429 too many failures. */
export type LoginRefusal = { ok: false; status: 401 | 403 | 429; message: string };
export type LoginResult = { ok: true; memberId: number } | LoginRefusal;
export type AdminLoginResult = { ok: true; adminId: number } | LoginRefusal;

// A bcrypt hash of no one's password: an unknown email costs the same time as a wrong password, so
// the response time does not tell whether an account exists.
const UNKNOWN_ACCOUNT_HASH = "$2b$10$dm8JYE/Tr8Pk/HCUAh/IBuVCr5R572LNApig7WwoeJg6MJfxVVgtK";

interface Credentials {
  email: string;
  password: string;
  address: string;
}

/** Members and admins sign in by the same rules, each with their own accounts and counters. */
interface LoginScope {
  /** Prefix of the rate-limit keys: "login" for members, "admin-login" for admins. */
  counters: string;
  find(email: string): Promise<{ id: number; passwordHash: string | null; issue: string | null } | null>;
}

const MEMBERS: LoginScope = {
  counters: "login",
  async find(email) {
    const member = await getPrisma().member.findUnique({
      where: { email },
      select: { id: true, passwordHash: true, status: true },
    });
    return member && { id: member.id, passwordHash: member.passwordHash, issue: accountStatusIssue(member.status) };
  },
};

const ADMINS: LoginScope = {
  counters: "admin-login",
  async find(email) {
    const admin = await getPrisma().admin.findUnique({
      where: { email },
      select: { id: true, passwordHash: true, revokedAt: true },
    });
    return admin && { id: admin.id, passwordHash: admin.passwordHash, issue: admin.revokedAt ? ADMIN_REVOKED_MESSAGE : null };
  },
};

export const ADMIN_REVOKED_MESSAGE = "Your admin rights have been revoked.";

export async function attemptLogin(credentials: Credentials): Promise<LoginResult> {
  const result = await attemptPasswordLogin(MEMBERS, credentials);
  if (!result.ok) return result;
  await reactivateIfInactive(result.accountId);
  return { ok: true, memberId: result.accountId };
}

export async function attemptAdminLogin(credentials: Credentials): Promise<AdminLoginResult> {
  const result = await attemptPasswordLogin(ADMINS, credentials);
  return result.ok ? { ok: true, adminId: result.accountId } : result;
}

async function attemptPasswordLogin(
  scope: LoginScope,
  { email, password, address }: Credentials,
): Promise<{ ok: true; accountId: number } | LoginRefusal> {
  const counters = [
    { key: `${scope.counters}:email:${email}`, rule: LOGIN_FAILURE_RULE },
    { key: `${scope.counters}:ip:${address}`, rule: LOGIN_ADDRESS_FAILURE_RULE },
  ];
  const states = await Promise.all(counters.map(({ key, rule }) => checkRateLimit(key, rule)));
  const waitSeconds = Math.max(...states.map((state) => (state.limited ? state.retryAfterSeconds : 0)));
  if (waitSeconds > 0) return { ok: false, status: 429, message: tooManyAttemptsMessage(waitSeconds) };

  const account = await scope.find(email);
  const matches = await verifyPassword(password, account?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
  if (!account?.passwordHash || !matches) {
    await Promise.all(counters.map(({ key, rule }) => hitRateLimit(key, rule)));
    return { ok: false, status: 401, message: LOGIN_FAILED_MESSAGE };
  }
  // Only someone who knows the password learns the account's state.
  if (account.issue) return { ok: false, status: 403, message: account.issue };

  await clearRateLimit(counters[0].key);
  return { ok: true, accountId: account.id };
}

/**
 * Why a member in this state cannot sign in (by password or Google), or null when they can. An
 * inactive member may: signing in is the activity that reactivates them (decision 027). A closed
 * account asked to be deleted and never opens again.
 */
export function accountStatusIssue(status: MemberStatus): string | null {
  switch (status) {
    case "active":
    case "inactive":
      return null;
    case "closed":
      return "This account has been closed.";
  }
}

/** After a password reset the account's own failure counter starts again. */
export async function clearLoginFailures(email: string, audience: "member" | "admin" = "member"): Promise<void> {
  await clearRateLimit(`${(audience === "member" ? MEMBERS : ADMINS).counters}:email:${email}`);
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/**
 * Where to go after signing in: a local path only (starting with one '/'), so a crafted link cannot
 * send a member to another site. Anything else goes to the dashboard.
 */
export function safeRedirect(
  target: FormDataEntryValue | string | null | undefined,
  fallback = "/dashboard",
) {
  if (typeof target !== "string" || target.length > 2000) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Browsers drop tabs and newlines from URLs, which would turn '/\t/evil.com' into '//evil.com'.
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001F\u007F\\]/.test(target)) return fallback;
  return target;
}
