import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { DEMO_ADMIN, DEMO_MEMBER } from "~/domain/seed.server";
import { openDatabase } from "~/lib/db.server";
import { productionBuildIssue, startAppServer } from "../support/app-server";

// The production start as an operator runs it: `npm start` on the built app, on an embedded
// database of its own, with nothing of the suite's environment (docs/decisions/031-start-modes.md).
// It never creates the demo accounts and never serves a development, test or benchmark path, with or
// without the switches that turned them on before; `npm run admin:create` makes the first admin.

const SECRET = "production-start-session-secret-0123456789abcdef";
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

function scratch(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "panel-production-start-"));
  folders.push(folder);
  return folder;
}

const BACK_DOORS = { GOOGLE_MOCK: "1", E2E_FIXTURES: "1", BENCH_ROUTES: "1", SEED_DEMO: "1" };
const DEV_PATHS: { method: "GET" | "POST"; path: string; json?: unknown }[] = [
  { method: "GET", path: "/dev/mail" },
  { method: "POST", path: "/dev/mail" },
  { method: "GET", path: "/dev/mail/1700000000000-0000-000000000000" },
  {
    method: "POST",
    path: "/dev/fixtures",
    json: { admin: { email: "mallory@example.com", password: "x", name: "M" } },
  },
  { method: "GET", path: "/dev/google/authorize?client_id=mock-google-client-id.apps.googleusercontent.com" },
  { method: "GET", path: "/bench/static" },
  { method: "GET", path: "/bench/remix" },
  { method: "GET", path: "/bench/document" },
  { method: "POST", path: "/auth/google" },
];

const issue = productionBuildIssue();
describe.skipIf(issue)(`npm start (${issue ?? "the production build"})`, () => {
  for (const [label, extra] of [
    ["without the switches", {}],
    ["with GOOGLE_MOCK, E2E_FIXTURES, BENCH_ROUTES and SEED_DEMO set", BACK_DOORS],
  ] as const) {
    test(
      `${label}: no demo account, and a 404 for every development, test and benchmark path`,
      { timeout: 180_000 },
      async () => {
        const folder = scratch();
        const server = await startAppServer({
          command: ["npm", "start", "--silent"],
          logFile: path.join(folder, "server.log"),
          readyTimeoutMs: 120_000,
          env: {
            DATABASE_URL: `pglite:${path.join(folder, "db")}`,
            SESSION_SECRET: SECRET,
            MAIL_OUTBOX_DIR: path.join(folder, "mail"),
            MAIL_WORKER: "0",
            INACTIVITY_JOB: "0",
            ...extra,
          },
        });
        try {
          for (const { method, path: pathname, json } of DEV_PATHS) {
            const response = await fetch(`${server.url}${pathname}`, {
              method,
              redirect: "manual",
              ...(json ? { headers: { "Content-Type": "application/json" }, body: JSON.stringify(json) } : {}),
            });
            expect(response.status, `${method} ${pathname}`).toBe(404);
          }
          // The demo admin's published password opens nothing.
          const signIn = await fetch(`${server.url}/admin`, {
            method: "POST",
            redirect: "manual",
            body: new URLSearchParams({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
          });
          expect(signIn.headers.get("Location")).toBeNull();
          // The login page offers no Google button: the mock is not on.
          expect(await (await fetch(`${server.url}/login`)).text()).not.toContain("Sign in with Google");
        } finally {
          await server.stop();
        }
        const log = fs.readFileSync(path.join(folder, "server.log"), "utf8");
        if (extra === BACK_DOORS) {
          for (const name of Object.keys(BACK_DOORS))
            expect(log).toContain(`${name} is ignored: npm start never serves`);
        }
        const database = openDatabase({ kind: "pglite", dataDir: path.join(folder, "db") });
        try {
          expect(await database.prisma.admin.count()).toBe(0);
          expect(await database.prisma.member.count({ where: { email: DEMO_MEMBER.email } })).toBe(0);
          // The seed still ran: the built-in profile questionnaires are there.
          expect(await database.prisma.profileSurvey.count()).toBeGreaterThan(0);
        } finally {
          await database.close();
        }
      },
    );
  }
});

/**
 * Runs an npm script to its end: its exit code and its output. Never spawnSync: a worker blocked for
 * over 60 s (a slow script on a busy machine) misses vitest's own messages and fails the whole run
 * with "Timeout calling onTaskUpdate", though every test passed.
 */
function npmRun(
  args: string[],
  { env, input = "", timeout }: { env: Record<string, string>; input?: string; timeout: number },
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", ...args], { env: env as NodeJS.ProcessEnv });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeout);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
    child.stdin.end(input);
  });
}

