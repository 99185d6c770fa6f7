import { describe, expect, test } from "vitest";
import { ASSIGN_MESSAGES } from "~/domain/assignment-schema";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import {
  ASSIGNMENT_CHANGE_MESSAGES,
  assignByDemographics,
  assignSurvey,
  assignToAll,
  deleteAssignment,
  findAssignSurvey,
  listTargetableQuestions,
  previewTargeting,
  reassignAssignment,
  type AssignSurvey,
} from "~/domain/assignments.server";
import { AUDIENCE_CONFIRM_ABOVE, countAudience } from "~/domain/audiences.server";
import { listAvailableSurveys } from "~/domain/member-surveys.server";
import { getPrisma } from "~/lib/db.server";
import { action as assignAction, loader as assignLoader } from "~/routes/admin._console._survey.surveysassignv2._index";
import { loader as oldLoader } from "~/routes/admin._console._survey.surveysassign";
import {
  action as demographicsAction,
  loader as demographicsLoader,
} from "~/routes/admin._console._survey.surveysassignv2.demographics";
import { action as listAction, loader as listLoader } from "~/routes/admin._console._survey.surveysassignv2.$id";
import { adminRequest as request, ORIGIN, thrownStatus } from "../support/admin-requests";
import { answer, bulkMembers, LIFESTYLE, profileQuestionnaire, seeing, surveysOf } from "../support/audiences";
import { createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { signedInAdmin, toastOf } from "../support/requests";

// Survey assignment: one member (no duplicate, a row); to all or by demographics (OR within a
// question, AND across questions) a saved audience, no row per member, where the count shown is the
// number of members who then see the survey, and a confirmation step above 1,000 members
// (decision 049); reassign after an ended assignment, delete of open ones only, audit entries,
// refused input that writes nothing, and the 404 page for anyone who is not an admin.

async function survey(overrides: Parameters<typeof createTestSurvey>[0] = {}): Promise<AssignSurvey> {
  const created = await createTestSurvey(overrides);
  return (await findAssignSurvey(created.id))!;
}

const count = (where: object = {}) => getPrisma().assignment.count({ where });
const audits = (action: string) => getPrisma().auditEntry.findMany({ where: { action }, orderBy: { id: "asc" } });

describe("assigning one survey to one member", () => {
  test("creates one open assignment with an opaque token and an audit entry; a second time is refused", async () => {
    const { admin } = await signedInAdmin();
    const member = await createTestMember();
    const target = await survey({ points: 40 });
    const first = await assignSurvey(admin, target, { memberId: member.id, screenerId: null, points: 25 });
    expect(first).toEqual({ ok: true, message: `Survey assigned to user ${member.id}` });
    const [assignment] = await getPrisma().assignment.findMany();
    expect(assignment).toMatchObject({
      surveyId: target.id,
      memberId: member.id,
      status: ASSIGNMENT_STATUS.assigned,
      points: 25,
      assignedById: admin.id,
    });
    expect(assignment.respondentToken).toMatch(/^[0-9a-f]{32}$/);

    const second = await assignSurvey(admin, target, { memberId: member.id, screenerId: null, points: 25 });
    expect(second).toEqual({ ok: false, fieldErrors: { user: [ASSIGN_MESSAGES.alreadyAssigned] } });
    expect(await count()).toBe(1);
    expect(await audits("assignment.created")).toHaveLength(1);
  });

  test("an unknown user, a closed account or an unknown screener is a field error and writes nothing", async () => {
    const { admin } = await signedInAdmin();
    const closed = await createTestMember({ status: "closed" });
    const target = await survey();
    expect(await assignSurvey(admin, target, { memberId: 999_999, screenerId: null, points: 1 })).toEqual({
      ok: false,
      fieldErrors: { user: [ASSIGN_MESSAGES.userUnknown] },
    });
    expect(await assignSurvey(admin, target, { memberId: closed.id, screenerId: 424_242, points: 1 })).toEqual({
      ok: false,
      fieldErrors: { user: [ASSIGN_MESSAGES.userClosed], screener_id: [ASSIGN_MESSAGES.screenerUnknown] },
    });
    expect(await count()).toBe(0);
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });
});

describe("assigning to all: the survey's audience", () => {
  test("saves the audience, not a row per member: the count shown is the members who then see the survey", async () => {
    const { admin } = await signedInAdmin();
    const target = await survey({ country: "IN" });
    const eligible = await Promise.all([createTestMember(), createTestMember(), createTestMember()]);
    const others = [
      await createTestMember({ status: "inactive" }),
      await createTestMember({ emailVerifiedAt: null }),
      await createTestMember({ country: "US" }),
      await createTestMember({ country: null }),
    ];

    const shown = await countAudience(target.country, target.demographicTargets);
    expect(shown).toBe(3);
    const result = await assignToAll(admin, target, { screenerId: null, points: 30, confirmedCount: null });
    expect(result).toEqual({ ok: true, message: "Survey assigned to its audience: 3 members match now" });
    expect(await count()).toBe(0);
    expect(await getPrisma().surveyAudience.findUniqueOrThrow({ where: { surveyId: target.id } })).toMatchObject({
      points: 30,
      screenerId: null,
      assignedById: admin.id,
    });
    const everyone = [...eligible, ...others];
    // Created at once, the members' ids come in any order on PostgreSQL: seeing() sorts, so sort here too.
    expect(await seeing(target.id, everyone)).toEqual(eligible.map((member) => member.id).sort((a, b) => a - b));
    expect(await seeing(target.id, everyone)).toHaveLength(shown);
    const [entry] = await audits("audience.saved_all");
    expect(entry).toMatchObject({ targetType: "survey", targetId: String(target.id) });
    expect(entry.details).toMatchObject({ points: 30, country: "IN", targets: [], confirmedCount: 3 });

    // Saved again with other points: still one audience, the new points, a second audit entry.
    expect(await assignToAll(admin, target, { screenerId: null, points: 45, confirmedCount: null })).toMatchObject({
      ok: true,
    });
    expect(await getPrisma().surveyAudience.findMany()).toEqual([expect.objectContaining({ points: 45 })]);
    expect((await listAvailableSurveys(eligible[0].id, 1)).rows).toEqual([
      expect.objectContaining({ surveyId: target.id, points: 45 }),
    ]);
    expect(await audits("audience.saved_all")).toHaveLength(2);
  });

  test("a member holding the survey open sees it once; a member whose assignment ended does not see it again", async () => {
    const { admin } = await signedInAdmin();
    const target = await survey({ country: "IN" });
    const holder = await createTestMember();
    const ended = await createTestMember();
    await createTestAssignment(target.id, holder.id, { status: ASSIGNMENT_STATUS.started, points: 12 });
    await createTestAssignment(target.id, ended.id, { status: ASSIGNMENT_STATUS.rejected });
    await assignToAll(admin, target, { screenerId: null, points: 30, confirmedCount: null });
    expect((await listAvailableSurveys(holder.id, 1)).rows).toEqual([
      expect.objectContaining({ surveyId: target.id, points: 12 }),
    ]);
    expect(await surveysOf(ended.id)).toEqual([]);
    expect(await count()).toBe(2);
  });

  test("above 1,000 matching members it answers with the count to confirm and saves nothing; confirmed, it saves", async () => {
    const { admin } = await signedInAdmin();
    const target = await survey({ country: "IN" });
    await bulkMembers(AUDIENCE_CONFIRM_ABOVE + 1, "IN");
    expect(await assignToAll(admin, target, { screenerId: null, points: 30, confirmedCount: null })).toEqual({
      ok: "confirm",
      count: 1_001,
    });
    expect(await getPrisma().surveyAudience.count()).toBe(0);
    expect(await getPrisma().auditEntry.count()).toBe(0);

    expect(await assignToAll(admin, target, { screenerId: null, points: 30, confirmedCount: 1_001 })).toEqual({
      ok: true,
      message: "Survey assigned to its audience: 1,001 members match now",
    });
    expect(await getPrisma().surveyAudience.count()).toBe(1);
    expect(await count()).toBe(0);
    const [entry] = await audits("audience.saved_all");
    expect(entry.details).toMatchObject({ confirmedCount: 1_001 });
  });

  test("a survey without a country reaches every country; its saved targeting still applies", async () => {
    const { admin } = await signedInAdmin();
    const { questionnaireId, ids } = await profileQuestionnaire(null);
    const target = await survey({ country: null });
    const dogOwner = await createTestMember({ country: "US" });
    const catOwner = await createTestMember({ country: "IN" });
    await answer(questionnaireId, dogOwner.id, { pet: "Dog", drinks: ["Tea"] });
    await answer(questionnaireId, catOwner.id, { pet: "Cat", drinks: ["Tea"] });
    await getPrisma().demographicTarget.create({
      data: { surveyId: target.id, questionId: ids.pet, optionId: ids["pet:Dog"] },
    });
    const result = await assignToAll(admin, (await findAssignSurvey(target.id))!, {
      screenerId: null,
      points: 5,
      confirmedCount: null,
    });
    expect(result).toEqual({ ok: true, message: "Survey assigned to its audience: 1 member matches now" });
    expect(await seeing(target.id, [dogOwner, catOwner])).toEqual([dogOwner.id]);
    const [entry] = await audits("audience.saved_all");
    expect(entry.details).toMatchObject({
      country: null,
      targets: [{ questionId: ids.pet, optionId: ids["pet:Dog"] }],
    });
  });

  test("an unknown screener or points above the cap is refused and writes nothing", async () => {
    const { admin } = await signedInAdmin();
    const member = await createTestMember();
    const target = await survey();
    expect(await assignToAll(admin, target, { screenerId: 424_242, points: 10, confirmedCount: null })).toEqual({
      ok: false,
      fieldErrors: { screener_id: [ASSIGN_MESSAGES.screenerUnknown] },
    });
    expect(await assignToAll(admin, target, { screenerId: null, points: 10_001, confirmedCount: 1 })).toMatchObject({
      ok: false,
      fieldErrors: { points: [expect.any(String)] },
    });
    expect(await getPrisma().surveyAudience.count()).toBe(0);
    expect(await getPrisma().auditEntry.count()).toBe(0);
    expect(await surveysOf(member.id)).toEqual([]);
  });
});

describe("assigning by demographics", () => {
  async function panel() {
    const { questionnaireId, ids } = await profileQuestionnaire("IN");
    const members = {
      dogTea: await createTestMember(),
      catCoffee: await createTestMember(),
      fishTea: await createTestMember(),
      dogCoffeeTea: await createTestMember(),
      silent: await createTestMember(),
    };
    await answer(questionnaireId, members.dogTea.id, { pet: "Dog", drinks: ["Tea"] });
    await answer(questionnaireId, members.catCoffee.id, { pet: "Cat", drinks: ["Coffee"] });
    await answer(questionnaireId, members.fishTea.id, { pet: "Fish", drinks: ["Tea"] });
    await answer(questionnaireId, members.dogCoffeeTea.id, { pet: "Dog", drinks: ["Coffee", "Tea"] });
    return { ids, members };
  }

  test("OR between options of one question, AND across questions; the preview equals the members who see it", async () => {
    const { admin } = await signedInAdmin();
    const { ids, members } = await panel();
    const everyone = Object.values(members);
    const target = await survey({ country: "IN" });
    const row = (key: string, value: string) => ({ questionId: ids[key], optionId: ids[`${key}:${value}`] });

    // Dog or Cat: three members.
    expect(await previewTargeting(target, [row("pet", "Dog"), row("pet", "Cat")])).toEqual({ ok: true, count: 3 });
    // (Dog or Cat) and Coffee: two members.
    const rows = [row("pet", "Dog"), row("pet", "Cat"), row("drinks", "Coffee")];
    const preview = await previewTargeting(target, rows);
    expect(preview).toEqual({ ok: true, count: 2 });

    const result = await assignByDemographics(admin, target, { rows, points: 70, confirmedCount: null });
    expect(result).toEqual({ ok: true, message: "Survey assigned to its audience: 2 members match now" });
    expect(await seeing(target.id, everyone)).toEqual([members.catCoffee.id, members.dogCoffeeTea.id]);
    expect((await listAvailableSurveys(members.catCoffee.id, 1)).rows).toEqual([
      expect.objectContaining({ surveyId: target.id, points: 70, isNew: true }),
    ]);
    expect(await count()).toBe(0);
    // The targeting is saved with the audience.
    const saved = await getPrisma().demographicTarget.findMany({
      where: { surveyId: target.id },
      orderBy: { id: "asc" },
    });
    expect(saved.map((target) => target.optionId)).toEqual(rows.map((row) => row.optionId));
    const [entry] = await audits("audience.saved_by_demographics");
    expect(entry.details).toMatchObject({ confirmedCount: 2, points: 70, country: "IN", targets: rows });

    // The targeting is replaced, not added to: Tea alone is the three tea drinkers, and only them.
    const again = await assignByDemographics(admin, (await findAssignSurvey(target.id))!, {
      rows: [row("drinks", "Tea")],
      points: 70,
      confirmedCount: null,
    });
    expect(again).toEqual({ ok: true, message: "Survey assigned to its audience: 3 members match now" });
    expect(await getPrisma().demographicTarget.count()).toBe(1);
    expect(await seeing(target.id, everyone)).toEqual([members.dogTea.id, members.fishTea.id, members.dogCoffeeTea.id]);
  });

  test("above 1,000 matching members it asks to confirm the count first and saves neither targeting nor audience", async () => {
    const { admin } = await signedInAdmin();
    const { questionnaireId, ids } = await profileQuestionnaire("IN");
    await bulkMembers(1_001, "IN", { questionnaireId, questionId: ids.pet, optionId: ids["pet:Cat"] });
    await bulkMembers(3, "IN");
    const target = await survey({ country: "IN" });
    const rows = [{ questionId: ids.pet, optionId: ids["pet:Cat"] }];
    expect(await assignByDemographics(admin, target, { rows, points: 5, confirmedCount: null })).toEqual({
      ok: "confirm",
      count: 1_001,
    });
    expect(await getPrisma().demographicTarget.count()).toBe(0);
    expect(await getPrisma().surveyAudience.count()).toBe(0);
    expect(await getPrisma().auditEntry.count()).toBe(0);
    expect(await assignByDemographics(admin, target, { rows, points: 5, confirmedCount: 1_001 })).toMatchObject({
      ok: true,
    });
    expect(await getPrisma().demographicTarget.count()).toBe(1);
    expect(await getPrisma().surveyAudience.count()).toBe(1);
  });

  test("rows are checked against the survey's targetable questions; a refused row writes nothing", async () => {
    const { admin } = await signedInAdmin();
    const { ids } = await profileQuestionnaire("IN");
    const other = await profileQuestionnaire("US", { ...LIFESTYLE, title: "US only" });
    const target = await survey({ country: "IN" });
    const questions = await listTargetableQuestions("IN");
    // The text question is not targetable; the US set is not offered in India.
    expect(questions.map((question) => question.id)).toEqual([ids.pet, ids.drinks]);

    const refused = await assignByDemographics(admin, target, {
      rows: [
        { questionId: ids.pet, optionId: ids["drinks:Tea"] },
        { questionId: ids.drinks, optionId: null },
        { questionId: other.ids.pet, optionId: other.ids["pet:Dog"] },
        { questionId: null, optionId: null },
      ],
      points: 10,
      confirmedCount: null,
    });
    expect(refused).toEqual({
      ok: false,
      errors: {
        rows: {
          0: ASSIGN_MESSAGES.optionUnknown,
          1: ASSIGN_MESSAGES.optionRequired,
          2: ASSIGN_MESSAGES.questionUnknown,
        },
      },
    });
    expect(await getPrisma().demographicTarget.count()).toBe(0);
    expect(await getPrisma().surveyAudience.count()).toBe(0);
    expect(await count()).toBe(0);
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });
});

describe("reassigning and deleting", () => {
  test("reassign only after an ended assignment that is not Complete, and never next to an open one", async () => {
    const { admin } = await signedInAdmin();
    const member = await createTestMember();
    const target = await survey();
    const open = await createTestAssignment(target.id, member.id);
    expect(await reassignAssignment(admin, target.id, open.id)).toEqual({
      ok: false,
      message: ASSIGNMENT_CHANGE_MESSAGES.stillOpen,
    });

    await getPrisma().assignment.update({ where: { id: open.id }, data: { status: ASSIGNMENT_STATUS.rejectedTerm } });
    const result = await reassignAssignment(admin, target.id, open.id);
    expect(result).toEqual({ ok: true, message: `Survey reassigned to user ${member.id}` });
    expect(await count({ status: ASSIGNMENT_STATUS.assigned })).toBe(1);
    const [entry] = await audits("assignment.reassigned");
    expect(entry.details).toMatchObject({ from: open.id, memberId: member.id });

    // The same ended one again: the member already holds the new open one.
    expect(await reassignAssignment(admin, target.id, open.id)).toEqual({
      ok: false,
      message: ASSIGNMENT_CHANGE_MESSAGES.alreadyOpen,
    });
    const complete = await createTestAssignment(target.id, (await createTestMember()).id, {
      status: ASSIGNMENT_STATUS.complete,
    });
    expect(await reassignAssignment(admin, target.id, complete.id)).toEqual({
      ok: false,
      message: ASSIGNMENT_CHANGE_MESSAGES.complete,
    });
    // Another survey's id in the URL does not reach it.
    expect(await reassignAssignment(admin, target.id + 1, open.id)).toEqual({
      ok: false,
      message: ASSIGNMENT_CHANGE_MESSAGES.notFound,
    });
    expect(await count()).toBe(3);
    expect(await audits("assignment.reassigned")).toHaveLength(1);
  });

  test("delete removes an open assignment only; ended ones are history", async () => {
    const { admin } = await signedInAdmin();
    const target = await survey();
    const open = await createTestAssignment(target.id, (await createTestMember()).id, {
      status: ASSIGNMENT_STATUS.paused,
    });
    const complete = await createTestAssignment(target.id, (await createTestMember()).id, {
      status: ASSIGNMENT_STATUS.complete,
    });
    const rejected = await createTestAssignment(target.id, (await createTestMember()).id, {
      status: ASSIGNMENT_STATUS.rejected,
    });

    expect(await deleteAssignment(admin, target.id, complete.id)).toEqual({
      ok: false,
      message: ASSIGNMENT_CHANGE_MESSAGES.ended,
    });
    expect(await deleteAssignment(admin, target.id, rejected.id)).toEqual({
      ok: false,
      message: ASSIGNMENT_CHANGE_MESSAGES.ended,
    });
    expect(await deleteAssignment(admin, target.id, open.id)).toEqual({ ok: true, message: "Assignment deleted" });
    expect(await deleteAssignment(admin, target.id, open.id)).toEqual({
      ok: false,
      message: ASSIGNMENT_CHANGE_MESSAGES.notFound,
    });
    expect(await count()).toBe(2);
    const [entry] = await audits("assignment.deleted");
    expect(entry).toMatchObject({ targetId: String(open.id), details: { status: ASSIGNMENT_STATUS.paused } });
  });
});

describe("the pages", () => {
  const post = (cookie: string, form: Record<string, string>) =>
    assignAction({
      request: request("/admin/surveysassignv2?page=1&assign=1", { cookie, form }),
      params: {},
      context: {},
    });
  /** The demographics form posts pairs: question and option repeat, one pair per row. */
  const postDemographics = (path: string, cookie: string, form: [string, string][]) =>
    demographicsAction({
      request: new Request(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { Cookie: cookie },
        body: new URLSearchParams(form),
      }),
      params: {},
      context: {},
    });

  test("the assign form assigns by user id and by 'Assign to all Users', with a success toast", async () => {
    const { cookie } = await signedInAdmin();
    const member = await createTestMember();
    const other = await createTestMember();
    const target = await survey();
    const one = expectRedirect(
      await post(cookie, { survey_id: String(target.id), points: "15", user: String(member.id) }),
    );
    expect(one.headers.get("Location")).toBe("/admin/surveysassignv2?page=1");
    expect(await toastOf(one)).toEqual({ type: "success", message: `Survey assigned to user ${member.id}` });
    const page = await assignLoader({
      request: request(`/admin/surveysassignv2?assign=${target.id}`, { cookie }),
      params: {},
      context: {},
    });
    expect(page.surveys.map((card) => card.id)).toEqual([target.id]);
    expect(page.assign?.survey).toMatchObject({ id: target.id, points: target.points });
    // The count 'Assign to all Users' reaches, shown before assigning.
    expect(page.assign?.audienceCount).toBe(2);

    const all = expectRedirect(await post(cookie, { survey_id: String(target.id), points: "15", all_users: "on" }));
    expect(all.headers.get("Location")).toBe("/admin/surveysassignv2?page=1");
    expect(await toastOf(all)).toEqual({
      type: "success",
      message: "Survey assigned to its audience: 2 members match now",
    });
    // The audience writes no row: the one assignment is the explicit one, listed once.
    expect(await count()).toBe(1);
    expect(await seeing(target.id, [member, other])).toEqual([member.id, other.id].sort((a, b) => a - b));
    expect(await surveysOf(member.id)).toEqual([target.id]);
  });

  test("above 1,000 members the assign form comes back as a confirmation of the count; confirmed, it saves", async () => {
    const { cookie } = await signedInAdmin();
    const target = await survey({ country: "IN" });
    await bulkMembers(1_001, "IN");
    const page = await assignLoader({
      request: request(`/admin/surveysassignv2?assign=${target.id}`, { cookie }),
      params: {},
      context: {},
    });
    expect(page.assign?.audienceCount).toBe(1_001);

    const form = { survey_id: String(target.id), points: "15", all_users: "on" };
    const asked = await post(cookie, form);
    expect(asked).not.toBeInstanceOf(Response);
    expect(asked).toMatchObject({
      confirm: 1_001,
      initialValue: expect.objectContaining({ survey_id: String(target.id), points: "15", all_users: "on" }),
    });
    expect(await getPrisma().surveyAudience.count()).toBe(0);
    expect(await getPrisma().auditEntry.count()).toBe(0);

    const confirmed = expectRedirect(await post(cookie, { ...form, confirmed_count: "1001" }));
    expect(await toastOf(confirmed)).toEqual({
      type: "success",
      message: "Survey assigned to its audience: 1,001 members match now",
    });
    expect(await getPrisma().surveyAudience.findUniqueOrThrow({ where: { surveyId: target.id } })).toMatchObject({
      points: 15,
    });
    expect(await count()).toBe(0);
    expect(await audits("audience.saved_all")).toHaveLength(1);
  });

  test("refused input gets per-field messages and writes nothing", async () => {
    const { cookie } = await signedInAdmin();
    const target = await survey();
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ survey_id: String(target.id), points: "" }, { points: [ASSIGN_MESSAGES.pointsRequired] }],
      [{ survey_id: String(target.id), points: "-1", user: "1" }, { points: [ASSIGN_MESSAGES.pointsRange] }],
      [{ survey_id: String(target.id), points: "2.5", user: "1" }, { points: [ASSIGN_MESSAGES.pointsWhole] }],
      [{ survey_id: String(target.id), points: "5" }, { user: [ASSIGN_MESSAGES.userRequired] }],
      [{ survey_id: String(target.id), points: "5", user: "abc" }, { user: [ASSIGN_MESSAGES.userFormat] }],
      [{ survey_id: String(target.id), points: "5", user: "424242" }, { user: [ASSIGN_MESSAGES.userUnknown] }],
      [
        { survey_id: String(target.id), points: "5", all_users: "on", screener_id: "77" },
        { screener_id: [ASSIGN_MESSAGES.screenerUnknown] },
      ],
    ];
    for (const [form, errors] of cases) {
      const result = expectData(await post(cookie, form));
      expect(result.init?.status).toBe(400);
      expect(result.data.error).toEqual(errors);
    }
    expect(await count()).toBe(0);
    expect(await getPrisma().surveyAudience.count()).toBe(0);
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });

  test("the demographics form adds a row, previews the count and assigns with a toast", async () => {
    const { cookie } = await signedInAdmin();
    const { questionnaireId, ids } = await profileQuestionnaire("IN");
    const member = await createTestMember();
    await answer(questionnaireId, member.id, { pet: "Cat", drinks: ["Tea"] });
    const silent = await createTestMember();
    const target = await survey({ country: "IN" });
    const path = `/admin/surveysassignv2/demographics?page=1&survey=${target.id}`;
    const send = (form: [string, string][]) => postDemographics(path, cookie, form);

    const loaded = await demographicsLoader({ request: request(path, { cookie }), params: {}, context: {} });
    expect(loaded.form?.rows).toEqual([{ question: "", option: "" }]);
    expect(loaded.form?.questions.map((question) => question.id)).toEqual([ids.pet, ids.drinks]);

    const added = await send([
      ["question", String(ids.pet)],
      ["option", String(ids["pet:Cat"])],
      ["points", "9"],
      ["intent", "add"],
    ]);
    expect(expectData(added).data.pageState).toMatchObject({
      rows: [
        { question: String(ids.pet), option: String(ids["pet:Cat"]) },
        { question: "", option: "" },
      ],
      points: "9",
    });

    const pair: [string, string][] = [
      ["question", String(ids.pet)],
      ["option", String(ids["pet:Cat"])],
      ["question", ""],
      ["option", ""],
      ["points", "9"],
    ];
    expect(expectData(await send([...pair, ["intent", "preview"]])).data.pageState).toMatchObject({ count: 1 });
    const badPoints = expectData(await send([...pair.slice(0, 4), ["points", "-3"], ["intent", "assign"]]));
    expect(badPoints.init?.status).toBe(400);
    expect(badPoints.data.error?.points).toEqual([ASSIGN_MESSAGES.pointsRange]);
    expect(await count()).toBe(0);
    expect(await getPrisma().surveyAudience.count()).toBe(0);

    const assigned = expectRedirect(await send([...pair, ["intent", "assign"]]));
    expect(await toastOf(assigned)).toEqual({
      type: "success",
      message: "Survey assigned to its audience: 1 member matches now",
    });
    expect(await seeing(target.id, [member, silent])).toEqual([member.id]);
    expect((await listAvailableSurveys(member.id, 1)).rows).toEqual([
      expect.objectContaining({ surveyId: target.id, points: 9 }),
    ]);
    expect(await count()).toBe(0);
  });

  test("above 1,000 members the demographics form asks to confirm the count; confirmed, it saves", async () => {
    const { cookie } = await signedInAdmin();
    const { questionnaireId, ids } = await profileQuestionnaire("IN");
    await bulkMembers(1_001, "IN", { questionnaireId, questionId: ids.pet, optionId: ids["pet:Dog"] });
    const target = await survey({ country: "IN" });
    const path = `/admin/surveysassignv2/demographics?page=1&survey=${target.id}`;
    const send = (form: [string, string][]) => postDemographics(path, cookie, form);
    const pair: [string, string][] = [
      ["question", String(ids.pet)],
      ["option", String(ids["pet:Dog"])],
      ["points", "9"],
    ];

    const asked = expectData(await send([...pair, ["intent", "assign"]]));
    expect(asked.init?.status ?? 200).toBe(200);
    expect(asked.data.pageState).toMatchObject({
      confirm: 1_001,
      points: "9",
      rows: [{ question: String(ids.pet), option: String(ids["pet:Dog"]) }],
    });
    expect(await getPrisma().demographicTarget.count()).toBe(0);
    expect(await getPrisma().surveyAudience.count()).toBe(0);
    expect(await getPrisma().auditEntry.count()).toBe(0);

    const confirmed = expectRedirect(await send([...pair, ["confirmed_count", "1001"], ["intent", "assign"]]));
    expect(await toastOf(confirmed)).toEqual({
      type: "success",
      message: "Survey assigned to its audience: 1,001 members match now",
    });
    expect(await getPrisma().demographicTarget.findMany()).toEqual([
      expect.objectContaining({ surveyId: target.id, optionId: ids["pet:Dog"] }),
    ]);
    expect(await getPrisma().surveyAudience.findUniqueOrThrow({ where: { surveyId: target.id } })).toMatchObject({
      points: 9,
    });
    expect(await audits("audience.saved_by_demographics")).toHaveLength(1);
  });

  test("the assignments list filters by member, reassigns and deletes with a confirmation", async () => {
    const { cookie } = await signedInAdmin();
    const target = await survey();
    const member = await createTestMember();
    const ended = await createTestAssignment(target.id, member.id, { status: ASSIGNMENT_STATUS.notAllowed });
    const other = await createTestAssignment(target.id, (await createTestMember()).id);
    const path = `/admin/surveysassignv2/${target.id}`;
    const params = { id: String(target.id) };

    const listed = await listLoader({
      request: request(`${path}?member=${member.id}`, { cookie }),
      params,
      context: {},
    });
    expect(listed.assignments.map((row) => [row.id, row.canReassign, row.canDelete])).toEqual([
      [ended.id, true, false],
    ]);

    const unconfirmed = expectRedirect(
      await listAction({
        request: request(path, { cookie, form: { intent: "delete", assignment: String(other.id) } }),
        params,
        context: {},
      }),
    );
    expect(await toastOf(unconfirmed)).toEqual({ type: "error", message: ASSIGN_MESSAGES.confirmRequired });
    expect(await count()).toBe(2);
    const deleted = expectRedirect(
      await listAction({
        request: request(path, { cookie, form: { intent: "delete", assignment: String(other.id), confirm: "on" } }),
        params,
        context: {},
      }),
    );
    expect(await toastOf(deleted)).toEqual({ type: "success", message: "Assignment deleted" });
    const reassigned = expectRedirect(
      await listAction({
        request: request(path, { cookie, form: { intent: "reassign", assignment: String(ended.id) } }),
        params,
        context: {},
      }),
    );
    expect(await toastOf(reassigned)).toEqual({ type: "success", message: `Survey reassigned to user ${member.id}` });
    expect(await count({ memberId: member.id })).toBe(2);
  });

  test("anyone who is not an admin gets the 404 page, from every loader and action, and nothing is written", async () => {
    const target = await survey();
    const member = await createTestMember();
    const form = { survey_id: String(target.id), points: "5", user: String(member.id) };
    const context = {};
    const statuses = await Promise.all([
      thrownStatus(oldLoader({ request: request("/admin/surveysassign"), params: {}, context })),
      thrownStatus(assignLoader({ request: request("/admin/surveysassignv2"), params: {}, context })),
      thrownStatus(assignAction({ request: request("/admin/surveysassignv2", { form }), params: {}, context })),
      thrownStatus(
        demographicsLoader({ request: request("/admin/surveysassignv2/demographics"), params: {}, context }),
      ),
      thrownStatus(
        demographicsAction({
          request: request(`/admin/surveysassignv2/demographics?survey=${target.id}`, {
            form: { intent: "assign", points: "1" },
          }),
          params: {},
          context,
        }),
      ),
      thrownStatus(
        listLoader({
          request: request(`/admin/surveysassignv2/${target.id}`),
          params: { id: String(target.id) },
          context,
        }),
      ),
      thrownStatus(
        listAction({
          request: request(`/admin/surveysassignv2/${target.id}`, { form: { intent: "reassign", assignment: "1" } }),
          params: { id: String(target.id) },
          context,
        }),
      ),
    ]);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(await count()).toBe(0);

    const { cookie } = await signedInAdmin();
    const redirected = expectRedirect(
      await oldLoader({ request: request("/admin/surveysassign", { cookie }), params: {}, context }),
    );
    expect(redirected.headers.get("Location")).toBe("/admin/surveysassignv2");
  });
});
