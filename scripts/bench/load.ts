// HTTP load on the production build: Landing, the login POST, the member dashboard and the admin
// Users Records page, each measured with autocannon for a few seconds, beside three bare routes
// (scripts/bench/server.ts): a static string from Express (/bench/static), a bare Remix resource
// route (/bench/remix, the yardstick of issue 17's ratios, printed as "÷ Remix") and the cheapest
// document Remix renders (/bench/document). Only the benchmark's server adds them; the app's build
// carries no benchmark route.
//
// It seeds a large panel set-based into the database named by DATABASE_URL (default: a scratch
// PGlite folder under /tmp, never ./data), skipped when already there: 1,000,000 members (panel.ts),
// 100 explicit surveys and 1,000,000 assignments of them, and the audience model (issue 17): 200
// live surveys with an audience (100 for all, 100 by demographics) and one member with 10,000
// explicit assignments. It times the member dashboard's survey list in process, writes member and
// admin sessions straight into the database, and only then starts the benchmark's server on a free
// port (PGlite serves one process). BENCH_RUNS: timed calls of that list; BENCH_MEMBER_ASSIGNMENTS:
// the heavy member's assignments. A folder seeded before issue 17 (six-digit e-mails) is not reused.
// Sizes: BENCH_MEMBERS, BENCH_SURVEYS, BENCH_ASSIGNMENTS; load: BENCH_DURATION (seconds per route),
// BENCH_WARMUP (unmeasured seconds before each), BENCH_CONNECTIONS. BENCH_ONLY=landing,login keeps
// only those routes (and the bare ones); BENCH_PROFILE=<folder> writes the server's CPU profile there.
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { seedCategories, seedProfileSurveys } from "../../app/domain/seed.server";
import { migrateDatabase, openDatabase, provideDatabase } from "../../app/lib/db.server";
import { freePort, hasProductionBuild, productionBuildIssue, startAppServer } from "../../tests/support/app-server";
import { adminSessionCookie, memberSessionCookies } from "../../tests/support/session-cookies";
import { benchDatabase } from "./measure";
import {
  aboutYouTargets,
  DOMAIN,
  HEAVY_MEMBER,
  MEMBERS,
  memberEmail,
  PASSWORD,
  seedAudiences,
  seedHeavyMember,
  seedMembers,
  seedProfileAnswers,
  timeDashboardQueries,
} from "./panel";

