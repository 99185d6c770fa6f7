import { randomBytes } from "node:crypto";
import { describe, expect, test, vi } from "vitest";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { auditSentence, sentenceText } from "~/domain/audit-sentences";
import { creditPoints, listPointsHistory } from "~/domain/ledger.server";
import { listSurveyHistory } from "~/domain/member-surveys.server";
import { applyReconciliation, reconciliationFileHash } from "~/domain/reconciliation.server";
import { SURVEY_MESSAGES } from "~/domain/survey-catalogue-schema";
import { signCallbackBody } from "~/domain/survey-callbacks.server";
import { returnLinkTemplate, signReturnUrl } from "~/domain/survey-return-links.server";
import { getPrisma } from "~/lib/db.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { createQuestionnaire } from "~/questionnaire/storage.server";
import { action as editAction, loader as editLoader } from "~/routes/admin._console._survey.survey.$id";
import { loader as fieldLoader } from "~/routes/admin._console._survey.survey.$id_.field";
import { action as memberAction, loader as memberLoader } from "~/routes/admin._console.users_.$id";
import { action as callbackAction } from "~/routes/api.surveys.$id.callback";
import { loader as startLoader } from "~/routes/survey.start.$id";
import { loader as returnLoader } from "~/routes/surveys.redirect";
import { action as hostedAction, loader as hostedLoader } from "~/routes/view.survey.$slug";
import { adminRequest } from "../support/admin-requests";
import { createTestAdmin, createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { number, page, questionnaire } from "../support/questionnaires";
import { expectData, expectRedirect } from "../support/remix";
import { formRequest, getRequest, routeArgs, signedInAdmin, signedInMember, toastOf } from "../support/requests";

// Screen-out compensation (issue 19 point 7, docs/decisions/063-screenout-compensation.md): a survey
// may grant a few points for a screen-out or over quota inside the survey, credited once per
// assignment through the ledger, shown to the member with the outcome and to the admin; never for
// the pre-screener or an over quota before the member started. And the admin member page's
// Reverse, which reverses a complete's current credit (a reconciliation re-credit included).

// Twenty concurrent requests on a busy machine take longer than the default.
vi.setConfig({ testTimeout: 60_000 });

process.env.APP_URL = "https://panel.example";
const INTERNAL_ORIGIN = "http://127.0.0.1:3000";
const { started, complete, rejectedTerm, notAllowed, rejected } = ASSIGNMENT_STATUS;

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const newToken = () => randomBytes(16).toString("base64url");

async function externalSurvey(overrides: Parameters<typeof createTestSurvey>[0] = {}) {
  return createTestSurvey({
    delivery: "external",
    externalUrl: "https://vendor.example/s?rid={token}",
    returnSecret: randomBytes(32).toString("hex"),
    points: 100,
    screenOutPoints: 10,
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
    respondentToken: newToken(),
  });
  return { survey, member, cookie, assignment, token: assignment.respondentToken };
}

async function callback(surveyId: number, secret: string, fields: Record<string, unknown>) {
  const body = JSON.stringify(fields);
  const request = new Request(`${INTERNAL_ORIGIN}/api/surveys/${surveyId}/callback`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Signature": signCallbackBody(body, secret) },
    body,
  });
  const response = await callbackAction(args(request, { id: String(surveyId) }));
  return {
    status: response.status,
    body: (await response.json()) as { ok: boolean; result?: string; error?: string; points?: number },
  };
}

/** The member's browser arriving through the vendor's signed return link. */
async function browserReturn(status: string, token: string, secret: string, cookie: string) {
  const link = signReturnUrl(
    returnLinkTemplate("complete").replace("status=complete", `status=${status}`).replace("{token}", token),
    secret,
  );
  const url = new URL(link);
  const request = new Request(`${INTERNAL_ORIGIN}${url.pathname}${url.search}`, { headers: { Cookie: cookie } });
  return expectData(await returnLoader(args(request)));
}

async function moneyOf(assignmentId: number) {
  const prisma = getPrisma();
  const assignment = await prisma.assignment.findUniqueOrThrow({ where: { id: assignmentId } });
  const entries = await prisma.pointsTransaction.findMany({
    where: { assignmentId },
    orderBy: { id: "asc" },
    select: { type: true, change: true, source: true },
  });
  const member = await prisma.member.findUniqueOrThrow({ where: { id: assignment.memberId } });
  return { status: assignment.status, outcome: assignment.outcome, entries, balance: member.pointsBalance };
}

