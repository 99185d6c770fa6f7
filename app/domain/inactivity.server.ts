import { Prisma, type PrismaClient } from "~/generated/prisma/client";
import { getPrisma, utc, type Tx } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { onShutdown } from "~/lib/lifecycle.server";
import { PRODUCT_NAME } from "~/lib/product";
import { ERASURE_GRACE_DAYS, eraseMember } from "./account-deletion.server";
import { purgeStaleDrafts } from "./answer-drafts.server";
import { purgeIdentityTraces } from "./identity-signals.server";
import { purgeExpiredRegistrationDrafts } from "./registration-drafts.server";
import { debitPoints } from "./ledger.server";
import { mailLanguage, mailWords } from "./mail-words.server";
import { LANGUAGES, type Language } from "~/i18n/config";

// The inactivity job (`npm run jobs -- inactivity`, docs/decisions/027-inactivity-and-deletion.md).
// The terms: accounts without activity for 6 months are set inactive and their points zeroed, and
// a deletion completes within 30 calendar days. One pass does three things:
// 1. warns active members who are 14 days from inactivity (one queued mail per inactivity period);
// 2. sets inactive the members past 6 months who were warned at least 14 days ago, and expires
//    their whole balance with one ledger entry;
// 3. erases the accounts whose deletion was requested before the grace period.
//
// Activity is signing in (password or Google): starting a session stamps Member.lastActiveAt, and a
// session lasts at most 7 days, so a member who uses the panel signs in at least weekly. An
// inactive member who signs in again is active again at once (reactivateIfInactive); points that
// expired stay expired.
//
// Safe from cron on any number of instances, and idempotent: every change is made under the
// member's row lock taken with SKIP LOCKED after re-checking the member still qualifies, so two
// passes at once share the members instead of repeating them; and the expiry's ledger source is
// unique per member and inactivity period, so even a repeated pass can expire a period only once.

export const INACTIVE_AFTER_MONTHS = 6;
export const WARNING_DAYS = 14;
/** Members per statement: large enough to be quick, small enough that locks are held briefly. */
export const INACTIVITY_BATCH_SIZE = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

export const INACTIVITY_WARNING_SUBJECT = `Your ${PRODUCT_NAME} account will soon become inactive`;

export interface InactivityOptions {
  /** The clock, injected by tests. */
  now?: Date;
  batchSize?: number;
  db?: PrismaClient;
}

export interface InactivityResult {
  warned: number;
  expired: number;
  erased: number;
}

/** One pass of the job: warnings, then expiry, then erasure. */
export async function runInactivityPass({
  now = new Date(),
  batchSize = INACTIVITY_BATCH_SIZE,
  db = getPrisma(),
}: InactivityOptions = {}): Promise<InactivityResult> {
  const warned = await warnMembers(db, now, batchSize);
  const expired = await expireMembers(db, now, batchSize);
  const erased = await eraseClosedMembers(db, now, batchSize);
  // The saved pages of questionnaires left unfinished are kept 30 days (decision 075).
  await purgeStaleDrafts(db, now);
  // What the identity signals keep to compare has its own, shorter life (decision 070).
  await purgeIdentityTraces(db, now);
  // Registration drafts live 24 hours (decision 076); expired ones are never used, and go here.
  await purgeExpiredRegistrationDrafts(db, now);
  return { warned, expired, erased };
}

/**
 * An inactive member who signs in again is active again, from now: a new inactivity period starts
 * (a new warning, a new expiry source). The expired points are not returned: the terms zeroed them.
 * Called by password and Google sign-in before the session starts; closed accounts never reopen here.
 */
export async function reactivateIfInactive(memberId: number, db: PrismaClient = getPrisma()): Promise<boolean> {
  const { count } = await db.member.updateMany({
    where: { id: memberId, status: "inactive" },
    data: { status: "active", lastActiveAt: new Date() },
  });
  return count > 0;
}

/** The same instant `months` calendar months earlier (UTC), on the last day when that month is shorter. */
export function monthsBefore(instant: Date, months: number): Date {
  const year = instant.getUTCFullYear();
  const month = instant.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(instant.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      instant.getUTCHours(),
      instant.getUTCMinutes(),
      instant.getUTCSeconds(),
      instant.getUTCMilliseconds(),
    ),
  );
}

// ─── In the app ───

