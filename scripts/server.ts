// The production server (`npm start`, `npm run serve`): Express serving the Remix build, as
// remix-serve does, plus what running several instances behind a load balancer needs: the
// configuration checked before anything starts, a request id and one JSON log line per request,
// and a graceful shutdown on SIGTERM/SIGINT. See docs/decisions/028-production-server.md.
//
//   node --import tsx scripts/server.ts [server build]   serves it (default build/server/index.js)
//   node --import tsx scripts/server.ts --check-config   checks the configuration and exits
//
// As an entry it is production and only production (docs/decisions/031-start-modes.md): the
// development, test and benchmark switches are ignored, and nothing is mounted beside the app. The
// demo (scripts/demo.ts), the end-to-end harness (tests/support/harness/server.ts) and the load
// benchmark import `startServer` and mount their extras themselves.
import crypto from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { parseTrustProxy, recordClientAddress } from "../app/lib/client-address.server";
import { getEnv } from "../app/lib/env.server";
import { guestPageCache } from "../app/lib/guest-page-cache.server";
import { responseReadiness } from "../app/lib/load-context.server";
import { assertSameOrigin } from "../app/lib/forms.server";
import { securityHeaders } from "../app/lib/security-headers.server";
import { servedOverHttps } from "../app/lib/session-cookie.server";
import { isDraining, runShutdown, startDraining } from "../app/lib/lifecycle.server";
import { applyServerTimeouts, requestLimits } from "../app/lib/request-limits.server";
import { errorFields, log, routeConsoleToLog, withRequestId } from "../app/lib/logger.server";

interface ServerSettings {
  port: number;
  host: string | undefined;
  shutdownTimeoutMs: number;
}

/** Longer than the idle timeout of common load balancers (60 s), so they never reuse a socket we closed. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** An incoming X-Request-Id is kept only when it looks like an id (a load balancer's, say). */
const SANE_REQUEST_ID = /^[\w.:=+/-]{1,128}$/;
/** Probes are logged only when they fail: a load balancer asks every few seconds. */
const PROBES = new Set(["/healthz", "/readyz"]);
/** Paths that carry a secret in a segment, logged with the segment replaced. */
const SECRET_PATHS: [RegExp, string][] = [
  [/^\/email\/verify\/[^/]+\/[^/]+/, "/email/verify/:id/:hash"],
  [/^\/resetpassword\/[^/]+/, "/resetpassword/:token"],
  [/^\/admin\/reset-password\/[^/]+/, "/admin/reset-password/:token"],
];

/**
 * How the built app is started. `production` is `npm start`: the switches below are ignored and an
 * APP_URL on plain http must be a loopback address. `demo` and `harness` are the demo command and the
 * end-to-end harness, on this machine, which mount their extras.
 */
export type StartMode = "production" | "demo" | "harness";

/** Development, test and benchmark switches a production start never honours. */
export const BACK_DOOR_SETTINGS = {
  GOOGLE_MOCK: "signs anyone in as any Google account",
  E2E_FIXTURES: "the end-to-end harness's fixtures",
  BENCH_ROUTES: "the load benchmark's route",
  SEED_DEMO: "demo accounts with published passwords",
} as const;

/** Extra Express handlers mounted before the app: the demo's outbox, the harness's fixtures. */
export type Extras = (app: express.Express) => void;

/** Changes the build before the app's request handler is made from it: the load benchmark adds its bare Remix route. */
export type BuildChange = (build: ServerBuild) => void;

const isEntry = process.argv[1] !== undefined && path.resolve(process.argv[1]) === url.fileURLToPath(import.meta.url);
if (isEntry) {
  const args = process.argv.slice(2);
  const settings = await prepare("production");
  if (!settings) {
    process.exitCode = 1;
  } else if (args.includes("--check-config")) {
    log("info", "configuration is valid");
  } else {
    await serve(path.resolve(args.find((arg) => !arg.startsWith("--")) ?? "build/server/index.js"), settings);
  }
}

/**
 * Readies the process for a start in this mode: NODE_ENV, the switches a production start drops
 * (with a warning each), JSON logs, crash handlers; then checks the configuration. Undefined when it
 * is bad (the problems are logged).
 */