const sentenceOf = (entry: { action: string; targetType: string; targetId: string; details: unknown }) =>
  auditSentence({ ...entry, actor: "ops@panel.test" });

const compensated = (assignmentId: number, points: number) => [
  { type: "screenout_compensation", change: points, source: `assignment:${assignmentId}:screenout` },
];

describe("a screen-out or over quota inside an external survey", () => {
  test("a screen-out by return link credits the compensation once and the member is told, with a readable reason", async () => {
    const { survey, member, cookie, assignment, token } = await startedRespondent();

    const page = await browserReturn("terminate", token, survey.returnSecret, cookie);

    expect(page.data).toMatchObject({
      title: "Sorry, you did not qualify",
      message: expect.stringContaining("10 points have been added to your balance"),
    });
    expect(await moneyOf(assignment.id)).toEqual({
      status: rejectedTerm,
      outcome: "terminate",
      entries: compensated(assignment.id, 10),
      balance: 10,
    });
    const [entry] = (await listPointsHistory(member.id, 1)).rows;
    expect(entry).toMatchObject({ change: 10, status: "Completed" });
    expect(entry.remark).toBe(`Thank you for your time: you did not qualify for "${survey.name}"`);
    // Survey History shows what the member was paid for it.
    expect((await listSurveyHistory(member.id, 1)).rows[0]).toMatchObject({ assignmentId: assignment.id, reward: 10 });

    // The same link again: nothing changes, and the page says it was already recorded.
    const again = await browserReturn("terminate", token, survey.returnSecret, cookie);
    expect(again.data).toMatchObject({ title: "Already recorded" });
    expect((await moneyOf(assignment.id)).balance).toBe(10);
    // Opening the survey again says what it was compensated.
    const start = new Request(`${INTERNAL_ORIGIN}/survey/start/${survey.id}`, { headers: { Cookie: cookie } });
    expect(await startLoader(args(start, { id: String(survey.id) }))).toMatchObject({
      message: expect.stringContaining("10 points have been added to your balance"),
    });
  });

  test("an over-quota callback credits it; replayed, it says already recorded with the same points", async () => {
    const { survey, assignment, token } = await startedRespondent();

    const sent = await callback(survey.id, survey.returnSecret, { token, status: "over_quota" });
    const replay = await callback(survey.id, survey.returnSecret, { token, status: "over_quota" });

    expect(sent).toMatchObject({ status: 200, body: { result: "recorded", points: 10 } });
    expect(replay).toMatchObject({ status: 200, body: { result: "already_recorded", points: 10 } });
    expect(await moneyOf(assignment.id)).toEqual({
      status: notAllowed,
      outcome: "over_quota",
      entries: compensated(assignment.id, 10),
      balance: 10,
    });
  });

  test("twenty concurrent screen-out callbacks and the browser's link credit it exactly once", async () => {
    const { survey, cookie, assignment, token } = await startedRespondent();

    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => callback(survey.id, survey.returnSecret, { token, status: "terminate" })),
      browserReturn("terminate", token, survey.returnSecret, cookie).then(() => null),
    ]);

    const recorded = answers.filter((answer) => answer?.body.result === "recorded");
    expect(recorded.length).toBeLessThanOrEqual(1);
    expect(answers.every((answer) => answer === null || answer.status === 200)).toBe(true);
    expect(await moneyOf(assignment.id)).toEqual({
      status: rejectedTerm,
      outcome: "terminate",
      entries: compensated(assignment.id, 10),
      balance: 10,
    });
  });

  test("a complete after the screen-out is refused and changes nothing; so is a second screen-out status", async () => {
    const { survey, assignment, token } = await startedRespondent();
    await callback(survey.id, survey.returnSecret, { token, status: "terminate" });

    const completeAfter = await callback(survey.id, survey.returnSecret, { token, status: "complete" });
    const overQuotaAfter = await callback(survey.id, survey.returnSecret, { token, status: "over_quota" });

    expect(completeAfter.status).toBe(409);
    expect(completeAfter.body).toMatchObject({ ok: false, error: "conflict" });
    expect(overQuotaAfter.status).toBe(409);
    expect(await moneyOf(assignment.id)).toEqual({
      status: rejectedTerm,
      outcome: "terminate",
      entries: compensated(assignment.id, 10),
      balance: 10,
    });
  });

  test("a complete and a screen-out racing for the same assignment: one wins, and only it is paid", async () => {
    const { survey, assignment, token } = await startedRespondent();

    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => callback(survey.id, survey.returnSecret, { token, status: "complete" })),
      ...Array.from({ length: 5 }, () => callback(survey.id, survey.returnSecret, { token, status: "terminate" })),
    ]);

    expect(answers.filter((answer) => answer.body.result === "recorded")).toHaveLength(1);
    const money = await moneyOf(assignment.id);
    if (money.outcome === "complete") {
      expect(money.entries.map((entry) => entry.type)).toEqual(["survey_completion"]);
      expect(money.balance).toBe(100);
    } else {
      expect(money.entries).toEqual(compensated(assignment.id, 10));
      expect(money.balance).toBe(10);
    }
  });

  test("quality and security endings, and a survey without compensation, pay nothing", async () => {
    const quality = await startedRespondent();
    await callback(quality.survey.id, quality.survey.returnSecret, { token: quality.token, status: "quality" });
    expect(await moneyOf(quality.assignment.id)).toMatchObject({ status: rejected, entries: [], balance: 0 });

    const none = await startedRespondent({ screenOutPoints: 0 });
    const page = await browserReturn("terminate", none.token, none.survey.returnSecret, none.cookie);
    expect(page.data).toMatchObject({ message: expect.stringContaining("no points are added") });
    expect(await moneyOf(none.assignment.id)).toMatchObject({ status: rejectedTerm, entries: [], balance: 0 });
  });

  test("an assignment offering fewer points is compensated at most a fifth of them", async () => {
    const survey = await externalSurvey({ points: 100, screenOutPoints: 20 });
    const { member } = await signedInMember();
    const assignment = await createTestAssignment(survey.id, member.id, {
      status: started,
      startedAt: new Date(),
      points: 30,
      respondentToken: newToken(),
    });

    await callback(survey.id, survey.returnSecret, { token: assignment.respondentToken, status: "terminate" });

    expect((await moneyOf(assignment.id)).entries).toEqual(compensated(assignment.id, 6));
  });
});

