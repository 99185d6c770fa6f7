// The members CSV export at 1,000,000 members (issue 18, point 4): streams the export through the
// same plan and stream the /admin/users/export.csv route answers with, reading it as fast as a
// client on a fast link would, and samples the process's resident memory (every 25 ms and every
// chunk). The point is that memory stays flat: the peak at 10,000 rows and at 1,000,000 rows
// should be about the same.
// Needs members already in the database (`npm run bench -- users` seeds 1,000,000); DATABASE_URL
// picks the database, by default a scratch PGlite folder under /tmp.
import os from "node:os";
import { performance } from "node:perf_hooks";
import { migrateDatabase, openDatabase, type Tx } from "../../app/lib/db.server";
import { EXPORT_BATCH_SIZE, exportStream, membersPlan } from "../../app/domain/exports.server";
import { benchDatabase } from "./measure";

const MB = 1024 * 1024;

interface Measured {
  rows: number;
  bytes: number;
  seconds: number;
  peakRss: number;
  peakHeap: number;
}

async function measureExport(prisma: Tx, query: string): Promise<Measured> {
  const planned = membersPlan(new URLSearchParams(query));
  if (!planned.ok) throw new Error(planned.messages.join(" "));
  let peakRss = process.memoryUsage.rss();
  let peakHeap = process.memoryUsage().heapUsed;
  const sample = () => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  };
  // PGlite runs queries on this thread, so a timer alone may fire rarely: every chunk samples too.
  const sampler = setInterval(sample, 25);
  let rows = 0;
  let bytes = 0;
  const began = performance.now();
  try {
    const reader = exportStream(planned.plan, {
      prisma,
      onEnd: async (outcome) => void (rows = outcome.rows),
    }).getReader();
    let lines = 0;
    let reported = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      sample();
      for (const byte of value) if (byte === 10) lines += 1;
      if (lines - reported >= 100_000) {
        reported = lines;
        const elapsed = (performance.now() - began) / 1000;
        process.stdout.write(
          `  ${lines.toLocaleString("en-US")} lines in ${elapsed.toFixed(1)} s, RSS ${(process.memoryUsage.rss() / MB).toFixed(0)} MB\n`,
        );
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - began) / 1000;
  return { rows, bytes, seconds, peakRss, peakHeap };
}

export async function run(args: string[]): Promise<void> {
  const target = benchDatabase("export");
  await migrateDatabase(target);
  const database = openDatabase(target);
  const prisma = database.prisma;
  try {
    const [{ members, first, last }] = await prisma.$queryRaw<{ members: bigint; first: Date; last: Date }[]>`
      SELECT count(*) AS members, min("createdAt") AS first, max("createdAt") AS last FROM "Member"`;
    const total = Number(members);
    if (total === 0) throw new Error("No members to export: seed them first with `npm run bench -- users`.");
    // Sign-up dates that hold about 10,000 members, from the middle of the panel's history.
    const span = new Date(last).getTime() - new Date(first).getTime();
    const middle = new Date(first).getTime() + span / 2;
    const days = Math.max(1, Math.round(((10_000 / total) * span) / 86_400_000));
    const from = new Date(middle).toISOString().slice(0, 10);
    const to = new Date(middle + (days - 1) * 86_400_000).toISOString().slice(0, 10);

    const cases: [string, string][] = [
      [`about 10,000 rows (sign-ups ${from} to ${to})`, `from=${from}&to=${to}`],
      [`all ${total.toLocaleString("en-US")} members`, ""],
    ];
    const chosen = args.includes("--small") ? cases.slice(0, 1) : args.includes("--all") ? cases.slice(1) : cases;
    const baseline = process.memoryUsage.rss();
    console.log(`Batch size ${EXPORT_BATCH_SIZE}; resident memory before exporting: ${(baseline / MB).toFixed(0)} MB`);
    for (const [label, query] of chosen) {
      const loadBefore = os.loadavg()[0];
      const result = await measureExport(prisma, query);
      console.log(
        `${label.padEnd(46)} ${result.rows.toLocaleString("en-US").padStart(9)} rows  ` +
          `${(result.bytes / MB).toFixed(1).padStart(6)} MB  ${result.seconds.toFixed(1).padStart(6)} s  ` +
          `${Math.round(result.rows / result.seconds)
            .toLocaleString("en-US")
            .padStart(7)} rows/s  ` +
          `peak RSS ${(result.peakRss / MB).toFixed(0)} MB  peak heap ${(result.peakHeap / MB).toFixed(0)} MB  ` +
          `load ${loadBefore.toFixed(2)} → ${os.loadavg()[0].toFixed(2)}`,
      );
    }
  } finally {
    await database.close();
  }
}
