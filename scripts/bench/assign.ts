// Survey assignment at 1,000,000 members: seeds them set-based (INSERT … SELECT generate_series),
// assigns one new survey to all of them through the same domain function as the assign form
// ('Assign to all Users': one INSERT … SELECT), runs it again (nothing left to add), then gives one
// member 10,000 assignments and times the member dashboard's survey query (listAvailableSurveys).
// DATABASE_URL picks the database; by default a scratch PGlite folder under /tmp (never ./data).
import { migrateDatabase, openDatabase, provideDatabase } from "../../app/lib/db.server";
import { assignToAllEligible, findAssignSurvey } from "../../app/domain/assignments.server";
import { listAvailableSurveys } from "../../app/domain/member-surveys.server";
import { seedCategories } from "../../app/domain/seed.server";
import { benchDatabase, report, time } from "./measure";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const MEMBER_ASSIGNMENTS = Number(process.env.BENCH_MEMBER_ASSIGNMENTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BATCH = 100_000;
const DOMAIN = "assign-bench.example";

export async function run(): Promise<void> {
  const target = benchDatabase("assign");
  await migrateDatabase(target);
  const database = openDatabase(target);
  // The domain functions use the app's database; this one is it for the run.
  provideDatabase(database);
  const prisma = database.prisma;
  try {
    await seedCategories(prisma);
    await seedMembers(prisma);
    const admin = await prisma.admin.upsert({
      where: { email: `bench@${DOMAIN}` },
      create: { email: `bench@${DOMAIN}`, name: "Bench Admin", passwordHash: "-" },
      update: {},
    });

    // A new survey each run, so that every run assigns to the whole panel.
    const created = await prisma.survey.create({
      data: {
        name: `Assign bench ${new Date().toISOString()}`,
        slug: `assign-bench-${Date.now()}`,
        categoryId: 30,
        points: 10,
        lengthMinutes: 5,
        launched: true,
        delivery: "external",
        externalUrl: "https://vendor.example/s?rid={token}",
        returnSecret: "0".repeat(64),
      },
    });
    const survey = (await findAssignSurvey(created.id))!;
    const eligible = await prisma.member.count({ where: { status: "active", emailVerifiedAt: { not: null } } });
    for (const label of ["assign to all (first run)", "assign to all (again: none left)"]) {
      const began = performance.now();
      const result = await assignToAllEligible(admin, survey, { screenerId: null, points: 10 });
      const seconds = (performance.now() - began) / 1000;
      if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
      console.log(
        `${label.padEnd(42)} ${result.count.toLocaleString("en-US").padStart(9)} assignments in ${seconds.toFixed(2)} s`,
      );
    }
    const assigned = await prisma.assignment.count({ where: { surveyId: survey.id } });
    if (assigned !== eligible) throw new Error(`Assigned ${assigned}, expected ${eligible}`);

    const member = await prisma.member.findUniqueOrThrow({
      where: { email: `user0000001@${DOMAIN}` },
      select: { id: true },
    });
    await seedMemberAssignments(prisma, member.id, admin.id);
    const cases: [string, () => Promise<unknown>][] = [
      ["dashboard surveys, page 1", () => listAvailableSurveys(member.id, 1)],
      ["dashboard surveys, page 300", () => listAvailableSurveys(member.id, 300)],
    ];
    for (const [label, work] of cases) report(label, await time(work, RUNS));
  } finally {
    await database.close();
  }
}

type Prisma = ReturnType<typeof openDatabase>["prisma"];

async function seedMembers(prisma: Prisma) {
  const [{ existing }] = await prisma.$queryRaw<{ existing: bigint }[]>`
    SELECT count(*) AS existing FROM "Member" WHERE "email" LIKE ${`%@${DOMAIN}`}`;
  const start = Number(existing);
  if (start >= MEMBERS) {
    console.log(`${start.toLocaleString("en-US")} bench members already there; not seeding.`);
    return;
  }
  const began = performance.now();
  for (let from = start + 1; from <= MEMBERS; from += BATCH) {
    const to = Math.min(from + BATCH - 1, MEMBERS);
    // Every member active and verified, so that 'all' is the whole million.
    await prisma.$executeRaw`
      INSERT INTO "Member" ("firstName", "lastName", "email", "emailVerifiedAt", "country", "createdAt", "updatedAt")
      SELECT 'Bench', 'Member ' || n, 'user' || lpad(n::text, 7, '0') || ${`@${DOMAIN}`}, now(),
             (ARRAY['IN', 'US', 'GB', 'DE'])[1 + n % 4], now(), now()
      FROM generate_series(${from}::int, ${to}::int) AS n`;
    process.stdout.write(`\rSeeded ${to.toLocaleString("en-US")} members`);
  }
  await prisma.$executeRawUnsafe(`ANALYZE "Member"`);
  console.log(
    `\nSeeding ${(MEMBERS - start).toLocaleString("en-US")} members took ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );
}

/**
 * 10,000 surveys (nine in ten launched) and one assignment of each to the member: seven in ten
 * open (Assigned or Started), the rest ended, spread over a year, as a long-standing member has.
 */
async function seedMemberAssignments(prisma: Prisma, memberId: number, adminId: number) {
  const existing = await prisma.assignment.count({
    where: { memberId, survey: { slug: { startsWith: "dash-bench-" } } },
  });
  if (existing >= MEMBER_ASSIGNMENTS) return;
  await prisma.$executeRaw`
    INSERT INTO "Survey" ("name", "slug", "descriptionHtml", "categoryId", "points", "lengthMinutes", "launched", "delivery", "externalUrl", "returnSecret", "createdAt", "updatedAt")
    SELECT 'Dashboard bench ' || n, 'dash-bench-' || n, '<p>A survey about things.</p>', 1 + n % 27, 10 + n % 90, 5 + n % 20,
           n % 10 <> 0, 'external', 'https://vendor.example/s?rid={token}', repeat('0', 64), now(), now()
    FROM generate_series(1, ${MEMBER_ASSIGNMENTS}::int) AS n
    ON CONFLICT DO NOTHING`;
  await prisma.$executeRaw`
    INSERT INTO "Assignment" ("surveyId", "memberId", "status", "points", "respondentToken", "assignedById", "createdAt", "updatedAt")
    SELECT s."id", ${memberId}::int, CASE WHEN n % 10 < 6 THEN 1 WHEN n % 10 = 6 THEN 2 ELSE 3 + n % 4 END::smallint,
           s."points", md5(random()::text || n::text), ${adminId}::int,
           now() - (n % 365) * interval '1 day', now()
    FROM (SELECT "id", "points", row_number() OVER (ORDER BY "id") AS n FROM "Survey" WHERE "slug" LIKE 'dash-bench-%') s
    ON CONFLICT DO NOTHING`;
  await prisma.$executeRawUnsafe(`ANALYZE "Assignment"`);
  await prisma.$executeRawUnsafe(`ANALYZE "Survey"`);
  const total = await prisma.assignment.count({ where: { memberId } });
  console.log(`The member holds ${total.toLocaleString("en-US")} assignments.`);
}
