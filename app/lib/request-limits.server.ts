import type http from "node:http";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";

// What one request may cost the server (docs/decisions/036-request-limits.md): a form post is read
// here, before the app sees it, and refused with a 413 as soon as it is larger than the limit or
// has too many fields, whether or not it declared its length (a chunked body is counted while it
// streams and never read past the limit); a malformed Host gets a 400; slow clients are cut off by
// the server's header and request timeouts. Mounted by scripts/server.ts.

const KB = 1024;

/** Every form of the app fits in this (the largest, a profile questionnaire, is a few KB). */
export const FORM_BODY_LIMIT = 64 * KB;
/** Checkbox groups are the widest forms; a few hundred fields at most. */
export const FORM_FIELD_LIMIT = 1_000;
/**
 * The survey builder posts a whole questionnaire. Measured: 10 pages of 30 questions with 12
 * options each is a 243 KB post with JavaScript (the draft as JSON) and 3,912 fields without it.
 * The builder refuses drafts above 256 KB itself, with its own message (builder.server.ts); this
 * limit is a little above that so the builder's message, not a bare 413, is what an admin sees.
 */
export const BUILDER_BODY_LIMIT = 320 * KB;
export const BUILDER_FIELD_LIMIT = 10_000;
const BUILDER_PATHS = new Set(["/admin/screenercreate", "/admin/survey/build"]);

/** Headers must arrive within this; the whole request (body included) within REQUEST_TIMEOUT_MS. */
export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 60_000;

/** A host name, IPv4 or bracketed IPv6 address, with an optional port (RFC 3986's host, minus rarities). */
const VALID_HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]{0,251}[a-z0-9_])?)(?::\d{1,5})?$/i;

interface BodyLimits {
  bytes: number;
  fields: number;
}

type Outcome = "ok" | "empty" | "too-large" | "too-many-fields";

/** Sets the server's timeouts: a client sending its headers or body very slowly cannot hold a socket. */
export function applyServerTimeouts(server: http.Server) {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
}

/**
 * Express middleware: 400 for a malformed Host (or X-Forwarded-Host); for a request with a body,
 * 413 when its declared length is over the limit (nothing is read), else the body is read here up
 * to the limit and handed on unchanged, or refused with a 413 the moment it goes over.
 */
export function requestLimits(): RequestHandler {
  return (req, res, next) => {
    // Proxies may append to X-Forwarded-Host ("panel.example, internal:8080"): each entry must be a host.
    const forwardedHosts = [req.headers["x-forwarded-host"] ?? []]
      .flat()
      .flatMap((value) => value.split(",").map((entry) => entry.trim()));
    if (!isValidHost(req.headers.host) || !forwardedHosts.every(isValidHost)) {
      return refuse(res, 400, "The Host header of this request is not valid.");
    }
    if (req.method === "GET" || req.method === "HEAD") return next();

    const limits = limitsFor(req.path);
    const declared = req.headers["content-length"];
    // No body (a form without fields, such as Logout, posts Content-Length: 0; HTTP says a request
    // with neither length nor chunks has none): nothing to count, and the stream is left untouched.
    // Listening to an empty stream would end it here, and Remix, which waits for its end, would hang.
    if (declared === "0" || (declared === undefined && req.headers["transfer-encoding"] === undefined)) return next();
    if (declared !== undefined && Number(declared) > limits.bytes) return refuse(res, 413, tooLarge(limits));
    readWithinLimits(req, limits).then((outcome) => {
      if (outcome === "ok") return next();
      if (outcome === "empty")
        return refuse(
          res,
          400,
          "This request announced a body in chunks and sent none: send Content-Length: 0 instead.",
        );
      refuse(res, 413, outcome === "too-large" ? tooLarge(limits) : tooManyFields(limits));
    }, next);
  };
}

function isValidHost(host: string | undefined): boolean {
  return host === undefined || VALID_HOST.test(host);
}

function limitsFor(pathname: string): BodyLimits {
  // JavaScript posts go to the route's single-fetch URL ("/admin/survey/build.data").
  const route = pathname
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/\/+$/, "");
  return BUILDER_PATHS.has(route)
    ? { bytes: BUILDER_BODY_LIMIT, fields: BUILDER_FIELD_LIMIT }
    : { bytes: FORM_BODY_LIMIT, fields: FORM_FIELD_LIMIT };
}

/**
 * Reads the body as it arrives, counting bytes and fields, and stops at the first one over the
 * limit. A body within the limits is put back at the front of the stream (unshift), so whoever reads
 * the request next (Remix) reads it as if nothing had happened. Reads take exactly what is buffered
 * (never a read() at the end of the stream), so 'end' is only emitted once the next reader is done.
 */
function readWithinLimits(req: ExpressRequest, limits: BodyLimits): Promise<Outcome> {
  // An empty chunked body: listening would end the stream before the app could read it.
  if (req.complete && req.readableLength === 0) return Promise.resolve("empty");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const countFields = fieldCounter(req.headers["content-type"]);
    const finish = (outcome: Outcome) => {
      req.off("readable", onReadable);
      req.off("error", onError);
      if (outcome === "ok" && chunks.length > 0) req.unshift(Buffer.concat(chunks));
      resolve(outcome);
    };
    const onError = (error: Error) => {
      req.off("readable", onReadable);
      reject(error);
    };
    const onReadable = () => {
      while (req.readableLength > 0) {
        const chunk = req.read(req.readableLength) as Buffer | null;
        if (chunk === null) break;
        bytes += chunk.length;
        if (bytes > limits.bytes) return finish("too-large");
        if (countFields(chunk) > limits.fields) return finish("too-many-fields");
        chunks.push(chunk);
      }
      // Nothing came at all: the stream has ended under us, and the app could not read it any more.
      if (req.complete) finish(bytes === 0 ? "empty" : "ok");
    };
    req.on("readable", onReadable);
    req.on("error", onError);
  });
}

/** Counts the fields of a form body chunk by chunk: '&'-separated pairs, or multipart parts. */
function fieldCounter(contentType: string | undefined): (chunk: Buffer) => number {
  const type = contentType?.split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    let fields = 1;
    return (chunk) => {
      for (let at = chunk.indexOf(0x26); at !== -1; at = chunk.indexOf(0x26, at + 1)) fields += 1;
      return fields;
    };
  }
  const boundary = type === "multipart/form-data" ? /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "") : null;
  if (!boundary) return () => 0;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let tail = Buffer.alloc(0);
  let delimiters = 0;
  return (chunk) => {
    // The end of the previous chunk is kept, so a delimiter split between two chunks is still found.
    const data = Buffer.concat([tail, chunk]);
    for (let at = data.indexOf(delimiter); at !== -1; at = data.indexOf(delimiter, at + delimiter.length))
      delimiters += 1;
    tail = data.subarray(Math.max(0, data.length - delimiter.length + 1));
    return Math.max(0, delimiters - 1);
  };
}

function tooLarge({ bytes }: BodyLimits) {
  return `This form is too large to send (the limit is ${Math.round(bytes / KB)} KB). Shorten what you entered and try again.`;
}

function tooManyFields({ fields }: BodyLimits) {
  return `This form has too many fields (the limit is ${fields}). Reload the page and try again.`;
}

/** Answers and closes the connection, so the rest of a refused body is never read. */
function refuse(res: ExpressResponse, status: 400 | 413, message: string) {
  res.status(status).set("Connection", "close").type("text/plain").send(message);
}