describe("never before the member is inside the survey", () => {
  test("an over quota at the start pays nothing", async () => {
    const survey = await externalSurvey({ quota: 1 });
    const { member, cookie } = await signedInMember();
    const other = await createTestMember();
    await createTestAssignment(survey.id, other.id, { status: complete, endedAt: new Date() });
    const assignment = await createTestAssignment(survey.id, member.id, { respondentToken: newToken() });

    const request = new Request(`${INTERNAL_ORIGIN}/survey/start/${survey.id}`, { headers: { Cookie: cookie } });
    const page = await startLoader(args(request, { id: String(survey.id) }));

    expect(page).toMatchObject({ title: "This survey is full" });
    expect(await moneyOf(assignment.id)).toMatchObject({ status: notAllowed, outcome: "over_quota", entries: [] });
  });

  test("a vendor's over quota for a member who never started on the panel pays nothing", async () => {
    const survey = await externalSurvey();
    const member = await createTestMember();
    const assignment = await createTestAssignment(survey.id, member.id, { respondentToken: newToken() });

    await callback(survey.id, survey.returnSecret, { token: assignment.respondentToken, status: "over_quota" });

    expect((await moneyOf(assignment.id)).entries).toEqual([]);
  });
});

describe("a hosted survey", () => {
  const DEFINITION: QuestionnaireDefinition = questionnaire("Tea", [page("Cups", [number("cups", "Cups a day?")])]);

  test("a quota filled while the member answered: over quota with the compensation, on the page and in the ledger", async () => {
    const questionnaireId = await getPrisma().$transaction((tx) =>
      createQuestionnaire(tx, { kind: "hosted_survey", definition: DEFINITION }),
    );
    const survey = await createTestSurvey({ questionnaireId, points: 50, screenOutPoints: 5, quota: 1 });
    const { member, cookie } = await signedInMember();
    const assignment = await createTestAssignment(survey.id, member.id, { status: started, startedAt: new Date() });
    const other = await createTestMember();
    await createTestAssignment(survey.id, other.id, { status: complete, endedAt: new Date() });
    const slug = survey.slug;

    const submitted = await hostedAction(
      args(
        new Request(`${INTERNAL_ORIGIN}/view/survey/${slug}`, {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ cups: "2" }).toString(),
        }),
        { slug },
      ),
    );
    expectRedirect(submitted);
    const shown = await hostedLoader(
      args(new Request(`${INTERNAL_ORIGIN}/view/survey/${slug}`, { headers: { Cookie: cookie } }), { slug }),
    );

    expect(shown).toMatchObject({
      title: "This survey is full",
      message: expect.stringContaining("5 points have been added to your balance"),
    });
    expect(await moneyOf(assignment.id)).toEqual({
      status: notAllowed,
      outcome: "over_quota",
      entries: compensated(assignment.id, 5),
      balance: 5,
    });
    expect((await listPointsHistory(member.id, 1)).rows[0].remark).toBe(
      `Thank you for your time: "${survey.name}" was already full`,
    );
  });
});

