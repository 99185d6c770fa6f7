import { describe, expect, test, vi } from "vitest";
import { DRAFT_KEEP_DAYS, loadDraft, purgeStaleDrafts, saveDraft } from "~/domain/answer-drafts.server";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { getPrisma } from "~/lib/db.server";
import { loadAnswers, createQuestionnaire } from "~/questionnaire/storage.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { action as hostedAction, loader as hostedLoader } from "~/routes/view.survey.$slug";
import { action as setAction, loader as setLoader } from "~/routes/_member.details.profiledetails.set.$id";
import { createTestAssignment, createTestSurvey } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { checkbox, number, option, page, questionnaire, radio, text } from "../support/questionnaires";
import { formRequest, getRequest, memberCookie, routeArgs, signedInMember } from "../support/requests";

// Answers that survive a bad connection (issue 21 point 3, decision 075): a hosted survey or a
// profile questionnaire of several pages saves each page on the server at Next, and the member
// resumes on the first page not yet saved, from a new browser; the final submit stores the same
// answers and pays the same reward, once, and the draft goes.

vi.setConfig({ testTimeout: 60_000 });

const { started, complete, rejected } = ASSIGNMENT_STATUS;

const attention = { value: "Blue", label: "Blue", passesCheck: true };
const SURVEY: QuestionnaireDefinition = questionnaire("Coffee habits", [
  page("Cups", [
    number("cupsPerDay", "How many cups a day?"),
    radio("check", "To show you are reading, choose Blue", [option("Red"), attention]),
  ]),
  page("Taste", [radio("favourite", "Favourite drink", [option("Espresso"), option("Latte")])]),
  page("Last words", [text("comment", "Anything else?")]),
]);

const PROFILE: QuestionnaireDefinition = questionnaire("Home", [
  page("Pets", [checkbox("pets", "Which pets do you keep?", [option("Dog"), option("Cat")])]),
  page("Garden", [radio("garden", "Do you have a garden?", [option("Yes"), option("No")])]),
  page("Rooms", [number("rooms", "How many rooms?")]),
]);

async function hostedSurvey() {
  const questionnaireId = await getPrisma().$transaction((tx) =>
    createQuestionnaire(tx, { kind: "hosted_survey", definition: SURVEY }),
  );
  return createTestSurvey({ questionnaireId, points: 80, lengthMinutes: 10 });
}

/** A member inside a hosted survey: signed in, the assignment Started `minutesAgo`. */
async function memberInSurvey(minutesAgo = 12) {
  const survey = await hostedSurvey();
  const { member, cookie } = await signedInMember();
  const assignment = await createTestAssignment(survey.id, member.id, {
    status: started,
    startedAt: new Date(Date.now() - minutesAgo * 60_000),
  });
  return { survey, member, cookie, assignment, questionnaireId: survey.questionnaireId! };
}

const surveyPath = (slug: string) => `/view/survey/${slug}`;

async function openSurvey(slug: string, cookie: string, query = "") {
  const result = await hostedLoader(routeArgs(getRequest(`${surveyPath(slug)}${query}`, cookie), { slug }));
  if (result.kind !== "form") throw new Error(`expected the survey form, got ${result.kind}`);
  return result;
}

const step = (slug: string, cookie: string, fields: [string, string][]) =>
  hostedAction(routeArgs(formRequest(surveyPath(slug), cookie, fields), { slug }));

const PAGE_1: [string, string][] = [
  ["_page", "0"],
  ["intent", "next"],
  ["cupsPerDay", "3"],
  ["check", "Blue"],
];
const PAGE_2: [string, string][] = [
  ["_page", "1"],
  ["intent", "next"],
  ["cupsPerDay", "3"],
  ["check", "Blue"],
  ["favourite", "Latte"],
];
const PAGE_3: [string, string][] = [
  ["_page", "2"],
  ["intent", "submit"],
  ["cupsPerDay", "3"],
  ["check", "Blue"],
  ["favourite", "Latte"],
  ["comment", "Strong, please"],
];

async function ledgerOf(memberId: number) {
  return getPrisma().pointsTransaction.findMany({ where: { memberId } });
}

