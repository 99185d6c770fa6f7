import { randomBytes } from "node:crypto";
import { describe, expect, test, vi } from "vitest";
import { ASSIGNMENT_STATUS, type AssignmentStatus } from "~/domain/assignment-status";
import { returnLinkTemplate, signReturnUrl, type ReturnStatus } from "~/domain/survey-return-links.server";
import { applyTransition, endAssignment, TRANSITIONS, type TransitionName } from "~/domain/survey-taking.server";
import { getPrisma } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { getToast } from "~/lib/toast.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { createQuestionnaire } from "~/questionnaire/storage.server";
import { loader as startLoader } from "~/routes/survey.start.$id";
import { loader as returnLoader } from "~/routes/surveys.redirect";
import { action as hostedAction, loader as hostedLoader } from "~/routes/view.survey.$slug";
import { createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { number, option, page, questionnaire, radio } from "../support/questionnaires";
import { signedInMember as signedIn } from "../support/requests";

// Taking a survey (decision 023): the assignment's state machine, starting, the hosted survey's
// submit and the vendor's signed return link. Money is the point: a complete is credited once, in
// the transaction of its status change, however many submits or return links race for it.

// Several tests race 20 requests or walk all seven statuses: more than the default 20 s on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

// Behind a proxy the request's origin is not APP_URL's; links are signed for APP_URL.
process.env.APP_URL = "https://panel.example";
const INTERNAL_ORIGIN = "http://127.0.0.1:3000";

const { assigned, started, complete, rejectedTerm, notAllowed, rejected, paused } = ASSIGNMENT_STATUS;
const ALL_STATUSES: AssignmentStatus[] = [assigned, started, complete, rejectedTerm, notAllowed, rejected, paused];

const DEFINITION: QuestionnaireDefinition = questionnaire(
  "Coffee habits",
  [
    page("Cups", [number("cupsPerDay", "How many cups a day?")]),
    page("Taste", [radio("favourite", "Favourite drink", [option("Espresso"), option("Latte")])]),
  ],
  "Two short questions.",
);
const ANSWERS: [string, string][] = [
  ["cupsPerDay", "3"],
  ["favourite", "Latte"],
];

async function hostedSurvey(overrides: Parameters<typeof createTestSurvey>[0] = {}) {
  const questionnaireId = await getPrisma().$transaction((tx) =>
    createQuestionnaire(tx, { kind: "hosted_survey", definition: DEFINITION }),
  );
  return createTestSurvey({ questionnaireId, returnSecret: randomBytes(32).toString("hex"), points: 80, ...overrides });
}

function externalSurvey(overrides: Parameters<typeof createTestSurvey>[0] = {}) {
  return createTestSurvey({
    delivery: "external",
    externalUrl: "https://vendor.example/s/42?rid={token}&lang=en",
    returnSecret: randomBytes(32).toString("hex"),
    points: 120,
    ...overrides,
  });
}

async function screener() {
  return getPrisma().$transaction(async (tx) => {
    const questionnaireId = await createQuestionnaire(tx, { kind: "screener", definition: DEFINITION });
    return tx.screener.create({ data: { questionnaireId } });
  });
}

// Made here for assignments created concurrently: the factory's own token is not unique then.
const newToken = () => randomBytes(16).toString("base64url");

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const get = (url: string, cookie: string) => new Request(url, { headers: { Cookie: cookie } });

function post(path: string, cookie: string, fields: [string, string][]) {
  return new Request(`${INTERNAL_ORIGIN}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** What a loader or action returned, or the Response it threw (a redirect, a 404). */
async function settle<T>(run: Promise<T>): Promise<T | Response> {
  try {
    return await run;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

const start = (surveyId: number, cookie: string) =>
  settle(startLoader(args(get(`${INTERNAL_ORIGIN}/survey/start/${surveyId}`, cookie), { id: String(surveyId) })));
const openHosted = (slug: string, cookie: string) =>
  settle(hostedLoader(args(get(`${INTERNAL_ORIGIN}/view/survey/${slug}`, cookie), { slug })));
const submitHosted = (slug: string, cookie: string, fields: [string, string][] = ANSWERS) =>
  settle(hostedAction(args(post(`/view/survey/${slug}`, cookie, fields), { slug })));

/** A vendor's return link, signed with the survey's secret for APP_URL, as the vendor sends it. */
function signedLink(status: ReturnStatus | string, token: string, secret: string) {
  const link = returnLinkTemplate("complete").replace("status=complete", `status=${status}`).replace("{token}", token);
  return signReturnUrl(link, secret);
}

/** The member's browser arriving with a link; behind the proxy the request has the internal origin. */
function arrive(link: string, cookie: string) {
  const url = new URL(link);
  return settle(returnLoader(args(get(`${INTERNAL_ORIGIN}${url.pathname}${url.search}`, cookie))));
}

async function stateOf(assignmentId: number) {
  const prisma = getPrisma();
  const assignment = await prisma.assignment.findUniqueOrThrow({ where: { id: assignmentId } });
  const entries = await prisma.pointsTransaction.findMany({ where: { assignmentId } });
  const member = await prisma.member.findUniqueOrThrow({ where: { id: assignment.memberId } });
  const responses = await prisma.questionnaireResponse.count({ where: { assignmentId } });
  return { assignment, entries, balance: member.pointsBalance, responses };
}

function locationOf(result: unknown) {
  return expectRedirect(result).headers.get("Location");
}

describe("the state machine", () => {
  const names = Object.keys(TRANSITIONS) as TransitionName[];
  for (const name of names) {
    const transition = TRANSITIONS[name];
    const allowed = transition.from as readonly number[];
    test(`${name}: from ${allowed.join(" or ")} to ${transition.to}; refused from every other status`, async () => {
      const member = await createTestMember();
      for (const from of ALL_STATUSES) {
        // One open assignment per survey and member: a survey for each.
        const survey = await createTestSurvey();
        const { id } = await createTestAssignment(survey.id, member.id, { status: from });

        const moved = await getPrisma().$transaction((tx) => applyTransition(tx, id, name));

        const { assignment } = await stateOf(id);
        if (!allowed.includes(from)) {
          expect(moved, `from ${from}`).toBeNull();
          expect(assignment).toMatchObject({ status: from, outcome: null, startedAt: null, endedAt: null });
          continue;
        }
        expect(moved).toMatchObject({ id, status: transition.to });
        expect(assignment.status).toBe(transition.to);
        expect(assignment.outcome).toBe(transition.outcome);
        if (name === "start") {
          expect(assignment.startedAt).toBeInstanceOf(Date);
          expect(assignment.openedAt).toBeInstanceOf(Date);
          expect(assignment.endedAt).toBeNull();
        } else {
          expect(assignment.endedAt).toBeInstanceOf(Date);
        }
      }
    });
  }

  test("only a complete is paid, and the time spent is endedAt − startedAt", async () => {
    const member = await createTestMember();
    const startedAt = new Date(Date.now() - 7 * 60_000);
    const outcomes = ["complete", "terminate", "over_quota", "quality", "security"] as const;
    const results = [];
    for (const outcome of outcomes) {
      // One open assignment per survey and member: a survey for each.
      const own = await createTestSurvey({ points: 30 });
      const { id } = await createTestAssignment(own.id, member.id, { status: started, startedAt });
      results.push({ outcome, id, result: await endAssignment(id, outcome) });
    }
    for (const { outcome, id, result } of results) {
      const { assignment, entries } = await stateOf(id);
      expect(result).toMatchObject({ ok: true, outcome, points: outcome === "complete" ? 30 : 0 });
      expect(assignment.outcome).toBe(outcome);
      expect(entries).toHaveLength(outcome === "complete" ? 1 : 0);
      const spent = assignment.endedAt!.getTime() - assignment.startedAt!.getTime();
      expect(spent).toBeGreaterThanOrEqual(7 * 60_000 - 1000);
      expect(spent).toBeLessThan(8 * 60_000);
    }
    expect((await stateOf(results[0].id)).balance).toBe(30);
  });

  test("an assignment without points completes without a ledger entry", async () => {
    const member = await createTestMember();
    const survey = await createTestSurvey({ points: 0 });
    const { id } = await createTestAssignment(survey.id, member.id, { status: started });
    expect(await endAssignment(id, "complete")).toEqual({ ok: true, outcome: "complete", status: complete, points: 0 });
    const { assignment, entries } = await stateOf(id);
    expect(assignment.status).toBe(complete);
    expect(entries).toHaveLength(0);
  });
});

describe("starting a survey", () => {
  test("hosted: marks it Started and sends the member to the survey's slug; starting again is harmless", async () => {
    const { member, cookie } = await signedIn();
    const survey = await hostedSurvey();
    const { id } = await createTestAssignment(survey.id, member.id);

    expect(locationOf(await start(survey.id, cookie))).toBe(`/view/survey/${survey.slug}`);
    const first = (await stateOf(id)).assignment;
    expect(first).toMatchObject({ status: started, outcome: null, endedAt: null });
    expect(first.startedAt).toBeInstanceOf(Date);
    expect(first.openedAt).toBeInstanceOf(Date);

    expect(locationOf(await start(survey.id, cookie))).toBe(`/view/survey/${survey.slug}`);
    const again = (await stateOf(id)).assignment;
    expect(again.status).toBe(started);
    expect(again.startedAt).toEqual(first.startedAt);
  });

  test("external: sends the member to the vendor's URL with the URL-encoded respondent token", async () => {
    const { member, cookie } = await signedIn();
    const survey = await externalSurvey();
    const token = "tok en/+?&=1";
    await createTestAssignment(survey.id, member.id, { respondentToken: token });

    expect(locationOf(await start(survey.id, cookie))).toBe(
      `https://vendor.example/s/42?rid=${encodeURIComponent(token)}&lang=en`,
    );
  });

  test("paused, unlaunched, ended and over-quota surveys cannot be started; each says why", async () => {
    const { member, cookie } = await signedIn();
    const pausedSurvey = await hostedSurvey();
    const pausedOne = await createTestAssignment(pausedSurvey.id, member.id, { status: paused });
    const unlaunched = await hostedSurvey({ launched: false });
    const unlaunchedOne = await createTestAssignment(unlaunched.id, member.id);
    const done = await hostedSurvey();
    await createTestAssignment(done.id, member.id, { status: complete, outcome: "complete" });

    expect(await start(pausedSurvey.id, cookie)).toMatchObject({ title: "This survey is paused" });
    expect((await stateOf(pausedOne.id)).assignment.status).toBe(paused);
    expect(await start(unlaunched.id, cookie)).toMatchObject({ title: "This survey is not available" });
    expect((await stateOf(unlaunchedOne.id)).assignment).toMatchObject({ status: assigned, startedAt: null });
    expect(await start(done.id, cookie)).toMatchObject({ title: "Already taken" });

    const screenedOut = await hostedSurvey();
    const failed = await createTestAssignment(screenedOut.id, member.id, { status: notAllowed });
    expect(await start(screenedOut.id, cookie)).toMatchObject({ title: "This survey is closed" });
    expect((await stateOf(failed.id)).assignment.status).toBe(notAllowed);
  });

  test("a hosted survey whose questionnaire is gone, or an external one without a URL, is not available", async () => {
    const { member, cookie } = await signedIn();
    const hosted = await createTestSurvey({ questionnaireId: null });
    const external = await createTestSurvey({ delivery: "external", externalUrl: null });
    const one = await createTestAssignment(hosted.id, member.id);
    await createTestAssignment(external.id, member.id);

    expect(await start(hosted.id, cookie)).toMatchObject({ title: "This survey is not available" });
    expect(await start(external.id, cookie)).toMatchObject({ title: "This survey is not available" });
    expect((await stateOf(one.id)).assignment.status).toBe(assigned);
  });

  test("no assignment, another member's assignment or a malformed id: the 404 page", async () => {
    const { cookie } = await signedIn();
    const other = await createTestMember();
    const survey = await hostedSurvey();
    const theirs = await createTestAssignment(survey.id, other.id);

    expect(await start(survey.id, cookie)).toMatchObject({ status: 404 });
    expect((await stateOf(theirs.id)).assignment.status).toBe(assigned);
    for (const id of ["abc", "0", "-1", "99999999999", "1e3"]) {
      const result = await settle(startLoader(args(get(`${INTERNAL_ORIGIN}/survey/start/${id}`, cookie), { id })));
      expect(result).toMatchObject({ status: 404 });
    }
  });

  test("a visitor is sent to log in and comes back to the start", async () => {
    const survey = await hostedSurvey();
    const location = locationOf(await start(survey.id, ""));
    expect(location).toBe(`/login?${new URLSearchParams({ redirectTo: `/survey/start/${survey.id}` })}`);
  });

  test("a screener not yet passed comes first: the survey's or the assignment's own", async () => {
    const { member, cookie } = await signedIn();
    const surveyScreener = await screener();
    const withScreener = await hostedSurvey({ screenerId: surveyScreener.id });
    const one = await createTestAssignment(withScreener.id, member.id);
    const plain = await hostedSurvey();
    const own = await screener();
    const two = await createTestAssignment(plain.id, member.id, { screenerId: own.id });

    expect(locationOf(await start(withScreener.id, cookie))).toBe(`/prescreener/${withScreener.id}`);
    expect(locationOf(await start(plain.id, cookie))).toBe(`/prescreener/${plain.id}`);
    expect((await stateOf(one.id)).assignment.status).toBe(assigned);
    expect((await stateOf(two.id)).assignment.status).toBe(assigned);

    // Once screened (the pre-screener sets screenedAt on a pass), the start goes on.
    await getPrisma().assignment.update({ where: { id: one.id }, data: { screenedAt: new Date() } });
    expect(locationOf(await start(withScreener.id, cookie))).toBe(`/view/survey/${withScreener.slug}`);
    expect((await stateOf(one.id)).assignment.status).toBe(started);
  });

  test("quota reached: later starters are Not Allowed (over quota) and get nothing", async () => {
    const { member, cookie } = await signedIn();
    const survey = await hostedSurvey({ quota: 1 });
    const earlier = await createTestMember();
    await createTestAssignment(survey.id, earlier.id, { status: complete, outcome: "complete" });
    const { id } = await createTestAssignment(survey.id, member.id);

    expect(await start(survey.id, cookie)).toMatchObject({ title: "This survey is full" });
    const { assignment, entries, balance } = await stateOf(id);
    expect(assignment).toMatchObject({ status: notAllowed, outcome: "over_quota" });
    expect(assignment.endedAt).toBeInstanceOf(Date);
    expect(entries).toHaveLength(0);
    expect(balance).toBe(0);
  });
});

