import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { signCallbackBody } from "~/domain/survey-callbacks.server";
import { returnLinkTemplate, signReturnUrl } from "~/domain/survey-return-links.server";
import { CLIENT_ADDRESS_HEADER } from "~/lib/client-address.server";
import { getPrisma } from "~/lib/db.server";
import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { action as callbackAction, loader as callbackLoader } from "~/routes/api.surveys.$id.callback";
import { loader as returnLoader } from "~/routes/surveys.redirect";
import { action as editAction, loader as editLoader } from "~/routes/admin._console._survey.survey.$id";
import { adminRequest } from "../support/admin-requests";
import { createTestAssignment, createTestSurvey } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { signedInAdmin, signedInMember } from "../support/requests";

// Server-to-server status callbacks (decision 060): a vendor's signed POST ends a respondent's
// assignment exactly as the return link would, once, whichever of the two comes first; a survey
// may require it, and then the return link alone credits nothing.

// Twenty concurrent callbacks on a busy machine take longer than the default.
vi.setConfig({ testTimeout: 60_000 });

process.env.APP_URL = "https://panel.example";
const INTERNAL_ORIGIN = "http://127.0.0.1:3000";
const { started, complete, rejectedTerm } = ASSIGNMENT_STATUS;

async function externalSurvey(overrides: Parameters<typeof createTestSurvey>[0] = {}) {
  return createTestSurvey({
    delivery: "external",
    externalUrl: "https://vendor.example/s?rid={token}",
    returnSecret: randomBytes(32).toString("hex"),
    points: 90,
    ...overrides,
  });
}

/** A survey, a signed-in member and a Started assignment of it. */
async function startedRespondent(overrides: Parameters<typeof createTestSurvey>[0] = {}) {
  const survey = await externalSurvey(overrides);
  const { member, cookie } = await signedInMember();
  const assignment = await createTestAssignment(survey.id, member.id, {
    status: started,
    startedAt: new Date(),
    respondentToken: randomBytes(16).toString("base64url"),
  });
  return { survey, member, cookie, assignment, token: assignment.respondentToken };
}

interface Sent {
  status: number;
  headers: Headers;
  body: { ok: boolean; result?: string; error?: string; message: string; points?: number };
}

async function send(
  surveyId: number | string,
  body: string | Uint8Array,
  { secret, signature, headers = {} }: { secret?: string; signature?: string; headers?: Record<string, string> } = {},
): Promise<Sent> {
  const request = new Request(`${INTERNAL_ORIGIN}/api/surveys/${surveyId}/callback`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...((signature ?? secret) ? { "X-Signature": signature ?? signCallbackBody(body, secret!) } : {}),
      ...headers,
    },
    body: typeof body === "string" ? body : Buffer.from(body),
  });
  const response = await callbackAction({ request, params: { id: String(surveyId) }, context: {} });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Sent["body"] };
}

const json = (fields: Record<string, unknown>) => JSON.stringify(fields);

async function ledgerOf(assignmentId: number) {
  const prisma = getPrisma();
  const assignment = await prisma.assignment.findUniqueOrThrow({ where: { id: assignmentId } });
  const entries = await prisma.pointsTransaction.findMany({ where: { assignmentId } });
  const member = await prisma.member.findUniqueOrThrow({ where: { id: assignment.memberId } });
  return {
    status: assignment.status,
    outcome: assignment.outcome,
    entries: entries.length,
    balance: member.pointsBalance,
  };
}

async function callbacksOf(surveyId: number) {
  return getPrisma().surveyCallback.findMany({ where: { surveyId }, orderBy: { id: "asc" } });
}

/** The member's browser arriving through the vendor's signed return link. */
async function browserReturn(status: string, token: string, secret: string, cookie: string) {
  const link = signReturnUrl(
    returnLinkTemplate("complete").replace("status=complete", `status=${status}`).replace("{token}", token),
    secret,
  );
  const url = new URL(link);
  const request = new Request(`${INTERNAL_ORIGIN}${url.pathname}${url.search}`, { headers: { Cookie: cookie } });
  return expectData(await returnLoader({ request, params: {}, context: {} }));
}