export async function prepare(mode: StartMode): Promise<ServerSettings | undefined> {
  const problems: string[] = [];
  const nodeEnv = process.env.NODE_ENV?.trim();
  if (mode === "production" && nodeEnv && nodeEnv !== "production") {
    problems.push(
      `NODE_ENV: npm start runs production only, got "${nodeEnv}"; use \`npm run dev\` to develop or \`npm run demo\` to try the panel`,
    );
  }
  process.env.NODE_ENV = "production";
  routeConsoleToLog();
  process.on("uncaughtException", (error) => crash("uncaught exception", error));
  process.on("unhandledRejection", (reason) => crash("unhandled rejection", reason));
  if (mode === "production") {
    for (const [name, what] of Object.entries(BACK_DOOR_SETTINGS)) {
      const value = process.env[name]?.trim();
      if (value && value !== "0" && value !== "false") {
        log("warn", `${name} is ignored: npm start never serves ${what}`, { setting: name });
      }
      delete process.env[name];
    }
  }
  return checkConfiguration(mode, problems);
}

/** Prepares, then serves the build with the extras mounted before the app; exits when the configuration is bad. */
export async function startServer(
  mode: StartMode,
  {
    build = "build/server/index.js",
    extras,
    changeBuild,
  }: { build?: string; extras?: Extras; changeBuild?: BuildChange } = {},
) {
  const settings = await prepare(mode);
  if (!settings) process.exit(1);
  await serve(path.resolve(build), settings, extras, changeBuild);
}

/** Every setting the app and this server read, with one message per bad one; undefined when any is bad. */
async function checkConfiguration(mode: StartMode, problems: string[]): Promise<ServerSettings | undefined> {
  let settings: ServerSettings | undefined;
  try {
    const env = getEnv();
    if (mode === "production") checkTransport(env.APP_URL);
    settings = {
      port: env.PORT,
      host: env.HOST?.trim() || undefined,
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    };
  } catch (error) {
    problems.push(...configurationProblems(error));
  }
  if (settings && problems.length === 0) return settings;
  log("error", "Invalid configuration: the server did not start", { problems: [...new Set(problems)] });
  return undefined;
}

/**
 * A real panel is served over https: its cookies are then Secure with the __Host- prefix. Plain
 * http is allowed only on this machine's own addresses (trying the build locally, a proxy on the
 * same host that the public reaches over https is APP_URL's job to name).
 */
function checkTransport(appUrl: string) {
  const { protocol, hostname } = new URL(appUrl);
  if (protocol === "https:") return;
  if (hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname)) return;
  throw new Error(
    `Invalid configuration:\n  APP_URL: a production start needs an https address (cookies and sign-ins travel over it), got "${appUrl}"; plain http is allowed only for localhost`,
  );
}

/** The lines of a configuration error ("Invalid configuration:\n  NAME: problem"), or its message. */
function configurationProblems(error: unknown): string[] {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && line !== "Invalid configuration:");
}

