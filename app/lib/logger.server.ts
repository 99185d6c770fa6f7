import { AsyncLocalStorage } from "node:async_hooks";
import util from "node:util";

// Structured logs: one JSON object per line (info and debug on stdout, warnings and errors on
// stderr), so that a log collector parses every line without rules of its own. Each line carries
// the id of the request it belongs to, when there is one. The production server (scripts/server.ts)
// routes `console.*` here, so the app's own console output and Remix's error logging come out in
// the same shape. See docs/decisions/028-production-server.md.

type LogLevel = "debug" | "info" | "warn" | "error";
type LogFields = Record<string, unknown>;

interface RequestContext {
  requestId: string;
}

// The server runs the app from build/server/index.js, which carries its own copy of this module;
// one store per process (on globalThis) lets both copies see the request being served.
const STORE = Symbol.for("survey-panel.request-context");
const shared = globalThis as { [STORE]?: AsyncLocalStorage<RequestContext> };
const requests = (shared[STORE] ??= new AsyncLocalStorage<RequestContext>());

/** Runs `work` (and everything it starts) as part of the request with this id. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requests.run({ requestId }, work);
}

function currentRequestId(): string | undefined {
  return requests.getStore()?.requestId;
}

export function log(level: LogLevel, msg: string, fields: LogFields = {}): void {
  const requestId = currentRequestId();
  const line = { time: new Date().toISOString(), level, msg, ...(requestId ? { requestId } : {}), ...fields };
  // Straight to the streams, not through console.*, which routeConsoleToLog sends here.
  const stream = level === "error" || level === "warn" ? process.stderr : process.stdout;
  stream.write(`${JSON.stringify(line, jsonSafe)}\n`);
}

/** An error as plain fields: a thrown value may be anything, and JSON.stringify drops an Error's. */
export function errorFields(error: unknown): LogFields {
  if (!(error instanceof Error)) return { error: { message: util.inspect(error) } };
  const cause = error.cause === undefined ? {} : { cause: errorFields(error.cause).error };
  return { error: { name: error.name, message: error.message, stack: error.stack, ...cause } };
}

/**
 * Sends console.log/info/debug/warn/error through `log`: the message is what the console would
 * have printed for the arguments that are not errors; the first error becomes `error` fields.
 */
export function routeConsoleToLog(): void {
  const levels: Record<"log" | "info" | "debug" | "warn" | "error", LogLevel> = {
    log: "info",
    info: "info",
    debug: "debug",
    warn: "warn",
    error: "error",
  };
  for (const [method, level] of Object.entries(levels) as [keyof typeof levels, LogLevel][]) {
    console[method] = (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      const rest = args.filter((arg) => arg !== error);
      const msg = rest.length > 0 ? util.format(...rest) : error instanceof Error ? error.message : "";
      log(level, msg, error ? errorFields(error) : {});
    };
  }
}

function jsonSafe(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? value.toString() : value;
}
