// The large panel the assign and load benchmarks share, so that one seeding serves both (point
// both at the same DATABASE_URL): 1,000,000 verified members with every required detail and one
// password, the About You answers that demographic audiences target, and the audience model of
// issue 17 (docs/decisions/049-survey-audiences.md): 200 live surveys with an audience, 100 for
// all and 100 by demographics, and one member holding 10,000 explicit assignments. Every step is
// set-based (INSERT … SELECT) and skipped when its rows are already there.
import os from "node:os";
import { TERMS_VERSION } from "../../app/content/pages";
import { hashPassword } from "../../app/domain/passwords.server";
import { listAvailableSurveys } from "../../app/domain/member-surveys.server";
import type { openDatabase } from "../../app/lib/db.server";
import { report, time } from "./measure";

type Prisma = ReturnType<typeof openDatabase>["prisma"];

export const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
export const DOMAIN = "load-bench.example";
export const PASSWORD = "Load#Bench-2026";
const MEMBER_BATCH = 100_000;
const AUDIENCES_ALL = 100;
const AUDIENCES_BY_DEMOGRAPHICS = 100;
const AUDIENCE_SLUG_PREFIX = "load-audience-";
const HEAVY_ASSIGNMENTS = Number(process.env.BENCH_MEMBER_ASSIGNMENTS ?? 10_000);

export function memberEmail(n: number): string {
  return `user${String(n).padStart(7, "0")}@${DOMAIN}`;
}

/** The member with 10,000 explicit assignments (the second one; the first is an ordinary member). */
export const HEAVY_MEMBER = 2;

/** Verified members with every required detail, all with the same password (hashed once). */
export async function seedMembers(prisma: Prisma) {
  const [{ existing }] = await prisma.$queryRaw<{ existing: bigint }[]>`
    SELECT count(*) AS existing FROM "Member" WHERE "email" LIKE ${`%@${DOMAIN}`}`;
  const start = Number(existing);
  if (start >= MEMBERS) {
    console.log(`${start.toLocaleString("en-US")} load-bench members already there; not seeding.`);
    return;
  }
  const passwordHash = await hashPassword(PASSWORD);
  const began = performance.now();
  for (let from = start + 1; from <= MEMBERS; from += MEMBER_BATCH) {
    const to = Math.min(from + MEMBER_BATCH - 1, MEMBERS);
    await prisma.$executeRaw`
      INSERT INTO "Member" ("firstName", "lastName", "email", "emailVerifiedAt", "passwordHash", "country", "state",
                            "city", "pin", "dob", "gender", "lastActiveAt", "createdAt", "updatedAt",
                            "termsAgreedVersion", "termsAgreedAt")
      SELECT 'Load', 'Member ' || n, 'user' || lpad(n::text, 7, '0') || ${`@${DOMAIN}`}, now(), ${passwordHash},
             'IN', 'Karnataka', 'Bengaluru', '560001', date '1970-01-01' + (n % 15000),
             (ARRAY['male', 'female'])[1 + n % 2]::"Gender", now(),
             now() - ((${MEMBERS}::int - n)::float8 / ${MEMBERS}::int) * interval '1000 days', now(),
             -- Agreed to the current terms, or every member page would send them to agree first.
             ${TERMS_VERSION}, now()
      FROM generate_series(${from}::int, ${to}::int) AS n`;
    process.stdout.write(`\rSeeded ${to.toLocaleString("en-US")} members`);
  }
  await prisma.$executeRawUnsafe(`ANALYZE "Member"`);
  console.log(`\nSeeding members took ${seconds(began)} s ${loadNote()}`);
}

interface Targetable {
  questionnaireId: number;
  /** education, then employment (occupation): each with its option ids in their order. */
  questions: { id: number; options: number[] }[];
}

/** The two About You questions the demographic audiences target. Needs seedProfileSurveys first. */
export async function aboutYouTargets(prisma: Prisma): Promise<Targetable> {
  const profile = await prisma.profileSurvey.findUniqueOrThrow({
    where: { path: 1 },
    select: { questionnaireId: true },
  });
  const questions = await Promise.all(
    ["education", "employment"].map((key) =>
      prisma.question.findFirstOrThrow({
        where: { questionnaireId: profile.questionnaireId, key },
        select: { id: true, options: { orderBy: { position: "asc" }, select: { id: true } } },
      }),
    ),
  );
  return {
    questionnaireId: profile.questionnaireId,
    questions: questions.map((question) => ({ id: question.id, options: question.options.map((option) => option.id) })),
  };
}

/**
 * Three in four members answered About You: education and occupation, spread evenly over the
 * options by member id (one response and two Answer rows each, written in one statement).
 */
