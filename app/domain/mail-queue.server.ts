import type { PrismaClient } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { onShutdown } from "~/lib/lifecycle.server";
import {
  BULK_INVITATION_TRANSACTION,
  forgetStaleInvitations,
  queueChangedMemberInvitations,
  queueInvitations,
  queueRequestedInvitations,
} from "./invitations.server";
import { sendMail, type Mail } from "./mail.server";
import { getEnv } from "~/lib/env.server";

// The mail worker: drains QueuedMail through sendMail. Several workers (one per app instance, or
// `npm run jobs -- mail`) may run against one PostgreSQL: a batch is claimed with FOR UPDATE SKIP
// LOCKED and leased by moving its sendAfter forward in the same statement, so no two workers ever
// hold the same row, and no transaction stays open while mail is on the wire. A worker that dies
// mid-batch loses nothing: its rows come due again when the lease ends (at-least-once delivery).
// See docs/decisions/024-invitations.md.

/** Rows claimed per statement: small, so that workers share a large queue evenly. */
export const MAIL_BATCH_SIZE = 20;
/** Attempts before a mail is marked failed for good. */
export const MAIL_MAX_ATTEMPTS = 5;
/** Longer than nodemailer's own timeouts, so a slow send is not picked up again meanwhile. */
const LEASE_MS = 15 * 60_000;
/** Pause between passes of the running worker. */
const IDLE_MS = 5_000;
/** How often the running worker queues the summaries held back from earlier days. */
const INVITATION_PASS_MS = 10 * 60_000;
/** How long one pass may spend on audience sweeps and on changed members, each, before draining. */
const INVITATION_BATCHES_MS = 10_000;

export type SendMail = (mail: Mail) => Promise<void>;

export interface DrainOptions {
  /** The clock, injected by tests. */
  now?: () => Date;
  /** The sender; sendMail (SMTP or the file outbox) unless a test injects another. */
  send?: SendMail;
  batchSize?: number;
  maxAttempts?: number;
  db?: PrismaClient;
}

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
}

interface ClaimedMail extends Mail {
  id: number;
  attempts: number;
}

/** Delay before the next attempt: 1 min, 4 min, 16 min, 64 min …, at most a day. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 4 ** Math.max(0, attempts - 1), 24 * 60 * 60_000);
}

/** Sends every mail that is due now, batch by batch, and returns what happened to them. */
export async function drainMailQueue(options: DrainOptions = {}): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
  // Each pass claims rows that are due at its start; rows put back for a retry are due later,
  // so the loop ends.
  for (;;) {
    const claimed = await claimBatch(options);
    if (claimed.length === 0) return result;
    const outcome = await sendBatch(claimed, options);
    result.sent += outcome.sent;
    result.retried += outcome.retried;
    result.failed += outcome.failed;
  }
}

/** One statement: picks due rows no other worker holds, counts the attempt and leases them. */
async function claimBatch({ now = () => new Date(), batchSize = MAIL_BATCH_SIZE, db = getPrisma() }: DrainOptions) {
  const at = now();
  return db.$queryRaw<ClaimedMail[]>`
    UPDATE "QueuedMail" q
    SET "attempts" = q."attempts" + 1, "sendAfter" = (${new Date(at.getTime() + LEASE_MS).toISOString()}::timestamptz AT TIME ZONE 'UTC')
    WHERE q."id" IN (
      SELECT d."id" FROM "QueuedMail" d
      WHERE d."status" = 'queued' AND d."sendAfter" <= (${at.toISOString()}::timestamptz AT TIME ZONE 'UTC')
      ORDER BY d."sendAfter", d."id"
      LIMIT ${batchSize}::int
      FOR UPDATE SKIP LOCKED)
    RETURNING q."id", q."to", q."subject", q."text", q."html", q."attempts"`;
}