describe("the admin", () => {
  const form = (survey: { name: string; slug: string; categoryId: number }, extra: Record<string, string>) => ({
    intent: "save",
    name: survey.name,
    slug: survey.slug,
    categoryId: String(survey.categoryId),
    points: "100",
    lengthMinutes: "10",
    delivery: "external",
    externalUrl: "https://vendor.example/s?rid={token}",
    ...extra,
  });
  const edit = (cookie: string, id: number, fields: Record<string, string>) =>
    editAction(args(adminRequest(`/admin/survey/${id}`, { cookie, form: fields }), { id: String(id) }));

  test("sets it in the survey editor up to a fifth of the points; the change is audited with both amounts", async () => {
    const survey = await externalSurvey({ screenOutPoints: 0 });
    const { cookie } = await signedInAdmin();

    expectRedirect(await edit(cookie, survey.id, form(survey, { screenOutPoints: "20" })));

    expect((await getPrisma().survey.findUniqueOrThrow({ where: { id: survey.id } })).screenOutPoints).toBe(20);
    const [entry] = await getPrisma().auditEntry.findMany({ where: { action: "survey.updated" } });
    expect(entry.details).toMatchObject({ changed: ["screenOutPoints"], screenOutPoints: { before: 0, after: 20 } });
    expect(sentenceOf(entry).changes).toEqual([
      { field: "Screen-out compensation", before: "0 points", after: "20 points" },
    ]);
    expect(sentenceText(sentenceOf(entry))).toContain(`edited survey #${survey.id}`);
  });

  test("more than a fifth of the points, a fraction or junk is refused with a clear message and nothing changes", async () => {
    const survey = await externalSurvey({ screenOutPoints: 10 });
    const { cookie } = await signedInAdmin();

    for (const [value, message] of [
      ["21", SURVEY_MESSAGES.screenOutPointsRange(100)],
      ["2.5", SURVEY_MESSAGES.screenOutPointsWhole],
      ["-1", SURVEY_MESSAGES.screenOutPointsWhole],
      ["lots", SURVEY_MESSAGES.screenOutPointsWhole],
    ]) {
      const refused = expectData(await edit(cookie, survey.id, form(survey, { screenOutPoints: value })));
      expect(refused.init?.status).toBe(400);
      expect((refused.data as { error?: Record<string, string[]> }).error?.screenOutPoints).toEqual([message]);
    }
    // Lowering the points below five times the compensation is refused too.
    const lowered = expectData(await edit(cookie, survey.id, form(survey, { points: "40", screenOutPoints: "10" })));
    expect((lowered.data as { error?: Record<string, string[]> }).error?.screenOutPoints).toEqual([
      SURVEY_MESSAGES.screenOutPointsRange(40),
    ]);
    expect((await getPrisma().survey.findUniqueOrThrow({ where: { id: survey.id } })).screenOutPoints).toBe(10);
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });

  test("the field report shows compensation apart from points paid, equal to the ledger", async () => {
    const { survey, token } = await startedRespondent();
    const second = await createTestMember();
    const paid = await createTestAssignment(survey.id, second.id, {
      status: started,
      startedAt: new Date(),
      respondentToken: newToken(),
    });
    await callback(survey.id, survey.returnSecret, { token, status: "terminate" });
    await callback(survey.id, survey.returnSecret, { token: paid.respondentToken, status: "complete" });
    const { cookie } = await signedInAdmin();

    const loaded = await fieldLoader(
      args(adminRequest(`/admin/survey/${survey.id}/field`, { cookie }), { id: String(survey.id) }),
    );

    expect(loaded.report.points).toEqual({ paid: 100, reversed: 0, compensation: 10 });
    // The survey's own page says what it grants and what it has paid so far.
    const surveyPage = await editLoader(
      args(adminRequest(`/admin/survey/${survey.id}`, { cookie }), { id: String(survey.id) }),
    );
    expect(surveyPage.compensation).toEqual({ points: 10, total: 10, members: 1 });
    expect(surveyPage.defaultValue.screenOutPoints).toBe("10");
  });
});

