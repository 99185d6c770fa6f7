import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseTrustProxy } from "./client-address.server";
import { parseDatabaseUrl } from "./database-url";

// Every setting the app reads, parsed once with a clear message for each bad one.
// The README's configuration table lists the same variables and defaults.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().optional(),
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
  TRUST_PROXY: z
    .string()
    .optional()
    .superRefine((value, context) => {
      try {
        parseTrustProxy(value);
      } catch (error) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: (error as Error).message });
      }
    }),
  RATE_LIMIT_SIGN_IN_PER_ADDRESS: perAddressLimit("RATE_LIMIT_SIGN_IN_PER_ADDRESS", 100),
  RATE_LIMIT_REGISTRATIONS_PER_ADDRESS: perAddressLimit("RATE_LIMIT_REGISTRATIONS_PER_ADDRESS", 60),
  RATE_LIMIT_REGISTRATION_CHECKS_PER_ADDRESS: perAddressLimit("RATE_LIMIT_REGISTRATION_CHECKS_PER_ADDRESS", 300),
  RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS: perAddressLimit("RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS", 30),
  RATE_LIMIT_VERIFY_LINKS_PER_ADDRESS: perAddressLimit("RATE_LIMIT_VERIFY_LINKS_PER_ADDRESS", 60),
});

/** A per-address rate limit: a whole number of events per the rule's window, at least 1. */
function perAddressLimit(name: string, fallback: number) {
  return z.coerce
    .number({ message: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(1_000_000, `${name} must be at most 1000000`)
    .default(fallback);
}

export type Env = z.infer<typeof schema> & { SESSION_SECRET: string };

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(
    Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== "")),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const target = parseDatabaseUrl(parsed.data.DATABASE_URL);
  cached = { ...parsed.data, SESSION_SECRET: parsed.data.SESSION_SECRET ?? localSecret(target.kind) };
  return cached;
}

// Without SESSION_SECRET a single embedded instance keeps a random secret beside its data, so the
// first `npm start` just works. Instances sharing a PostgreSQL must share a secret, so there it is
// required.
function localSecret(database: "postgres" | "pglite"): string {
  if (database === "postgres") {
    throw new Error("Invalid configuration:\n  SESSION_SECRET: required when DATABASE_URL is a PostgreSQL URL");
  }
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
