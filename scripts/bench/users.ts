// Users Records at 1,000,000 members: seeds them with set-based INSERT … SELECT generate_series,
// then times the first page, the last page and an e-mail prefix search through the same domain
// functions the /admin/users loader calls. DATABASE_URL picks the database; by default a scratch
// PGlite folder under /tmp (never ./data).
import { migrateDatabase, openDatabase } from "../../app/lib/db.server";
import { getDashboardFigures } from "../../app/domain/admin-dashboard.server";
import { findMemberByEmail, getUsersRecordsTotals, listMemberRecords } from "../../app/domain/member-records.server";
import { benchDatabase, report, time } from "./measure";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BATCH = 100_000;
const DOMAIN = "bench.example";
// A month in the middle of the seeded 1,000 days of sign-ups.
const MONTH = (() => {
  const from = new Date(Date.now() - 500 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() - 470 * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
})();

export async function run(): Promise<void> {
  const target = benchDatabase("users");
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
          INSERT INTO "Member" ("firstName", "lastName", "email", "emailVerifiedAt", "country", "state", "mobile", "status", "createdAt", "updatedAt")
          SELECT CASE WHEN n % 10 = 0 THEN '' ELSE 'Bench' END, 'Member ' || n,
                 'user' || lpad(n::text, 7, '0') || ${`@${DOMAIN}`},
                 CASE WHEN n % 3 = 0 THEN NULL ELSE now() END,
                 (ARRAY['IN', 'US', 'GB', 'DE'])[1 + n % 4], 'State ' || (n % 30),
                 '+9198' || lpad(n::text, 8, '0'),
                 -- Mostly active, as a real panel: 2% inactive, 0.2% closed.
                 (CASE WHEN n % 500 = 0 THEN 'closed' WHEN n % 50 = 0 THEN 'inactive' ELSE 'active' END)::"MemberStatus",
                 -- Sign-ups spread over the last 1,000 days, as in a panel that has been running a while.
                 now() - ((${MEMBERS}::int - n)::float8 / ${MEMBERS}::int) * interval '1000 days', now()
          FROM generate_series(${from}::int, ${to}::int) AS n`;
        process.stdout.write(`\rSeeded ${to.toLocaleString("en-US")} members`);
      }
      await prisma.$executeRawUnsafe(`ANALYZE "Member"`);
      console.log(
        `\nSeeding ${(MEMBERS - start).toLocaleString("en-US")} members took ${((performance.now() - began) / 1000).toFixed(1)} s`,
      );
    } else {
      console.log(`${start.toLocaleString("en-US")} bench members already there; not seeding.`);
    }

    const cases: [string, () => Promise<unknown>][] = [
      ["first page", () => listMemberRecords(prisma, { cursor: null })],
      ["next page (after=500000)", () => listMemberRecords(prisma, { cursor: { after: 500_000 } })],
      ["last page", () => listMemberRecords(prisma, { cursor: { last: true } })],
      ["email prefix search 'user04242'", () => listMemberRecords(prisma, { emailPrefix: "user04242", cursor: null })],
      ["email exact search", () => findMemberByEmail(prisma, `user0424242@${DOMAIN}`)],
      ["member id search", () => listMemberRecords(prisma, { id: "424242", cursor: null })],
      [
        "name prefix search 'bench member 4242'",
        () => listMemberRecords(prisma, { name: "bench member 4242", cursor: null }),
      ],
      ["phone search '+919800424242'", () => listMemberRecords(prisma, { phone: "+919800424242", cursor: null })],
      ["newest first, first page", () => listMemberRecords(prisma, { sort: "newest", cursor: null })],
      ["newest first, after=500000", () => listMemberRecords(prisma, { sort: "newest", cursor: { after: 500_000 } })],
      ["country GB, after=500000", () => listMemberRecords(prisma, { country: "GB", cursor: { after: 500_000 } })],
      [
        "status closed, newest, last page",
        () => listMemberRecords(prisma, { status: "closed", sort: "newest", cursor: { last: true } }),
      ],
      [
        "country GB + status inactive, first page",
        () => listMemberRecords(prisma, { country: "GB", status: "inactive", cursor: null }),
      ],
      [
        "sign-up dates (one month), after=500000",
        () => listMemberRecords(prisma, { from: MONTH.from, to: MONTH.to, cursor: { after: 500_000 } }),
      ],
    ];
    for (const [label, work] of cases) report(label, await time(work, RUNS));
    // The cards count every row: reported for reference, with fewer runs (they are not keyset-bound).
    report("Users Records cards (counts)", await time(() => getUsersRecordsTotals(prisma), Math.min(RUNS, 20)));
    report("dashboard cards (counts and sums)", await time(() => getDashboardFigures(prisma), Math.min(RUNS, 20)));
  } finally {
    await database.close();
  }
}
