import type { MemberStatus } from "~/generated/prisma/client";
import { tr } from "~/i18n/mark";
import { getPrisma } from "~/lib/db.server";
import { clearAndRefund, clearRateLimit, consumeRateLimits, counted, RATE_LIMITS } from "~/lib/rate-limit.server";
import { reactivateIfInactive } from "./inactivity.server";
import { hashPassword, needsRehash, verifyPassword } from "./passwords.server";

// Password sign-in for members and admins. The rules (docs/decisions/010-login-rate-limits.md,
// 034-limits-table.md): the same message for an unknown email, a wrong password and a Google-only
// account; every attempt is counted per email and per client address, atomically, before any
// password is checked, so parallel guesses cannot slip past the limit; a success gives the
// attempt back. A bcrypt hash is replaced by an argon2id one at a successful sign-in.

export const LOGIN_FAILED_MESSAGE = tr("These credentials do not match our records.");

/**
 * A refusal carries its HTTP status: 401 wrong credentials, 403 account not active, 429 too many
 * failures (with the seconds to wait, for a page that says it in the member's language).
 */
export type LoginRefusal =
  | { ok: false; status: 401 | 403; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };
export type LoginResult = { ok: true; memberId: number } | LoginRefusal;
export type AdminLoginResult = { ok: true; adminId: number } | LoginRefusal;

// An argon2id hash of no one's password (made once, with the same parameters as every new hash):
// an unknown email costs the same time as a wrong password, so the response time does not tell
// whether an account exists.
let unknownAccountHash: Promise<string> | undefined;
const unknownAccount = () => (unknownAccountHash ??= hashPassword(`no one's password ${Math.random()}`));

interface Credentials {
  email: string;
  password: string;
  /** The client's address bucket (clientAddress), or null when unknown: then only the account's limit applies. */
  address: string | null;
}

/** Members and admins sign in by the same rules, each with their own accounts and counters. */
interface LoginScope {
  perAccount: typeof RATE_LIMITS.memberSignIn;
  perAddress: typeof RATE_LIMITS.memberSignInPerAddress;
  find(
    email: string,
  ): Promise<{ id: number; passwordHash: string | null; issue: string | null; inactive: boolean } | null>;
  storeHash(id: number, passwordHash: string): Promise<unknown>;
}

const MEMBERS: LoginScope = {
  perAccount: RATE_LIMITS.memberSignIn,
  perAddress: RATE_LIMITS.memberSignInPerAddress,
  async find(email) {
    const member = await getPrisma().member.findUnique({
      where: { email },
      select: { id: true, passwordHash: true, status: true },
    });
    return (
      member && {
        id: member.id,
        passwordHash: member.passwordHash,
        issue: accountStatusIssue(member.status),
        inactive: member.status === "inactive",
      }
    );
  },
  storeHash: (id, passwordHash) => getPrisma().member.update({ where: { id }, data: { passwordHash } }),
};

const ADMINS: LoginScope = {
  perAccount: RATE_LIMITS.adminSignIn,
  perAddress: RATE_LIMITS.adminSignInPerAddress,
  async find(email) {
    const admin = await getPrisma().admin.findUnique({
      where: { email },
      select: { id: true, passwordHash: true, revokedAt: true },
    });
    return (
      admin && {
        id: admin.id,
        passwordHash: admin.passwordHash,
        issue: admin.revokedAt ? ADMIN_REVOKED_MESSAGE : null,
        inactive: false,
      }
    );
  },
  storeHash: (id, passwordHash) => getPrisma().admin.update({ where: { id }, data: { passwordHash } }),
};

export const SUSPENDED_MESSAGE = tr(
  "This account has been suspended. You cannot sign in while it is suspended; contact support to find out why.",
);

export const ADMIN_REVOKED_MESSAGE = "Your admin rights have been revoked.";

export async function attemptLogin(credentials: Credentials): Promise<LoginResult> {
  const result = await attemptPasswordLogin(MEMBERS, credentials);
  if (!result.ok) return result;
  // Only an inactive member has anything to reactivate: no write on an ordinary sign-in.
  if (result.inactive) await reactivateIfInactive(result.accountId);
  return { ok: true, memberId: result.accountId };
}

export async function attemptAdminLogin(credentials: Credentials): Promise<AdminLoginResult> {
  const result = await attemptPasswordLogin(ADMINS, credentials);
  return result.ok ? { ok: true, adminId: result.accountId } : result;
}

async function attemptPasswordLogin(
  scope: LoginScope,
  { email, password, address }: Credentials,
): Promise<{ ok: true; accountId: number; inactive: boolean } | LoginRefusal> {
  const limit = await consumeRateLimits(counted(scope.perAccount, email), counted(scope.perAddress, address));
  if (limit.limited) {
    const { retryAfterSeconds } = limit;
    return { ok: false, status: 429, message: tooManyAttemptsMessage(retryAfterSeconds), retryAfterSeconds };
  }

  const account = await scope.find(email);
  const matches = await verifyPassword(password, account?.passwordHash ?? (await unknownAccount()));
  if (!account?.passwordHash || !matches) return { ok: false, status: 401, message: LOGIN_FAILED_MESSAGE };
  // Only someone who knows the password learns the account's state.
  if (account.issue) return { ok: false, status: 403, message: account.issue };

  // The password was right: the account's counter starts again and the address gets its try back.
  await clearAndRefund(scope.perAccount.key(email), scope.perAddress.key(address));
  if (needsRehash(account.passwordHash)) await scope.storeHash(account.id, await hashPassword(password));
  return { ok: true, accountId: account.id, inactive: account.inactive };
}

/**
 * Why a member in this state cannot sign in (by password or Google), or null when they can. An
 * inactive member may: signing in is the activity that reactivates them (decision 027). A closed
 * account asked to be deleted (or was closed by an admin) and never opens again; a suspended one
 * opens again when an admin reinstates it.
 */
export function accountStatusIssue(status: MemberStatus): string | null {
  switch (status) {
    case "active":
    case "inactive":
      return null;
    case "closed":
      return tr("This account has been closed.");
    // An admin's hold (decision 051): the member is told to ask support, who can say why.
    case "suspended":
      return SUSPENDED_MESSAGE;
  }
}

/** After a password reset the account's own failure counter starts again. */
export async function clearLoginFailures(email: string, audience: "member" | "admin" = "member"): Promise<void> {
  await clearRateLimit((audience === "member" ? MEMBERS : ADMINS).perAccount, email);
}

/**
 * The member's sign-in page says this in the member's language (`t(TOO_MANY_FAILED_ATTEMPTS, {
 * count })`, its English forms in locales/en/member.json); tooManyAttemptsMessage is its English,
 * for the admin pages.
 */
export const TOO_MANY_FAILED_ATTEMPTS = tr("Too many failed attempts. Try again in {{count}} minutes.");

/** Whole minutes until a limited action may be tried again, at least 1. */
export function minutesToWait(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = minutesToWait(retryAfterSeconds);
  return `Too many failed attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/**
 * Where to go after signing in: a local path only (starting with one '/'), so a crafted link cannot
 * send a member to another site. Anything else goes to the dashboard.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/dashboard") {
  if (typeof target !== "string" || target.length > 2000) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Browsers drop tabs and newlines from URLs, which would turn '/\t/evil.com' into '//evil.com'.
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001F\u007F\\]/.test(target)) return fallback;
  return target;
}
