import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrateDatabase } from "~/lib/db.server";

// The production server (scripts/server.ts) as a real process, serving a stub build
// (tests/support/stub-server-build.ts: the real health routes and mail worker, and a slow route)
// on an embedded database of its own in a temporary folder, whatever database the suite runs on.

const SECRET = "server-test-session-secret-0123456789abcdef";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  level: string;
  msg: string;
  requestId?: string;
  [field: string]: unknown;
}

interface ServerProcess {
  child: ChildProcess;
  lines: LogLine[];
  exited: Promise<number | null>;
  /** Resolves with the first log line (so far or to come) that matches. */
  waitFor(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
}

/** Starts the server with only these variables (and PATH, HOME), never the suite's own. */
function startServer(env: Record<string, string>, args: string[] = ["tests/support/stub-server-build.ts"]) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/server.ts", ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: LogLine[] = [];
  const waiting = new Set<() => void>();
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop() ?? "";
      for (const part of parts.filter(Boolean)) {
        // Every line the server writes is JSON: a line that is not fails the test here.
        lines.push(JSON.parse(part) as LogLine);
      }
      for (const wake of waiting) wake();
    });
  }
  // "close", not "exit": by then every line the process wrote has been read.
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const waitFor = (match: (line: LogLine) => boolean, timeoutMs = 30_000) =>
    new Promise<LogLine>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(look);
        const got = lines.map((line) => JSON.stringify(line)).join("\n");
        reject(new Error(`no such log line within ${timeoutMs} ms; got:\n${got}`));
      }, timeoutMs);
      const look = () => {
        const found = lines.find(match);
        if (!found) return;
        clearTimeout(timer);
        waiting.delete(look);
        resolve(found);
      };
      waiting.add(look);
      look();
    });
  return { child, lines, exited, waitFor } satisfies ServerProcess;
}

