import { Prisma } from "~/generated/prisma/client";
import { addressBucket, CLIENT_ADDRESS_HEADER } from "./client-address.server";
import { getPrisma } from "./db.server";
import { getEnv } from "./env.server";

// Every rate limit of the app, in one table (docs/decisions/034-limits-table.md). Counters are
// fixed windows in the database, so every app instance behind a load balancer shares them.
//
// The one pattern: count the attempt first, in one atomic statement, and do the work (check a
// password, send a mail) only when that count is within the limit. Reading a counter and writing
// it after the work lets parallel requests all pass the read: 30 parallel guesses were all checked
// against a limit of 5. `consumeRateLimit` is that atomic count; there is no separate "check".

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface RateLimitRule<Subject extends unknown[] = never[]> {
  /** The counter's key in the RateLimit table; null when there is nothing to count by (no address known). */
  key(...subject: Subject): string | null;
  /** Events allowed per window (a function: the per-address limits come from the settings). */
  limit(): number;
  windowMs: number;
}

const fixed = (limit: number) => () => limit;
const setting = (name: PerAddressSetting) => () => getEnv()[name];
type PerAddressSetting =
  | "RATE_LIMIT_SIGN_IN_PER_ADDRESS"
  | "RATE_LIMIT_REGISTRATIONS_PER_ADDRESS"
  | "RATE_LIMIT_REGISTRATION_CHECKS_PER_ADDRESS"
  | "RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS"
  | "RATE_LIMIT_VERIFY_LINKS_PER_ADDRESS"
  | "RATE_LIMIT_CALLBACKS_PER_MINUTE";
const perAddress = (prefix: string) => (address: string | null) => (address ? `${prefix}:${address}` : null);

/**
 * Every rule: the counter's key, the events one window allows, the window. Per account (an e-mail
 * or a member id) the limits are tight: they guard one password or one mailbox. Per address they
 * are loose and set by the RATE_LIMIT_*_PER_ADDRESS settings (defaults in env.server.ts), because
 * members in India share carrier NAT addresses (decision 034).
 */
// One rule a line, aligned, so the table reads as a table.
// prettier-ignore
export const RATE_LIMITS = {
  memberSignIn:           { key: (email: string) => `login:email:${email}`,                 limit: fixed(5),                                              windowMs: 15 * MINUTE },
  memberSignInPerAddress: { key: perAddress("login:ip"),                                    limit: setting("RATE_LIMIT_SIGN_IN_PER_ADDRESS"),             windowMs: 15 * MINUTE },
  adminSignIn:            { key: (email: string) => `admin-login:email:${email}`,           limit: fixed(5),                                              windowMs: 15 * MINUTE },
  adminSignInPerAddress:  { key: perAddress("admin-login:ip"),                              limit: setting("RATE_LIMIT_SIGN_IN_PER_ADDRESS"),             windowMs: 15 * MINUTE },
  passwordChange:         { key: (memberId: number) => `member-password:${memberId}`,       limit: fixed(5),                                              windowMs: 15 * MINUTE },
  accountDeletion:        { key: (memberId: number) => `account-deletion:${memberId}`,      limit: fixed(5),                                              windowMs: 15 * MINUTE },
  registrations:          { key: perAddress("register"),                                    limit: setting("RATE_LIMIT_REGISTRATIONS_PER_ADDRESS"),       windowMs: HOUR },
  registrationChecks:     { key: perAddress("register-check"),                              limit: setting("RATE_LIMIT_REGISTRATION_CHECKS_PER_ADDRESS"), windowMs: HOUR },
  memberResetPerEmail:    { key: (email: string) => `reset:email:${email}`,                 limit: fixed(3),                                              windowMs: 15 * MINUTE },
  memberResetPerAddress:  { key: perAddress("reset:ip"),                                    limit: setting("RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS"),      windowMs: 15 * MINUTE },
  adminResetPerEmail:     { key: (email: string) => `admin-reset:email:${email}`,           limit: fixed(3),                                              windowMs: 15 * MINUTE },
  adminResetPerAddress:   { key: perAddress("admin-reset:ip"),                              limit: setting("RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS"),      windowMs: 15 * MINUTE },
  verifyMailCooldown:     { key: (memberId: number) => `verify-email:cooldown:${memberId}`, limit: fixed(1),                                              windowMs: MINUTE },
  verifyMailSends:        { key: (memberId: number) => `verify-email:sends:${memberId}`,    limit: fixed(3),                                              windowMs: 5 * MINUTE },
  verifyLinkChecks:       { key: perAddress("verify-email:link"),                           limit: setting("RATE_LIMIT_VERIFY_LINKS_PER_ADDRESS"),        windowMs: 5 * MINUTE },
  adminSecondFactorPerSession: { key: (sessionId: string) => `admin-second-factor-session:${sessionId}`, limit: fixed(5),                            windowMs: 15 * MINUTE },
  adminSecondFactorPerAccount: { key: (adminId: number) => `admin-second-factor-account:${adminId}`,     limit: fixed(20),                           windowMs: HOUR },
  payoutAccountProof:     { key: (memberId: number) => `payout-account-proof:${memberId}`,  limit: fixed(5),                                              windowMs: 15 * MINUTE },
  payoutAccountCodes:     { key: (memberId: number) => `payout-account-code:${memberId}`,   limit: fixed(3),                                              windowMs: 15 * MINUTE },
  // A vendor's server-to-server callbacks, per survey and address (decision 060): sized for a burst.
  surveyCallbacks:        { key: (surveyId: number, address: string | null) => (address ? `survey-callback:${surveyId}:${address}` : null), limit: setting("RATE_LIMIT_CALLBACKS_PER_MINUTE"), windowMs: MINUTE },
  memberDataDownloads:    { key: (memberId: number) => `member-data:${memberId}`,           limit: fixed(30),                                             windowMs: HOUR },
};

