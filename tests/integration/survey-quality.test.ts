import { randomBytes } from "node:crypto";
import { describe, expect, test, vi } from "vitest";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { listSignals } from "~/domain/quality-signals.server";
import { signCallbackBody } from "~/domain/survey-callbacks.server";
import { SPEEDER_MIN_COMPLETES } from "~/domain/survey-quality.server";
import { loadSurveyResults } from "~/domain/survey-results.server";
import { returnLinkTemplate, signReturnUrl } from "~/domain/survey-return-links.server";
import { getPrisma } from "~/lib/db.server";
import type { OptionDefinition, QuestionnaireDefinition } from "~/questionnaire/definition";
import { createQuestionnaire } from "~/questionnaire/storage.server";
import { action as callbackAction } from "~/routes/api.surveys.$id.callback";
import { loader as returnLoader } from "~/routes/surveys.redirect";
import { action as hostedAction, loader as hostedLoader } from "~/routes/view.survey.$slug";
import { createTestAssignment, createTestSurvey } from "../support/factories";
import { option, page, questionnaire, radio, select, text } from "../support/questionnaires";
import { expectData, expectRedirect } from "../support/remix";
import { signedInMember } from "../support/requests";

// The signals of survey responses (issue 20 point 1, decision 071): a speeder's complete (hosted from
// its own timing, external from the callback's length or the return link's timing), a failed
// attention check (a quality termination without a reward) and a page answered in a straight line.
// Each is raised by its case and not by a near miss; a flagged complete is still credited.

vi.setConfig({ testTimeout: 60_000 });

process.env.APP_URL = "https://panel.example";
const INTERNAL_ORIGIN = "http://127.0.0.1:3000";
const { started, complete, rejected } = ASSIGNMENT_STATUS;

const SCALE = () => [option("Agree"), option("Neutral"), option("Disagree")];
const passing = (value: string): OptionDefinition => ({ value, label: value, passesCheck: true });

const DEFINITION: QuestionnaireDefinition = questionnaire("Habits", [
  page("Opinions", [
    radio("tea", "I like tea", SCALE()),
    radio("coffee", "I like coffee", SCALE()),
    select("juice", "I like juice", SCALE()),
    radio("water", "I like water", SCALE()),
    text("why", "Why?", { required: false }),
  ]),
  page("Short", [radio("milk", "I like milk", SCALE()), radio("soda", "I like soda", SCALE())]),
  page("Check", [
    radio("check", "To show you are reading, choose Blue", [option("Red"), passing("Blue"), option("Green")]),
  ]),
]);

async function hostedSurvey(definition = DEFINITION) {
  const questionnaireId = await getPrisma().$transaction((tx) =>
    createQuestionnaire(tx, { kind: "hosted_survey", definition }),
  );
  return createTestSurvey({ questionnaireId, returnSecret: randomBytes(32).toString("hex"), points: 80 });
}

function externalSurvey() {
  return createTestSurvey({
    delivery: "external",
    externalUrl: "https://vendor.example/s?rid={token}",
    returnSecret: randomBytes(32).toString("hex"),
    points: 90,
  });
}

/** `count` earlier completes of the survey by other members, each `seconds` long (two statements). */
async function earlierCompletes(surveyId: number, count: number, seconds: number) {
  const prisma = getPrisma();
  const others = await prisma.member.createManyAndReturn({
    data: Array.from({ length: count }, (_, i) => ({
      email: `earlier-${surveyId}-${i}-${randomBytes(4).toString("hex")}@example.com`,
      firstName: "Earlier",
      lastName: "Respondent",
    })),
    select: { id: true },
  });
  await prisma.assignment.createMany({
    data: others.map((other) => ({
      surveyId,
      memberId: other.id,
      points: 50,
      status: complete,
      outcome: "complete" as const,
      respondentToken: randomBytes(16).toString("base64url"),
      startedAt: new Date(Date.now() - seconds * 1000),
      endedAt: new Date(),
      loiSeconds: seconds,
    })),
  });
}

