import { describe, expect, test } from "vitest";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { assignToAll, findAssignSurvey, listScreenerChoices } from "~/domain/assignments.server";
import { changeLifecycle, cloneScreener, cloneSurvey, findLifecycleItem } from "~/domain/lifecycle.server";
import { loadMemberPage } from "~/domain/member-page.server";
import { listSurveyHistory } from "~/domain/member-surveys.server";
import { listProfileSurveySets } from "~/domain/profile-survey-sets.server";
import { listProfileSurveys, loadMemberProfileSurvey } from "~/domain/profile-surveys.server";
import { loadScreenerRules } from "~/domain/screeners.server";
import { listSurveys, surveyFormChoices } from "~/domain/survey-catalogue.server";
import { startSurvey } from "~/domain/survey-taking.server";
import { getPrisma } from "~/lib/db.server";
import { createQuestionnaire, loadQuestionnaire } from "~/questionnaire/storage.server";
import {
  action as lifecycleAction,
  loader as lifecycleLoader,
} from "~/routes/admin._console._survey.lifecycle.$kind.$id";
import { action as rulesAction, loader as rulesLoader } from "~/routes/admin._console._survey.screener.rules.$id";
import { adminRequest } from "../support/admin-requests";
import { profileQuestionnaire, surveysOf } from "../support/audiences";
import { createTestAdmin, createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { checkbox, none, number, option, page, questionnaire, radio, shownWhen } from "../support/questionnaires";
import { expectData, expectRedirect } from "../support/remix";
import { signedInAdmin, toastOf } from "../support/requests";

// The lifecycle of surveys, screeners and profile survey sets (issue 18 point 7, decision 056):
// close and reopen, archive and unarchive, clone, and screener rules replaced until answered.

type Admin = Awaited<ReturnType<typeof createTestAdmin>>;

const DEFINITION = questionnaire("Cars", [
  page("Cars", [
    radio("owner", "Do you own a car?", [option("Yes"), option("No")]),
    checkbox("fuel", "Fuel", [option("Petrol"), option("Diesel"), none()], { shownWhen: shownWhen("owner", "Yes") }),
    number("age", "Your age"),
  ]),
]);

async function hostedSurvey(overrides: Parameters<typeof createTestSurvey>[0] = {}) {
  const questionnaireId = await getPrisma().$transaction((tx) =>
    createQuestionnaire(tx, { kind: "hosted_survey", definition: DEFINITION }),
  );
  return createTestSurvey({ questionnaireId, ...overrides });
}

/** An audience of everyone for the survey, as Assign to all saves it. */
async function audienceOfAll(admin: Admin, surveyId: number) {
  const survey = (await findAssignSurvey(surveyId))!;
  expect(await assignToAll(admin, survey, { screenerId: null, points: 30, confirmedCount: null })).toMatchObject({
    ok: true,
  });
}

async function change(admin: Admin, kind: "survey" | "screener" | "profile_survey", id: number, what: string) {
  const item = (await findLifecycleItem(kind, id))!;
  return changeLifecycle(admin, item, what as "close" | "reopen" | "archive" | "unarchive");
}

const postLifecycle = (cookie: string, segment: string, id: number, form: Record<string, string>) =>
  lifecycleAction({
    request: adminRequest(`/admin/lifecycle/${segment}/${id}?change=${form.intent}`, { cookie, form }),
    params: { kind: segment, id: String(id) },
    context: {},
  });

async function screenerWithRules(admin: Admin) {
  const prisma = getPrisma();
  return prisma.$transaction(async (tx) => {
    const questionnaireId = await createQuestionnaire(tx, { kind: "screener", definition: DEFINITION });
    return {
      questionnaireId,
      id: (await tx.screener.create({ data: { questionnaireId, createdById: admin.id } })).id,
    };
  });
}

const postRules = (cookie: string, id: number, entries: [string, string][]) =>
  rulesAction({
    request: new Request(`http://localhost/admin/screener/rules/${id}`, {
      method: "POST",
      headers: { Cookie: cookie, "X-Panel-Client-Address": "198.51.100.7" },
      body: new URLSearchParams(entries),
    }),
    params: { id: String(id) },
    context: {},
  });

describe("closing and reopening a survey", () => {
  test("a closed survey leaves the member's list (assigned and audience alike), cannot be started, and reopens", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const assigned = await hostedSurvey();
    await createTestAssignment(assigned.id, member.id);
    const audience = await createTestSurvey({ delivery: "external", externalUrl: "https://vendor.example/?t={token}" });
    await audienceOfAll(admin, audience.id);
    expect((await surveysOf(member.id)).sort()).toEqual([assigned.id, audience.id].sort());

    for (const survey of [assigned, audience]) {
      expect(await change(admin, "survey", survey.id, "close")).toMatchObject({ ok: true });
    }
    expect(await surveysOf(member.id)).toEqual([]);
    expect(await startSurvey(member.id, assigned.id)).toEqual({ kind: "not_launched" });
    expect(await startSurvey(member.id, audience.id)).toEqual({ kind: "not_found" });
    // Closing does not unlaunch: reopening alone brings it back.
    expect(await getPrisma().survey.findUniqueOrThrow({ where: { id: assigned.id } })).toMatchObject({
      launched: true,
    });

    for (const survey of [assigned, audience]) await change(admin, "survey", survey.id, "reopen");
    expect((await surveysOf(member.id)).sort()).toEqual([assigned.id, audience.id].sort());
    expect(await startSurvey(member.id, assigned.id)).toMatchObject({ kind: "go" });
  });

  test("closing is audited with before and after, once; a second close says so and writes nothing", async () => {
    const admin = await createTestAdmin();
    const survey = await createTestSurvey({ name: "Cars" });
    await change(admin, "survey", survey.id, "close");
    expect(await change(admin, "survey", survey.id, "close")).toEqual({
      ok: true,
      message: "This survey is already closed.",
    });
    const entries = await getPrisma().auditEntry.findMany({ where: { action: "survey.closed" } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      targetType: "survey",
      targetId: String(survey.id),
      details: { name: "Cars", before: { Closed: "no" }, after: { Closed: "yes" } },
    });
  });

  test("the close post needs the ticked box: without it nothing changes and the page says what to do", async () => {
    const { cookie } = await signedInAdmin();
    const survey = await createTestSurvey();
    const refused = expectData(await postLifecycle(cookie, "survey", survey.id, { intent: "close" }));
    expect(refused.init?.status).toBe(400);
    expect(refused.data.error).toEqual({ confirmed: ["Tick the box to confirm, then press the button again."] });
    expect((await getPrisma().survey.findUniqueOrThrow({ where: { id: survey.id } })).closedAt).toBeNull();

    const done = expectRedirect(await postLifecycle(cookie, "survey", survey.id, { intent: "close", confirmed: "on" }));
    expect(done).toRedirectTo(`/admin/survey/${survey.id}`);
    expect(await toastOf(done)).toMatchObject({ type: "success", message: expect.stringMatching(/^Survey closed: /) });
    expect((await getPrisma().survey.findUniqueOrThrow({ where: { id: survey.id } })).closedAt).not.toBeNull();
  });

  test("the confirmation page names the survey and what closing does; an unknown kind or change is a 404", async () => {
    const { cookie } = await signedInAdmin();
    const survey = await createTestSurvey({ name: "Bikes" });
    const page = await lifecycleLoader({
      request: adminRequest(`/admin/lifecycle/survey/${survey.id}?change=close`, { cookie }),
      params: { kind: "survey", id: String(survey.id) },
      context: {},
    });
    expect(page).toMatchObject({ item: { name: "Bikes" }, change: "close", back: `/admin/survey/${survey.id}` });
    for (const [kind, query] of [
      ["surveys", "close"],
      ["survey", "delete"],
    ]) {
      await expect(
        lifecycleLoader({
          request: adminRequest(`/admin/lifecycle/${kind}/${survey.id}?change=${query}`, { cookie }),
          params: { kind, id: String(survey.id) },
          context: {},
        }),
      ).rejects.toMatchObject({ status: 404 });
    }
  });
});

