import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseTrustProxy } from "./client-address.server";
import { parseDatabaseUrl, type DatabaseTarget } from "./database-url";

// The one configuration module: every setting the app and its scripts (npm start, jobs, migrate,
// admin:create, the seed) read, parsed here with its default and a clear message for each bad
// value. Nothing else reads process.env for a setting: the app calls getEnv(); a script or module
// that must not need the rest (a migration needs no SESSION_SECRET, the payout rules are checked
// alone in tests) calls readSettings([...]). The README's configuration table has one row per key
// of this schema, no more and no less (tests/unit/config-readme.test.ts checks it).
//
// Not settings of the app, so not here: variables only the test and benchmark harnesses read
// (HARNESS_ONLY below), the Prisma CLI's prisma.config.ts (DATABASE_URL through database-url.ts),
// and NODE_OPTIONS.

// Keeps every amount well inside a 32-bit column: a withdrawal is at most the balance.
const MAX_MINIMUM_POINTS = 100_000_000;

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // The production server (scripts/server.ts, docs/decisions/028-production-server.md). The shutdown
  // default fits Docker's grace of 10 s between SIGTERM and SIGKILL, with time to close the database.
  PORT: wholeNumber("PORT", 3000, 0, 65_535, "the TCP port to listen on; 0 picks a free one"),
  HOST: z.string().optional(),
  SHUTDOWN_TIMEOUT_SECONDS: wholeNumber(
    "SHUTDOWN_TIMEOUT_SECONDS",
    8,
    1,
    3_600,
    "how long a shutdown waits for requests",
  ),
  DATABASE_URL: acceptedBy(parseDatabaseUrl),
  // Background work inside the app (decisions 024 and 027): 0 runs it elsewhere (npm run jobs).
  MAIL_WORKER: z.enum(["0", "1"], { message: "MAIL_WORKER must be 0 (off) or 1 (on)" }).default("1"),
  INACTIVITY_JOB: z.enum(["0", "1"], { message: "INACTIVITY_JOB must be 0 (off) or 1 (on)" }).default("1"),
  // libuv's thread pool, read by Node itself; password hashing leaves two of its threads free (035).
  UV_THREADPOOL_SIZE: wholeNumber("UV_THREADPOOL_SIZE", 4, 1, 1024, "threads of Node's pool"),
  // What points are worth, the least a member may withdraw and the money controls
  // (app/domain/payout-config.server.ts, decisions 026 and 038).
  POINTS_PER_RUPEE: wholeNumber("POINTS_PER_RUPEE", 10, 1, 100_000),
  MIN_WITHDRAWAL_POINTS: wholeNumber("MIN_WITHDRAWAL_POINTS", 1000, 1, MAX_MINIMUM_POINTS),
  MIN_WITHDRAWAL_POINTS_BY_COUNTRY: z
    .string()
    .optional()
    .transform((value, context) => minimumsByCountry(value, context)),
  // The assign form's own bound (MAX_ASSIGN_POINTS) is 1,000,000: a cap above it would never bite.
  ASSIGNMENT_POINTS_CAP: wholeNumber("ASSIGNMENT_POINTS_CAP", 10_000, 1, 1_000_000),
  // 0 is allowed: every withdrawal then needs two admins. ₹1 crore at most keeps paise in 32 bits.
  FOUR_EYES_THRESHOLD_RUPEES: wholeNumber("FOUR_EYES_THRESHOLD_RUPEES", 5000, 0, 10_000_000),
  SURVEY_SECRET_GRACE_HOURS: wholeNumber("SURVEY_SECRET_GRACE_HOURS", 24, 0, 720),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  APP_URL: z.string().url("APP_URL must be an absolute URL").default("http://localhost:3000"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Survey Panel <no-reply@panel.test>"),
  MAIL_OUTBOX_DIR: z.string().default("./data/mail"),
  SUPPORT_EMAIL: z.string().email("SUPPORT_EMAIL must be an e-mail address").default("support@panel.test"),
  // Google sign-in: real Google when both are set; see docs/decisions/009-google-sign-in.md.
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_MOCK: z.enum(["0", "1"], { message: "GOOGLE_MOCK must be 0 or 1" }).default("0"),
  // Admin two-factor sign-in and idle sessions (docs/decisions/037-admin-two-factor.md). Unset
  // ADMIN_MFA means "required" when NODE_ENV=production and "optional" otherwise (adminMfaRequired).
  ADMIN_MFA: z.enum(["required", "optional"], { message: "ADMIN_MFA must be required or optional" }).optional(),
  ADMIN_IDLE_MINUTES: z.coerce
    .number({ message: "ADMIN_IDLE_MINUTES must be a whole number of minutes" })
    .int("ADMIN_IDLE_MINUTES must be a whole number of minutes")
    .min(1, "ADMIN_IDLE_MINUTES must be at least 1")
    .max(720, "ADMIN_IDLE_MINUTES must be at most 720 (the admin session's 12 hours)")
    .default(30),
  // Payout account changes: how long a new payout account waits before a withdrawal may be paid
  // to it (docs/decisions/039-payout-account-changes.md).
  PAYOUT_ACCOUNT_COOLING_OFF_HOURS: z.coerce
    .number({ message: "PAYOUT_ACCOUNT_COOLING_OFF_HOURS must be a whole number of hours from 0 to 720" })
    .int("PAYOUT_ACCOUNT_COOLING_OFF_HOURS must be a whole number of hours from 0 to 720")
    .min(0, "PAYOUT_ACCOUNT_COOLING_OFF_HOURS must be a whole number of hours from 0 to 720")
    .max(720, "PAYOUT_ACCOUNT_COOLING_OFF_HOURS must be a whole number of hours from 0 to 720")
    .default(24),
  // Client address and rate limits: which proxies may report the client's address, and the
  // per-address limits, loose because members share carrier NAT addresses (decisions 033, 034).
  TRUST_PROXY: acceptedBy(parseTrustProxy),
  RATE_LIMIT_SIGN_IN_PER_ADDRESS: perAddressLimit("RATE_LIMIT_SIGN_IN_PER_ADDRESS", 100),
  RATE_LIMIT_REGISTRATIONS_PER_ADDRESS: perAddressLimit("RATE_LIMIT_REGISTRATIONS_PER_ADDRESS", 60),
  RATE_LIMIT_REGISTRATION_CHECKS_PER_ADDRESS: perAddressLimit("RATE_LIMIT_REGISTRATION_CHECKS_PER_ADDRESS", 300),
  RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS: perAddressLimit("RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS", 30),
  RATE_LIMIT_VERIFY_LINKS_PER_ADDRESS: perAddressLimit("RATE_LIMIT_VERIFY_LINKS_PER_ADDRESS", 60),
  // Throughput: how long visitors without a cookie get Landing and the Login page from memory
  // (issue 17, docs/decisions/050-guest-page-cache.md).
  GUEST_PAGE_CACHE_SECONDS: wholeNumber(
    "GUEST_PAGE_CACHE_SECONDS",
    60,
    0,
    3600,
    "seconds a guest page is kept in memory; 0 turns the cache off",
  ),
  // Quality holds (issue 20, docs/decisions/072-withdrawal-holds.md): a member whose quality score is
  // below this waits for a review before a withdrawal reaches the approval queue; 0 holds no one
  // for the score (an open shared-payout signal still holds).
  QUALITY_HOLD_BELOW: wholeNumber(
    "QUALITY_HOLD_BELOW",
    90,
    0,
    101,
    "quality score (0 to 101) below which withdrawals are held for review; 0 holds no one for the score",
  ),
  // Server-to-server survey callbacks (issue 19, decision 060): calls one client address may make
  // for one survey in a minute. Sized for a vendor flushing a day's statuses at once; above it the
  // endpoint answers 429 with Retry-After and the vendor sends the rest a minute later.
  RATE_LIMIT_CALLBACKS_PER_MINUTE: perAddressLimit("RATE_LIMIT_CALLBACKS_PER_MINUTE", 1200),
  // Survey close (issue 19 point 4, docs/decisions/062-survey-close.md): after a survey's close date, or
  // once its quota is full, a member who started it may still finish within its length plus this.
  SURVEY_GRACE_MINUTES: wholeNumber(
    "SURVEY_GRACE_MINUTES",
    30,
    0,
    1440,
    "minutes a started survey may still be finished beyond its length",
  ),
  // Identity signals (issue 20, docs/decisions/070-identity-signals.md): a registration from an
  // address that already registered more than REGISTRATION_BURST_LIMIT accounts within the window
  // raises a registration burst on the new account.
  REGISTRATION_BURST_LIMIT: wholeNumber(
    "REGISTRATION_BURST_LIMIT",
    5,
    1,
    10_000,
    "registrations from one address within the window before the next one is a burst",
  ),
  REGISTRATION_BURST_WINDOW_MINUTES: wholeNumber(
    "REGISTRATION_BURST_WINDOW_MINUTES",
    60,
    1,
    10_080,
    "minutes a registration's address is remembered to count a burst",
  ),
});

