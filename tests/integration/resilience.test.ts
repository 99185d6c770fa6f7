import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { TERMS_VERSION } from "~/content/pages";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { creditPoints } from "~/domain/ledger.server";
import { signReturnUrl } from "~/domain/survey-return-links.server";
import type { DatabaseTarget } from "~/lib/database-url";
import { openDatabase, type OpenDatabase } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { type AppServer, productionBuildIssue, startAppServer } from "../support/app-server";
import { databaseUrl, withAdminClient } from "../support/database-template";
import { memberSessionCookies } from "../support/session-cookies";

// The production build killed with SIGKILL in the middle of a burst of withdrawals and survey
// completions, then started again on the same database: the ledger must hold no lost, duplicated
// or half-written entry, and the completion links sent again must credit nothing more. On
// PostgreSQL when the suite runs on it, else on a PGlite folder of its own (the server's own
// embedded database, recovering from the crash itself). Skipped without an up-to-date `npm run build`.

const template = inject("databaseTemplate");
const buildIssue = productionBuildIssue();
if (buildIssue) console.warn(`resilience.test.ts skipped: ${buildIssue}.`);

const MEMBERS = 12;
const ROUNDS = 4;
const START_BALANCE = 1_500;
const WITHDRAWAL = 1_000;
const SURVEY_POINTS = 300;
const CONCURRENCY = 12;
/** The server is killed once this share of the burst has been answered. */
const KILL_AFTER = 0.4;
// A production start takes plain http only on this machine (docs/decisions/031-start-modes.md).
const APP_URL = "http://localhost";
const { started, complete } = ASSIGNMENT_STATUS;

interface Fixture {
  memberId: number;
  cookie: string;
  assignments: { id: number; link: string }[];
}

type Sent =
  | { kind: "withdrawal"; memberId: number; status: number | null }
  | { kind: "completion"; memberId: number; assignmentId: number; status: number | null };

interface LedgerState {
  problems: string[];
  completedAssignments: number[];
  completionCredits: Map<number, number>;
  withdrawalsByMember: Map<number, number>;
  withdrawals: number;
}

