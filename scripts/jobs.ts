// `npm run jobs -- <job> [--once]`: runs one background job outside the app.
//   mail         drains the mail queue (and queues audience and held-back invitations) until SIGTERM/SIGINT
//   mail --once  one pass, then exits (tests, cron)
//   inactivity   one pass of the inactivity job (warnings, expiry, erasure of deleted accounts), then
//                exits; meant for cron, on any instance, as often as wanted (it is idempotent).
// The app already runs the mail worker in-process (app/entry.server.tsx). On the embedded
// database run this only while the app is stopped: PGlite serves one process. On PostgreSQL any
// number may run beside the app instances. See docs/decisions/024-invitations.md and
// docs/decisions/027-inactivity-and-deletion.md.
import { getDatabaseTarget } from "../app/lib/env.server";
import { openDatabase, provideDatabase } from "../app/lib/db.server";

const jobs: Record<string, (options: { once: boolean }) => Promise<void>> = { mail, inactivity };

async function inactivity(): Promise<void> {
  const { runInactivityPass } = await import("../app/domain/inactivity.server");
  const database = openDatabase(getDatabaseTarget());
  provideDatabase(database);
  try {
    const pass = await runInactivityPass();
    console.log(`[inactivity] warned ${pass.warned}, set inactive ${pass.expired}, erased ${pass.erased}`);
  } finally {
    await database.close();
  }
}

async function mail({ once }: { once: boolean }): Promise<void> {
  const { runMailPass, startMailWorker } = await import("../app/domain/mail-queue.server");
  const database = openDatabase(getDatabaseTarget());
  provideDatabase(database);
  try {
    if (once) {
      const pass = await runMailPass({ invitations: true });
      console.log(
        `invitations queued ${pass.invited}, sent ${pass.sent}, retry later ${pass.retried}, failed ${pass.failed}`,
      );
      return;
    }
    const worker = startMailWorker();
    console.log("[mail] worker running; SIGTERM or SIGINT stops it");
    // The worker's own timer is unref'd (inside the app it must not hold the process open); here
    // the process lives for the worker, until a signal.
    const keepAlive = setInterval(() => undefined, 60 * 60_000);
    await new Promise<void>((resolve) => {
      for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => resolve());
    });
    clearInterval(keepAlive);
    await worker.stop();
    console.log("[mail] worker stopped");
  } finally {
    await database.close();
  }
}

const [job, ...args] = process.argv.slice(2);
const run = job ? jobs[job] : undefined;
if (!run || args.some((arg) => arg !== "--once")) {
  console.error(`Usage: npm run jobs -- <${Object.keys(jobs).join("|")}> [--once]`);
  process.exit(1);
}
await run({ once: args.includes("--once") });
export {};