describe("a hosted survey of three pages", () => {
  test("each Next is saved; a new browser resumes on page 3 with pages 1–2 kept; the complete is credited once", async () => {
    const { survey, member, cookie, assignment, questionnaireId } = await memberInSurvey();

    expect((await openSurvey(survey.slug, cookie)).steps).toEqual({ page: 0, saved: {} });
    expect(expectRedirect(await step(survey.slug, cookie, PAGE_1)).headers.get("Location")).toBe(
      `${surveyPath(survey.slug)}?page=2`,
    );
    expectRedirect(await step(survey.slug, cookie, PAGE_2));

    // The connection drops; the member comes back from another browser, signed in again.
    const { cookie: otherBrowser } = await signedInMemberAgain(member.id);
    const resumed = await openSurvey(survey.slug, otherBrowser);
    expect(resumed.steps).toEqual({ page: 2, saved: { cupsPerDay: 3, check: "Blue", favourite: "Latte" } });
    // Back to page 1: its answers are there.
    expect((await openSurvey(survey.slug, otherBrowser, "?page=1")).steps?.page).toBe(0);
    // A page not reached yet cannot be asked for: the member stays on the first page not saved.
    expect((await openSurvey(survey.slug, otherBrowser, "?page=3")).steps?.page).toBe(2);

    expectRedirect(await step(survey.slug, otherBrowser, PAGE_3));
    const ended = await getPrisma().assignment.findUniqueOrThrow({ where: { id: assignment.id } });
    expect(ended.status).toBe(complete);
    // The speeder rule measures from the real start, 12 minutes ago, not from the last page.
    expect(ended.loiSeconds).toBeGreaterThanOrEqual(11 * 60);
    expect(
      await loadAnswers(getPrisma(), { questionnaireId, memberId: member.id, assignmentId: assignment.id }),
    ).toEqual({ cupsPerDay: 3, check: "Blue", favourite: "Latte", comment: "Strong, please" });
    expect(await getPrisma().answerDraft.count({ where: { memberId: member.id } })).toBe(0);

    // The submit again (a second tab) pays nothing more.
    expectRedirect(await step(survey.slug, cookie, PAGE_3));
    const credits = await ledgerOf(member.id);
    expect(credits.map((entry) => entry.change)).toEqual([80]);
  });

  test("a later page's error keeps the saved pages; the page is shown again with its message", async () => {
    const { survey, cookie } = await memberInSurvey();
    expectRedirect(await step(survey.slug, cookie, PAGE_1));

    const refused = expectData(
      await step(
        survey.slug,
        cookie,
        PAGE_2.filter(([key]) => key !== "favourite"),
      ),
    );
    expect(refused.init?.status).toBe(400);
    expect(refused.data.pageState).toEqual({ page: 1 });
    expect(refused.data.error?.favourite).toEqual(["This field is required."]);
    expect((await openSurvey(survey.slug, cookie)).steps).toEqual({ page: 1, saved: { cupsPerDay: 3, check: "Blue" } });
  });

  test("going back and changing page 1 overwrites it and keeps page 2", async () => {
    const { survey, cookie, member, assignment, questionnaireId } = await memberInSurvey();
    expectRedirect(await step(survey.slug, cookie, PAGE_1));
    expectRedirect(await step(survey.slug, cookie, PAGE_2));
    const back: [string, string][] = [
      ["_page", "0"],
      ["intent", "next"],
      ["cupsPerDay", "5"],
      ["check", "Blue"],
      ["favourite", "Latte"],
    ];
    expectRedirect(await step(survey.slug, cookie, back));
    const owner = { memberId: member.id, questionnaireId, assignmentId: assignment.id };
    expect(await loadDraft(getPrisma(), owner)).toEqual({
      answers: { cupsPerDay: 5, check: "Blue", favourite: "Latte" },
      pagesSaved: 2,
    });
  });

  test("an attention check failed on a saved page ends the survey as a quality termination", async () => {
    const { survey, member, cookie, assignment } = await memberInSurvey();
    const failed = (fields: [string, string][]) =>
      fields.map(([key, value]): [string, string] => [key, key === "check" ? "Red" : value]);
    expectRedirect(await step(survey.slug, cookie, failed(PAGE_1)));
    expectRedirect(await step(survey.slug, cookie, failed(PAGE_2)));
    expectRedirect(await step(survey.slug, cookie, failed(PAGE_3)));
    const ended = await getPrisma().assignment.findUniqueOrThrow({ where: { id: assignment.id } });
    expect(ended.status).toBe(rejected);
    expect(ended.outcome).toBe("quality");
    expect(await ledgerOf(member.id)).toEqual([]);
    expect(await getPrisma().answerDraft.count({ where: { memberId: member.id } })).toBe(0);
  });

  test("another member cannot see the draft, and a new take of the survey starts empty", async () => {
    const { survey, member, cookie, assignment, questionnaireId } = await memberInSurvey();
    expectRedirect(await step(survey.slug, cookie, PAGE_1));

    const { member: other, cookie: otherCookie } = await signedInMember();
    await createTestAssignment(survey.id, other.id, { status: started, startedAt: new Date() });
    expect((await openSurvey(survey.slug, otherCookie)).steps).toEqual({ page: 0, saved: {} });
    expect(
      await loadDraft(getPrisma(), { memberId: other.id, questionnaireId, assignmentId: assignment.id }),
    ).toBeNull();

    // The draft belongs to its assignment: a later assignment of the same survey does not inherit it.
    expect(
      await loadDraft(getPrisma(), { memberId: member.id, questionnaireId, assignmentId: assignment.id + 1000 }),
    ).toBeNull();
  });
});