export async function seedProfileAnswers(prisma: Prisma, targetable: Targetable) {
  const [education, employment] = targetable.questions;
  const [range] = await prisma.$queryRaw<{ first: number | null; last: number | null }[]>`
    SELECT min("id") AS "first", max("id") AS "last" FROM "Member" WHERE "email" LIKE ${`%@${DOMAIN}`}`;
  const [{ done }] = await prisma.$queryRaw<{ done: number | null }[]>`
    SELECT max("memberId") AS "done" FROM "QuestionnaireResponse" WHERE "questionnaireId" = ${targetable.questionnaireId}::int`;
  if (range.first === null || range.last === null) return;
  const start = Math.max(range.first, (done ?? 0) + 1);
  // The last member may be of the quarter that answers nothing: then every answer is there.
  if (start > range.last || (start === range.last && start % 4 === 0)) {
    console.log("About You answers already there; not seeding.");
    return;
  }
  const began = performance.now();
  for (let from = start; from <= range.last; from += MEMBER_BATCH) {
    const to = Math.min(from + MEMBER_BATCH - 1, range.last);
    await prisma.$executeRaw`
      WITH r AS (
        INSERT INTO "QuestionnaireResponse" ("questionnaireId", "memberId", "submittedAt")
        SELECT ${targetable.questionnaireId}::int, m."id", now() FROM "Member" m
        WHERE m."id" BETWEEN ${from}::int AND ${to}::int AND m."email" LIKE ${`%@${DOMAIN}`} AND m."id" % 4 <> 0
        RETURNING "id", "memberId"
      )
      INSERT INTO "Answer" ("responseId", "memberId", "questionId", "optionId")
      SELECT r."id", r."memberId", o."questionId", o."id"
      FROM r JOIN "QuestionOption" o
        ON (o."questionId" = ${education.id}::int AND o."position" = r."memberId" % ${education.options.length}::int)
        OR (o."questionId" = ${employment.id}::int AND o."position" = r."memberId" % ${employment.options.length}::int)`;
    process.stdout.write(`\rAbout You answers up to member id ${to}`);
  }
  await prisma.$executeRawUnsafe(`ANALYZE "QuestionnaireResponse"`);
  await prisma.$executeRawUnsafe(`ANALYZE "Answer"`);
  console.log(`\nSeeding About You answers took ${seconds(began)} s ${loadNote()}`);
}

/**
 * 200 launched surveys with an audience, saved over the last weeks by the admin: 100 for all (one
 * in ten for another country, so not every member matches) and 100 by demographics, each targeting
 * one education option and, for every second one, two occupations (OR within a question, AND across).
 */
export async function seedAudiences(prisma: Prisma, targetable: Targetable, adminId: number) {
  const total = AUDIENCES_ALL + AUDIENCES_BY_DEMOGRAPHICS;
  await prisma.$executeRaw`
    INSERT INTO "Survey" ("name", "slug", "descriptionHtml", "categoryId", "points", "lengthMinutes", "launched",
                          "delivery", "externalUrl", "returnSecret", "country", "createdAt", "updatedAt")
    SELECT 'Audience bench survey ' || n, ${AUDIENCE_SLUG_PREFIX} || n, '<p>A survey for an audience.</p>', 1 + n % 27,
           10 + n % 90, 5 + n % 20, TRUE, 'external', 'https://vendor.example/s?rid={token}', repeat('0', 64),
           CASE WHEN n % 10 = 0 AND n <= ${AUDIENCES_ALL}::int THEN 'US' WHEN n % 2 = 0 THEN 'IN' END,
           now() - (${total}::int - n) * interval '3 hours', now()
    FROM generate_series(1, ${total}::int) AS n
    ON CONFLICT DO NOTHING`;
  const surveys = await prisma.survey.findMany({
    where: { slug: { startsWith: AUDIENCE_SLUG_PREFIX } },
    select: { id: true, slug: true, points: true, createdAt: true },
  });
  const number = (slug: string | null) => Number(slug?.slice(AUDIENCE_SLUG_PREFIX.length));
  const [education, employment] = targetable.questions;
  const targets = surveys
    .filter((survey) => number(survey.slug) > AUDIENCES_ALL)
    .flatMap((survey) => {
      const index = number(survey.slug) - AUDIENCES_ALL - 1;
      const rows = [{ surveyId: survey.id, questionId: education.id, optionId: pick(education.options, index) }];
      if (index % 2 === 1) {
        for (const at of [index, index + 5])
          rows.push({ surveyId: survey.id, questionId: employment.id, optionId: pick(employment.options, at) });
      }
      return rows;
    });
  await prisma.demographicTarget.createMany({ data: targets, skipDuplicates: true });
  const { count } = await prisma.surveyAudience.createMany({
    data: surveys.map((survey) => ({
      surveyId: survey.id,
      points: survey.points,
      assignedById: adminId,
      createdAt: survey.createdAt,
    })),
    skipDuplicates: true,
  });
  // PGlite runs no autovacuum: without statistics its planner guesses these tables' sizes.
  for (const table of ["Survey", "SurveyAudience", "DemographicTarget"])
    await prisma.$executeRawUnsafe(`ANALYZE "${table}"`);
  const audiences = await prisma.surveyAudience.count();
  console.log(`${audiences} survey audiences (${count} new), ${targets.length} demographic targets`);
}