/** `npm run config:check` with only these variables; its exit code and output. */
function configCheck(env: Record<string, string>) {
  return npmRun(["config:check"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      SESSION_SECRET: SECRET,
      ...env,
    },
    timeout: 60_000,
  });
}

describe("the production configuration check", () => {
  test(
    "refuses a plain-http APP_URL other than this machine's, with a message naming it",
    { timeout: 60_000 },
    async () => {
      const refused = await configCheck({ APP_URL: "http://panel.example.com", DATABASE_URL: "pglite:memory" });
      expect(refused.status).toBe(1);
      expect(refused.output).toContain("APP_URL: a production start needs an https address");
      for (const allowed of ["https://panel.example.com", "http://localhost:3000", "http://127.0.0.1:8080"]) {
        expect((await configCheck({ APP_URL: allowed, DATABASE_URL: "pglite:memory" })).status, allowed).toBe(0);
      }
    },
  );

  test("refuses NODE_ENV other than production: npm start is production only", { timeout: 60_000 }, async () => {
    const refused = await configCheck({ NODE_ENV: "development", DATABASE_URL: "pglite:memory" });
    expect(refused.status).toBe(1);
    expect(refused.output).toContain("NODE_ENV: npm start runs production only");
  });
});

/** `npm run admin:create` on this database, the password on standard input. */
function adminCreate(dataDir: string, args: string[], password: string) {
  return npmRun(["admin:create", "--", ...args], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      DATABASE_URL: `pglite:${dataDir}`,
    },
    input: `${password}\n`,
    timeout: 120_000,
  });
}

describe("npm run admin:create", () => {
  test(
    "creates the first super-admin from the command line, audited; refuses a weak password and a taken e-mail",
    { timeout: 240_000 },
    async () => {
      const dataDir = path.join(scratch(), "db");
      const weak = await adminCreate(dataDir, ["--email", "ops@example.com", "--name", "Ops Lead"], "Short#1");
      expect(weak.status).toBe(1);
      expect(weak.output).toContain("An admin password must be at least 12 characters.");

      const created = await adminCreate(
        dataDir,
        ["--email", "Ops@Example.com", "--name", "Ops Lead"],
        "Copper-Violet-Ledger-9",
      );
      expect(created.output).toContain("Super-admin ops@example.com created");
      expect(created.status).toBe(0);
      const again = await adminCreate(
        dataDir,
        ["--email", "ops@example.com", "--name", "Someone"],
        "Copper-Violet-Ledger-9",
      );
      expect(again.status).toBe(1);
      expect(again.output).toContain("An admin with the e-mail ops@example.com already exists.");
      expect((await adminCreate(dataDir, ["--email", "ops2@example.com"], "Copper-Violet-Ledger-9")).status).toBe(2);

      const database = openDatabase({ kind: "pglite", dataDir });
      try {
        const admins = await database.prisma.admin.findMany();
        expect(admins).toEqual([
          expect.objectContaining({ email: "ops@example.com", name: "Ops Lead", isSuperAdmin: true, revokedAt: null }),
        ]);
        const entry = await database.prisma.auditEntry.findFirstOrThrow({ where: { action: "admin.created" } });
        expect(entry).toMatchObject({
          adminEmail: "command line (npm run admin:create)",
          targetId: String(admins[0].id),
        });
      } finally {
        await database.close();
      }
    },
  );
});