describe("reconciliation and the member page", () => {
  test("a reconciliation file naming a screened-out token is an error line; the compensation stays", async () => {
    const { survey, assignment, token } = await startedRespondent();
    await callback(survey.id, survey.returnSecret, { token, status: "terminate" });
    const admin = await createTestAdmin();
    const text = `token,status,reason\n${token},reversed,fraud\n`;

    const result = await applyReconciliation(admin, survey.id, text, reconciliationFileHash(text));

    expect(result).toMatchObject({ ok: true, summary: { changes: [], errors: [{ line: 2 }] } });
    expect(await moneyOf(assignment.id)).toMatchObject({ entries: compensated(assignment.id, 10), balance: 10 });
  });

  async function reconciledComplete() {
    const survey = await externalSurvey();
    const member = await createTestMember();
    const assignment = await createTestAssignment(survey.id, member.id, {
      status: complete,
      points: 100,
      endedAt: new Date(),
      respondentToken: newToken(),
    });
    await getPrisma().$transaction((tx) =>
      creditPoints(tx, {
        memberId: member.id,
        points: 100,
        type: "survey_completion",
        source: `assignment:${assignment.id}:complete`,
        remark: "Survey completed",
        assignmentId: assignment.id,
      }),
    );
    const admin = await createTestAdmin();
    const reconcile = async (status: string) => {
      const text = `token,status,reason\n${assignment.respondentToken},${status},speeding\n`;
      const result = await applyReconciliation(admin, survey.id, text, reconciliationFileHash(text));
      if (!result.ok) throw new Error(result.message);
      return result;
    };
    return { survey, member, assignment, reconcile };
  }

  const memberPage = async (cookie: string, memberId: number, query = "") =>
    memberLoader(routeArgs(getRequest(`/admin/users/${memberId}${query}`, cookie), { id: String(memberId) }));
  const reverse = (cookie: string, memberId: number, assignmentId: number) =>
    memberAction(
      routeArgs(
        formRequest(`/admin/users/${memberId}`, cookie, {
          intent: "reverse-complete",
          assignmentId: String(assignmentId),
          reason: "Duplicate respondent",
          confirmed: "on",
        }),
        { id: String(memberId) },
      ),
    );

  test("a complete reversed and re-credited shows as Re-credited, and Reverse takes the re-credit back once", async () => {
    const { member, assignment, reconcile } = await reconciledComplete();
    await reconcile("reversed");
    await reconcile("approved");
    const { cookie } = await signedInAdmin();
    expect((await memberPage(cookie, member.id)).assignments.rows[0]).toMatchObject({
      id: assignment.id,
      reward: "recredited",
    });
    expect((await memberPage(cookie, member.id, `?reverse=${assignment.id}`)).reverse).toMatchObject({
      id: assignment.id,
    });

    const results = await Promise.all([
      reverse(cookie, member.id, assignment.id),
      reverse(cookie, member.id, assignment.id),
    ]);

    const redirects = results.filter((result) => result instanceof Response);
    expect(redirects).toHaveLength(1);
    expect((await toastOf(redirects[0] as Response))?.message).toContain("100 points taken back");
    const money = await moneyOf(assignment.id);
    expect(money.balance).toBe(0);
    expect(money.entries.map((entry) => [entry.source, entry.change])).toEqual([
      [`assignment:${assignment.id}:complete`, 100],
      [`assignment:${assignment.id}:complete:reversal`, -100],
      [`assignment:${assignment.id}:recredit:1`, 100],
      [`assignment:${assignment.id}:recredit:1:reversal`, -100],
    ]);
    expect((await memberPage(cookie, member.id)).assignments.rows[0].reward).toBe("reversed");
    const [latest] = (await listPointsHistory(member.id, 1)).rows;
    expect(latest.remark).toContain("Duplicate respondent");

    // The buyer approving it later gives back what the member page took, once.
    const approved = await reconcile("approved");
    expect(approved).toMatchObject({ pointsRecredited: 100 });
    expect((await moneyOf(assignment.id)).balance).toBe(100);
    expect(await reconcile("approved")).toMatchObject({ pointsRecredited: 0 });
    expect((await memberPage(cookie, member.id)).assignments.rows[0].reward).toBe("recredited");
  });

  test("the member page names a screen-out's compensation in the assignment's row and its ledger", async () => {
    const { survey, member, assignment, token } = await startedRespondent();
    await callback(survey.id, survey.returnSecret, { token, status: "terminate" });
    const { cookie } = await signedInAdmin();

    const loaded = await memberPage(cookie, member.id);

    expect(loaded.assignments.rows[0]).toMatchObject({ id: assignment.id, reward: null, compensation: 10 });
    expect(loaded.ledger.rows[0]).toMatchObject({ change: 10, remark: expect.stringContaining("did not qualify") });
  });
});