describe("a valid callback", () => {
  test("ends the assignment as a complete, credits the points once and answers 200 with JSON", async () => {
    const { survey, assignment, token } = await startedRespondent();

    const sent = await send(survey.id, json({ token, status: "complete", loiSeconds: 540 }), {
      secret: survey.returnSecret,
    });

    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ ok: true, result: "recorded", status: "complete", points: 90 });
    expect(await ledgerOf(assignment.id)).toEqual({ status: complete, outcome: "complete", entries: 1, balance: 90 });
    const [row] = await callbacksOf(survey.id);
    expect(row).toMatchObject({ token, status: "complete", loiSeconds: 540, result: "recorded", httpStatus: 200 });
  });

  test("a form body works as well as JSON, and a screen-out pays nothing", async () => {
    const { survey, assignment, token } = await startedRespondent();
    const body = new URLSearchParams({ token, status: "terminate" }).toString();

    const sent = await send(survey.id, body, {
      secret: survey.returnSecret,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });

    expect(sent.status).toBe(200);
    expect(await ledgerOf(assignment.id)).toEqual({
      status: rejectedTerm,
      outcome: "terminate",
      entries: 0,
      balance: 0,
    });
  });

  test("the same callback sent again changes nothing and says it was already recorded", async () => {
    const { survey, assignment, token } = await startedRespondent();
    const body = json({ token, status: "complete" });
    await send(survey.id, body, { secret: survey.returnSecret });

    const again = await send(survey.id, body, { secret: survey.returnSecret });

    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ ok: true, result: "already_recorded", points: 90 });
    expect(await ledgerOf(assignment.id)).toEqual({ status: complete, outcome: "complete", entries: 1, balance: 90 });
    expect((await callbacksOf(survey.id)).map((row) => row.result)).toEqual(["recorded", "already_recorded"]);
  });

  test("twenty concurrent duplicate callbacks credit the complete exactly once", async () => {
    const { survey, assignment, token } = await startedRespondent();
    const body = json({ token, status: "complete" });

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(survey.id, body, { secret: survey.returnSecret })),
    );

    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.body.result === "recorded")).toHaveLength(1);
    expect(await ledgerOf(assignment.id)).toEqual({ status: complete, outcome: "complete", entries: 1, balance: 90 });
  });
});