/** An optional text that the given parser accepts; its error's message, without the setting's name, when not. */
function acceptedBy(parse: (value: string | undefined) => unknown) {
  return z
    .string()
    .optional()
    .superRefine((value, context) => {
      try {
        parse(value);
      } catch (error) {
        // parseDatabaseUrl says "DATABASE_URL must be …"; the problem line names the setting already.
        const message = (error as Error).message.replace(/^[A-Z_]+ (?=must )/, "");
        context.addIssue({ code: z.ZodIssueCode.custom, message });
      }
    });
}

/**
 * A whole number from min to max; unset, empty or blank means the default. The message names the
 * range and the value given: `NAME: must be a whole number from 1 to 100000, got "0"`.
 */
function wholeNumber(name: string, fallback: number, min: number, max: number, meaning?: string) {
  return z
    .string()
    .optional()
    .transform((value, context) => {
      const raw = value?.trim();
      if (!raw) return fallback;
      if (/^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max) return Number(raw);
      const what = meaning ? ` (${meaning})` : "";
      context.addIssue({
        code: z.ZodIssueCode.custom,
        message: `must be a whole number from ${min} to ${max}${what}, got "${raw}"`,
      });
      return z.NEVER;
    });
}

/** Per-country minimums by ISO code ("US=2000,GB=1500"), one message per bad item. */
function minimumsByCountry(value: string | undefined, context: z.RefinementCtx): Record<string, number> {
  const minimums: Record<string, number> = {};
  const list = value?.trim();
  for (const item of list ? list.split(",") : []) {
    const match = /^\s*([A-Za-z]{2})\s*=\s*(\d+)\s*$/.exec(item);
    const points = match ? Number(match[2]) : NaN;
    const code = match?.[1].toUpperCase() ?? "";
    if (!match || points < 1 || points > MAX_MINIMUM_POINTS) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        message: `"${item.trim()}" is not COUNTRY=POINTS (a two-letter code and a whole number from 1 to ${MAX_MINIMUM_POINTS}), e.g. "US=2000,GB=1500"`,
      });
    } else if (code in minimums) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: `${code} is given twice` });
    } else {
      minimums[code] = points;
    }
  }
  return minimums;
}