/** A signed-in member with a Started assignment of the survey, started `secondsAgo` ago. */
async function startedMember(surveyId: number, secondsAgo: number) {
  const { member, cookie } = await signedInMember();
  const assignment = await createTestAssignment(surveyId, member.id, {
    status: started,
    startedAt: new Date(Date.now() - secondsAgo * 1000),
    respondentToken: randomBytes(16).toString("base64url"),
  });
  return { member, cookie, assignment };
}

const ANSWERS: Record<string, string> = {
  tea: "Agree",
  coffee: "Neutral",
  juice: "Agree",
  water: "Disagree",
  milk: "Agree",
  soda: "Agree",
  check: "Blue",
};

async function submit(slug: string, cookie: string, answers: Record<string, string>) {
  const request = new Request(`${INTERNAL_ORIGIN}/view/survey/${slug}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(answers).toString(),
  });
  return hostedAction({ request, params: { slug }, context: {} });
}

async function pageShown(slug: string, cookie: string) {
  const request = new Request(`${INTERNAL_ORIGIN}/view/survey/${slug}`, { headers: { Cookie: cookie } });
  return (await hostedLoader({ request, params: { slug }, context: {} })) as { title?: string; message?: string };
}

const signalsOf = (memberId: number) =>
  getPrisma().qualitySignal.findMany({ where: { memberId }, orderBy: { id: "asc" } });

async function outcomeOf(assignmentId: number) {
  const prisma = getPrisma();
  const assignment = await prisma.assignment.findUniqueOrThrow({ where: { id: assignmentId } });
  const member = await prisma.member.findUniqueOrThrow({ where: { id: assignment.memberId } });
  return {
    status: assignment.status,
    outcome: assignment.outcome,
    loiSeconds: assignment.loiSeconds,
    balance: member.pointsBalance,
    score: member.qualityScore,
  };
}

describe("speeders", () => {
  test("a hosted complete under a third of the median is flagged and still credited", async () => {
    const survey = await hostedSurvey();
    await earlierCompletes(survey.id, SPEEDER_MIN_COMPLETES, 600);
    const { member, cookie, assignment } = await startedMember(survey.id, 40);

    expectRedirect(await submit(survey.slug, cookie, ANSWERS));

    const after = await outcomeOf(assignment.id);
    expect(after).toMatchObject({ status: complete, outcome: "complete", balance: 80, score: 85 });
    // Its own timing, start to complete: 40 seconds and however long this busy machine took.
    expect(after.loiSeconds).toBeGreaterThanOrEqual(40);
    expect(after.loiSeconds).toBeLessThan(200);
    const [signal] = await signalsOf(member.id);
    expect(signal).toMatchObject({
      kind: "speeder",
      subject: `assignment:${assignment.id}`,
      evidence: { seconds: after.loiSeconds, medianSeconds: 600, assignmentId: assignment.id },
    });
    const [row] = await listSignals(getPrisma(), member.id);
    expect(row!.sentence).toMatch(
      new RegExp(
        `^Completed “${survey.name}” \\(survey ${survey.id}\\) in .+, under a third of its median of 10 minutes\\.$`,
      ),
    );
  });

  test("a fast complete of a survey without enough completes for a median raises nothing", async () => {
    const survey = await hostedSurvey();
    await earlierCompletes(survey.id, SPEEDER_MIN_COMPLETES - 1, 600);
    const { member, cookie, assignment } = await startedMember(survey.id, 10);

    expectRedirect(await submit(survey.slug, cookie, ANSWERS));

    expect(await outcomeOf(assignment.id)).toMatchObject({ status: complete, balance: 80, score: 100 });
    expect(await signalsOf(member.id)).toEqual([]);
  });

  test("a complete a little over a third of the median raises nothing", async () => {
    const survey = await hostedSurvey();
    await earlierCompletes(survey.id, SPEEDER_MIN_COMPLETES, 600);
    const { member, cookie, assignment } = await startedMember(survey.id, 230);

    expectRedirect(await submit(survey.slug, cookie, ANSWERS));

    expect(await outcomeOf(assignment.id)).toMatchObject({ status: complete, score: 100 });
    expect(await signalsOf(member.id)).toEqual([]);
  });

  test("an external complete is judged by the length its callback reports", async () => {
    const survey = await externalSurvey();
    await earlierCompletes(survey.id, SPEEDER_MIN_COMPLETES, 600);
    // Started twenty minutes ago on the panel, but the vendor measured 45 seconds of interview.
    const fast = await startedMember(survey.id, 1200);
    // Started a moment ago (the panel's timing is short), but the vendor measured nine minutes.
    const honest = await startedMember(survey.id, 5);

    for (const [{ assignment }, loiSeconds] of [
      [fast, 45],
      [honest, 540],
    ] as const) {
      const body = JSON.stringify({ token: assignment.respondentToken, status: "complete", loiSeconds });
      const request = new Request(`${INTERNAL_ORIGIN}/api/surveys/${survey.id}/callback`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Signature": signCallbackBody(body, survey.returnSecret) },
        body,
      });
      const response = await callbackAction({ request, params: { id: String(survey.id) }, context: {} });
      expect(response.status).toBe(200);
    }

    expect(await outcomeOf(fast.assignment.id)).toMatchObject({ status: complete, loiSeconds: 45, balance: 90 });
    expect(await signalsOf(fast.member.id)).toEqual([
      expect.objectContaining({
        kind: "speeder",
        evidence: expect.objectContaining({ seconds: 45, medianSeconds: 600 }),
      }),
    ]);
    expect(await outcomeOf(honest.assignment.id)).toMatchObject({ status: complete, loiSeconds: 540 });
    expect(await signalsOf(honest.member.id)).toEqual([]);
  });

  test("an external complete without a callback is judged by the return link's timing", async () => {
    const survey = await externalSurvey();
    await earlierCompletes(survey.id, SPEEDER_MIN_COMPLETES, 600);
    const { member, cookie, assignment } = await startedMember(survey.id, 30);
    const link = signReturnUrl(
      returnLinkTemplate("complete").replace("{token}", assignment.respondentToken),
      survey.returnSecret,
    );
    const url = new URL(link);
    const request = new Request(`${INTERNAL_ORIGIN}${url.pathname}${url.search}`, { headers: { Cookie: cookie } });
    expectData(await returnLoader({ request, params: {}, context: {} }));

    expect(await outcomeOf(assignment.id)).toMatchObject({ status: complete, balance: 90 });
    expect((await signalsOf(member.id)).map((signal) => signal.kind)).toEqual(["speeder"]);
  });
});

describe("attention checks", () => {
  test("a wrong answer ends the survey as a quality termination without a reward", async () => {
    const survey = await hostedSurvey();
    const { member, cookie, assignment } = await startedMember(survey.id, 300);

    expectRedirect(await submit(survey.slug, cookie, { ...ANSWERS, check: "Red" }));

    expect(await outcomeOf(assignment.id)).toMatchObject({
      status: rejected,
      outcome: "quality",
      balance: 0,
      score: 80,
    });
    expect(await getPrisma().pointsTransaction.count({ where: { assignmentId: assignment.id } })).toBe(0);
    expect(await pageShown(survey.slug, cookie)).toMatchObject({
      title: "Response not accepted",
      message: "Sorry, the survey's quality checks did not accept your response, so no points are added for it.",
    });
    const [row] = await listSignals(getPrisma(), member.id);
    expect(row).toMatchObject({ kind: "attention_check" });
    expect(row!.sentence).toBe(
      `Failed the attention check (question check) of “${survey.name}” (survey ${survey.id}); the survey ended as a quality termination.`,
    );
    // A second submit of the same form changes nothing.
    expectRedirect(await submit(survey.slug, cookie, ANSWERS));
    expect(await outcomeOf(assignment.id)).toMatchObject({ status: rejected, balance: 0 });
  });

  test("the passing answer completes the survey with its reward and no signal", async () => {
    const survey = await hostedSurvey();
    const { member, cookie, assignment } = await startedMember(survey.id, 300);

    expectRedirect(await submit(survey.slug, cookie, ANSWERS));

    expect(await outcomeOf(assignment.id)).toMatchObject({ status: complete, balance: 80, score: 100 });
    expect(await signalsOf(member.id)).toEqual([]);
  });

  test("the results still count the check like any question, keep the failed response, and name the check", async () => {
    const survey = await hostedSurvey();
    const failed = await startedMember(survey.id, 300);
    const passed = await startedMember(survey.id, 300);
    await submit(survey.slug, failed.cookie, { ...ANSWERS, check: "Red" });
    await submit(survey.slug, passed.cookie, ANSWERS);

    const completes = await loadSurveyResults(survey.id, { filters: { outcome: "complete" }, page: 1 });
    if (completes.kind !== "hosted") throw new Error("expected hosted results");
    expect(completes.respondents).toBe(1);
    const all = await loadSurveyResults(survey.id, { filters: { outcome: "all" }, page: 1 });
    if (all.kind !== "hosted") throw new Error("expected hosted results");
    expect(all.respondents).toBe(2);
    // The responses table flags the response whose check failed.
    expect(all.responses.rows.map((row) => [row.outcome, row.flags]).sort()).toEqual([
      ["Complete", []],
      ["Quality termination", ["Failed attention check"]],
    ]);
    const check = all.questions.find((question) => question.key === "check");
    expect(check).toMatchObject({ kind: "choice", attentionCheck: { passLabel: "Blue" } });
    if (check?.kind !== "choice") throw new Error("expected a choice question");
    expect(check.options.map((each) => [each.label, each.count])).toEqual([
      ["Red", 1],
      ["Blue", 1],
      ["Green", 0],
    ]);
  });
});

describe("straight answers", () => {
  const flat = { ...ANSWERS, tea: "Agree", coffee: "Agree", juice: "Agree", water: "Agree" };

  test("the same option on every single-choice question of a page of four is flagged, not terminated", async () => {
    const survey = await hostedSurvey();
    const { member, cookie, assignment } = await startedMember(survey.id, 300);

    expectRedirect(await submit(survey.slug, cookie, flat));

    expect(await outcomeOf(assignment.id)).toMatchObject({ status: complete, balance: 80, score: 90 });
    const [row] = await listSignals(getPrisma(), member.id);
    expect(row).toMatchObject({ kind: "straight_answers" });
    expect(row!.sentence).toBe(
      `Chose the same option on all 4 choice questions of a page of “${survey.name}” (survey ${survey.id}).`,
    );
  });

  test("a page of three same answers raises nothing", async () => {
    // The page "Short" has two, and "Opinions" three the same and one different: no page of four alike.
    const survey = await hostedSurvey();
    const { member, cookie } = await startedMember(survey.id, 300);
    expectRedirect(await submit(survey.slug, cookie, { ...flat, water: "Neutral" }));
    expect(await signalsOf(member.id)).toEqual([]);

    const three = await hostedSurvey(
      questionnaire("Three", [
        page("Opinions", [radio("a", "A", SCALE()), radio("b", "B", SCALE()), radio("c", "C", SCALE())]),
      ]),
    );
    const second = await startedMember(three.id, 300);
    expectRedirect(await submit(three.slug, second.cookie, { a: "Agree", b: "Agree", c: "Agree" }));
    expect(await outcomeOf(second.assignment.id)).toMatchObject({ status: complete });
    expect(await signalsOf(second.member.id)).toEqual([]);
  });
});