describe("the draft store", () => {
  test("drafts not saved for the keep period, or of ended assignments, are purged; others stay", async () => {
    const { member, assignment, questionnaireId } = await memberInSurvey();
    const owner = { memberId: member.id, questionnaireId, assignmentId: assignment.id };
    await saveDraft(getPrisma(), owner, { answers: { cupsPerDay: 2 }, pagesSaved: 1 });

    expect(await purgeStaleDrafts(getPrisma())).toBe(0);
    const later = new Date(Date.now() + (DRAFT_KEEP_DAYS + 1) * 24 * 60 * 60 * 1000);
    expect(await loadDraft(getPrisma(), owner, later)).toBeNull();
    expect(await purgeStaleDrafts(getPrisma(), later)).toBe(1);

    await saveDraft(getPrisma(), owner, { answers: { cupsPerDay: 2 }, pagesSaved: 1 });
    await getPrisma().assignment.update({ where: { id: assignment.id }, data: { status: complete } });
    expect(await purgeStaleDrafts(getPrisma())).toBe(1);
  });
});

describe("a profile questionnaire of three pages", () => {
  async function createSet(points = 30) {
    return getPrisma().$transaction(async (tx) => {
      const questionnaireId = await createQuestionnaire(tx, { kind: "profile", definition: PROFILE });
      return tx.profileSurvey.create({ data: { questionnaireId, points, minutes: 2, country: null } });
    });
  }
  const path = (id: number) => `/details/profiledetails/set/${id}`;
  const open = async (id: number, cookie: string) =>
    setLoader(routeArgs(getRequest(path(id), cookie), { id: String(id) }));
  const post = (id: number, cookie: string, fields: [string, string][]) =>
    setAction(routeArgs(formRequest(path(id), cookie, fields), { id: String(id) }));

  test("resumes on page 3 in a new browser; Save stores every page, credits once and deletes the draft", async () => {
    const set = await createSet();
    const { member, cookie } = await signedInMember();

    expectRedirect(
      await post(set.id, cookie, [
        ["_page", "0"],
        ["intent", "next"],
        ["pets", "Dog"],
        ["pets", "Cat"],
      ]),
    );
    expectRedirect(
      await post(set.id, cookie, [
        ["_page", "1"],
        ["intent", "next"],
        ["pets", "Dog"],
        ["pets", "Cat"],
        ["garden", "Yes"],
      ]),
    );

    const { cookie: otherBrowser } = await signedInMemberAgain(member.id);
    const page = await open(set.id, otherBrowser);
    expect(page.steps).toEqual({ page: 2, saved: { pets: ["Dog", "Cat"], garden: "Yes" } });

    // Another member sees none of it.
    const { cookie: stranger } = await signedInMember();
    expect((await open(set.id, stranger)).steps).toEqual({ page: 0, saved: {} });

    const saved = await post(set.id, otherBrowser, [
      ["_page", "2"],
      ["intent", "submit"],
      ["pets", "Dog"],
      ["pets", "Cat"],
      ["garden", "Yes"],
      ["rooms", "4"],
    ]);
    expect(expectRedirect(saved).headers.get("Location")).toBe("/details/profiledetails");
    expect(await loadAnswers(getPrisma(), { questionnaireId: set.questionnaireId, memberId: member.id })).toEqual({
      pets: ["Dog", "Cat"],
      garden: "Yes",
      rooms: 4,
    });
    expect((await ledgerOf(member.id)).map((entry) => entry.change)).toEqual([30]);
    expect(await getPrisma().answerDraft.count({ where: { memberId: member.id } })).toBe(0);
    // Submitted, it is read-only: no steps, the answers shown.
    expect((await open(set.id, otherBrowser)).steps).toBeNull();
  });

  test("a refused Save keeps the saved pages and shows the page with the error", async () => {
    const set = await createSet();
    const { member, cookie } = await signedInMember();
    expectRedirect(
      await post(set.id, cookie, [
        ["_page", "0"],
        ["intent", "next"],
        ["pets", "Dog"],
      ]),
    );
    expectRedirect(
      await post(set.id, cookie, [
        ["_page", "1"],
        ["intent", "next"],
        ["pets", "Dog"],
        ["garden", "No"],
      ]),
    );
    const refused = expectData(
      await post(set.id, cookie, [
        ["_page", "2"],
        ["intent", "submit"],
        ["pets", "Dog"],
        ["garden", "No"],
        ["rooms", "many"],
      ]),
    );
    expect(refused.data.pageState?.page).toBe(2);
    expect(refused.data.pageState?.toast).toEqual({ type: "error", message: "Failed!" });
    expect((await open(set.id, cookie)).steps).toEqual({ page: 2, saved: { pets: ["Dog"], garden: "No" } });
    expect(await ledgerOf(member.id)).toEqual([]);
  });
});

/** The same member signed in again from another browser: a new session, nothing carried over. */
async function signedInMemberAgain(memberId: number) {
  return { cookie: await memberCookie(memberId) };
}
