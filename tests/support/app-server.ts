import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

// The production build as a child process, started the way an operator starts it (`npm run serve`,
// whatever that runs), for the load benchmark and the resilience test. It runs in a process group
// of its own, so that stopping or killing it reaches the server behind npm too.

export interface AppServer {
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  /** Where the server's output goes; its tail is shown when it fails to start. */
  logFile: string;
  /** SIGTERM, then waits until every process of the group has gone (a graceful shutdown). */
  stop(timeoutMs?: number): Promise<void>;
  /** SIGKILL to every process of the group, then waits until they have gone. */
  kill(): Promise<void>;
}

export const SERVER_BUILD = "build/server/index.js";

/** Whether `npm run build` has left a server build in this folder. */
export function hasProductionBuild(folder = process.cwd()): boolean {
  return fs.existsSync(path.join(folder, SERVER_BUILD));
}

/**
 * Why the production build in this folder cannot be trusted to be the code of app/, or null: it is
 * missing, or some file of app/ changed after it was built (a stale build fails in confusing ways).
 */
export function productionBuildIssue(folder = process.cwd()): string | null {
  if (!hasProductionBuild(folder)) return `no production build (${SERVER_BUILD}); run \`npm run build\` first`;
  const built = fs.statSync(path.join(folder, SERVER_BUILD)).mtimeMs;
  const changed = newestFile(path.join(folder, "app"), built);
  return changed ? `${changed} changed after the production build; run \`npm run build\` again` : null;
}

/** A file under the folder changed after `since` (generated code aside), or null. */
function newestFile(folder: string, since: number): string | null {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      const found = entry.name === "generated" ? null : newestFile(full, since);
      if (found) return found;
    } else if (fs.statSync(full).mtimeMs > since) {
      return path.relative(process.cwd(), full);
    }
  }
  return null;
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * Starts `npm run serve` with only these variables (and PATH, HOME), never the caller's own, and
 * resolves once the server answers /healthz (or, on a build without it, /) with a 200.
 */
export async function startAppServer({
  env,
  logFile,
  port,
  readyTimeoutMs = 60_000,
  command = ["npm", "run", "--silent", "serve"],
}: {
  env: Record<string, string>;
  logFile: string;
  port?: number;
  readyTimeoutMs?: number;
  /** What starts it; `npm run serve` unless said (`npm start`, the benchmark's server). */
  command?: string[];
}): Promise<AppServer> {
  const chosenPort = port ?? (await freePort());
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, "a");
  const [program, ...args] = command;
  const child = spawn(program, args, {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      ...env,
      PORT: String(chosenPort),
    },
    stdio: ["ignore", log, log],
    detached: true,
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${chosenPort}`;
  const group = child.pid;
  if (group === undefined) throw new Error("npm run serve did not start");

  const server: AppServer = {
    url,
    child,
    logFile,
    async stop(timeoutMs = 30_000) {
      signalGroup(group, "SIGTERM");
      if (await groupEnded(group, timeoutMs)) return;
      signalGroup(group, "SIGKILL");
      await groupEnded(group, 10_000);
      throw new Error(`The server did not stop within ${timeoutMs} ms of SIGTERM, so it was killed. Log: ${logFile}`);
    },
    async kill() {
      signalGroup(group, "SIGKILL");
      if (!(await groupEnded(group, 10_000))) throw new Error(`Process group ${group} survived SIGKILL`);
    },
  };

  try {
    await waitUntilReady(url, group, readyTimeoutMs);
  } catch (error) {
    await server.kill();
    throw new Error(`${(error as Error).message}\nLast lines of ${logFile}:\n${tail(logFile)}`);
  }
  return server;
}

async function waitUntilReady(url: string, group: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!groupIsAlive(group)) throw new Error("The server exited before it answered");
    const health = await status(`${url}/healthz`);
    if (health === 200) return;
    if (health === 404 && (await status(`${url}/`)) === 200) return;
    await sleep(200);
  }
  throw new Error(`The server did not answer /healthz within ${timeoutMs} ms`);
}

async function status(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

function signalGroup(group: number, signal: NodeJS.Signals) {
  try {
    process.kill(-group, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

/**
 * Whether a process of the group still runs. Read from /proc where there is one: an orphaned
 * process that has exited stays a zombie until PID 1 reaps it, and some container inits never do,
 * while kill(-group, 0) counts zombies as alive.
 */
function groupIsAlive(group: number): boolean {
  if (!fs.existsSync("/proc/self/stat")) {
    try {
      process.kill(-group, 0);
      return true;
    } catch {
      return false;
    }
  }
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // "pid (command) state ppid pgrp …": the command may hold spaces and parentheses.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(pgrp) === group && state !== "Z") return true;
  }
  return false;
}

/** Resolves true once no process of the group is left (npm, its shell and the server alike). */
async function groupEnded(group: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (groupIsAlive(group)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no output)";
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