describe("archiving a survey", () => {
  test("hides it from members and the catalogue (Show archived lists it); history still names it; unarchive restores", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const done = await createTestSurvey({ name: "Old cars" });
    const ended = await createTestAssignment(done.id, member.id, {
      status: ASSIGNMENT_STATUS.complete,
      endedAt: new Date(),
    });
    const open = await createTestSurvey({ name: "Open cars" });
    await createTestAssignment(open.id, member.id);

    for (const survey of [done, open]) await change(admin, "survey", survey.id, "archive");
    expect(await surveysOf(member.id)).toEqual([]);
    expect((await listSurveys(1)).surveys.map((row) => row.id)).toEqual([]);
    const all = await listSurveys(1, { showArchived: true });
    expect(all.surveys.map((row) => [row.name, row.archived])).toEqual([
      ["Open cars", true],
      ["Old cars", true],
    ]);
    expect((await listSurveyHistory(member.id, 1)).rows).toEqual([
      expect.objectContaining({ assignmentId: ended.id, surveyId: done.id }),
    ]);
    const memberPage = await loadMemberPage(member.id, { ledger: 1, assignments: 1, withdrawals: 1, audit: 1 });
    expect(JSON.stringify(memberPage)).toContain("Old cars");

    await change(admin, "survey", open.id, "unarchive");
    expect(await surveysOf(member.id)).toEqual([open.id]);
  });
});