const SURVEYS = Number(process.env.BENCH_SURVEYS ?? 100);
const ASSIGNMENTS = Number(process.env.BENCH_ASSIGNMENTS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Only the routes whose names contain one of these words (comma-separated), beside the three bare routes. */
const ONLY = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
/** A folder: the server runs with `node --cpu-prof` and writes its CPU profile there when it stops. */
const PROFILE_DIR = process.env.BENCH_PROFILE?.trim() || null;
const ASSIGNMENT_BATCH = 100_000;
/** Timed calls of the dashboard's query per case, before the server starts. */
const QUERY_RUNS = Number(process.env.BENCH_RUNS ?? 200);
const SLUG_PREFIX = "load-bench-";

// The server must accept the cookies signed here, so both sides use this secret.
process.env.SESSION_SECRET ||= "load-bench-session-secret-0123456789abcdef";

export async function run(): Promise<void> {
  const buildIssue = productionBuildIssue();
  if (!hasProductionBuild()) {
    console.error(`Cannot measure: ${buildIssue}.`);
    process.exitCode = 1;
    return;
  }
  if (buildIssue) console.warn(`Warning: ${buildIssue}; measuring the build as it is.`);
  const perMember = ASSIGNMENTS / MEMBERS;
  if (!Number.isInteger(perMember) || perMember > SURVEYS) {
    throw new Error(`BENCH_ASSIGNMENTS must be a multiple of BENCH_MEMBERS, at most BENCH_SURVEYS times it`);
  }
  const target = benchDatabase("load");
  const databaseUrl = target.kind === "postgres" ? target.url : `pglite:${target.dataDir}`;
  await migrateDatabase(target);
  const database = openDatabase(target);
  let cookies: Cookies;
  try {
    cookies = await seedPanel(database.prisma, perMember);
    provideDatabase(database);
    const [ordinary, heavy] = await memberIds(database.prisma);
    await timeDashboardQueries(ordinary, heavy, QUERY_RUNS);
  } finally {
    await database.close();
  }

  const port = await freePort();
  const logFile = path.join(os.tmpdir(), "panel-bench-load", `server-${Date.now()}.log`);
  console.log(`Starting the benchmark's server (scripts/bench/server.ts) on port ${port} (log: ${logFile})`);
  const server = await startAppServer({
    port,
    logFile,
    command: [
      "node",
      ...(PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : []),
      "--import",
      "tsx",
      "scripts/bench/server.ts",
    ],
    env: {
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: process.env.SESSION_SECRET ?? "",
      APP_URL: `http://127.0.0.1:${port}`,
      // The admin's session is written straight into the database, without a second factor: the
      // benchmark measures the page, not the enrolment rule (decision 037).
      ADMIN_MFA: "optional",
      // The app's own jobs would run in the middle of the measurements.
      MAIL_WORKER: "0",
      INACTIVITY_JOB: "0",
      MAIL_OUTBOX_DIR: path.join(os.tmpdir(), "panel-bench-load", "mail"),
    },
  });
  try {
    const routes = benchRoutes(cookies).filter(
      (route) =>
        ONLY.length === 0 ||
        route.name.startsWith("bare") ||
        ONLY.some((word) => route.name.toLowerCase().includes(word)),
    );
    const rows: Row[] = [];
    console.log(`autocannon: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per route`);
    for (const route of routes) {
      await probe(server.url, route);
      await measure(server.url, route, WARMUP);
      // Requests the warm-up cut off at its end still run on the server (a login's hash does).
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const row = await measure(server.url, route, DURATION);
      rows.push(row);
      console.log(
        `${route.name.padEnd(28)} ${row.requests.toLocaleString("en-US").padStart(7)} requests  ` +
          `load average ${row.loadAverage.toFixed(2)}`,
      );
    }
    printTable(rows);
    const failed = rows.filter((row) => row.problems.length > 0);
    for (const row of failed) console.error(`FAILED ${row.name}: ${row.problems.join("; ")}`);
    if (failed.length > 0) throw new Error(`${failed.length} route(s) answered errors (server log: ${logFile})`);
  } finally {
    await server.stop();
  }
}

type Prisma = ReturnType<typeof openDatabase>["prisma"];

interface Cookies {
  member: string;
  /** The member with 10,000 explicit assignments. */
  heavy: string;
  admin: string;
}

/** Seeds the panel once and returns two members' and an admin's session cookies. */
async function seedPanel(prisma: Prisma, perMember: number): Promise<Cookies> {
  await seedCategories(prisma);
  await seedProfileSurveys(prisma);
  await seedMembers(prisma);
  const targetable = await aboutYouTargets(prisma);
  await seedProfileAnswers(prisma, targetable);
  await seedSurveys(prisma);
  const admin = await prisma.admin.upsert({
    where: { email: `admin@${DOMAIN}` },
    create: { email: `admin@${DOMAIN}`, name: "Load Bench Admin", passwordHash: "-" },
    update: {},
  });
  await seedAssignments(prisma, perMember, admin.id);
  await seedAudiences(prisma, targetable, admin.id);
  const [member, heavy] = await memberIds(prisma);
  await seedHeavyMember(prisma, heavy, SLUG_PREFIX, admin.id);

  // Earlier runs' sessions (the login POSTs make one each) would only grow the table.
  await prisma.$executeRaw`
    DELETE FROM "MemberSession" WHERE "memberId" IN (SELECT "id" FROM "Member" WHERE "email" LIKE ${`%@${DOMAIN}`})`;
  await prisma.adminSession.deleteMany({ where: { adminId: admin.id } });
  const memberCookies = await memberSessionCookies(prisma, [member, heavy]);
  return {
    member: memberCookies.get(member) ?? "",
    heavy: memberCookies.get(heavy) ?? "",
    admin: await adminSessionCookie(prisma, admin.id),
  };
}

/** The ordinary member (the first) and the one with 10,000 explicit assignments. */
async function memberIds(prisma: Prisma): Promise<[number, number]> {
  const find = (n: number) =>
    prisma.member.findUniqueOrThrow({ where: { email: memberEmail(n) }, select: { id: true } }).then((row) => row.id);
  return [await find(1), await find(HEAVY_MEMBER)];
}

/** External surveys, all launched (live), created over the last weeks: the explicitly assigned ones. */
async function seedSurveys(prisma: Prisma) {
  await prisma.$executeRaw`
    INSERT INTO "Survey" ("name", "slug", "descriptionHtml", "categoryId", "points", "lengthMinutes", "launched",
                          "delivery", "externalUrl", "returnSecret", "createdAt", "updatedAt")
    SELECT 'Load bench survey ' || n, ${SLUG_PREFIX} || n, '<p>A survey about everyday things.</p>', 1 + n % 27,
           10 + n % 90, 5 + n % 20, TRUE, 'external', 'https://vendor.example/s?rid={token}', repeat('0', 64),
           now() - (${SURVEYS}::int - n) * interval '1 hour', now()
    FROM generate_series(1, ${SURVEYS}::int) AS n
    ON CONFLICT DO NOTHING`;
}

/**
 * perMember assignments of different surveys to each member, spread evenly over the surveys: six in
 * ten Assigned, one Started, three ended (Complete, Rejected term, Not Allowed). Tokens are derived
 * from member and survey, so a repeated run inserts nothing (ON CONFLICT DO NOTHING).
 */
async function seedAssignments(prisma: Prisma, perMember: number, adminId: number) {
  const [{ existing }] = await prisma.$queryRaw<{ existing: bigint }[]>`
    SELECT count(*) AS existing FROM "Assignment" a JOIN "Survey" s ON s."id" = a."surveyId"
    WHERE s."slug" LIKE ${`${SLUG_PREFIX}%`}`;
  if (Number(existing) >= ASSIGNMENTS) {
    console.log(`${Number(existing).toLocaleString("en-US")} load-bench assignments already there; not seeding.`);
    return;
  }
  const [range] = await prisma.$queryRaw<{ first: number; last: number }[]>`
    SELECT min("id") AS "first", max("id") AS "last" FROM "Member" WHERE "email" LIKE ${`%@${DOMAIN}`}`;
  const step = Math.floor(SURVEYS / perMember);
  const membersPerBatch = Math.max(1, Math.floor(ASSIGNMENT_BATCH / perMember));
  const began = performance.now();
  for (let from = range.first; from <= range.last; from += membersPerBatch) {
    const to = Math.min(from + membersPerBatch - 1, range.last);
    await prisma.$executeRaw`
      WITH s AS (
        SELECT "id", "points", (row_number() OVER (ORDER BY "id") - 1)::int AS "position"
        FROM "Survey" WHERE "slug" LIKE ${`${SLUG_PREFIX}%`}
      ), m AS (
        SELECT "id" FROM "Member" WHERE "id" BETWEEN ${from}::int AND ${to}::int AND "email" LIKE ${`%@${DOMAIN}`}
      )
      INSERT INTO "Assignment" ("surveyId", "memberId", "status", "outcome", "points", "respondentToken",
                                "assignedById", "startedAt", "endedAt", "createdAt", "updatedAt")
      SELECT s."id", m."id", t."status", t."outcome"::"AssignmentOutcome", s."points",
             md5('load-bench:' || m."id" || ':' || s."id"), ${adminId}::int,
             CASE WHEN t."status" >= 2 THEN now() - interval '1 day' END,
             CASE WHEN t."status" >= 3 THEN now() - interval '23 hours' END,
             now() - (k * 3 + m."id" % 3) * interval '1 day', now()
      FROM m CROSS JOIN generate_series(0, ${perMember - 1}::int) AS k
      JOIN s ON s."position" = (m."id" * 7 + k * ${step}::int) % ${SURVEYS}::int
      CROSS JOIN LATERAL (
        SELECT (CASE WHEN k % 10 < 6 THEN 1 WHEN k % 10 = 6 THEN 2 ELSE k % 10 - 4 END)::smallint AS "status",
               (CASE k % 10 WHEN 7 THEN 'complete' WHEN 8 THEN 'terminate' WHEN 9 THEN 'over_quota' END) AS "outcome"
      ) AS t
      ON CONFLICT DO NOTHING`;
    process.stdout.write(`\rAssigned members up to id ${to}`);
  }
  await prisma.$executeRawUnsafe(`ANALYZE "Assignment"`);
  await prisma.$executeRawUnsafe(`ANALYZE "Survey"`);
  const [{ total }] = await prisma.$queryRaw<{ total: bigint }[]>`
    SELECT count(*) AS total FROM "Assignment" a JOIN "Survey" s ON s."id" = a."surveyId"
    WHERE s."slug" LIKE ${`${SLUG_PREFIX}%`}`;
  console.log(
    `\nSeeding assignments took ${((performance.now() - began) / 1000).toFixed(1)} s; ` +
      `${Number(total).toLocaleString("en-US")} load-bench assignments`,
  );
}

// ——— The load ———

interface BenchRoute {
  name: string;
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  /** The status every response must have. */
  expect: number;
  /** A new body for each request. */
  body?: () => string;
  /** What is wrong with a response of the expected status, or null. */
  check?: (headers: Record<string, string | string[]>) => string | null;
}

function benchRoutes(cookies: Cookies): BenchRoute[] {
  // Real sign-ins: each POST names the next member in turn, with the right password, and must
  // answer the redirect to the dashboard with a new session cookie. Only failed logins count
  // towards the rate limits, and no member signs in twice in a row.
  let next = 0;
  return [
    { name: "bare route (static string)", method: "GET", path: "/bench/static", expect: 200 },
    { name: "bare Remix route", method: "GET", path: "/bench/remix", expect: 200 },
    { name: "bare document route", method: "GET", path: "/bench/document", expect: 200 },
    { name: "Landing /", method: "GET", path: "/", expect: 200 },
    { name: "login GET /login", method: "GET", path: "/login", expect: 200 },
    {
      name: "login POST /login",
      method: "POST",
      path: "/login",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      expect: 302,
      body: () => {
        next = (next % MEMBERS) + 1;
        return new URLSearchParams({ email: memberEmail(next), password: PASSWORD }).toString();
      },
      check: (headers) => {
        const location = header(headers, "location");
        const setCookie = header(headers, "set-cookie");
        if (location !== "/dashboard") return `redirected to ${location}`;
        return setCookie.includes("__member=") ? null : "no member cookie";
      },
    },
    {
      name: "member dashboard /dashboard",
      method: "GET",
      path: "/dashboard",
      headers: { Cookie: cookies.member },
      expect: 200,
    },
    {
      name: "dashboard, 10,000 assignments",
      method: "GET",
      path: "/dashboard",
      headers: { Cookie: cookies.heavy },
      expect: 200,
    },
    {
      name: "admin users /admin/users",
      method: "GET",
      path: "/admin/users",
      headers: { Cookie: cookies.admin },
      expect: 200,
    },
  ];
}

function header(headers: Record<string, string | string[]>, name: string): string {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found.join("\n") : (found ?? "");
}

/** One request before the load, so that a wrong setup fails at once with a readable message. */
async function probe(base: string, route: BenchRoute) {
  const response = await fetch(`${base}${route.path}`, {
    method: route.method,
    headers: route.headers,
    body: route.body?.(),
    redirect: "manual",
  });
  const text = await response.text();
  if (response.status !== route.expect) {
    throw new Error(`${route.name}: expected ${route.expect}, got ${response.status}: ${text.slice(0, 300)}`);
  }
}

interface Row {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  loadAverage: number;
  problems: string[];
}

async function measure(base: string, route: BenchRoute, seconds: number): Promise<Row> {
  const wrong = new Map<string, number>();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    // Ten logins at once each wait for ten password hashes: seconds on a busy machine, not a failure.
    timeout: 30,
    requests: [
      {
        method: route.method,
        path: route.path,
        headers: route.headers,
        ...(route.body ? { setupRequest: (request) => ({ ...request, body: route.body?.() }) } : {}),
        ...(route.check
          ? {
              onResponse: (status, _body, _context, headers) => {
                const problem = status === route.expect ? route.check?.(headers) : null;
                if (problem) wrong.set(problem, (wrong.get(problem) ?? 0) + 1);
              },
            }
          : {}),
      },
    ],
  });
  const problems: string[] = [];
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
    if (Number(code) !== route.expect) problems.push(`${count} responses with status ${code}`);
  }
  for (const [problem, count] of wrong) problems.push(`${count} responses: ${problem}`);
  if (result.requests.total === 0) problems.push(`no response within ${seconds} s`);
  if (result.errors > 0) problems.push(`${result.errors} connection errors (${result.timeouts} timeouts)`);
  return {
    name: route.name,
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    loadAverage: os.loadavg()[0],
    problems,
  };
}