describe("refused callbacks change nothing", () => {
  test("a bad or missing signature is a 401", async () => {
    const { survey, assignment, token } = await startedRespondent();
    const body = json({ token, status: "complete" });

    const wrong = await send(survey.id, body, { secret: randomBytes(32).toString("hex") });
    const missing = await send(survey.id, body);
    const garbage = await send(survey.id, body, { signature: "not-hex" });

    for (const sent of [wrong, missing, garbage]) {
      expect(sent.status).toBe(401);
      expect(sent.body).toMatchObject({ ok: false, error: "bad_signature" });
    }
    expect(await ledgerOf(assignment.id)).toEqual({ status: started, outcome: null, entries: 0, balance: 0 });
    // Kept for support with the token it claimed.
    expect((await callbacksOf(survey.id)).map((row) => [row.result, row.token])).toEqual([
      ["bad_signature", token],
      ["bad_signature", token],
      ["bad_signature", token],
    ]);
  });

  test("a complete after a screen-out is a 409 with a clear error", async () => {
    const { survey, assignment, token } = await startedRespondent();
    await send(survey.id, json({ token, status: "terminate" }), { secret: survey.returnSecret });

    const conflicting = await send(survey.id, json({ token, status: "complete" }), { secret: survey.returnSecret });

    expect(conflicting.status).toBe(409);
    expect(conflicting.body.error).toBe("conflict");
    expect(conflicting.body.message).toBe(
      "This respondent's survey already ended as a screen-out (terminate), so a complete cannot be recorded after it. Nothing changed.",
    );
    expect(await ledgerOf(assignment.id)).toEqual({
      status: rejectedTerm,
      outcome: "terminate",
      entries: 0,
      balance: 0,
    });
  });

  test("an unknown token, or the token of another survey, is a 404", async () => {
    const { survey } = await startedRespondent();
    const other = await startedRespondent();

    const unknown = await send(survey.id, json({ token: "no-such-token", status: "complete" }), {
      secret: survey.returnSecret,
    });
    const elsewhere = await send(survey.id, json({ token: other.token, status: "complete" }), {
      secret: survey.returnSecret,
    });

    for (const sent of [unknown, elsewhere]) {
      expect(sent.status).toBe(404);
      expect(sent.body.error).toBe("unknown_token");
    }
    expect(await ledgerOf(other.assignment.id)).toMatchObject({ status: started, entries: 0 });
  });

  test("an unknown survey, a malformed id and a hosted survey are a 404 and record nothing", async () => {
    const hosted = await createTestSurvey();
    for (const id of ["999999", "abc", String(hosted.id)]) {
      const sent = await send(id, json({ token: "x", status: "complete" }), { secret: hosted.returnSecret });
      expect(sent.status).toBe(404);
      expect(sent.body.error).toBe("unknown_survey");
    }
    expect(await getPrisma().surveyCallback.count()).toBe(0);
  });

  test("a body over 4 KB is a 413, whether or not it declares its length", async () => {
    const { survey, assignment, token } = await startedRespondent();
    const body = json({ token, status: "complete", padding: "x".repeat(5000) });

    const declared = await send(survey.id, body, { secret: survey.returnSecret });
    // A stream without a length: read only until it goes over.
    const encoder = new TextEncoder();
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 100) return controller.close();
        controller.enqueue(encoder.encode("x".repeat(1024)));
      },
    });
    const request = new Request(`${INTERNAL_ORIGIN}/api/surveys/${survey.id}/callback`, {
      method: "POST",
      headers: { "X-Signature": "0".repeat(64) },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const streamed = await callbackAction({ request, params: { id: String(survey.id) }, context: {} });

    expect(declared.status).toBe(413);
    expect(declared.body.error).toBe("too_large");
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(10);
    expect(await ledgerOf(assignment.id)).toMatchObject({ status: started, entries: 0 });
  });

  test("malformed bodies, signed correctly, are a 400 with what to send", async () => {
    const { survey, assignment, token } = await startedRespondent();
    const bodies: [string | Uint8Array, string][] = [
      ["{not json", "not valid JSON"],
      ["[1,2]", "not valid JSON"],
      [json({ status: "complete" }), '"token"'],
      [json({ token, status: "finished" }), '"status"'],
      [json({ token, status: "complete", loiSeconds: -5 }), '"loiSeconds"'],
      [json({ token, status: "complete", loiSeconds: 1.5 }), '"loiSeconds"'],
      [json({ token: "a\u0000b", status: "complete" }), '"token"'],
      [new Uint8Array([0x7b, 0xff, 0xfe]), "not UTF-8"],
      ["token=a&token=b&status=complete", '"token"'],
      ["", '"token"'],
    ];
    for (const [body, words] of bodies) {
      const sent = await send(survey.id, body, { secret: survey.returnSecret });
      expect(sent.status, String(body)).toBe(400);
      expect(sent.body.error).toBe("malformed");
      expect(sent.body.message).toContain(words);
    }
    expect(await ledgerOf(assignment.id)).toMatchObject({ status: started, entries: 0 });
  });

  test("a GET is a 405 that names the method", async () => {
    const response = callbackLoader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("the rate limit per survey and client address", () => {
  const LIMIT = 5;
  const from = (address: string) => ({ [CLIENT_ADDRESS_HEADER]: address });
  afterEach(() => vi.restoreAllMocks());

  test("thirty parallel callbacks from one address: the limit pass, the rest get a 429 with Retry-After, one is logged", async () => {
    vi.spyOn(RATE_LIMITS.surveyCallbacks, "limit").mockReturnValue(LIMIT);
    const { survey, assignment, token } = await startedRespondent();
    const body = json({ token, status: "complete" });

    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        send(survey.id, body, { secret: survey.returnSecret, headers: from("203.0.113.7") }),
      ),
    );

    const passed = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(passed).toHaveLength(LIMIT);
    expect(refused).toHaveLength(30 - LIMIT);
    for (const answer of refused) {
      expect(answer.body).toMatchObject({ ok: false, error: "rate_limited" });
      expect(answer.body.message).toContain(`at most ${LIMIT} a minute`);
      expect(answer.headers.get("Content-Type")).toContain("application/json");
      const wait = Number(answer.headers.get("Retry-After"));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
    }
    // The complete is credited once, by one of the calls that passed.
    expect(passed.filter((answer) => answer.body.result === "recorded")).toHaveLength(1);
    expect(await ledgerOf(assignment.id)).toEqual({ status: complete, outcome: "complete", entries: 1, balance: 90 });
    // Support sees every call that passed and the first refusal, not a row per refused call.
    const rows = await callbacksOf(survey.id);
    expect(rows.filter((row) => row.httpStatus === 200)).toHaveLength(LIMIT);
    expect(rows.filter((row) => row.httpStatus === 429)).toEqual([
      expect.objectContaining({ result: "rate_limited", token: null, status: null }),
    ]);
  });

  test("a refused call is not read, so it changes nothing even when it is valid", async () => {
    vi.spyOn(RATE_LIMITS.surveyCallbacks, "limit").mockReturnValue(1);
    const survey = await externalSurvey();
    const { member } = await signedInMember();
    const assignment = await createTestAssignment(survey.id, member.id, {
      status: started,
      startedAt: new Date(),
      respondentToken: randomBytes(16).toString("base64url"),
    });
    const address = from("198.51.100.20");
    await send(survey.id, json({ token: "nobody", status: "complete" }), {
      secret: survey.returnSecret,
      headers: address,
    });

    const refused = await send(survey.id, json({ token: assignment.respondentToken, status: "complete" }), {
      secret: survey.returnSecret,
      headers: address,
    });

    expect(refused.status).toBe(429);
    expect(await ledgerOf(assignment.id)).toEqual({ status: started, outcome: null, entries: 0, balance: 0 });
  });

  test("another address and another survey have budgets of their own, and the window starts again", async () => {
    vi.spyOn(RATE_LIMITS.surveyCallbacks, "limit").mockReturnValue(2);
    const survey = await externalSurvey();
    const other = await externalSurvey();
    const body = json({ token: "unknown-token", status: "complete" });
    const call = (surveyId: number, secret: string, address: string) =>
      send(surveyId, body, { secret, headers: from(address) });
    await call(survey.id, survey.returnSecret, "192.0.2.1");
    await call(survey.id, survey.returnSecret, "192.0.2.1");
    expect((await call(survey.id, survey.returnSecret, "192.0.2.1")).status).toBe(429);

    expect((await call(survey.id, survey.returnSecret, "192.0.2.99")).status).toBe(404);
    expect((await call(other.id, other.returnSecret, "192.0.2.1")).status).toBe(404);

    // A minute later (the counter's window over), the vendor's retry goes through.
    await getPrisma().rateLimit.updateMany({
      where: { key: { startsWith: `survey-callback:${survey.id}:` } },
      data: { resetAt: new Date(Date.now() - 1000) },
    });
    expect((await call(survey.id, survey.returnSecret, "192.0.2.1")).status).toBe(404);
  });
});