export interface RateLimitState {
  limited: boolean;
  /** Seconds until the window resets; 0 when not limited. */
  retryAfterSeconds: number;
  /** True for the first attempt of its window refused (one over the limit): worth a log line, the next ones less. */
  firstRefusal: boolean;
}

const NOT_LIMITED: RateLimitState = { limited: false, retryAfterSeconds: 0, firstRefusal: false };

/**
 * Counts one attempt in one atomic statement and says whether it is within the limit. Call it
 * before the work it guards and do the work only when `limited` is false: the sixth of thirty
 * parallel attempts is refused by the database, whatever the timing.
 */
export async function consumeRateLimit<Subject extends unknown[]>(
  rule: RateLimitRule<Subject>,
  ...subject: Subject
): Promise<RateLimitState> {
  return consumeRateLimits(counted(rule, ...subject));
}

/** One counter to count: a rule applied to its subject. */
export interface Counted {
  key: string | null;
  limit: number;
  windowMs: number;
}

export function counted<Subject extends unknown[]>(rule: RateLimitRule<Subject>, ...subject: Subject): Counted {
  return { key: rule.key(...subject), limit: rule.limit(), windowMs: rule.windowMs };
}

/**
 * Counts one attempt in every rule at once, in one statement (a sign-in counts its account and its
 * address: one round trip, not two); limited when any is, with the longest wait.
 */
export async function consumeRateLimits(...counts: Counted[]): Promise<RateLimitState> {
  const now = new Date();
  // In key order: two statements locking the same rows lock them in the same order (no deadlock).
  const rows = counts
    .flatMap(({ key, limit, windowMs }) =>
      key === null ? [] : [{ key, limit, windowMs, resetAt: new Date(now.getTime() + windowMs) }],
    )
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if (rows.length === 0) return NOT_LIMITED;
  const counters = await getPrisma().$queryRaw<{ key: string; count: number; resetAt: Date }[]>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt")
    VALUES ${Prisma.join(rows.map((row) => Prisma.sql`(${row.key}, 1, ${row.resetAt})`))}
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= ${now} THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= ${now} THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "key", "count", "resetAt"`;
  const refused = counters.flatMap((counter) => {
    const row = rows.find((candidate) => candidate.key === counter.key);
    if (!row || counter.count <= row.limit) return [];
    // Parallel attempts each read the clock before their statement, so one that read it earlier than
    // the attempt that opened the window would see a wait longer than the window: never say more.
    const wait = Math.min(
      Math.ceil(row.windowMs / 1000),
      Math.ceil((new Date(counter.resetAt).getTime() - now.getTime()) / 1000),
    );
    return [{ wait, first: counter.count === row.limit + 1 }];
  });
  if (refused.length === 0) return NOT_LIMITED;
  return {
    limited: true,
    retryAfterSeconds: Math.max(...refused.map((counter) => counter.wait)),
    firstRefusal: refused.some((counter) => counter.first),
  };
}

/**
 * After a success, in one statement (one round trip on a sign-in's path): one counter starts again
 * (the account's) and another gets its attempt back (the address's). Either key may be null.
 */
export async function clearAndRefund(cleared: string | null, refunded: string | null): Promise<void> {
  if (cleared === null && refunded === null) return;
  await getPrisma().$executeRaw`
    WITH cleared AS (DELETE FROM "RateLimit" WHERE "key" = ${cleared ?? ""} AND ${cleared !== null})
    UPDATE "RateLimit" SET "count" = "count" - 1 WHERE "key" = ${refunded ?? ""} AND ${refunded !== null} AND "count" > 0`;
}

/** Starts the counter again (a successful sign-in, password change or reset). */
export async function clearRateLimit<Subject extends unknown[]>(
  rule: RateLimitRule<Subject>,
  ...subject: Subject
): Promise<void> {
  const key = rule.key(...subject);
  if (key === null) return;
  await getPrisma().rateLimit.deleteMany({ where: { key } });
}

/** Seconds until the counter allows another event, reading only: for showing a wait, never for deciding. */
export async function secondsUntilAllowed<Subject extends unknown[]>(
  rule: RateLimitRule<Subject>,
  ...subject: Subject
): Promise<number> {
  const key = rule.key(...subject);
  if (key === null) return 0;
  const row = await getPrisma().rateLimit.findUnique({ where: { key } });
  const now = Date.now();
  if (!row || row.resetAt.getTime() <= now || row.count < rule.limit()) return 0;
  return Math.ceil((row.resetAt.getTime() - now) / 1000);
}

/**
 * The client's address bucket for per-address limits, from the header the production server sets
 * (client-address.server.ts); X-Forwarded-For is never read here. Null when the request did not
 * come through that server (an action called directly in a test, `npm run dev`): then the
 * per-address rules count nothing and the per-account rules alone apply. A shared "unknown" bucket
 * instead would let one client lock everyone out.
 */
export function clientAddress(request: Request): string | null {
  const address = request.headers.get(CLIENT_ADDRESS_HEADER);
  return address ? addressBucket(address) : null;
}