describe("the production server", () => {
  let folder: string;
  let server: ServerProcess;
  let base: string;
  const started: ServerProcess[] = [];

  /** A server on the folder's database (one at a time: PGlite serves one process) and its address. */
  const listen = async (env: Record<string, string> = {}) => {
    const process = startServer({
      PORT: "0",
      DATABASE_URL: `pglite:${path.join(folder, "db")}`,
      SESSION_SECRET: SECRET,
      MAIL_OUTBOX_DIR: path.join(folder, "mail"),
      ...env,
    });
    started.push(process);
    const listening = await process.waitFor((line) => line.msg === "listening", 60_000);
    return { process, base: `http://127.0.0.1:${listening.port as number}` };
  };

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "panel-server-"));
    await migrateDatabase({ kind: "pglite", dataDir: path.join(folder, "db") });
    ({ process: server, base } = await listen());
  }, 90_000);

  afterAll(async () => {
    for (const running of started.filter((candidate) => candidate.child.exitCode === null)) {
      running.child.kill("SIGKILL");
      await running.exited;
    }
    fs.rmSync(folder, { recursive: true, force: true });
  });

  test("answers /healthz and /readyz with JSON once the database answers", async () => {
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(await health.json()).toEqual({ status: "ok", database: "ok" });
    expect(health.headers.get("x-request-id")).toMatch(UUID);

    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  }, 60_000);

  test("gives each request an id, keeps a sane incoming one, and logs one JSON line per request", async () => {
    const kept = await fetch(`${base}/slow?ms=0&token=secret`, { headers: { "X-Request-Id": "lb-7f3a.01" } });
    expect(kept.status).toBe(200);
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a.01");
    const ofRequest = (msg: string) => (candidate: LogLine) =>
      candidate.msg === msg && candidate.requestId === "lb-7f3a.01";
    const line = await server.waitFor(ofRequest("request"));
    expect(line).toMatchObject({ level: "info", method: "GET", path: "/slow", status: 200 });
    expect(JSON.stringify(line)).not.toContain("secret");
    expect(line.durationMs).toEqual(expect.any(Number));
    expect(Date.parse(line.time as string)).not.toBeNaN();
    // The app's own console output, inside the request, carries the request's id.
    await server.waitFor(ofRequest("slow request started"));

    const replaced = await fetch(`${base}/slow`, { headers: { "X-Request-Id": "not an id; <script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(UUID);

    const missing = await fetch(`${base}/nowhere`);
    expect(missing.status).toBe(404);
    const notFound = await server.waitFor((candidate) => candidate.msg === "request" && candidate.path === "/nowhere");
    expect(notFound.requestId).toBe(missing.headers.get("x-request-id"));
  }, 60_000);

  test("puts the security headers on every response and refuses a cross-origin post with 403 before Remix", async () => {
    // A resource route: entry.server.tsx never sees it, so these come from the server.
    const health = await fetch(`${base}/healthz`);
    // Exactly once: the app's own headers and the server's must not add up to "nosniff, nosniff".
    expect(health.headers.get("x-content-type-options")).toBe("nosniff");
    expect(health.headers.get("x-frame-options")).toBe("DENY");
    expect(health.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");

    const forged = await fetch(`${base}/slow`, { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toBe("Cross-origin form posts are not accepted.");
    const refusedLine = await server.waitFor(
      (line) => line.msg === "request" && line.method === "POST" && line.status === 403,
    );
    expect(refusedLine.path).toBe("/slow");
  }, 60_000);

  test("on SIGTERM finishes the request in flight, stops the worker, closes the database and exits 0", async () => {
    const pending = fetch(`${base}/slow?ms=1500`, { headers: { "X-Request-Id": "in-flight" } });
    await server.waitFor((line) => line.msg === "slow request started" && line.requestId === "in-flight");
    server.child.kill("SIGTERM");

    const response = await pending;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("slow and done");
    expect(await server.exited).toBe(0);

    const at = (match: (line: LogLine) => boolean) => server.lines.findIndex(match);
    const shuttingDown = at((line) => line.msg === "shutting down");
    const finished = at((line) => line.msg === "request" && line.requestId === "in-flight");
    expect(server.lines[shuttingDown]).toMatchObject({ signal: "SIGTERM", inFlight: 1 });
    expect(finished).toBeGreaterThan(shuttingDown);
    const stopped = at((line) => line.msg === "stopped");
    expect(stopped).toBeGreaterThan(finished);
    expect(server.lines[stopped].stopped).toEqual(["mail worker", "database"]);
    expect(server.lines.filter((line) => line.level === "error")).toEqual([]);
  }, 60_000);

  test("cuts a request still running after SHUTDOWN_TIMEOUT_SECONDS, and still exits 0", async () => {
    const { process: impatient, base: address } = await listen({ SHUTDOWN_TIMEOUT_SECONDS: "1" });
    const pending = fetch(`${address}/slow?ms=60000`, { headers: { "X-Request-Id": "too-slow" } });
    await impatient.waitFor((line) => line.msg === "slow request started" && line.requestId === "too-slow");
    impatient.child.kill("SIGTERM");

    await expect(pending).rejects.toThrow();
    expect(await impatient.exited).toBe(0);
    expect(impatient.lines.find((line) => line.msg.startsWith("shutdown time limit reached"))).toMatchObject({
      level: "warn",
      inFlight: 1,
    });
    expect(impatient.lines.find((line) => line.requestId === "too-slow" && line.msg === "request")).toMatchObject({
      aborted: true,
    });
    expect(impatient.lines.find((line) => line.msg === "stopped")?.stopped).toEqual(["mail worker", "database"]);
  }, 90_000);
});

describe("the configuration check", () => {
  const problemsOf = async (env: Record<string, string>) => {
    const server = startServer(env);
    expect(await server.exited).toBe(1);
    const line = await server.waitFor((candidate) => candidate.msg.startsWith("Invalid configuration"), 1_000);
    return line.problems as string[];
  };

  test("stops the server with one message per bad variable", async () => {
    const [local, postgres] = await Promise.all([
      problemsOf({ PORT: "http", DATABASE_URL: "mysql://db/panel", POINTS_PER_RUPEE: "0", SESSION_SECRET: SECRET }),
      problemsOf({ DATABASE_URL: "postgresql://panel@127.0.0.1:1/panel", SHUTDOWN_TIMEOUT_SECONDS: "soon" }),
    ]);
    expect(local).toEqual([
      expect.stringMatching(/^PORT: must be a whole number from 0 to 65535 .*got "http"$/),
      'DATABASE_URL: must be postgresql://…, pglite:<folder> or pglite:memory (got "mysql://db/panel").',
      expect.stringMatching(/^POINTS_PER_RUPEE: .*"0"/),
    ]);
    expect(postgres).toEqual([
      expect.stringMatching(/^SHUTDOWN_TIMEOUT_SECONDS: must be a whole number from 1 to 3600 .*got "soon"$/),
      "SESSION_SECRET: required when DATABASE_URL is a PostgreSQL URL",
    ]);
  }, 60_000);

  test("--check-config exits 0 when every setting is good", async () => {
    const server = startServer({ DATABASE_URL: "pglite:memory", SESSION_SECRET: SECRET }, ["--check-config"]);
    expect(await server.exited).toBe(0);
    expect(server.lines.map((line) => line.msg)).toEqual(["configuration is valid"]);
  }, 60_000);
});