describe("the secret's rotation", () => {
  test("the previous secret works within the grace period and not after it", async () => {
    const previous = randomBytes(32).toString("hex");
    const within = await startedRespondent({
      previousReturnSecret: previous,
      previousSecretExpiresAt: new Date(Date.now() + 3_600_000),
    });
    const after = await startedRespondent({
      previousReturnSecret: previous,
      previousSecretExpiresAt: new Date(Date.now() - 1000),
    });

    const accepted = await send(within.survey.id, json({ token: within.token, status: "complete" }), {
      secret: previous,
    });
    const refused = await send(after.survey.id, json({ token: after.token, status: "complete" }), { secret: previous });

    expect(accepted.status).toBe(200);
    expect(await ledgerOf(within.assignment.id)).toMatchObject({ status: complete, entries: 1 });
    expect(refused.status).toBe(401);
    expect(await ledgerOf(after.assignment.id)).toMatchObject({ status: started, entries: 0 });
  });
});

describe("callbacks and return links together", () => {
  test("a callback then the browser's return link credits once", async () => {
    const { survey, assignment, token, cookie } = await startedRespondent();
    await send(survey.id, json({ token, status: "complete" }), { secret: survey.returnSecret });

    const page = await browserReturn("complete", token, survey.returnSecret, cookie);

    expect(page.init?.status).toBe(409);
    expect(page.data.title).toBe("Already recorded");
    expect(await ledgerOf(assignment.id)).toEqual({ status: complete, outcome: "complete", entries: 1, balance: 90 });
  });

  test("the browser's return link then a callback credits once, and the callback says already recorded", async () => {
    const { survey, assignment, token, cookie } = await startedRespondent();
    const page = await browserReturn("complete", token, survey.returnSecret, cookie);
    expect(page.data.message).toBe("Thank you, 90 points have been added to your balance.");

    const sent = await send(survey.id, json({ token, status: "complete" }), { secret: survey.returnSecret });

    expect(sent.body.result).toBe("already_recorded");
    expect(await ledgerOf(assignment.id)).toEqual({ status: complete, outcome: "complete", entries: 1, balance: 90 });
  });

  test("a survey that requires the callback: the return link shows 'confirming' and credits nothing until it comes", async () => {
    const { survey, assignment, token, cookie } = await startedRespondent({ requireCallback: true });

    const first = await browserReturn("complete", token, survey.returnSecret, cookie);
    expect(first.init?.status).toBe(202);
    expect(first.data.title).toBe("We are confirming your complete");
    expect(await ledgerOf(assignment.id)).toEqual({ status: started, outcome: null, entries: 0, balance: 0 });

    const sent = await send(survey.id, json({ token, status: "complete" }), { secret: survey.returnSecret });
    expect(sent.body).toMatchObject({ result: "recorded", points: 90 });

    // The member checks again: the complete is confirmed, with its points, and nothing is paid twice.
    const again = await browserReturn("complete", token, survey.returnSecret, cookie);
    expect(again.init?.status).toBe(200);
    expect(again.data.message).toBe("Thank you, 90 points have been added to your balance.");
    expect(await ledgerOf(assignment.id)).toEqual({ status: complete, outcome: "complete", entries: 1, balance: 90 });
  });

  test("a survey that requires the callback still takes a screen-out from the return link", async () => {
    const { survey, assignment, token, cookie } = await startedRespondent({ requireCallback: true });

    const page = await browserReturn("terminate", token, survey.returnSecret, cookie);

    expect(page.data.title).toBe("Sorry, you did not qualify");
    expect(await ledgerOf(assignment.id)).toMatchObject({ status: rejectedTerm, entries: 0 });
  });
});