const RUNNING = Symbol.for("survey-panel.inactivity-job");
/** A minute after start (not during boot, when the first requests arrive), then once a day. */
const FIRST_PASS_MS = 60_000;
const PASS_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface InactivitySchedule {
  /** Ends the schedule; waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Runs the pass inside the app's process, once a day, like the mail worker: on the embedded
 * database no other process may open the data folder, so without this a panel on PGlite would
 * never expire anything. On PostgreSQL every instance runs it; the pass is safe to run on several
 * at once. INACTIVITY_JOB=0 leaves it to cron (`npm run jobs -- inactivity`).
 */
export function startInactivityJobInApp({
  firstPassMs = FIRST_PASS_MS,
  intervalMs = PASS_INTERVAL_MS,
  log = console,
}: {
  firstPassMs?: number;
  intervalMs?: number;
  log?: Pick<Console, "error" | "log">;
} = {}): InactivitySchedule | null {
  const registry = globalThis as { [RUNNING]?: InactivitySchedule };
  if (registry[RUNNING] || getEnv().INACTIVITY_JOB === "0") return null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = (delay: number) => {
    // Unref'd: a waiting schedule never keeps the process alive on its own.
    timer = setTimeout(() => {
      running = runInactivityPass()
        .then((pass) => {
          if (pass.warned + pass.expired + pass.erased > 0) {
            log.log(`[inactivity] warned ${pass.warned}, set inactive ${pass.expired}, erased ${pass.erased}`);
          }
        })
        .catch((error: unknown) => log.error("[inactivity] pass failed", error))
        .finally(() => {
          if (!stopped) schedule(intervalMs);
        });
    }, delay);
    timer.unref();
  };
  schedule(firstPassMs);
  const job: InactivitySchedule = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      delete registry[RUNNING];
    },
  };
  registry[RUNNING] = job;
  onShutdown("jobs", "inactivity job", () => job.stop());
  return job;
}

// ─── 1. Warnings ───

/**
 * Due: active, last active more than 6 months minus 14 days ago, not yet warned since. Each batch
 * is one transaction: the rows are claimed and stamped by one UPDATE (SKIP LOCKED, so another
 * instance takes other rows; a row it has just stamped no longer qualifies), and the mails are
 * queued in the same transaction, so a member is warned exactly once per period. The mail worker
 * sends them (docs/decisions/024-invitations.md).
 */
async function warnMembers(db: PrismaClient, now: Date, batchSize: number): Promise<number> {
  const warnBefore = new Date(monthsBefore(now, INACTIVE_AFTER_MONTHS).getTime() + WARNING_DAYS * DAY_MS);
  const deadline = new Date(now.getTime() + WARNING_DAYS * DAY_MS);
  const template = await warningTemplates(deadline);
  let total = 0;
  for (;;) {
    const warned = await db.$transaction(async (tx) => {
      const members = await tx.$queryRaw<
        { email: string; firstName: string; pointsBalance: number; language: string | null }[]
      >`
        UPDATE "Member" m SET "inactivityWarnedAt" = ${utc(now)}, "updatedAt" = ${utc(now)}
        WHERE m."id" IN (
          SELECT d."id" FROM "Member" d
          WHERE d."status" = 'active'
            AND d."lastActiveAt" < ${utc(warnBefore)}
            AND (d."inactivityWarnedAt" IS NULL OR d."inactivityWarnedAt" < d."lastActiveAt")
          ORDER BY d."id"
          LIMIT ${batchSize}::int
          FOR UPDATE SKIP LOCKED)
        RETURNING m."email", m."firstName", m."pointsBalance", m."language"`;
      if (members.length > 0) {
        await tx.queuedMail.createMany({
          data: members.map((member) => ({ to: member.email, ...template(member), sendAfter: now, createdAt: now })),
        });
      }
      return members.length;
    });
    total += warned;
    // A short batch means nothing is left but rows another instance holds.
    if (warned < batchSize) return total;
  }
}

type WarnedMember = { firstName: string; pointsBalance: number; language: string | null };

/** The warning mail, in each member's language. The only link is the login page: no member id, no token. */
async function warningTemplates(deadline: Date) {
  const templates = new Map(
    await Promise.all(
      LANGUAGES.map(async (language) => [language, await warningTemplate(deadline, language)] as const),
    ),
  );
  return (member: WarnedMember) => templates.get(mailLanguage(member.language))!(member);
}