describe.skipIf(buildIssue !== null)(
  `the server killed mid-burst on ${template.kind === "postgres" ? "PostgreSQL" : "PGlite"}`,
  () => {
    let folder: string;
    let target: DatabaseTarget;
    /** The server of the moment, killed at the end whatever happened. */
    let server: AppServer | undefined;
    let fixtures: Fixture[];
    let burst: Sent[];
    let afterCrash: LedgerState;
    let retries: { first: Map<number, number | null>; second: Map<number, number | null> };
    let afterRetries: LedgerState;

    beforeAll(async () => {
      folder = fs.mkdtempSync(path.join(os.tmpdir(), "panel-resilience-"));
      const created = (target = databaseTarget());
      if (template.kind === "postgres" && created.kind === "postgres") {
        await withAdminClient(template.url, (admin) =>
          admin.query(`CREATE DATABASE "${databaseName(created.url)}" TEMPLATE "${template.template}"`),
        );
      } else if (template.kind === "pglite" && created.kind === "pglite") {
        // The suite's migrated template, unpacked into the folder: much faster than migrating it.
        const pglite = new PGlite(created.dataDir ?? "", { loadDataDir: new Blob([fs.readFileSync(template.file)]) });
        await pglite.close();
      }
      fixtures = await withDatabase(target, prepare);

      server = await start();
      burst = await fireBurst(server, fixtures);

      // Read what the crash left, before the server recovers anything. PGlite is read from a copy,
      // so that the restarted server still finds the folder exactly as the crash left it.
      afterCrash = await withDatabase(crashSnapshot(), readLedger);

      const restarted = (server = await start());
      try {
        const links = fixtures.flatMap((fixture) => fixture.assignments.map((a) => ({ ...a, cookie: fixture.cookie })));
        const resend = async (which: typeof links) => {
          const statuses = new Map<number, number | null>();
          const queue = [...which];
          const worker = async () => {
            for (let next = queue.shift(); next; next = queue.shift()) {
              statuses.set(next.id, await get(restarted, next.link, next.cookie));
            }
          };
          await Promise.all(Array.from({ length: CONCURRENCY }, worker));
          return statuses;
        };
        const first = await resend(links);
        // Again, the links that completed an assignment just now (the others were tried twice already).
        const second = await resend(links.filter((a) => first.get(a.id) === 200));
        retries = { first, second };
      } finally {
        await restarted.stop();
      }
      afterRetries = await withDatabase(target, readLedger);
      const count = (kind: Sent["kind"], status: number | null) =>
        burst.filter((sent) => sent.kind === kind && sent.status === status).length;
      console.info(
        `resilience (${template.kind}): SIGKILL after ${burst.filter((sent) => sent.status !== null).length} of ` +
          `${burst.length} answers (withdrawals ${count("withdrawal", 302)} done, ${count("withdrawal", 400)} refused, ` +
          `${count("withdrawal", null)} unanswered; completions ${count("completion", 200)} done, ` +
          `${count("completion", null)} unanswered); after the crash ${afterCrash.withdrawals} withdrawals and ` +
          `${afterCrash.completedAssignments.length} completions stored`,
      );
    }, 180_000);

    afterAll(async () => {
      await server?.kill();
      const created = target;
      if (created?.kind === "postgres") {
        await withAdminClient(created.url, (admin) =>
          admin.query(`DROP DATABASE IF EXISTS "${databaseName(created.url)}" WITH (FORCE)`),
        );
      }
      if (folder) fs.rmSync(folder, { recursive: true, force: true });
    });

    test("the kill landed mid-burst, and every answer before it was an ordinary one", () => {
      const answered = burst.filter((sent) => sent.status !== null);
      expect(answered.length).toBeGreaterThanOrEqual(Math.floor(burst.length * KILL_AFTER));
      expect(answered.length).toBeLessThan(burst.length);
      for (const sent of answered) {
        // A withdrawal redirects (done) or re-shows the form (over the balance); a completion is
        // recorded (200) or was already (409). Never a server error.
        expect(sent.kind === "withdrawal" ? [302, 400] : [200, 409]).toContain(sent.status);
      }
    });

    test("after the crash the ledger balances: nothing half-written, nothing twice", () => {
      expect(afterCrash.problems).toEqual([]);
    });

    test("no acknowledged request was lost", () => {
      for (const sent of burst) {
        if (sent.kind === "completion" && sent.status === 200) {
          expect(afterCrash.completedAssignments).toContain(sent.assignmentId);
        }
      }
      for (const { memberId } of fixtures) {
        const acknowledged = burst.filter(
          (s) => s.kind === "withdrawal" && s.memberId === memberId && s.status === 302,
        );
        expect(afterCrash.withdrawalsByMember.get(memberId) ?? 0).toBeGreaterThanOrEqual(acknowledged.length);
      }
    });

    test("sending the completion links again after the restart credits nothing more", () => {
      const completedBefore = new Set(afterCrash.completedAssignments);
      for (const [assignmentId, status] of retries.first) {
        // Completed before the crash: already recorded. Still Started (its request never arrived,
        // or died with the server before committing): completed now, once.
        expect([assignmentId, status]).toEqual([assignmentId, completedBefore.has(assignmentId) ? 409 : 200]);
      }
      for (const [assignmentId, status] of retries.second) expect([assignmentId, status]).toEqual([assignmentId, 409]);

      expect(afterRetries.problems).toEqual([]);
      // The credits of before the crash are the very same entries; every assignment is now complete.
      for (const [assignmentId, creditId] of afterCrash.completionCredits) {
        expect(afterRetries.completionCredits.get(assignmentId)).toBe(creditId);
      }
      const allAssignments = fixtures.flatMap((fixture) => fixture.assignments.map((a) => a.id));
      expect([...afterRetries.completedAssignments].sort((a, b) => a - b)).toEqual(
        allAssignments.sort((a, b) => a - b),
      );
      expect(afterRetries.withdrawals).toBe(afterCrash.withdrawals);
    });

    function databaseTarget(): DatabaseTarget {
      if (template.kind === "postgres") {
        return {
          kind: "postgres",
          url: databaseUrl(template.url, `panel_resilience_${randomBytes(6).toString("hex")}`),
        };
      }
      return { kind: "pglite", dataDir: path.join(folder, "db") };
    }

    function crashSnapshot(): DatabaseTarget {
      if (target.kind === "postgres") return target;
      const copy = path.join(folder, "after-crash");
      fs.rmSync(copy, { recursive: true, force: true });
      fs.cpSync(target.dataDir ?? "", copy, { recursive: true });
      return { kind: "pglite", dataDir: copy };
    }

    function start(): Promise<AppServer> {
      return startAppServer({
        logFile: path.join(folder, "server.log"),
        env: {
          DATABASE_URL: target.kind === "postgres" ? target.url : `pglite:${target.dataDir}`,
          SESSION_SECRET: getEnv().SESSION_SECRET,
          APP_URL,
          MAIL_OUTBOX_DIR: path.join(folder, "mail"),
          // Only the burst writes; the app's own jobs stay out of the crash.
          MAIL_WORKER: "0",
          INACTIVITY_JOB: "0",
        },
      });
    }
  },
);

function databaseName(url: string): string {
  return new URL(url).pathname.slice(1);
}

