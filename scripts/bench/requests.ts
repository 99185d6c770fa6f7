// The cost of one request, route by route, without HTTP or a load generator: the production
// build's Remix request handler is called in this process, one request at a time, and the
// process's CPU time is divided by the number of requests. On a shared machine a load test's
// req/s moves by a factor of two between runs a minute apart; CPU time per request moves far less,
// so this is the figure to compare before and after a change (docs/performance.md, "The cost of a
// document"). Ratios are to the bare Remix route, a resource route answering a fixed string, as in
// `npm run bench -- load`; the bare document route is the cheapest page Remix renders (./yardsticks).
//
// It reads the panel that `npm run bench -- load` seeded (the same DATABASE_URL, default the load
// benchmark's scratch PGlite folder): run that once first. Visitors' pages are called with a query
// string, so the guest page cache (which sits in front of Remix, in Express) is not involved: this
// measures what Remix does for a document. BENCH_REQUESTS: timed requests per route and round (300);
// BENCH_ROUNDS: rounds over all the routes (5), each figure the median of its rounds;
// BENCH_ONLY=login,dashboard keeps the routes whose names contain those words. BENCH_HTML=<folder>
// writes each route's page there (to diff a page's markup before and after a change);
// BENCH_I18N_CALLS=1 counts, for one request per route and without timing anything, the i18next
// work it does (instances initialised, fixed t functions made, texts translated, language changes).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { openDatabase } from "../../app/lib/db.server";
import { productionBuildIssue } from "../../tests/support/app-server";
import { adminSessionCookie, memberSessionCookies } from "../../tests/support/session-cookies";
import { benchDatabase, benchDatabaseUrl } from "./measure";
import { DOMAIN, HEAVY_MEMBER, memberEmail } from "./panel";
import { addYardstickRoutes } from "./yardsticks";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP = 50;
const ONLY = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
const ORIGIN = "http://localhost:3000";

interface Case {
  name: string;
  path: string;
  cookie?: string;
  /** The browser's languages: "hi" gets the Hindi page. */
  language?: string;
}

const HTML_DIR = process.env.BENCH_HTML?.trim() || null;
const COUNT_I18N = process.env.BENCH_I18N_CALLS === "1";

export async function run() {
  const buildIssue = productionBuildIssue();
  if (buildIssue) throw new Error(buildIssue);
  process.env.SESSION_SECRET ||= "load-bench-session-secret-0123456789abcdef";
  process.env.NODE_ENV = "production";
  // The admin is signed in by a session row, as in the load benchmark; background jobs would share
  // this process's CPU with the requests measured.
  Object.assign(process.env, { ADMIN_MFA: "optional", MAIL_WORKER: "0", INACTIVITY_JOB: "0" });
  // The build opens DATABASE_URL: the same panel the sessions were written to.
  process.env.DATABASE_URL = benchDatabaseUrl("load");
  const cookies = await signIn();
  // PGlite serves one opener: the sessions are written and the folder closed before the build opens it.
  const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  addYardstickRoutes(build);
  const handler = createRequestHandler(build, "production");

  const cases: Case[] = [
    { name: "bare Remix route", path: "/bench/remix" },
    { name: "bare document route", path: "/bench/document" },
    { name: "Landing, a visitor (uncached)", path: "/?bench=1" },
    { name: "Landing in Hindi (uncached)", path: "/?bench=1", language: "hi" },
    { name: "login GET (uncached)", path: "/login?bench=1" },
    { name: "member dashboard", path: "/dashboard", cookie: cookies.member },
    { name: "member dashboard in Hindi", path: "/dashboard", cookie: cookies.member, language: "hi" },
    { name: "dashboard, many assignments", path: "/dashboard", cookie: cookies.heavy },
    { name: "admin Users Records", path: "/admin/users", cookie: cookies.admin },
  ].filter(
    (entry) =>
      ONLY.length === 0 || entry.name.startsWith("bare") || ONLY.some((w) => entry.name.toLowerCase().includes(w)),
  );

  const counts = COUNT_I18N ? await countI18nCalls() : null;
  if (counts) console.log("i18next work per request (one request per route, after one unmeasured):");
  else
    console.log(
      `${ROUNDS} rounds of ${REQUESTS} requests per route after ${WARMUP} unmeasured, one at a time, in process`,
    );
  if (HTML_DIR) mkdirSync(HTML_DIR, { recursive: true });
  const measured: { entry: Case; call: () => Promise<string> }[] = [];
  for (const entry of cases) {
    const call = async () => {
      const response = await handler(
        new Request(`${ORIGIN}${entry.path}`, {
          headers: {
            host: "localhost:3000",
            "user-agent": "Mozilla/5.0 (bench)",
            ...(entry.cookie ? { cookie: entry.cookie } : {}),
            ...(entry.language ? { "accept-language": entry.language } : {}),
          },
        }),
      );
      const body = await response.text();
      if (response.status !== 200) {
        throw new Error(`${entry.name}: ${response.status} ${response.headers.get("location") ?? body.slice(0, 200)}`);
      }
      return body;
    };
    if (HTML_DIR) {
      const file = path.join(HTML_DIR, `${entry.name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}.html`);
      writeFileSync(file, await call());
    }
    if (counts) {
      await call();
      counts.reset();
      await call();
      console.log(`${entry.name.padEnd(32)} ${counts.report()}`);
      continue;
    }
    for (let index = 0; index < WARMUP; index += 1) await call();
    measured.push({ entry, call });
  }
  if (counts) process.exit(0);

  // Rounds: every route once per round, so that a slow minute of a shared machine falls on all of
  // them; each figure is the median of its rounds, and the ratio's range shows the noise.
  const rounds = measured.map(() => [] as { cpu: number; wall: number; bytes: number }[]);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, { call }] of measured.entries()) {
      const cpuBefore = process.cpuUsage();
      const began = performance.now();
      let bytes = 0;
      for (let request = 0; request < REQUESTS; request += 1) bytes = (await call()).length;
      const cpu = process.cpuUsage(cpuBefore);
      rounds[index].push({
        cpu: (cpu.user + cpu.system) / 1000 / REQUESTS,
        wall: (performance.now() - began) / REQUESTS,
        bytes,
      });
    }
  }
  const rows = measured.map(({ entry }, index) => ({
    name: entry.name,
    cpu: median(rounds[index].map((r) => r.cpu)),
    wall: median(rounds[index].map((r) => r.wall)),
    bytes: rounds[index][0].bytes,
    // The bare route's CPU divided by this route's, round by round: lowest and highest.
    ratios: rounds[index].map((r, round) => rounds[0][round].cpu / r.cpu),
  }));

  const bare = rows[0];
  console.log(
    `\n${"Route".padEnd(32)} ${"CPU ms".padStart(7)} ${"wall ms".padStart(8)} ${"× bare".padStart(7)} ${"bare ÷".padStart(7)} ${"rounds".padStart(13)} ${"HTML B".padStart(8)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(32)} ${row.cpu.toFixed(3).padStart(7)} ${row.wall.toFixed(3).padStart(8)} ` +
        `${(row.cpu / bare.cpu).toFixed(2).padStart(7)} ${(bare.cpu / row.cpu).toFixed(3).padStart(7)} ` +
        `${`${Math.min(...row.ratios).toFixed(3)}–${Math.max(...row.ratios).toFixed(3)}`.padStart(13)} ${String(row.bytes).padStart(8)}`,
    );
  }
  console.log(
    "(CPU ms: this process's CPU time per request, the database's too on PGlite, median of the rounds; bare ÷: the ratio a load test would give if CPU were all that counted; rounds: its lowest and highest round)",
  );
  process.exit(0);
}

