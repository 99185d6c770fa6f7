import { createHmac, timingSafeEqual } from "node:crypto";
import type { AssignmentOutcome } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { clientAddress, consumeRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import { ASSIGNMENT_STATUS, type AssignmentStatus } from "./assignment-status";
import {
  RETURN_STATUSES,
  verifiesWithSecrets,
  type ReturnSecrets,
  type ReturnStatus,
} from "./survey-return-links.server";
import { compensationOf, endAssignment } from "./survey-taking.server";

// Server-to-server status callbacks (docs/decisions/060-survey-callbacks.md): an external survey's
// vendor tells the panel how a respondent's survey ended, from its server, without the member's
// browser. POST /api/surveys/{id}/callback with a small body (JSON, or a form) naming the respondent
// token and the status, signed in X-Signature with the survey's secret (the return links' secret,
// with the same grace period after a rotation). It ends the assignment through endAssignment, the
// function the return link uses, so a complete is credited once however often it is reported and by
// whichever way (callback or return link) arrives first. Every callback to a known survey is kept
// in SurveyCallback for support; callbacks are not admin actions, so they are not audited.

/** The largest body read; a callback is a few dozen bytes. Anything longer is refused unread. */
export const CALLBACK_BODY_LIMIT = 4 * 1024;
export const SIGNATURE_HEADER = "X-Signature";
const MAX_TOKEN_LENGTH = 200;
/** A day: no survey is longer, and the field report reads lengths in minutes. */
export const MAX_LOI_SECONDS = 86_400;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;

export function callbackPath(surveyId: number): string {
  return `/api/surveys/${surveyId}/callback`;
}

export function callbackUrl(surveyId: number): string {
  return new URL(callbackPath(surveyId), getEnv().APP_URL).href;
}

/** The lowercase hex HMAC-SHA256 of the raw body, keyed with the secret as shown (64 hex characters as text). */
export function signCallbackBody(body: string | Uint8Array, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

function verifyBody(body: Uint8Array, signature: string, secret: string): boolean {
  if (secret === "") return false;
  const expected = Buffer.from(signCallbackBody(body, secret), "hex");
  // Both 32 bytes: the caller checked the signature's pattern, as timingSafeEqual requires.
  return timingSafeEqual(Buffer.from(signature, "hex"), expected);
}

export type CallbackResult =
  | "recorded"
  | "already_recorded"
  | "conflict"
  | "not_started"
  | "bad_signature"
  | "malformed"
  | "unknown_token"
  | "unknown_survey"
  | "too_large"
  | "method_not_allowed"
  | "rate_limited"
  /** A complete after the survey's close date from a start outside its window (decision 062). */
  | "too_late";

export interface CallbackAnswer {
  httpStatus: number;
  /** A 429's wait, sent as Retry-After. */
  retryAfterSeconds?: number;
  body:
    | {
        ok: true;
        result: "recorded" | "already_recorded";
        token: string;
        status: string;
        points: number;
        message: string;
      }
    | { ok: false; error: CallbackResult; message: string };
}

interface CallbackFields {
  token: string;
  status: ReturnStatus;
  loiSeconds: number | null;
}

const MESSAGES = {
  unknownSurvey: "No external survey has this id. Check the callback address on the survey's page.",
  tooLarge: `The body is larger than ${CALLBACK_BODY_LIMIT / 1024} KB. Send only token, status and loiSeconds.`,
  badSignature: `${SIGNATURE_HEADER} must be the lowercase hex HMAC-SHA256 of the raw body, keyed with the survey's secret. Nothing was recorded.`,
  notUtf8: "The body is not UTF-8 text. Send JSON or a form.",
  notJson: 'The body is not valid JSON. Send an object such as {"token":"…","status":"complete"}.',
  token: `Send the respondent token in "token" (1 to ${MAX_TOKEN_LENGTH} characters).`,
  status: `Send "status" as one of ${RETURN_STATUSES.join(", ")}.`,
  loi: `Send "loiSeconds" as a whole number of seconds from 0 to ${MAX_LOI_SECONDS}, or leave it out.`,
  unknownToken: "No respondent of this survey has this token. Nothing was recorded.",
  rateLimited: (limit: number, seconds: number) =>
    `Too many callbacks for this survey from your address: at most ${limit} a minute. Nothing was recorded; send it again in ${seconds} seconds (Retry-After).`,
} as const;

const STATUS_WORDS: Record<AssignmentOutcome, string> = {
  complete: "a complete",
  terminate: "a screen-out (terminate)",
  over_quota: "over quota",
  quality: "a quality termination",
  security: "a security termination (a return link with a bad signature)",
};

const fail = (httpStatus: number, error: CallbackResult, message: string): CallbackAnswer => ({
  httpStatus,
  body: { ok: false, error, message },
});

/**
 * Handles one callback request for the survey named in its address; never throws for anything the
 * caller sent. The body is read here, at most CALLBACK_BODY_LIMIT bytes of it.
 */
export async function receiveCallback(surveyId: number | null, request: Request): Promise<CallbackAnswer> {
  const survey =
    surveyId === null
      ? null
      : await getPrisma().survey.findUnique({
          where: { id: surveyId },
          select: {
            id: true,
            delivery: true,
            returnSecret: true,
            previousReturnSecret: true,
            previousSecretExpiresAt: true,
          },
        });
  if (!survey || survey.delivery !== "external") return fail(404, "unknown_survey", MESSAGES.unknownSurvey);

  // Counted before the body is read, in one atomic statement, so parallel calls cannot all slip
  // under the limit. A refusal is kept in SurveyCallback only once a window (the first one over
  // the limit): support sees that the vendor was slowed down, and a flood cannot fill the table.
  const limit = await consumeRateLimit(RATE_LIMITS.surveyCallbacks, survey.id, clientAddress(request));
  if (limit.limited) {
    const refused: CallbackAnswer = {
      ...fail(429, "rate_limited", MESSAGES.rateLimited(RATE_LIMITS.surveyCallbacks.limit(), limit.retryAfterSeconds)),
      retryAfterSeconds: limit.retryAfterSeconds,
    };
    if (limit.firstRefusal) await recordCallback(survey.id, { answer: refused });
    return refused;
  }

  const answer = await answerCallback(survey, request);
  await recordCallback(survey.id, answer);
  return answer.answer;
}

async function recordCallback(
  surveyId: number,
  { answer, fields }: { answer: CallbackAnswer; fields?: Partial<CallbackFields> },
) {
  await getPrisma().surveyCallback.create({
    data: {
      surveyId,
      token: fields?.token ?? null,
      status: fields?.status ?? null,
      loiSeconds: fields?.loiSeconds ?? null,
      result: answer.body.ok ? answer.body.result : answer.body.error,
      httpStatus: answer.httpStatus,
    },
  });
}

async function answerCallback(
  survey: ReturnSecrets & { id: number },
  request: Request,
): Promise<{ answer: CallbackAnswer; fields?: Partial<CallbackFields> }> {
  const body = await readCappedBody(request, CALLBACK_BODY_LIMIT);
  if (body === null) return { answer: fail(413, "too_large", MESSAGES.tooLarge) };
  const parsed = parseCallbackBody(body);
  // What the body claims is kept with a refusal too, when it can be read: support looks callbacks up by token.
  const claimed = "fields" in parsed ? parsed.fields : parsed.partial;

  const signature = (request.headers.get(SIGNATURE_HEADER) ?? "").trim();
  const signed =
    /^[0-9a-f]{64}$/i.test(signature) &&
    verifiesWithSecrets(survey, (secret) => verifyBody(body, signature.toLowerCase(), secret));
  if (!signed) return { answer: fail(401, "bad_signature", MESSAGES.badSignature), fields: claimed };
  if (!("fields" in parsed)) return { answer: fail(400, "malformed", parsed.message), fields: claimed };

  const { fields } = parsed;
  return { answer: await endByCallback(survey.id, fields), fields };
}

/** Ends the respondent's assignment as the return link would, or says why nothing changed. */
async function endByCallback(surveyId: number, { token, status, loiSeconds }: CallbackFields): Promise<CallbackAnswer> {
  const assignment = await getPrisma().assignment.findUnique({
    where: { respondentToken: token },
    select: { id: true, surveyId: true },
  });
  if (!assignment || assignment.surveyId !== surveyId) return fail(404, "unknown_token", MESSAGES.unknownToken);

  // The vendor's length of interview is the complete's length for the speeder rule (decision 071).
  const ended = await endAssignment(assignment.id, status, undefined, { loiSeconds });
  if (ended.ok) {
    return success("recorded", token, status, ended.points, `Recorded ${STATUS_WORDS[status]}.`);
  }
  if (ended.reason === "too_late") {
    return fail(
      409,
      "too_late",
      "The survey closed and this respondent's start was longer ago than the survey's length plus the grace period, so the complete is not counted. Nothing changed.",
    );
  }
  if (ended.reason === "over_quota") {
    return success(
      "recorded",
      token,
      "over_quota",
      ended.points,
      ended.points > 0
        ? `The survey's quota was already full, so this respondent is recorded as over quota, with the survey's screen-out compensation of ${ended.points} points instead of the reward.`
        : "The survey's quota was already full, so this respondent is recorded as over quota, without a reward.",
    );
  }
  // Nothing moved: ended before (by this callback sent again, a return link, or a concurrent
  // callback a moment ago), paused, or never started. What it is now says which.
  const now = await getPrisma().assignment.findUniqueOrThrow({
    where: { id: assignment.id },
    select: { status: true, outcome: true, points: true },
  });
  const current = now.status as AssignmentStatus;
  if (now.outcome === status && current !== ASSIGNMENT_STATUS.started) {
    const points =
      current === ASSIGNMENT_STATUS.complete ? now.points : await compensationOf(getPrisma(), assignment.id);
    return success(
      "already_recorded",
      token,
      status,
      points,
      `Already recorded as ${STATUS_WORDS[status]}: nothing changed.`,
    );
  }
  if (current === ASSIGNMENT_STATUS.assigned || current === ASSIGNMENT_STATUS.paused || now.outcome === null) {
    return fail(
      409,
      "not_started",
      current === ASSIGNMENT_STATUS.paused
        ? "This respondent's survey is paused by the panel, so no status can be recorded now. Nothing changed."
        : "This respondent has not started the survey on the panel, so no status can be recorded. Nothing changed.",
    );
  }
  return fail(
    409,
    "conflict",
    `This respondent's survey already ended as ${STATUS_WORDS[now.outcome]}, so ${STATUS_WORDS[status]} cannot be recorded after it. Nothing changed.`,
  );
}

function success(
  result: "recorded" | "already_recorded",
  token: string,
  status: string,
  points: number,
  message: string,
): CallbackAnswer {
  return { httpStatus: 200, body: { ok: true, result, token, status, points, message } };
}

/**
 * The body's bytes, or null when it is longer than `limit`: a declared length over the limit is
 * refused unread, and a body without one (chunked) is read only until it goes over.
 */
export async function readCappedBody(request: Request, limit: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (Number.isFinite(declared) && declared > limit) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

type Parsed = { fields: CallbackFields } | { message: string; partial?: Partial<CallbackFields> };

/**
 * The body as JSON when it starts with "{" or "[" (whatever its Content-Type: curl's -d labels JSON
 * as a form), else as a form (token=…&status=…). Unknown fields are ignored.
 */
export function parseCallbackBody(bytes: Uint8Array): Parsed {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { message: MESSAGES.notUtf8 };
  }
  let raw: Record<string, unknown>;
  if (/^\s*[[{]/.test(text)) {
    try {
      const value: unknown = JSON.parse(text);
      if (!value || typeof value !== "object" || Array.isArray(value)) return { message: MESSAGES.notJson };
      raw = value as Record<string, unknown>;
    } catch {
      return { message: MESSAGES.notJson };
    }
  } else {
    const form = new URLSearchParams(text);
    raw = {};
    for (const name of ["token", "status", "loiSeconds"]) {
      const values = form.getAll(name);
      // A repeated field is ambiguous: refused rather than guessed.
      if (values.length > 0) raw[name] = values.length === 1 ? values[0] : values;
    }
  }
  const token = readToken(raw.token);
  const status = RETURN_STATUSES.find((known) => known === raw.status) ?? null;
  const partial: Partial<CallbackFields> = { ...(token ? { token } : {}), ...(status ? { status } : {}) };
  if (!token) return { message: MESSAGES.token, partial };
  if (!status) return { message: MESSAGES.status, partial };
  const loiSeconds = readLoi(raw.loiSeconds);
  if (loiSeconds === undefined) return { message: MESSAGES.loi, partial };
  return { fields: { token, status, loiSeconds } };
}

function readToken(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_TOKEN_LENGTH) return null;
  return CONTROL_CHARACTER.test(value) ? null : value;
}

/** null when absent; undefined when present but not a whole number of seconds in range. */
function readLoi(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === "") return null;
  const number = typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : value;
  if (typeof number !== "number" || !Number.isInteger(number) || number < 0 || number > MAX_LOI_SECONDS) {
    return undefined;
  }
  return number;
}

// ——— For the survey's admin page ———

export interface CallbackRow {
  receivedAt: string;
  token: string | null;
  status: string | null;
  loiSeconds: number | null;
  result: string;
  httpStatus: number;
}

export const RECENT_CALLBACKS = 20;

/** What the admin page shows buyers: the address, a worked example, and the latest callbacks. */
export async function callbackGuide(survey: { id: number; returnSecret: string }, showSignature: boolean) {
  const exampleBody = JSON.stringify({ token: "EXAMPLE-TOKEN", status: "complete", loiSeconds: 600 });
  const rows = await getPrisma().surveyCallback.findMany({
    where: { surveyId: survey.id },
    orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
    take: RECENT_CALLBACKS,
    select: { receivedAt: true, token: true, status: true, loiSeconds: true, result: true, httpStatus: true },
  });
  return {
    url: callbackUrl(survey.id),
    exampleBody,
    // The HMAC of a known body does not reveal the secret, but it is shown beside the secret, to super-admins.
    exampleSignature: showSignature ? signCallbackBody(exampleBody, survey.returnSecret) : null,
    recent: rows.map((row): CallbackRow => ({ ...row, receivedAt: row.receivedAt.toISOString() })),
  };
}

export type CallbackGuide = Awaited<ReturnType<typeof callbackGuide>>;