async function withDatabase<T>(target: DatabaseTarget, work: (database: OpenDatabase) => Promise<T>): Promise<T> {
  const database = openDatabase(target);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * Members with a starting balance (an admin adjustment in the ledger), a UPI account and one
 * Started assignment of each of ROUNDS external surveys, each signed in on one device.
 */
async function prepare({ prisma }: OpenDatabase): Promise<Fixture[]> {
  await prisma.surveyCategory.createMany({ data: [{ id: 30, name: "Other" }], skipDuplicates: true });
  const surveys = await prisma.survey.createManyAndReturn({
    data: Array.from({ length: ROUNDS }, (_, round) => ({
      name: `Resilience survey ${round + 1}`,
      slug: `resilience-${round + 1}`,
      categoryId: 30,
      points: SURVEY_POINTS,
      lengthMinutes: 5,
      launched: true,
      delivery: "external" as const,
      externalUrl: "https://vendor.example/s?rid={token}",
      returnSecret: randomBytes(32).toString("hex"),
    })),
    select: { id: true, returnSecret: true },
  });
  const members = await prisma.member.createManyAndReturn({
    data: Array.from({ length: MEMBERS }, (_, index) => ({
      firstName: "Crash",
      lastName: `Member ${index + 1}`,
      email: `crash-${index + 1}@resilience.test`,
      emailVerifiedAt: new Date(),
      country: "IN",
      state: "Karnataka",
      city: "Bengaluru",
      pin: "560001",
      dob: new Date("1990-04-15"),
      gender: "female" as const,
      termsAgreedVersion: TERMS_VERSION,
      termsAgreedAt: new Date(),
    })),
    select: { id: true },
  });
  const memberIds = members.map((member) => member.id);
  await prisma.paymentAccount.createMany({
    data: memberIds.map((memberId) => ({
      memberId,
      method: "upi" as const,
      holderName: "Crash Member",
      upiId: `crash${memberId}@upi`,
    })),
  });
  await prisma.$transaction(async (tx) => {
    for (const memberId of memberIds) {
      await creditPoints(tx, {
        memberId,
        points: START_BALANCE,
        type: "admin_adjustment",
        source: `resilience:start:${memberId}`,
        remark: "Starting balance",
      });
    }
  });
  const planned = memberIds.flatMap((memberId) =>
    surveys.map((survey) => ({ memberId, survey, token: randomBytes(16).toString("base64url") })),
  );
  const created = await prisma.assignment.createManyAndReturn({
    data: planned.map(({ memberId, survey, token }) => ({
      surveyId: survey.id,
      memberId,
      points: SURVEY_POINTS,
      status: started,
      startedAt: new Date(),
      respondentToken: token,
    })),
    select: { id: true, respondentToken: true },
  });
  const ids = new Map(created.map((assignment) => [assignment.respondentToken, assignment.id]));
  const cookies = await memberSessionCookies(prisma, memberIds);
  return memberIds.map((memberId) => ({
    memberId,
    cookie: cookies.get(memberId) ?? "",
    assignments: planned
      .filter((assignment) => assignment.memberId === memberId)
      .map(({ survey, token }) => {
        const link = signReturnUrl(`${APP_URL}/surveys/redirect?status=complete&token=${token}`, survey.returnSecret);
        return { id: ids.get(token) ?? 0, link: link.slice(APP_URL.length) };
      }),
  }));
}

/**
 * Round by round, each member asks for a withdrawal and sends one completion link, CONCURRENCY
 * requests at a time; once KILL_AFTER of them have been answered the server gets SIGKILL, with
 * requests in flight. Requests that got no answer have status null.
 */
async function fireBurst(server: AppServer, fixtures: Fixture[]): Promise<Sent[]> {
  const plan: Sent[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const fixture of fixtures) {
      plan.push({ kind: "withdrawal", memberId: fixture.memberId, status: null });
      plan.push({
        kind: "completion",
        memberId: fixture.memberId,
        assignmentId: fixture.assignments[round].id,
        status: null,
      });
    }
  }
  const cookies = new Map(fixtures.map((fixture) => [fixture.memberId, fixture.cookie]));
  const links = new Map(fixtures.flatMap((fixture) => fixture.assignments.map((a) => [a.id, a.link] as const)));
  let next = 0;
  let answered = 0;
  let killing: Promise<void> | undefined;
  const worker = async () => {
    while (next < plan.length) {
      const sent = plan[next++];
      const cookie = cookies.get(sent.memberId) ?? "";
      sent.status =
        sent.kind === "withdrawal"
          ? await post(server, "/points", cookie, { points: String(WITHDRAWAL), method: "upi" })
          : await get(server, links.get(sent.assignmentId) ?? "", cookie);
      if (sent.status !== null) answered += 1;
      if (!killing && answered >= plan.length * KILL_AFTER) killing = server.kill();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await (killing ?? server.kill());
  return plan;
}

/** The status of the answer, or null when the server never gave one. */
async function post(server: AppServer, pathname: string, cookie: string, form: Record<string, string>) {
  return request(server, pathname, { method: "POST", headers: { Cookie: cookie }, body: new URLSearchParams(form) });
}

function get(server: AppServer, pathname: string, cookie: string) {
  return request(server, pathname, { headers: { Cookie: cookie } });
}

async function request(server: AppServer, pathname: string, init: RequestInit): Promise<number | null> {
  try {
    const response = await fetch(`${server.url}${pathname}`, {
      ...init,
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

/** Every rule of the ledger that a crash could break, as a list of the rows that break it. */
async function readLedger({ prisma }: OpenDatabase): Promise<LedgerState> {
  const rules: [string, string][] = [
    [
      "balance is not the sum of the ledger, or below 0",
      `SELECT m."id", m."pointsBalance", COALESCE(sum(p."change"), 0)::int AS "ledger"
       FROM "Member" m LEFT JOIN "PointsTransaction" p ON p."memberId" = m."id"
       GROUP BY m."id" HAVING m."pointsBalance" <> COALESCE(sum(p."change"), 0) OR m."pointsBalance" < 0`,
    ],
    [
      "withdrawal without exactly one debit with its reference",
      `SELECT w."id", w."referenceId", count(p."id")::int AS "debits"
       FROM "WithdrawalRequest" w
       LEFT JOIN "PointsTransaction" p ON p."withdrawalId" = w."id" AND p."type" = 'withdrawal'
         AND p."referenceId" = w."referenceId" AND p."source" = 'withdrawal:' || w."id"
         AND p."memberId" = w."memberId" AND p."change" = -w."points"
       GROUP BY w."id" HAVING count(p."id") <> 1`,
    ],
    [
      "withdrawal debit without its withdrawal",
      `SELECT p."id", p."referenceId" FROM "PointsTransaction" p
       LEFT JOIN "WithdrawalRequest" w ON w."id" = p."withdrawalId"
       WHERE p."type" = 'withdrawal' AND (w."id" IS NULL OR w."referenceId" <> p."referenceId")`,
    ],
    [
      "completed assignment without exactly one completion credit",
      `SELECT a."id", count(p."id")::int AS "credits" FROM "Assignment" a
       LEFT JOIN "PointsTransaction" p ON p."assignmentId" = a."id" AND p."type" = 'survey_completion'
       WHERE a."status" = ${complete} GROUP BY a."id" HAVING count(p."id") <> 1`,
    ],
    [
      "completion credit whose assignment is not complete",
      `SELECT p."id", a."status" FROM "PointsTransaction" p LEFT JOIN "Assignment" a ON a."id" = p."assignmentId"
       WHERE p."type" = 'survey_completion' AND (a."id" IS NULL OR a."status" <> ${complete}
         OR p."source" <> 'assignment:' || a."id" || ':complete' OR p."change" <> a."points")`,
    ],
    [
      "assignment half-ended",
      `SELECT "id", "status", "outcome"::text FROM "Assignment"
       WHERE ("status" = ${complete}) <> ("outcome" IS NOT DISTINCT FROM 'complete')
          OR ("status" = ${complete}) <> ("endedAt" IS NOT NULL)
          OR "status" NOT IN (${started}, ${complete})`,
    ],
    [
      "ledger entry without its cause",
      `SELECT "id", "type"::text, "source" FROM "PointsTransaction"
       WHERE NOT (("type" = 'survey_completion' AND "assignmentId" IS NOT NULL)
               OR ("type" = 'withdrawal' AND "withdrawalId" IS NOT NULL)
               OR ("type" = 'admin_adjustment' AND "source" = 'resilience:start:' || "memberId"))`,
    ],
  ];
  const problems: string[] = [];
  for (const [rule, sql] of rules) {
    const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(sql);
    for (const row of rows)
      problems.push(
        `${rule}: ${JSON.stringify(row, (_, value: unknown) => (typeof value === "bigint" ? Number(value) : value))}`,
      );
  }
  const completed = await prisma.assignment.findMany({ where: { status: complete }, select: { id: true } });
  const credits = await prisma.pointsTransaction.findMany({
    where: { type: "survey_completion" },
    select: { id: true, assignmentId: true },
  });
  const withdrawals = await prisma.withdrawalRequest.groupBy({ by: ["memberId"], _count: { _all: true } });
  return {
    problems,
    completedAssignments: completed.map((assignment) => assignment.id),
    completionCredits: new Map(credits.map((credit) => [credit.assignmentId ?? 0, credit.id])),
    withdrawalsByMember: new Map(withdrawals.map((row) => [row.memberId, row._count._all])),
    withdrawals: withdrawals.reduce((sum, row) => sum + row._count._all, 0),
  };
}