/**
 * Counts calls of i18next's methods (the build imports the same i18next module as this script):
 * instances initialised, clones, language changes, namespaces loaded, fixed t functions made,
 * texts translated, catalogue lookups and "is this namespace loaded?" checks. The counting wrappers slow every call, hence no timing in this mode.
 */
async function countI18nCalls() {
  const { createInstance } = await import("i18next");
  const probe = createInstance();
  await probe.init({ resources: {} });
  const i18nProto = Object.getPrototypeOf(probe) as Record<string, unknown>;
  const translatorProto = Object.getPrototypeOf((probe as unknown as { translator: object }).translator) as Record<
    string,
    unknown
  >;
  const tally = new Map<string, number>();
  const wrap = (proto: Record<string, unknown>, method: string, label: string) => {
    const original = proto[method] as (...args: unknown[]) => unknown;
    proto[method] = function (this: unknown, ...args: unknown[]) {
      tally.set(label, (tally.get(label) ?? 0) + 1);
      return original.apply(this, args);
    };
  };
  wrap(i18nProto, "init", "init");
  wrap(i18nProto, "cloneInstance", "clone");
  wrap(i18nProto, "changeLanguage", "changeLanguage");
  wrap(i18nProto, "loadNamespaces", "loadNamespaces");
  wrap(i18nProto, "getFixedT", "getFixedT");
  wrap(i18nProto, "hasLoadedNamespace", "hasLoadedNamespace");
  wrap(translatorProto, "translate", "t");
  wrap(Object.getPrototypeOf(probe.store) as Record<string, unknown>, "getResource", "lookups");
  const labels = [
    "init",
    "clone",
    "changeLanguage",
    "loadNamespaces",
    "getFixedT",
    "t",
    "lookups",
    "hasLoadedNamespace",
  ];
  return {
    reset: () => tally.clear(),
    report: () => labels.map((label) => `${label} ${tally.get(label) ?? 0}`).join(", "),
  };
}

/** Session cookies of the first member, the member with many assignments, and the bench admin. */
async function signIn() {
  const database = openDatabase(benchDatabase("load"));
  try {
    const prisma = database.prisma;
    const find = (n: number) =>
      prisma.member.findUnique({ where: { email: memberEmail(n) }, select: { id: true } }).then((row) => row?.id);
    const [member, heavy] = [await find(1), await find(HEAVY_MEMBER)];
    const admin = await prisma.admin.findUnique({ where: { email: `admin@${DOMAIN}` }, select: { id: true } });
    if (!member || !admin) throw new Error("No load-bench panel in this database: run `npm run bench -- load` first.");
    const memberCookies = await memberSessionCookies(prisma, heavy ? [member, heavy] : [member]);
    return {
      member: memberCookies.get(member),
      heavy: heavy ? memberCookies.get(heavy) : memberCookies.get(member),
      admin: await adminSessionCookie(prisma, admin.id),
    };
  } finally {
    await database.close();
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