function printTable(rows: Row[]) {
  const bare = rows[0];
  const remix = rows.find((row) => row.name === "bare Remix route");
  const ratio = (value: number, base: number) => (base > 0 ? value / base : Number.NaN);
  console.log("");
  console.log(
    `${"Route".padEnd(28)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)}   ` +
      `${"req/s ÷ bare".padStart(12)} ${"÷ Remix".padStart(8)} ${"p50 × bare".padStart(10)} ${"p99 × bare".padStart(10)} ` +
      `${"load".padStart(6)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(28)} ${row.perSecond.toFixed(1).padStart(8)} ${row.p50.toFixed(1).padStart(8)} ` +
        `${row.p99.toFixed(1).padStart(8)}   ${ratio(row.perSecond, bare.perSecond).toFixed(3).padStart(12)} ` +
        `${(remix ? ratio(row.perSecond, remix.perSecond).toFixed(3) : "-").padStart(8)} ` +
        `${ratio(row.p50, bare.p50).toFixed(1).padStart(10)} ${ratio(row.p99, bare.p99).toFixed(1).padStart(10)} ` +
        `${row.loadAverage.toFixed(2).padStart(6)}`,
    );
  }
  console.log(`(load: the 1-minute load average at the end of the route's run; ${os.cpus().length} cores)`);
}

// ——— autocannon, typed for what this file uses (the package ships no types) ———

interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface AutocannonRequest extends RawRequest {
  setupRequest?: (request: RawRequest) => RawRequest;
  onResponse?: (status: number, body: string, context: object, headers: Record<string, string | string[]>) => void;
}

interface Histogram {
  average: number;
  total: number;
  p50: number;
  p99: number;
}

interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

const autocannon = createRequire(import.meta.url)("autocannon") as (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: AutocannonRequest[];
}) => Promise<AutocannonResult>;