async function warningTemplate(deadline: Date, language: Language) {
  const words = await mailWords(language);
  const { tMail } = words;
  const base = getEnv().APP_URL.replace(/\/+$/, "");
  const login = `${base}/login`;
  const date = words.date(deadline);
  return ({ firstName, pointsBalance }: WarnedMember) => {
    const lines = [
      tMail("You have not signed in to {{product}} for almost {{months}} months.", {
        product: PRODUCT_NAME,
        months: INACTIVE_AFTER_MONTHS,
      }),
      pointsBalance > 0
        ? tMail(
            "Under our terms, if you do not sign in by {{date}}, your account will be set inactive and your {{points}} points will expire.",
            { date, count: pointsBalance, points: words.points(pointsBalance) },
          )
        : tMail("Under our terms, if you do not sign in by {{date}}, your account will be set inactive.", { date }),
      tMail("Signing in once keeps your account active."),
    ];
    const hello = tMail("Hello {{name}},", { name: firstName });
    return {
      subject: tMail("Your {{product}} account will soon become inactive", { product: PRODUCT_NAME }),
      text: [hello, "", ...lines, "", tMail("Sign in: {{link}}", { link: login }), ""].join("\n"),
      html: [
        `<p>${escapeHtml(hello)}</p>`,
        ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
        `<p><a href="${escapeHtml(login)}">${escapeHtml(tMail("Sign in"))}</a></p>`,
      ].join("\n"),
    };
  };
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

// ─── 2. Expiry ───

/**
 * Due: active, last active more than 6 months ago, and warned in this period at least 14 days ago
 * (a member is never expired without the notice the terms promise, even when the job did not run
 * during the 14 days before the 6 months were up).
 */
function expiryDue(now: Date): Prisma.Sql {
  return Prisma.sql`"status" = 'active'
    AND "lastActiveAt" < ${utc(monthsBefore(now, INACTIVE_AFTER_MONTHS))}
    AND "inactivityWarnedAt" >= "lastActiveAt"
    AND "inactivityWarnedAt" <= ${utc(new Date(now.getTime() - WARNING_DAYS * DAY_MS))}`;
}

async function expireMembers(db: PrismaClient, now: Date, batchSize: number): Promise<number> {
  return forEachDue(db, expiryDue(now), batchSize, async (tx, id) => {
    const [member] = await tx.$queryRaw<{ id: number; pointsBalance: number; period: string }[]>`
      SELECT "id", "pointsBalance", to_char("lastActiveAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "period"
      FROM "Member" WHERE "id" = ${id}::int AND ${expiryDue(now)}
      FOR UPDATE SKIP LOCKED`;
    if (!member) return false;
    await tx.member.update({ where: { id: member.id }, data: { status: "inactive" } });
    if (member.pointsBalance > 0) {
      // The period is named by the last activity it follows: a member who comes back and goes
      // quiet again starts a new period with a new source.
      await debitPoints(tx, {
        memberId: member.id,
        points: member.pointsBalance,
        type: "expiry",
        source: `inactivity:member:${member.id}:since:${member.period}`,
        remark: `Points expired: no activity for ${INACTIVE_AFTER_MONTHS} months`,
      });
    }
    return true;
  });
}

// ─── 3. Erasure ───

function erasureDue(now: Date): Prisma.Sql {
  return Prisma.sql`"status" = 'closed'
    AND "erasedAt" IS NULL
    AND "deletionRequestedAt" <= ${utc(new Date(now.getTime() - ERASURE_GRACE_DAYS * DAY_MS))}`;
}

async function eraseClosedMembers(db: PrismaClient, now: Date, batchSize: number): Promise<number> {
  return forEachDue(db, erasureDue(now), batchSize, async (tx, id) => {
    const [member] = await tx.$queryRaw<{ id: number; email: string; pointsBalance: number }[]>`
      SELECT "id", "email", "pointsBalance" FROM "Member" WHERE "id" = ${id}::int AND ${erasureDue(now)}
      FOR UPDATE SKIP LOCKED`;
    if (!member) return false;
    await eraseMember(tx, member, now);
    return true;
  });
}

// ─── Shared ───

/**
 * Walks the due members in id order, a batch of ids at a time (a plain read, no locks), and handles
 * each in a transaction of its own. The handler re-checks the member under its row lock and skips
 * it when another instance holds it or has already handled it. Returns how many it handled.
 */
async function forEachDue(
  db: PrismaClient,
  due: Prisma.Sql,
  batchSize: number,
  handle: (tx: Tx, memberId: number) => Promise<boolean>,
): Promise<number> {
  let handled = 0;
  let after = 0;
  for (;;) {
    const batch = await db.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "Member" WHERE "id" > ${after}::int AND ${due} ORDER BY "id" LIMIT ${batchSize}::int`;
    for (const { id } of batch) {
      if (await db.$transaction((tx) => handle(tx, id))) handled += 1;
    }
    if (batch.length < batchSize) return handled;
    after = batch[batch.length - 1].id;
  }
}