/** A per-address rate limit: a whole number of events per the rule's window, at least 1. */
function perAddressLimit(name: string, fallback: number) {
  return z.coerce
    .number({ message: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(1_000_000, `${name} must be at most 1000000`)
    .default(fallback);
}

type Settings = z.infer<typeof schema>;
export type SettingName = keyof Settings;
export type Env = Settings & { SESSION_SECRET: string };

/** Every setting's name, in the schema's order: the rows of the README's configuration table. */
export const SETTING_NAMES = Object.keys(schema.shape) as SettingName[];

/**
 * Variables that only the test and benchmark harnesses read, never the app or a production script;
 * listed so that nobody adds them to the schema. `npm start` also drops the back-door switches
 * among them (BACK_DOOR_SETTINGS in scripts/server.ts).
 */
export const HARNESS_ONLY = [
  "E2E_PORT", // tests/e2e: the port of the built app under test
  "E2E_DATA_DIR", // tests/e2e: its own PGlite folder
  "E2E_FIXTURES", // an old switch for the harness's /dev/fixtures, now mounted by the harness only
  "BENCH_ROUTES", // an old switch for the load benchmark's route, now mounted by the benchmark only
  "SEED_DEMO", // an old switch for the demo accounts, now `npm run db:seed -- --demo`
  "BENCH_MEMBERS", // scripts/bench: sizes and durations of the benchmarks
  "BENCH_MEMBER_ASSIGNMENTS",
  "BENCH_SURVEYS",
  "BENCH_ASSIGNMENTS",
  "BENCH_RUNS",
  "BENCH_DURATION",
  "BENCH_WARMUP",
  "BENCH_CONNECTIONS",
  "BENCH_RESPONSES",
] as const;

let cached: Env | undefined;

/** Every setting of this process, read and checked once; an error lists every bad one. */
export function getEnv(): Env {
  if (cached) return cached;
  const { settings, problems } = check(schema, process.env);
  if (!process.env.SESSION_SECRET && isPostgres(process.env.DATABASE_URL)) {
    problems.push("  SESSION_SECRET: required when DATABASE_URL is a PostgreSQL URL");
  }
  if (!settings || problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  cached = { ...settings, SESSION_SECRET: settings.SESSION_SECRET ?? localSecret() };
  return cached;
}

/**
 * Some settings alone, from process.env or the given source: for a script or module that must not
 * depend on the others (a migration needs no SESSION_SECRET) and for tests of one concern.
 */
export function readSettings<K extends SettingName>(
  names: readonly K[],
  source: Record<string, string | undefined> = process.env,
): Pick<Settings, K> {
  const some: z.ZodTypeAny = z.object(Object.fromEntries(names.map((name) => [name, schema.shape[name]])));
  return parse(some, source) as Pick<Settings, K>;
}

function parse<S extends z.ZodTypeAny>(shape: S, source: Record<string, string | undefined>): z.infer<S> {
  const { settings, problems } = check(shape, source);
  if (!settings) throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  return settings;
}

/** The settings, or undefined and one line ("  NAME: message") per problem. */
function check<S extends z.ZodTypeAny>(shape: S, source: Record<string, string | undefined>) {
  // An empty variable is the same as an unset one.
  const parsed = shape.safeParse(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== "")));
  if (parsed.success) return { settings: parsed.data as z.infer<S>, problems: [] as string[] };
  return {
    settings: undefined,
    problems: parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`),
  };
}

function isPostgres(databaseUrl: string | undefined): boolean {
  try {
    return parseDatabaseUrl(databaseUrl).kind === "postgres";
  } catch {
    return false;
  }
}

/** Where the data lives (DATABASE_URL), for the app, the scripts and the jobs alike. */
export function getDatabaseTarget(): DatabaseTarget {
  return parseDatabaseUrl(readSettings(["DATABASE_URL"]).DATABASE_URL);
}

// Without SESSION_SECRET a single embedded instance keeps a random secret beside its data, so the
// first `npm start` just works. Instances sharing a PostgreSQL must share a secret, so there it is
// required.
function localSecret(): string {
  const file = path.resolve("data", "session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  }
  return fs.readFileSync(file, "utf8").trim();
}

export function isMailOutbox(): boolean {
  return !getEnv().SMTP_URL;
}