async function serve(
  buildPath: string,
  { port, host, shutdownTimeoutMs }: ServerSettings,
  extras?: Extras,
  changeBuild?: BuildChange,
) {
  const running: { server?: http.Server } = {};
  const inFlight = new Set<express.Response>();

  const shutdown = async (signal: NodeJS.Signals) => {
    if (isDraining()) return log("warn", "already shutting down", { signal });
    startDraining();
    log("info", "shutting down", { signal, inFlight: inFlight.size });
    if (running.server) await drain(running.server, inFlight, shutdownTimeoutMs);
    const { stopped, failures } = await runShutdown();
    for (const { name, error } of failures) log("error", `could not stop the ${name}`, errorFields(error));
    log("info", "stopped", { signal, stopped });
    process.exit(failures.length > 0 ? 1 : 0);
  };
  // Before the build is imported: its mail worker listens for these signals too, and a signal
  // during start-up must still end the process.
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void shutdown(signal));

  if (!fs.existsSync(buildPath)) {
    log("error", `There is no server build at ${buildPath}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const build = (await import(url.pathToFileURL(buildPath).href)) as ServerBuild;
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  changeBuild?.(build);

  const app = express();
  app.disable("x-powered-by");
  // Whose X-Forwarded-For counts, and the limits on what a request may cost (decisions 033, 036).
  app.set("trust proxy", parseTrustProxy(getEnv().TRUST_PROXY));
  app.use(tagRequest(inFlight, () => running.server));
  app.use(requestLimits());
  app.use(recordClientAddress());
  app.use(protect());
  app.use(compression());
  // Vite puts fingerprinted files under assets/: cached for a year. The rest (favicon, robots) for an hour.
  app.use(
    path.posix.join(build.publicPath, "assets"),
    express.static(path.join(build.assetsBuildDirectory, "assets"), { immutable: true, maxAge: "1y" }),
  );
  app.use(build.publicPath, express.static(build.assetsBuildDirectory, { maxAge: "1h" }));
  extras?.(app);
  // Guest pages that are the same for every visitor, from memory (docs/decisions/050-guest-page-cache.md).
  app.use(guestPageCache({ version: build.assets.version, ttlSeconds: getEnv().GUEST_PAGE_CACHE_SECONDS }));
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: getEnv().NODE_ENV,
      getLoadContext: (_req, res) => ({ responseReady: responseReadiness(res) }),
    }),
  );
  app.use(failedRequest);

  const listening = app.listen({ port, host });
  running.server = listening;
  listening.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  applyServerTimeouts(listening);
  listening.on("listening", () => {
    const address = listening.address();
    log("info", "listening", {
      port: typeof address === "object" && address ? address.port : port,
      host: host ?? "all interfaces",
      build: path.relative(process.cwd(), buildPath),
    });
  });
  listening.on("error", async (error) => {
    log("error", "the server could not listen", errorFields(error));
    await runShutdown();
    process.exit(1);
  });
}

/**
 * Gives every request an id (a sane incoming X-Request-Id, or a new one) that the response
 * echoes, the app sees in its request headers and every log line of the request carries, and
 * writes one log line when the response is done.
 */
function tagRequest(inFlight: Set<express.Response>, server: () => http.Server | undefined): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const incoming = req.get("x-request-id");
    const requestId = incoming && SANE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    const pathname = loggedPath(req.path);
    req.headers["x-request-id"] = requestId;
    res.setHeader("X-Request-Id", requestId);
    // While draining, every response closes its connection, so keep-alive clients move elsewhere.
    if (isDraining()) res.setHeader("Connection", "close");
    inFlight.add(res);
    res.on("close", () => {
      inFlight.delete(res);
      if (isDraining()) setImmediate(() => server()?.closeIdleConnections());
      const status = res.statusCode;
      if (PROBES.has(pathname) && status < 400) return;
      log(status >= 500 ? "error" : "info", "request", {
        requestId,
        method: req.method,
        path: pathname,
        status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      });
    });
    withRequestId(requestId, next);
  };
}

/**
 * What must hold for every response, not only the documents and data that app/entry.server.tsx
 * renders: the security headers without the CSP (which entry.server.tsx adds to documents with
 * their nonce) on static files, resource routes and redirects; and a cross-origin post refused with
 * the app's own 403, here, because Remix's host check would answer it first with a bare 500
 * (docs/decisions/029-security-headers.md).
 */
function protect(): RequestHandler {
  const headers = securityHeaders({ development: false, https: servedOverHttps() });
  return (req, res, next) => {
    // Added when the head is written, and only where the app set none: @remix-run/express appends
    // the app's own headers, so setting them here first would send "nosniff, nosniff".
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      for (const [name, value] of Object.entries(headers)) if (!res.hasHeader(name)) res.setHeader(name, value);
      return writeHead.apply(this, args);
    } as typeof writeHead;
    const source = new Request(new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`), {
      method: req.method,
      headers: Object.fromEntries(
        (["origin", "referer"] as const).flatMap((name) => (req.get(name) ? [[name, req.get(name)!]] : [])),
      ),
    });
    try {
      assertSameOrigin(source);
    } catch (refusal) {
      if (!(refusal instanceof Response)) return next(refusal);
      res.status(refusal.status).type("text/plain").send("Cross-origin form posts are not accepted.");
      return;
    }
    next();
  };
}

/** The path without its query string (which may hold a signature or a token), secrets masked. */
function loggedPath(pathname: string): string {
  const masked = SECRET_PATHS.reduce((current, [pattern, mask]) => current.replace(pattern, mask), pathname);
  return masked.length > 300 ? `${masked.slice(0, 300)}…` : masked;
}

/** Stops accepting connections, lets the requests in flight finish (within the limit), then returns. */
async function drain(server: http.Server, inFlight: Set<express.Response>, limitMs: number) {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), limitMs)));
  if (await Promise.race([closed.then(() => false), timedOut])) {
    log("warn", "shutdown time limit reached: closing the connections still open", { inFlight: inFlight.size });
    server.closeAllConnections();
    await closed;
    // A response cut short hears of it a little after the server closes: wait for its log line.
    for (let waited = 0; inFlight.size > 0 && waited < 1_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  clearTimeout(timer);
}

/** Express's last resort (four parameters make it an error handler): a JSON log line and a plain 500. */
function failedRequest(error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) {
  log("error", "request failed", errorFields(error));
  if (res.headersSent) return next(error);
  res.status(500).type("text/plain").send("Internal Server Error");
}

function crash(what: string, error: unknown): never {
  log("error", what, errorFields(error));
  process.exit(1);
}