function pick(options: number[], index: number): number {
  return options[index % options.length];
}

/**
 * The heavy member's 10,000 explicit assignments, spread over the explicit surveys (whose slugs start
 * with slugPrefix) over the last year: 100 rounds of each survey, all ended but the newest round,
 * where seven in ten are open (six Assigned, one Started). So the member sees fewer than a hundred
 * open assignments beside their audiences, and the count behind the page links reads all 10,000.
 */
export async function seedHeavyMember(prisma: Prisma, memberId: number, slugPrefix: string, adminId: number) {
  const [{ held }] = await prisma.$queryRaw<{ held: bigint }[]>`
    SELECT count(*) AS "held" FROM "Assignment" WHERE "memberId" = ${memberId}::int`;
  if (Number(held) >= HEAVY_ASSIGNMENTS) {
    console.log(`The member with many assignments holds ${Number(held).toLocaleString("en-US")}; not seeding.`);
    return;
  }
  await prisma.$executeRaw`
    WITH s AS (
      SELECT "id", "points", (row_number() OVER (ORDER BY "id") - 1)::int AS "position", count(*) OVER () AS "surveys"
      FROM "Survey" WHERE "slug" LIKE ${`${slugPrefix}%`}
    ), k AS (
      SELECT k, k >= ${HEAVY_ASSIGNMENTS}::int - (SELECT count(*) FROM s) AS "newest" FROM generate_series(0, ${HEAVY_ASSIGNMENTS - 1}::int) AS k
    )
    INSERT INTO "Assignment" ("surveyId", "memberId", "status", "points", "respondentToken", "assignedById",
                              "endedAt", "createdAt", "updatedAt")
    SELECT s."id", ${memberId}::int, t."status", s."points", md5('load-bench-heavy:' || k.k), ${adminId}::int,
           CASE WHEN t."status" >= 3 THEN now() - (${HEAVY_ASSIGNMENTS}::int - k.k) * interval '50 minutes' END,
           now() - (${HEAVY_ASSIGNMENTS}::int - k.k) * interval '52 minutes', now()
    FROM k JOIN s ON s."position" = k.k % s."surveys"
    CROSS JOIN LATERAL (
      SELECT (CASE WHEN k.newest AND k.k % 10 < 6 THEN 1 WHEN k.newest AND k.k % 10 = 6 THEN 2 ELSE 3 + k.k % 4 END)::smallint AS "status"
    ) AS t
    ON CONFLICT DO NOTHING`;
  await prisma.$executeRawUnsafe(`ANALYZE "Assignment"`);
  const [{ now }] = await prisma.$queryRaw<{ now: bigint }[]>`
    SELECT count(*) AS "now" FROM "Assignment" WHERE "memberId" = ${memberId}::int`;
  console.log(`The member with many assignments holds ${Number(now).toLocaleString("en-US")}.`);
}

/**
 * The member dashboard's survey list (listAvailableSurveys: open assignments plus matched audiences,
 * the count behind the page links) for an ordinary member and the heavy one, through the domain
 * function the dashboard's loader calls, on the database the caller provided.
 */
export async function timeDashboardQueries(ordinaryId: number, heavyId: number, runs: number) {
  const ordinary = await listAvailableSurveys(ordinaryId, 1);
  const heavy = await listAvailableSurveys(heavyId, 1);
  console.log(
    `Dashboard lists: an ordinary member sees ${ordinary.total} surveys, ` +
      `the member with many assignments ${heavy.total} (${heavy.pageCount} pages).`,
  );
  const cases: [string, () => Promise<unknown>][] = [
    ["dashboard surveys, ordinary member, page 1", () => listAvailableSurveys(ordinaryId, 1)],
    ["dashboard surveys, 10,000 assignments, p 1", () => listAvailableSurveys(heavyId, 1)],
    [
      `dashboard surveys, 10,000 assignments, p ${heavy.pageCount}`,
      () => listAvailableSurveys(heavyId, heavy.pageCount),
    ],
  ];
  for (const [label, work] of cases) report(label, await time(work, runs));
}

function seconds(began: number): string {
  return ((performance.now() - began) / 1000).toFixed(1);
}

/** The machine's load beside a figure: the benchmark shares its cores with other work. */
export function loadNote(): string {
  return `(load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")})`;
}