describe("cloning a survey", () => {
  test("a clone is a new draft with the same questions, options and conditions, and no assignments or audience", async () => {
    const { admin, cookie } = await signedInAdmin();
    const member = await createTestMember();
    const original = await hostedSurvey({ name: "Cars", country: "IN", quota: 40 });
    await createTestAssignment(original.id, member.id);
    await audienceOfAll(admin, original.id);

    const response = expectRedirect(await postLifecycle(cookie, "survey", original.id, { intent: "clone" }));
    const copy = await getPrisma().survey.findFirstOrThrow({ where: { name: "Cars (copy)" } });
    expect(response).toRedirectTo(`/admin/survey/${copy.id}`);
    expect(await toastOf(response)).toMatchObject({ type: "success" });
    expect(copy).toMatchObject({ launched: false, country: "IN", quota: 40, points: original.points });
    expect(copy.slug).not.toBe(original.slug);
    expect(copy.returnSecret).not.toBe(original.returnSecret);
    expect(copy.questionnaireId).not.toBe(original.questionnaireId);
    const [from, to] = await Promise.all(
      [original.questionnaireId!, copy.questionnaireId!].map((id) => loadQuestionnaire(getPrisma(), id)),
    );
    expect(to!.definition).toEqual({ ...from!.definition, title: "Cars (copy)" });
    expect(to!.definition.pages[0].questions[1].shownWhen).toEqual({ question: "owner", option: "Yes" });

    const prisma = getPrisma();
    expect(await prisma.assignment.count({ where: { surveyId: copy.id } })).toBe(0);
    expect(await prisma.surveyAudience.count({ where: { surveyId: copy.id } })).toBe(0);
    expect(await prisma.assignment.count({ where: { surveyId: original.id } })).toBe(1);
    expect(await prisma.auditEntry.findFirst({ where: { action: "survey.cloned" } })).toMatchObject({
      targetId: String(copy.id),
      details: { from: original.id, name: "Cars (copy)" },
    });
  });

  test("a survey priced above the cloning admin's cap is not cloned", async () => {
    const admin = await createTestAdmin();
    const survey = await createTestSurvey({ points: 50_000 });
    const result = await cloneSurvey(admin, survey.id);
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining("Ask a super-admin") });
    expect(await getPrisma().survey.count()).toBe(1);
  });
});