describe("the survey's setting and its page", () => {
  const form = (survey: { name: string; slug: string; categoryId: number }, extra: Record<string, string>) => ({
    intent: "save",
    name: survey.name,
    slug: survey.slug,
    categoryId: String(survey.categoryId),
    points: "90",
    lengthMinutes: "10",
    delivery: "external",
    externalUrl: "https://vendor.example/s?rid={token}",
    ...extra,
  });
  const edit = (cookie: string, id: number, fields: Record<string, string>) =>
    editAction({
      request: adminRequest(`/admin/survey/${id}`, { cookie, form: fields }),
      params: { id: String(id) },
      context: {},
    });

  test("an admin turns 'Require the server callback' on and off; each change is audited", async () => {
    const survey = await externalSurvey();
    const { cookie } = await signedInAdmin();

    expectRedirect(await edit(cookie, survey.id, form(survey, { requireCallback: "on" })));
    expect((await getPrisma().survey.findUniqueOrThrow({ where: { id: survey.id } })).requireCallback).toBe(true);
    expectRedirect(await edit(cookie, survey.id, form(survey, {})));
    expect((await getPrisma().survey.findUniqueOrThrow({ where: { id: survey.id } })).requireCallback).toBe(false);

    const entries = await getPrisma().auditEntry.findMany({
      where: { action: "survey.updated" },
      orderBy: { id: "asc" },
    });
    expect(entries.map((entry) => entry.details)).toMatchObject([
      { changed: ["requireCallback"], requireCallback: true },
      { changed: ["requireCallback"], requireCallback: false },
    ]);
  });

  test("a hosted survey cannot require it, and junk in the box is refused without a change", async () => {
    const survey = await externalSurvey();
    const { cookie } = await signedInAdmin();

    const refused = expectData(await edit(cookie, survey.id, form(survey, { requireCallback: "yes please" })));

    expect(refused.init?.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("Tick the box, or leave it empty.");
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });

  test("the page shows buyers the address and a curl line, and the latest callbacks", async () => {
    const { survey, token } = await startedRespondent();
    await send(survey.id, json({ token, status: "complete" }), { secret: survey.returnSecret });
    const { cookie } = await signedInAdmin({ isSuperAdmin: true });

    const loaded = await editLoader({
      request: adminRequest(`/admin/survey/${survey.id}`, { cookie }),
      params: { id: String(survey.id) },
      context: {},
    });

    const guide = loaded.callbacks!;
    expect(guide.url).toBe(`https://panel.example/api/surveys/${survey.id}/callback`);
    expect(guide.exampleSignature).toBe(signCallbackBody(guide.exampleBody, survey.returnSecret));
    expect(guide.recent).toMatchObject([{ token, status: "complete", result: "recorded", httpStatus: 200 }]);
  });
});