describe("the hosted survey", () => {
  async function startedHosted(overrides: Parameters<typeof createTestSurvey>[0] = {}) {
    const { member, cookie } = await signedIn();
    const survey = await hostedSurvey(overrides);
    const assignment = await createTestAssignment(survey.id, member.id, { status: started, startedAt: new Date() });
    return { member, cookie, survey, assignment };
  }

  test("a Started member gets every page of the questionnaire in one form", async () => {
    const { cookie, survey } = await startedHosted();
    const page = await openHosted(survey.slug, cookie);
    expect(page).toMatchObject({ kind: "form", survey: { id: survey.id, points: 80 } });
    expect(page).toMatchObject({ definition: { pages: [{ title: "Cups" }, { title: "Taste" }] } });
  });

  test("not Started yet goes through the start; no assignment, an external slug or an unknown slug is 404", async () => {
    const { member, cookie } = await signedIn();
    const survey = await hostedSurvey();
    await createTestAssignment(survey.id, member.id);
    expect(locationOf(await openHosted(survey.slug, cookie))).toBe(`/survey/start/${survey.id}`);

    const notMine = await hostedSurvey();
    const external = await externalSurvey();
    await createTestAssignment(external.id, member.id, { status: started });
    for (const slug of [notMine.slug, external.slug, "no-such-survey"]) {
      expect(await openHosted(slug, cookie)).toMatchObject({ status: 404 });
      expect(await submitHosted(slug, cookie)).toMatchObject({ status: 404 });
    }
  });

  test("a refused submit re-renders with the errors and changes nothing", async () => {
    const { cookie, survey, assignment } = await startedHosted();
    const result = expectData(await submitHosted(survey.slug, cookie, [["cupsPerDay", "many"]]));
    expect(result.init?.status).toBe(400);
    expect(result.data.error).toMatchObject({ cupsPerDay: expect.any(Array), favourite: expect.any(Array) });
    expect(result.data.initialValue).toMatchObject({ cupsPerDay: "many" });
    const after = await stateOf(assignment.id);
    expect(after.assignment.status).toBe(started);
    expect(after.entries).toHaveLength(0);
    expect(after.responses).toBe(0);
  });

  test("a valid submit stores the answers, completes and credits once; a second submit says so", async () => {
    const { cookie, survey, assignment } = await startedHosted();
    expect(locationOf(await submitHosted(survey.slug, cookie))).toBe(`/view/survey/${survey.slug}`);

    const after = await stateOf(assignment.id);
    expect(after.assignment).toMatchObject({ status: complete, outcome: "complete" });
    expect(after.entries).toMatchObject([
      { change: 80, type: "survey_completion", source: `assignment:${assignment.id}:complete` },
    ]);
    expect(after.balance).toBe(80);
    expect(after.responses).toBe(1);
    expect(await openHosted(survey.slug, cookie)).toMatchObject({
      kind: "message",
      title: "Thank you!",
      message: "Thank you, 80 points have been added to your balance.",
    });

    const again = expectRedirect(await submitHosted(survey.slug, cookie));
    const cookieOfToast = again.headers.getSetCookie()[0].split(";")[0];
    const { toast } = await getToast(new Request(INTERNAL_ORIGIN, { headers: { Cookie: cookieOfToast } }));
    expect(toast).toEqual({ type: "error", message: "This survey is already submitted." });
    const final = await stateOf(assignment.id);
    expect(final.entries).toHaveLength(1);
    expect(final.balance).toBe(80);
    expect(final.responses).toBe(1);
  });

  test("20 concurrent submits: one response, one ledger entry, credited once", async () => {
    const { cookie, survey, assignment } = await startedHosted();
    const results = await Promise.all(Array.from({ length: 20 }, () => submitHosted(survey.slug, cookie)));
    expect(results.every((result) => result instanceof Response && result.status === 302)).toBe(true);
    const after = await stateOf(assignment.id);
    expect(after.assignment.status).toBe(complete);
    expect(after.entries).toHaveLength(1);
    expect(after.balance).toBe(80);
    expect(after.responses).toBe(1);
  });

  test("20 concurrent domain completes: exactly one is paid", async () => {
    const { survey, assignment, member } = await startedHosted();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        endAssignment(assignment.id, "complete", {
          questionnaireId: survey.questionnaireId!,
          values: { cupsPerDay: 1, favourite: "Latte" },
        }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual(
      Array.from({ length: 19 }, () => ({ ok: false, reason: "not_started", status: complete })),
    );
    const after = await stateOf(assignment.id);
    expect(after.entries).toHaveLength(1);
    expect((await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).pointsBalance).toBe(80);
  });

  test("quota filled while the member answered: over quota, answers not kept, nothing credited", async () => {
    const { cookie, survey, assignment } = await startedHosted({ quota: 1 });
    const other = await createTestMember();
    await createTestAssignment(survey.id, other.id, { status: complete, outcome: "complete" });

    expect(locationOf(await submitHosted(survey.slug, cookie))).toBe(`/view/survey/${survey.slug}`);
    const after = await stateOf(assignment.id);
    expect(after.assignment).toMatchObject({ status: notAllowed, outcome: "over_quota" });
    expect(after.entries).toHaveLength(0);
    expect(after.responses).toBe(0);
    expect(await openHosted(survey.slug, cookie)).toMatchObject({ title: "This survey is full" });
  });
});

describe("the return link", () => {
  async function startedExternal(overrides: Parameters<typeof createTestSurvey>[0] = {}) {
    const { member, cookie } = await signedIn();
    const survey = await externalSurvey(overrides);
    const assignment = await createTestAssignment(survey.id, member.id, { status: started, startedAt: new Date() });
    return { member, cookie, survey, assignment, token: assignment.respondentToken, secret: survey.returnSecret };
  }

  test("complete: 3 Complete, the points credited, a thank-you page; replayed, it changes nothing", async () => {
    const { cookie, assignment, token, secret } = await startedExternal();
    const link = signedLink("complete", token, secret);

    const page = expectData(await arrive(link, cookie));
    expect(page.init?.status).toBe(200);
    expect(page.data).toMatchObject({
      title: "Thank you!",
      message: "Thank you, 120 points have been added to your balance.",
    });
    const after = await stateOf(assignment.id);
    expect(after.assignment).toMatchObject({ status: complete, outcome: "complete" });
    expect(after.assignment.endedAt).toBeInstanceOf(Date);
    expect(after.entries).toMatchObject([{ change: 120, source: `assignment:${assignment.id}:complete` }]);

    const replay = expectData(await arrive(link, cookie));
    expect(replay.init?.status).toBe(409);
    expect(replay.data).toMatchObject({ title: "Already recorded" });
    const final = await stateOf(assignment.id);
    expect(final.entries).toHaveLength(1);
    expect(final.balance).toBe(120);
  });

  test("20 identical links at once: one complete, one credit", async () => {
    const { cookie, assignment, token, secret } = await startedExternal();
    const link = signedLink("complete", token, secret);
    const pages = await Promise.all(Array.from({ length: 20 }, () => arrive(link, cookie)));
    const statuses = pages.map((page) => expectData(page).init?.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const after = await stateOf(assignment.id);
    expect(after.entries).toHaveLength(1);
    expect(after.balance).toBe(120);
  });

  test.each([
    ["terminate", rejectedTerm, "Sorry, you did not qualify"],
    ["over_quota", notAllowed, "This survey is full"],
    ["quality", rejected, "Response not accepted"],
  ] as const)("%s: status %i with that outcome, no reward", async (status, code, title) => {
    const { cookie, assignment, token, secret } = await startedExternal();
    const page = expectData(await arrive(signedLink(status, token, secret), cookie));
    expect(page.data).toMatchObject({ title });
    const after = await stateOf(assignment.id);
    expect(after.assignment).toMatchObject({ status: code, outcome: status });
    expect(after.entries).toHaveLength(0);
    expect(after.balance).toBe(0);
  });

  test("a link signed for another status (status tampered): security outcome, no reward, later links refused", async () => {
    const { cookie, assignment, token, secret } = await startedExternal();
    const tampered = signedLink("terminate", token, secret).replace("status=terminate", "status=complete");
    const page = expectData(await arrive(tampered, cookie));
    expect(page.init?.status).toBe(400);
    expect(page.data).toMatchObject({ title: "This link is not valid" });
    const after = await stateOf(assignment.id);
    expect(after.assignment).toMatchObject({ status: rejected, outcome: "security" });
    expect(after.entries).toHaveLength(0);

    // The genuine link afterwards changes nothing.
    expect(expectData(await arrive(signedLink("complete", token, secret), cookie)).data).toMatchObject({
      title: "Already recorded",
    });
    expect((await stateOf(assignment.id)).entries).toHaveLength(0);
  });

  test("a tampered signature, a missing one, or one made with another survey's secret: security outcome", async () => {
    for (const mangle of [
      (link: string) =>
        link.replace(/signature=([0-9a-f])/, (_, first: string) => `signature=${first === "a" ? "b" : "a"}`),
      (link: string) => link.replace(/&signature=[0-9a-f]+/, ""),
      (link: string) => `${link}&signature=${"0".repeat(64)}`,
      () => null,
    ]) {
      const { cookie, assignment, token, secret } = await startedExternal();
      const link =
        mangle(signedLink("complete", token, secret)) ?? signedLink("complete", token, randomBytes(32).toString("hex"));
      expect(expectData(await arrive(link, cookie)).data).toMatchObject({ title: "This link is not valid" });
      const after = await stateOf(assignment.id);
      expect(after.assignment).toMatchObject({ status: rejected, outcome: "security" });
      expect(after.entries).toHaveLength(0);
    }
  });

  test("a tampered token: another of the member's own assignments ends as security, an unknown one changes nothing", async () => {
    const { cookie, member, assignment, token, secret } = await startedExternal();
    const second = await externalSurvey();
    const mine = await createTestAssignment(second.id, member.id, { status: started });
    const link = signedLink("complete", token, secret);

    const swapped = link.replace(`token=${token}`, `token=${mine.respondentToken}`);
    expect(expectData(await arrive(swapped, cookie)).data).toMatchObject({ title: "This link is not valid" });
    expect((await stateOf(mine.id)).assignment).toMatchObject({ status: rejected, outcome: "security" });

    const unknown = link.replace(`token=${token}`, "token=no-such-token");
    expect(expectData(await arrive(unknown, cookie)).data).toMatchObject({
      message: "We could not find the survey this link belongs to. Nothing has changed.",
    });
    expect((await stateOf(assignment.id)).assignment).toMatchObject({ status: started, outcome: null });
  });

  test("another member's token is refused and changes nothing, even with a valid signature", async () => {
    const { assignment, token, secret } = await startedExternal();
    const intruder = await signedIn();
    for (const link of [signedLink("complete", token, secret), signedLink("complete", token, "f".repeat(64))]) {
      const page = expectData(await arrive(link, intruder.cookie));
      expect(page.init?.status).toBe(403);
      expect(page.data).toMatchObject({ title: "This link is not valid" });
    }
    const after = await stateOf(assignment.id);
    expect(after.assignment).toMatchObject({ status: started, outcome: null });
    expect(after.entries).toHaveLength(0);
  });

  test("a link before the start, or while paused, changes nothing", async () => {
    const { member, cookie } = await signedIn();
    for (const status of [assigned, paused]) {
      const survey = await externalSurvey();
      const { id, respondentToken } = await createTestAssignment(survey.id, member.id, { status });
      const page = expectData(await arrive(signedLink("complete", respondentToken, survey.returnSecret), cookie));
      expect(page.data).toMatchObject({ title: "This survey has not started" });
      expect((await stateOf(id)).assignment).toMatchObject({ status, outcome: null });
    }
  });

  test("a signed link with a status the panel does not know changes nothing", async () => {
    const { cookie, assignment, token, secret } = await startedExternal();
    const page = expectData(await arrive(signedLink("finished", token, secret), cookie));
    expect(page.data).toMatchObject({ message: "The link does not say how the survey ended. Nothing has changed." });
    expect((await stateOf(assignment.id)).assignment.status).toBe(started);
  });

  test("any query string gets a page, never a server error", async () => {
    const { cookie, token } = await startedExternal();
    const queries = [
      "",
      "?",
      "?status=complete",
      "?token=",
      "?token=%E0%A4%A",
      "?token=%00&status=%FF",
      `?token=${"x".repeat(5000)}&status=complete&signature=zz`,
      "?status[]=complete&token[]=a",
      `?token=${token}&token=other&status=complete&signature=${"a".repeat(64)}&signature=${"b".repeat(64)}`,
      "?signature=%&token=%%%",
    ];
    for (const query of queries) {
      const result = await arrive(`https://panel.example/surveys/redirect${query}`, cookie);
      expect(expectData(result).init?.status, query).toBeLessThan(500);
    }
  });

  test("a visitor is sent to log in and returns to the same link", async () => {
    const { token, secret } = await startedExternal();
    const link = signedLink("complete", token, secret);
    const url = new URL(link);
    expect(locationOf(await arrive(link, ""))).toBe(
      `/login?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`,
    );
  });

  test("the signature is checked against APP_URL, not the request's own origin", async () => {
    const { cookie, assignment, token, secret } = await startedExternal();
    // Signed for the internal origin the request arrives on: not what the vendor was given.
    const internal = signReturnUrl(
      `${INTERNAL_ORIGIN}/surveys/redirect?status=complete&token=${encodeURIComponent(token)}`,
      secret,
    );
    expect(new URL(getEnv().APP_URL).origin).not.toBe(INTERNAL_ORIGIN);
    expect(expectData(await arrive(internal, cookie)).data).toMatchObject({ title: "This link is not valid" });
    expect((await stateOf(assignment.id)).assignment.outcome).toBe("security");
  });
});

describe("the quota under concurrency", () => {
  test("two members racing for the last place: one complete and one credit, the other over quota", async () => {
    const survey = await externalSurvey({ quota: 2 });
    const earlier = await createTestMember();
    await createTestAssignment(survey.id, earlier.id, { status: complete, outcome: "complete" });
    const racers = await Promise.all([signedIn(), signedIn()]);
    const assignments = await Promise.all(
      racers.map(({ member }) =>
        createTestAssignment(survey.id, member.id, { status: started, respondentToken: newToken() }),
      ),
    );

    const pages = await Promise.all(
      racers.map(({ cookie }, index) =>
        arrive(signedLink("complete", assignments[index].respondentToken, survey.returnSecret), cookie),
      ),
    );

    const titles = pages.map((page) => (expectData(page).data as { title: string }).title).sort();
    expect(titles).toEqual(["Thank you!", "This survey is full"]);
    const states = await Promise.all(assignments.map(({ id }) => stateOf(id)));
    expect(states.map((state) => state.assignment.status).sort()).toEqual([complete, notAllowed]);
    expect(states.flatMap((state) => state.entries)).toHaveLength(1);
    expect(await getPrisma().assignment.count({ where: { surveyId: survey.id, status: complete } })).toBe(2);
  });

  test("ten members completing at once for three places: exactly three are paid", async () => {
    const survey = await hostedSurvey({ quota: 3 });
    const members = await Promise.all(Array.from({ length: 10 }, () => createTestMember()));
    const assignments = await Promise.all(
      members.map((member) =>
        createTestAssignment(survey.id, member.id, { status: started, respondentToken: newToken() }),
      ),
    );
    const results = await Promise.all(
      assignments.map(({ id }) =>
        endAssignment(id, "complete", {
          questionnaireId: survey.questionnaireId!,
          values: { cupsPerDay: 2, favourite: "Espresso" },
        }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    expect(results.filter((result) => !result.ok && result.reason === "over_quota")).toHaveLength(7);
    expect(await getPrisma().pointsTransaction.count({ where: { type: "survey_completion" } })).toBe(3);
    expect(await getPrisma().questionnaireResponse.count({ where: { questionnaireId: survey.questionnaireId! } })).toBe(
      3,
    );
  });
});
