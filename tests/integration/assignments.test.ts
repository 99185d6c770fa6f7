import { describe, expect, test } from "vitest";
import { ASSIGN_MESSAGES } from "~/domain/assignment-schema";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import {
  ASSIGNMENT_CHANGE_MESSAGES,
  assignByDemographics,
  assignSurvey,
  assignToAllEligible,
  countEligible,
  deleteAssignment,
  findAssignSurvey,
  listTargetableQuestions,
  previewTargeting,
  reassignAssignment,
  type AssignSurvey,
} from "~/domain/assignments.server";
import { getPrisma } from "~/lib/db.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { createQuestionnaire, saveResponse } from "~/questionnaire/storage.server";
import { action as assignAction, loader as assignLoader } from "~/routes/admin._console._survey.surveysassignv2._index";
import { loader as oldLoader } from "~/routes/admin._console._survey.surveysassign";
import {
  action as demographicsAction,
  loader as demographicsLoader,
} from "~/routes/admin._console._survey.surveysassignv2.demographics";
import { action as listAction, loader as listLoader } from "~/routes/admin._console._survey.surveysassignv2.$id";
import { adminRequest as request, ORIGIN, thrownStatus } from "../support/admin-requests";
import { createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { checkbox, option, page, questionnaire, radio, text } from "../support/questionnaires";
import { signedInAdmin, toastOf } from "../support/requests";

// Survey assignment: one member (no duplicate), all eligible members in one statement, targeting by
// demographics (OR within a question, AND across questions; the preview equals the number
// assigned), reassign after an ended assignment, delete of open ones only, audit entries, refused
// input that writes nothing, and the 404 page for anyone who is not an admin.

const profileSet: QuestionnaireDefinition = questionnaire("Lifestyle", [
  page("Page 1", [
    radio("pet", "Which pet do you have?", [option("Dog"), option("Cat"), option("Fish")]),
    checkbox("drinks", "What do you drink?", [option("Tea"), option("Coffee")]),
    text("nickname", "Nickname", { required: false }),
  ]),
]);

/** A profile questionnaire offered in `country` (null: everywhere) and its option ids by "key:value". */
async function profileQuestionnaire(country: string | null, definition = profileSet) {
  const prisma = getPrisma();
  const questionnaireId = await prisma.$transaction((tx) => createQuestionnaire(tx, { kind: "profile", definition }));
  await prisma.profileSurvey.create({ data: { questionnaireId, points: 0, minutes: 2, country } });
  const questions = await prisma.question.findMany({ where: { questionnaireId }, include: { options: true } });
  const ids: Record<string, number> = {};
  for (const question of questions) {
    ids[question.key] = question.id;
    for (const option of question.options) ids[`${question.key}:${option.value}`] = option.id;
  }
  return { questionnaireId, ids };
}

async function answer(questionnaireId: number, memberId: number, answers: Record<string, string | string[]>) {
  await getPrisma().$transaction((tx) => saveResponse(tx, { questionnaireId, memberId, answers }));
}

async function survey(overrides: Parameters<typeof createTestSurvey>[0] = {}): Promise<AssignSurvey> {
  const created = await createTestSurvey(overrides);
  return (await findAssignSurvey(created.id))!;
}

const count = (where: object = {}) => getPrisma().assignment.count({ where });
const audits = (action: string) => getPrisma().auditEntry.findMany({ where: { action } });

describe("assigning one survey to one member", () => {
  test("creates one open assignment with an opaque token and an audit entry; a second time is refused", async () => {
    const { admin } = await signedInAdmin();
    const member = await createTestMember();
    const target = await survey({ points: 40 });
    const first = await assignSurvey(admin, target, { memberId: member.id, screenerId: null, points: 25 });
    expect(first).toEqual({ ok: true, count: 1, message: `Survey assigned to user ${member.id}` });
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

describe("assigning to all eligible members", () => {
  test("reaches only active, verified members of the survey's country without an open assignment, in one statement", async () => {
    const { admin } = await signedInAdmin();
    const target = await survey({ country: "IN" });
    const eligible = await Promise.all([createTestMember(), createTestMember(), createTestMember()]);
    await createTestMember({ status: "inactive" });
    await createTestMember({ emailVerifiedAt: null });
    await createTestMember({ country: "US" });
    await createTestMember({ country: null });
    const holder = await createTestMember();
    await createTestAssignment(target.id, holder.id, { status: ASSIGNMENT_STATUS.started });
    // An ended assignment does not stop a new one.
    await createTestAssignment(target.id, eligible[0].id, { status: ASSIGNMENT_STATUS.rejected });

    expect(await countEligible(target, [])).toBe(3);
    const result = await assignToAllEligible(admin, target, { screenerId: null, points: 30 });
    expect(result).toEqual({ ok: true, count: 3, message: "Survey assigned to 3 members" });
    const created = await getPrisma().assignment.findMany({
      where: { status: ASSIGNMENT_STATUS.assigned },
      orderBy: { memberId: "asc" },
    });
    // Created at the same time, the members' ids come in any order on PostgreSQL: compare sorted.
    expect(created.map((row) => row.memberId)).toEqual(eligible.map((member) => member.id).sort((a, b) => a - b));
    expect(new Set(created.map((row) => row.respondentToken)).size).toBe(3);
    expect(created.every((row) => row.points === 30 && row.assignedById === admin.id)).toBe(true);

    // Run again: everyone eligible now holds it, so nothing is added.
    expect(await assignToAllEligible(admin, target, { screenerId: null, points: 30 })).toMatchObject({
      ok: true,
      count: 0,
    });
    expect(await count()).toBe(5);
    const entries = await audits("assignment.assigned_all");
    expect(entries.map((entry) => (entry.details as { count: number }).count)).toEqual([3, 0]);
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
    const result = await assignToAllEligible(admin, (await findAssignSurvey(target.id))!, {
      screenerId: null,
      points: 5,
    });
    expect(result).toMatchObject({ ok: true, count: 1 });
    expect((await getPrisma().assignment.findFirstOrThrow()).memberId).toBe(dogOwner.id);
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

  test("OR between options of one question, AND across questions; the preview equals the number assigned", async () => {
    const { admin } = await signedInAdmin();
    const { ids, members } = await panel();
    const target = await survey({ country: "IN" });
    const row = (key: string, value: string) => ({ questionId: ids[key], optionId: ids[`${key}:${value}`] });

    // Dog or Cat: three members.
    expect(await previewTargeting(target, [row("pet", "Dog"), row("pet", "Cat")])).toEqual({ ok: true, count: 3 });
    // (Dog or Cat) and Coffee: two members.
    const rows = [row("pet", "Dog"), row("pet", "Cat"), row("drinks", "Coffee")];
    const preview = await previewTargeting(target, rows);
    expect(preview).toEqual({ ok: true, count: 2 });

    const result = await assignByDemographics(admin, target, { rows, points: 70 });
    expect(result).toEqual({ ok: true, count: 2, message: "Survey assigned to 2 members" });
    const assigned = await getPrisma().assignment.findMany({ orderBy: { memberId: "asc" } });
    expect(assigned.map((row) => row.memberId)).toEqual([members.catCoffee.id, members.dogCoffeeTea.id]);
    expect(assigned.every((row) => row.points === 70)).toBe(true);
    // The targeting is saved with the assignment.
    const saved = await getPrisma().demographicTarget.findMany({
      where: { surveyId: target.id },
      orderBy: { id: "asc" },
    });
    expect(saved.map((target) => target.optionId)).toEqual(rows.map((row) => row.optionId));
    const [entry] = await audits("assignment.assigned_by_demographics");
    expect(entry.details).toMatchObject({ count: 2, points: 70, country: "IN" });

    // The targeting is replaced, not added to: Tea alone now adds the two tea drinkers not yet assigned.
    const again = await assignByDemographics(admin, (await findAssignSurvey(target.id))!, {
      rows: [row("drinks", "Tea")],
      points: 70,
    });
    expect(again).toMatchObject({ ok: true, count: 2 });
    expect(await getPrisma().demographicTarget.count()).toBe(1);
  });

  test("rows are checked against the survey's targetable questions; a refused row writes nothing", async () => {
    const { admin } = await signedInAdmin();
    const { ids } = await profileQuestionnaire("IN");
    const other = await profileQuestionnaire("US", { ...profileSet, title: "US only" });
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

  test("the assign form assigns by user id and by 'Assign to all Users', with a success toast", async () => {
    const { cookie } = await signedInAdmin();
    const member = await createTestMember();
    await createTestMember();
    const target = await survey();
    const one = expectRedirect(
      await post(cookie, { survey_id: String(target.id), points: "15", user: String(member.id) }),
    );
    expect(one.headers.get("Location")).toBe("/admin/surveysassignv2?page=1");
    expect(await toastOf(one)).toEqual({ type: "success", message: `Survey assigned to user ${member.id}` });
    const all = expectRedirect(await post(cookie, { survey_id: String(target.id), points: "15", all_users: "on" }));
    expect(await toastOf(all)).toEqual({ type: "success", message: "Survey assigned to 1 member" });
    expect(await count()).toBe(2);

    const page = await assignLoader({
      request: request(`/admin/surveysassignv2?assign=${target.id}`, { cookie }),
      params: {},
      context: {},
    });
    expect(page.surveys.map((card) => card.id)).toEqual([target.id]);
    expect(page.assign?.survey).toMatchObject({ id: target.id, points: target.points });
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
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });

  test("the demographics form adds a row, previews the count and assigns with a toast", async () => {
    const { cookie } = await signedInAdmin();
    const { questionnaireId, ids } = await profileQuestionnaire("IN");
    const member = await createTestMember();
    await answer(questionnaireId, member.id, { pet: "Cat", drinks: ["Tea"] });
    await createTestMember();
    const target = await survey({ country: "IN" });
    const path = `/admin/surveysassignv2/demographics?page=1&survey=${target.id}`;
    const send = (form: [string, string][]) =>
      demographicsAction({
        request: new Request(`${ORIGIN}${path}`, {
          method: "POST",
          headers: { Cookie: cookie },
          body: new URLSearchParams(form),
        }),
        params: {},
        context: {},
      });

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

    const assigned = expectRedirect(await send([...pair, ["intent", "assign"]]));
    expect(await toastOf(assigned)).toEqual({ type: "success", message: "Survey assigned to 1 member" });
    expect(await getPrisma().assignment.findFirstOrThrow()).toMatchObject({ memberId: member.id, points: 9 });
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
