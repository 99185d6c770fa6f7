// Users Records at 1,000,000 members: seeds them with set-based INSERT … SELECT generate_series,
// then times the first page, the last page and an e-mail prefix search through the same domain
// functions the /admin/users loader calls. DATABASE_URL picks the database; by default a scratch
// PGlite folder under /tmp (never ./data).
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseDatabaseUrl } from "../../app/lib/database-url";
import { migrateDatabase, openDatabase } from "../../app/lib/db.server";
import { getDashboardFigures } from "../../app/domain/admin-dashboard.server";
import {
  findMemberByEmail,
  getUsersRecordsTotals,
  listMemberRecords,
} from "../../app/domain/member-records.server";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BATCH = 100_000;
const DOMAIN = "bench.example";

export async function run(): Promise<void> {
  const url = process.env.DATABASE_URL?.trim() || "pglite:/tmp/panel-bench-users/db";
  const target = parseDatabaseUrl(url);
  if (target.kind === "pglite" && (target.dataDir === null || target.dataDir.startsWith("./data") || target.dataDir.startsWith("data"))) {
    throw new Error("The users benchmark needs a scratch PGlite folder (pglite:/tmp/…), not memory or ./data.");
  }
  console.log(`Database: ${target.kind === "postgres" ? "PostgreSQL" : `PGlite ${target.dataDir}`}`);
  console.log(`Machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}`);
  await migrateDatabase(target);
  const database = openDatabase(target);
  const prisma = database.prisma;
  try {
    const [{ existing }] = await prisma.$queryRaw<{ existing: bigint }[]>`
      SELECT count(*) AS existing FROM "Member" WHERE "email" LIKE ${`%@${DOMAIN}`}`;
    const start = Number(existing);
    if (start < MEMBERS) {
      const began = performance.now();
      for (let from = start + 1; from <= MEMBERS; from += BATCH) {
        const to = Math.min(from + BATCH - 1, MEMBERS);
        await prisma.$executeRaw`
          INSERT INTO "Member" ("firstName", "lastName", "email", "emailVerifiedAt", "country", "state", "createdAt", "updatedAt")
          SELECT CASE WHEN n % 10 = 0 THEN '' ELSE 'Bench' END, 'Member ' || n,
                 'user' || lpad(n::text, 7, '0') || ${`@${DOMAIN}`},
                 CASE WHEN n % 3 = 0 THEN NULL ELSE now() END,
                 (ARRAY['IN', 'US', 'GB', 'DE'])[1 + n % 4], 'State ' || (n % 30),
                 -- Sign-ups spread over the last 1,000 days, as in a panel that has been running a while.
                 now() - ((${MEMBERS}::int - n)::float8 / ${MEMBERS}::int) * interval '1000 days', now()
          FROM generate_series(${from}::int, ${to}::int) AS n`;
        process.stdout.write(`\rSeeded ${to.toLocaleString("en-US")} members`);
      }
      await prisma.$executeRawUnsafe(`ANALYZE "Member"`);
      console.log(`\nSeeding ${(MEMBERS - start).toLocaleString("en-US")} members took ${((performance.now() - began) / 1000).toFixed(1)} s`);
    } else {
      console.log(`${start.toLocaleString("en-US")} bench members already there; not seeding.`);
    }

    const cases: [string, () => Promise<unknown>][] = [
      ["first page", () => listMemberRecords(prisma, { cursor: null })],
      ["next page (after=500000)", () => listMemberRecords(prisma, { cursor: { after: 500_000 } })],
      ["last page", () => listMemberRecords(prisma, { cursor: { last: true } })],
      ["email prefix search 'user04242'", () => listMemberRecords(prisma, { emailPrefix: "user04242", cursor: null })],
      ["email exact search", () => findMemberByEmail(prisma, `user0424242@${DOMAIN}`)],
    ];
    for (const [label, work] of cases) report(label, await time(work, RUNS));
    // The cards count every row: reported for reference, with fewer runs (they are not keyset-bound).
    report("Users Records cards (counts)", await time(() => getUsersRecordsTotals(prisma), Math.min(RUNS, 20)));
    report("dashboard cards (counts and sums)", await time(() => getDashboardFigures(prisma), Math.min(RUNS, 20)));
  } finally {
    await database.close();
  }
}

async function time(work: () => Promise<unknown>, runs: number): Promise<number[]> {
  // Ten unmeasured runs first, so a cold page cache right after opening the database is not timed.
  for (let index = 0; index < 10; index += 1) await work();
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const began = performance.now();
    await work();
    samples.push(performance.now() - began);
  }
  return samples.sort((a, b) => a - b);
}

function report(label: string, sorted: number[]) {
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
  console.log(`${label.padEnd(42)} runs ${String(sorted.length).padStart(4)}  p50 ${at(0.5).toFixed(2).padStart(7)} ms  p99 ${at(0.99).toFixed(2).padStart(7)} ms`);
}