async function sendBatch(claimed: ClaimedMail[], options: DrainOptions): Promise<DrainResult> {
  const { now = () => new Date(), send = sendMail, maxAttempts = MAIL_MAX_ATTEMPTS, db = getPrisma() } = options;
  const sent: number[] = [];
  let retried = 0;
  let failed = 0;
  // One at a time: an SMTP server throttles a burst from one client anyway, and a batch is small.
  for (const mail of claimed) {
    try {
      await send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      sent.push(mail.id);
    } catch (error) {
      const final = mail.attempts >= maxAttempts;
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      await db.queuedMail.update({
        where: { id: mail.id },
        data: final
          ? { status: "failed", lastError }
          : { lastError, sendAfter: new Date(now().getTime() + retryDelayMs(mail.attempts)) },
      });
      if (final) failed += 1;
      else retried += 1;
    }
  }
  if (sent.length > 0) {
    await db.queuedMail.updateMany({
      where: { id: { in: sent } },
      data: { status: "sent", sentAt: now(), lastError: null },
    });
  }
  return { sent: sent.length, retried, failed };
}

/** Queues the invitation summaries that earlier days held back (scope: every member). */
export async function queuePendingInvitations(now: Date = new Date(), db: PrismaClient = getPrisma()): Promise<number> {
  return db.$transaction(async (tx) => {
    await forgetStaleInvitations(tx);
    return queueInvitations(tx, "all", now);
  }, BULK_INVITATION_TRANSACTION);
}

/**
 * One pass of the worker: the sweeps of audiences that asked for their invitations and the members
 * who came to match an audience (every pass, so they go out within seconds; each is one indexed
 * probe when there is nothing to do, and stops after INVITATION_BATCHES_MS, the next pass going on
 * where it stopped), the held-back summaries (when asked), then the queue.
 */
export async function runMailPass({ invitations, ...options }: DrainOptions & { invitations: boolean }) {
  const db = options.db ?? getPrisma();
  const now = options.now?.() ?? new Date();
  let invited = await queueRequestedInvitations(db, now, { until: Date.now() + INVITATION_BATCHES_MS });
  invited += await queueChangedMemberInvitations(db, now, { until: Date.now() + INVITATION_BATCHES_MS });
  if (invitations) invited += await queuePendingInvitations(now, db);
  return { invited, ...(await drainMailQueue(options)) };
}

export interface MailWorker {
  /** Ends the loop after the current pass; resolves when it has ended. */
  stop(): Promise<void>;
}

/**
 * Runs passes until stopped: the queue every few seconds, held-back invitations every few minutes.
 * A failing pass (the database restarting, say) is logged and tried again at the next tick.
 */
export function startMailWorker({
  log = console,
  ...options
}: DrainOptions & { log?: Pick<Console, "error" | "log"> } = {}): MailWorker {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let lastInvitationPass = -Infinity;

  const loop = (async () => {
    while (!stopping) {
      try {
        const invitations = Date.now() - lastInvitationPass >= INVITATION_PASS_MS;
        const pass = await runMailPass({ ...options, invitations });
        if (invitations) lastInvitationPass = Date.now();
        if (pass.invited + pass.sent + pass.retried + pass.failed > 0) {
          log.log(
            `[mail] invitations queued ${pass.invited}, sent ${pass.sent}, retry later ${pass.retried}, failed ${pass.failed}`,
          );
        }
      } catch (error) {
        log.error("[mail] pass failed", error);
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        // Unref'd: a waiting worker never keeps the process alive on its own.
        timer = setTimeout(resolve, IDLE_MS);
        timer.unref();
      });
    }
  })();

  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}

const RUNNING = Symbol.for("survey-panel.mail-worker");

/**
 * Starts the worker inside the app's process, once per process (the development server reloads
 * modules; the symbol on globalThis survives that). It shares the app's database: with PGlite no
 * other process may open the data folder, so the app itself must drain its queue. MAIL_WORKER=0
 * leaves it to separate `npm run jobs -- mail` processes.
 */
export function startMailWorkerInApp(): void {
  const registry = globalThis as { [RUNNING]?: MailWorker };
  if (registry[RUNNING] || getEnv().MAIL_WORKER === "0") return;
  const worker = startMailWorker();
  registry[RUNNING] = worker;
  // A signal ends the loop after its current pass; the production server (scripts/server.ts) waits
  // for that, through the shutdown hook, before it closes the database.
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void worker.stop());
  onShutdown("jobs", "mail worker", () => worker.stop());
}
