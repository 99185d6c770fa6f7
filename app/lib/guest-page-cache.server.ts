import type { RequestHandler, Response as ExpressResponse } from "express";
import { DEFAULT_LANGUAGE, languageOfAcceptLanguage } from "../i18n/config";
import { createNonce } from "./security-headers.server";

// Guest pages that are the same for every visitor (Landing, the Login page) are rendered once and
// then served from this process's memory for a short while, instead of running Remix's routing,
// the loaders and React for every visitor (issue 17; docs/decisions/050-guest-page-cache.md).
//
// Safety rules, in this order:
// - Only a GET without a query string and without any cookie is ever answered from the cache or
//   stored in it. A member, an admin, a visitor with a toast (flash) cookie or anyone else with a
//   cookie goes through the app as before, so a cached page never carries anyone's data.
// - Only a page whose route asks for it (`handle.guestPageCache`, marked by app/entry.server.tsx
//   with GUEST_PAGE_MARK) is stored, and only a 200 HTML answer without Set-Cookie.
// - Every answer from the cache gets a fresh CSP nonce, in the header and in the page's scripts.
// Entries live GUEST_PAGE_CACHE_SECONDS at most (the footer's year comes from the clock) and are
// keyed by the build's version, the visitor's language and the path.

/** Set by app/entry.server.tsx on pages whose route may be cached; never sent to the browser. */
export const GUEST_PAGE_MARK = "x-guest-page-cacheable";

/** A route module's `handle` that lets its page be cached for visitors. */
export interface GuestPageHandle {
  guestPageCache?: boolean;
}

/** Whether the deepest matched route's handle asks for the guest page cache. */
export function wantsGuestPageCache(handles: unknown[]): boolean {
  const last = handles.at(-1) as GuestPageHandle | undefined;
  return last?.guestPageCache === true;
}

/** Guest pages are small; anything larger is not worth keeping. */
const MAX_PAGE_BYTES = 256 * 1024;
/** Bounded whatever happens: only routes that opt in are stored, and they have fixed paths. */
const MAX_ENTRIES = 50;
/** Headers of the stored answer that belong to one response, never to the page. */
const PER_RESPONSE = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "x-request-id",
  // The compression middleware decides these per request, from the request's Accept-Encoding.
  "content-encoding",
  "vary",
]);

interface Entry {
  /** The page split where its scripts carry the nonce (`nonce="…"`), to be joined with a new one. */
  parts: string[];
  /** The CSP split where it names the nonce (`'nonce-…'`). */
  csp: string[] | null;
  headers: [string, string | string[]][];
  expiresAt: number;
}

export interface GuestPageCacheOptions {
  /** The build's version (Remix's assets version): a new build never serves the old pages. */
  version: string;
  /** How long a page is kept; 0 turns the cache off. */
  ttlSeconds: number;
  now?: () => number;
}

/**
 * The Express middleware, mounted just before the Remix handler. It always strips the mark from
 * responses; it answers eligible requests from the cache and stores eligible answers.
 */
export function guestPageCache({ version, ttlSeconds, now = Date.now }: GuestPageCacheOptions): RequestHandler {
  const entries = new Map<string, Entry>();
  return (req, res, next) => {
    const eligible = ttlSeconds > 0 && isVisitorGet(req.method, req.originalUrl, req.headers.cookie);
    // A visitor without a cookie gets the page in the first language of their browser that the site
    // speaks (decision 074): one copy per language.
    const language = languageOfAcceptLanguage(req.headers["accept-language"]) ?? DEFAULT_LANGUAGE;
    const key = `${version} ${language} ${req.path}`;
    if (eligible) {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return sendFromCache(res, entry);
      if (entry) entries.delete(key);
    }
    watchResponse(res, eligible, (page) => {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { ...page, expiresAt: now() + ttlSeconds * 1000 });
    });
    next();
  };
}

/** A visitor's plain page view: GET, no query string (a redirectTo, a token), no cookie at all. */
export function isVisitorGet(method: string, url: string, cookie: string | undefined): boolean {
  return method === "GET" && !url.includes("?") && !cookie?.trim();
}

function sendFromCache(res: ExpressResponse, entry: Entry) {
  const nonce = createNonce();
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  // The stored answer's Vary is left out with the per-response headers (compression adds its own).
  res.appendHeader("Vary", "Accept-Language");
  if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp.join(`'nonce-${nonce}'`));
  res.status(200).end(entry.parts.join(`nonce="${nonce}"`));
}

/**
 * Removes the mark when the head is written and, for an eligible request whose answer is a marked
 * 200 HTML page without cookies, keeps a copy of the body as it streams out and hands it to `store`.
 */
function watchResponse(res: ExpressResponse, eligible: boolean, store: (page: Omit<Entry, "expiresAt">) => void) {
  let keep = false;
  const chunks: Buffer[] = [];
  let size = 0;

  const writeHead = res.writeHead;
  res.writeHead = function (this: ExpressResponse, ...args: Parameters<typeof writeHead>) {
    const marked = res.getHeader(GUEST_PAGE_MARK) !== undefined;
    res.removeHeader(GUEST_PAGE_MARK);
    keep =
      eligible &&
      marked &&
      res.statusCode === 200 &&
      // writeHead(status, headers) could add a cookie the checks here do not see.
      !args.slice(1).some((arg) => typeof arg === "object") &&
      !res.hasHeader("set-cookie") &&
      String(res.getHeader("content-type") ?? "").startsWith("text/html");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  if (!eligible) return;

  const collect = (chunk: unknown, encoding: unknown) => {
    if (!keep || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > MAX_PAGE_BYTES) keep = false;
    else chunks.push(buffer);
  };
  const write = res.write;
  res.write = function (this: ExpressResponse, chunk: unknown, ...rest: unknown[]) {
    const result = (write as (...args: unknown[]) => boolean).apply(this, [chunk, ...rest]);
    collect(chunk, rest[0]);
    return result;
  } as typeof write;
  const end = res.end;
  res.end = function (this: ExpressResponse, ...args: unknown[]) {
    const result = (end as (...args: unknown[]) => ExpressResponse).apply(this, args);
    collect(args[0], args[1]);
    if (keep) store(snapshot(res, Buffer.concat(chunks).toString("utf8")));
    return result;
  } as typeof end;
}

/** The page and its headers, with the response's nonce cut out so that each answer gets its own. */
function snapshot(res: ExpressResponse, body: string): Omit<Entry, "expiresAt"> {
  const csp = res.getHeader("content-security-policy");
  const nonce = typeof csp === "string" ? /'nonce-([^']+)'/.exec(csp)?.[1] : undefined;
  const headers = Object.entries(res.getHeaders())
    .filter(([name]) => !PER_RESPONSE.has(name) && name !== "content-security-policy")
    .map(([name, value]) => [name, Array.isArray(value) ? value : String(value)] as [string, string | string[]]);
  if (!nonce || typeof csp !== "string") return { parts: [body], csp: null, headers };
  return { parts: body.split(`nonce="${nonce}"`), csp: csp.split(`'nonce-${nonce}'`), headers };
}