describe("screeners", () => {
  test("rules are replaced while no member has answered, and refused afterwards with a way out", async () => {
    const { admin, cookie } = await signedInAdmin();
    const screener = await screenerWithRules(admin);
    const submit = (entries: [string, string][]) => postRules(cookie, screener.id, [...entries, ["intent", "submit"]]);
    expectRedirect(await submit([["rule:owner", "o:Yes"]]));
    expect(await loadScreenerRules(getPrisma(), screener.id)).toEqual([
      { question: "owner", kind: "options", options: ["Yes"] },
    ]);
    // The replace page starts from the rules in force.
    const replacePage = await rulesLoader({
      request: adminRequest(`/admin/screener/rules/${screener.id}`, { cookie }),
      params: { id: String(screener.id) },
      context: {},
    });
    expect(replacePage).toMatchObject({
      alreadyValidated: true,
      answered: false,
      current: { "rule:owner": ["o:Yes"] },
    });

    // The page opened before the rules existed (no _replace) does not replace them unseen.
    const stale = expectRedirect(await submit([["rule:owner", "o:No"]]));
    expect(await toastOf(stale)).toMatchObject({ type: "error", message: "This Screener has Already rules Validated" });

    const replaced = expectRedirect(
      await submit([
        ["_replace", "1"],
        ["rule:owner", "o:No"],
        ["min:age", "21"],
      ]),
    );
    expect(await toastOf(replaced)).toEqual({ type: "success", message: "Screener rules replaced successfully" });
    expect(await loadScreenerRules(getPrisma(), screener.id)).toEqual([
      { question: "owner", kind: "options", options: ["No"] },
      { question: "age", kind: "range", min: 21, max: null },
    ]);
    expect(await getPrisma().auditEntry.findFirst({ where: { action: "screener.rules_replaced" } })).toMatchObject({
      details: { before: { Rules: "owner: Yes" }, after: { Rules: "owner: No; age 21–any" } },
    });

    const member = await createTestMember();
    await getPrisma().questionnaireResponse.create({
      data: { questionnaireId: screener.questionnaireId, memberId: member.id },
    });
    const refused = expectRedirect(
      await submit([
        ["_replace", "1"],
        ["rule:owner", "o:Yes"],
      ]),
    );
    expect(await toastOf(refused)).toMatchObject({
      type: "error",
      message: expect.stringContaining("Clone it to set new rules on a copy"),
    });
    expect(await loadScreenerRules(getPrisma(), screener.id)).toHaveLength(2);
    const page = await rulesLoader({
      request: adminRequest(`/admin/screener/rules/${screener.id}`, { cookie }),
      params: { id: String(screener.id) },
      context: {},
    });
    expect(page).toMatchObject({ alreadyValidated: true, answered: true });
  });

  test("a clone copies the questions and the rules, which it may replace", async () => {
    const { admin, cookie } = await signedInAdmin();
    const screener = await screenerWithRules(admin);
    expectRedirect(
      await postRules(cookie, screener.id, [
        ["rule:owner", "o:Yes"],
        ["rule:fuel", "o:Diesel"],
        ["intent", "submit"],
      ]),
    );
    const cloned = await cloneScreener(admin, screener.id);
    if (!cloned.ok) throw new Error(cloned.message);
    expect(await loadScreenerRules(getPrisma(), cloned.id)).toEqual(await loadScreenerRules(getPrisma(), screener.id));
    const copy = await getPrisma().screener.findUniqueOrThrow({
      where: { id: cloned.id },
      include: { questionnaire: true },
    });
    expect(copy.questionnaire.title).toBe("Cars (copy)");
    expect(copy.rulesAddedAt).not.toBeNull();
  });

  test("a closed or archived screener is not offered for new surveys or assignments", async () => {
    const admin = await createTestAdmin();
    const [open, closed, archived] = await Promise.all([1, 2, 3].map(() => screenerWithRules(admin)));
    await change(admin, "screener", closed.id, "close");
    await change(admin, "screener", archived.id, "archive");
    expect((await listScreenerChoices("")).map((choice) => choice.id)).toEqual([open.id]);
    expect((await surveyFormChoices()).screeners.map((choice) => choice.id)).toEqual([open.id]);
    // A survey that already has it keeps it among its choices.
    expect(
      (await surveyFormChoices({ keepScreenerId: closed.id })).screeners.map((choice) => choice.id).sort(),
    ).toEqual([open.id, closed.id].sort());
    const survey = (await findAssignSurvey((await createTestSurvey()).id))!;
    expect(await assignToAll(admin, survey, { screenerId: closed.id, points: 30, confirmedCount: null })).toMatchObject(
      { ok: false },
    );
  });
});

describe("profile survey sets", () => {
  test("a closed set is not shown to members, an archived one also leaves the admins' list; both come back", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember({ country: "IN" });
    const { questionnaireId } = await profileQuestionnaire("IN");
    const set = await getPrisma().profileSurvey.findUniqueOrThrow({ where: { questionnaireId } });
    const offered = async () => (await listProfileSurveys(member)).map((card) => card.id);
    expect(await offered()).toContain(set.id);

    await change(admin, "profile_survey", set.id, "close");
    expect(await offered()).not.toContain(set.id);
    expect(await loadMemberProfileSurvey(member, { setId: set.id })).toBeNull();
    expect((await listProfileSurveySets()).map((row) => [row.id, row.closed])).toEqual([[set.id, true]]);

    await change(admin, "profile_survey", set.id, "reopen");
    await change(admin, "profile_survey", set.id, "archive");
    expect(await offered()).not.toContain(set.id);
    expect(await listProfileSurveySets()).toEqual([]);
    expect((await listProfileSurveySets({ showArchived: true })).map((row) => row.id)).toEqual([set.id]);

    await change(admin, "profile_survey", set.id, "unarchive");
    expect(await offered()).toContain(set.id);
  });

  test("a clone is a new set with the same questions and no answers", async () => {
    const { cookie } = await signedInAdmin({ isSuperAdmin: true });
    const { questionnaireId } = await profileQuestionnaire("IN");
    const set = await getPrisma().profileSurvey.findUniqueOrThrow({ where: { questionnaireId } });
    const response = expectRedirect(await postLifecycle(cookie, "profilesurvey", set.id, { intent: "clone" }));
    const copy = await getPrisma().profileSurvey.findFirstOrThrow({
      where: { id: { not: set.id } },
      include: { questionnaire: { include: { _count: { select: { responses: true } } } } },
    });
    expect(response).toRedirectTo(`/admin/profilesurvey/${copy.id}`);
    expect(copy).toMatchObject({ country: "IN", points: set.points, path: null });
    expect(copy.questionnaire).toMatchObject({ title: "Lifestyle (copy)", _count: { responses: 0 } });
    const [from, to] = await Promise.all(
      [questionnaireId, copy.questionnaireId].map((id) => loadQuestionnaire(getPrisma(), id)),
    );
    expect(to!.definition.pages).toEqual(from!.definition.pages);
  });
});
