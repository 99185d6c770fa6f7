import { describe, expect, test } from "vitest";
import type { BuilderDraft } from "~/builder/draft";
import { field, intent } from "~/builder/intents";
import { toEditorDraft, typeOfCode, type DraftQuestion } from "~/domain/profile-survey-set-schema";
import { createProfileSurveySet, MESSAGES } from "~/domain/profile-survey-sets.server";
import { getPrisma } from "~/lib/db.server";
import { loadQuestionnaire, saveResponse } from "~/questionnaire/storage.server";
import { action as listAction, loader as listLoader } from "~/routes/admin._console._survey.profilesurvey._index";
import { action as setAction, loader as setLoader } from "~/routes/admin._console._survey.profilesurvey.$id";
import { createTestAdmin, createTestMember } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { adminCookie, adminRequest as request, thrownStatus } from "../support/admin-requests";
import { signedInAdmin, toastOf } from "../support/requests";

// Admin-made profile survey sets: creating one (questionnaire, ProfileSurvey row and audit entry
// together), the editor's intents applied to the posted set, saving, and who may see what.

const create = (cookie: string, form: Record<string, string>) =>
  listAction({ request: request("/admin/profilesurvey", { cookie, form }), params: {}, context: {} });

const loadSet = (cookie: string, id: number | string, query = "") =>
  setLoader({
    request: request(`/admin/profilesurvey/${id}${query}`, { cookie }),
    params: { id: String(id) },
    context: {},
  });

const post = (cookie: string, id: number, form: Record<string, string>) =>
  setAction({
    request: request(`/admin/profilesurvey/${id}?edit=1`, { cookie, form }),
    params: { id: String(id) },
    context: {},
  });

/**
 * The editor's post: the set as the one editor's draft (field `draft`, with the types the form was
 * shown with), the builder's name inputs and type pickers, and the pressed button's intent.
 */
function editorForm(draft: { version: string; questions: DraftQuestion[] }, intent: string, shownTypes?: string[]) {
  const shown = draft.questions.map((question, index) => ({
    ...question,
    typeCode: shownTypes?.[index] ?? question.typeCode,
  }));
  const form: Record<string, string> = { version: draft.version, intent, draft: JSON.stringify(toEditorDraft(shown)) };
  draft.questions.forEach((question, index) => {
    form[field.question(0, index)] = question.label;
    form[field.type(0, index)] = typeOfCode(question.typeCode) ?? question.typeCode;
    question.options.forEach((option, optionIndex) => {
      form[field.option(0, index, optionIndex)] = option.label;
    });
  });
  return form;
}

/** The editor's draft field of a post, changed as a forged post would. */
function withDraft(form: Record<string, string>, change: (draft: BuilderDraft) => void) {
  const draft = JSON.parse(form.draft) as BuilderDraft;
  change(draft);
  return { ...form, draft: JSON.stringify(draft) };
}

async function newSet(cookie: string, title = "Pets at home") {
  expectRedirect(await create(cookie, { title, country: "IN", reward: "25" }));
  const row = await getPrisma().profileSurvey.findFirstOrThrow({ where: { questionnaire: { title } } });
  return row.id;
}

async function currentDraft(cookie: string, id: number) {
  return (await loadSet(cookie, id)).draft;
}

async function storedCounts() {
  const prisma = getPrisma();
  return {
    questionnaires: await prisma.questionnaire.count(),
    sets: await prisma.profileSurvey.count(),
    questions: await prisma.question.count(),
    audit: await prisma.auditEntry.count(),
  };
}

describe("creating a set", () => {
  test("writes the profile questionnaire, the ProfileSurvey row and an audit entry, then lists it", async () => {
    const { admin, cookie } = await signedInAdmin();
    const response = expectRedirect(await create(cookie, { title: "  Pets at home ", country: "IN", reward: "25" }));
    expect(response.headers.get("Location")).toBe("/admin/profilesurvey");
    expect(await toastOf(response)).toEqual({ type: "success", message: "Profile survey created successfully" });

    const set = await getPrisma().profileSurvey.findFirstOrThrow({ include: { questionnaire: true } });
    expect(set).toMatchObject({ path: null, slug: null, category: "Basic", points: 25, minutes: 2, country: "IN" });
    expect(set.questionnaire).toMatchObject({ kind: "profile", title: "Pets at home", createdById: admin.id });
    const stored = await loadQuestionnaire(getPrisma(), set.questionnaireId);
    expect(stored?.definition.pages).toEqual([
      {
        title: "Pets at home",
        questions: [{ key: "q1", label: "Question 1", type: "text", required: true, options: [] }],
      },
    ]);
    expect(await getPrisma().auditEntry.findMany()).toMatchObject([
      { adminId: admin.id, action: "profile_survey.created", targetType: "profile_survey", targetId: String(set.id) },
    ]);
    const listed = await listLoader({ request: request("/admin/profilesurvey", { cookie }), params: {}, context: {} });
    expect(listed.sets).toEqual([
      {
        id: set.id,
        title: "Pets at home",
        country: "IN",
        countryName: "India",
        points: 25,
        closed: false,
        archived: false,
      },
    ]);
  });

  test("is one transaction: when the audit entry cannot be written, nothing is stored", async () => {
    await expect(
      createProfileSurveySet(
        { id: 999_999, email: "ghost@panel.test", isSuperAdmin: false },
        { title: "Ghost", country: "IN", reward: 5 },
      ),
    ).rejects.toThrow();
    expect(await storedCounts()).toEqual({ questionnaires: 0, sets: 0, questions: 0, audit: 0 });
  });

  test("bad input gives per-field errors and stores nothing", async () => {
    const { cookie } = await signedInAdmin();
    const empty = expectData(await create(cookie, {}));
    expect(empty.init?.status).toBe(400);
    expect(empty.data.error).toMatchObject({
      title: ["Enter a title."],
      country: ["Choose a country."],
      reward: ["Enter the reward in points."],
    });
    const bad = expectData(await create(cookie, { title: "x".repeat(151), country: "ZZ", reward: "-1" }));
    expect(bad.data.error).toMatchObject({
      title: ["Must be at most 150 characters."],
      reward: ["Enter a reward from 0 to 1,000,000 points."],
    });
    expect(bad.data.initialValue).toMatchObject({ country: "ZZ", reward: "-1" });
    for (const reward of ["1.5", "abc", "10001", "1e40"]) {
      expect(
        expectData(await create(cookie, { title: "Pets", country: "IN", reward })).data.error?.reward,
      ).toBeDefined();
    }
    // The shape of a code passes the schema; only the server's country list knows ZZ is none.
    const unknownCountry = expectData(await create(cookie, { title: "Pets", country: "ZZ", reward: "5" }));
    expect(unknownCountry.data.error).toEqual({ country: ["Choose a country."] });
    expect(await storedCounts()).toMatchObject({ questionnaires: 0, sets: 0, audit: 0 });
  });
});

describe("the editor's intents", () => {
  test("add question, add option, type change resetting options, delete question: shown again, nothing stored", async () => {
    const { cookie } = await signedInAdmin();
    const id = await newSet(cookie);
    const draft = await currentDraft(cookie, id);
    expect((await loadSet(cookie, id, "?edit=1")).draft).toEqual(draft);

    const added = expectData(await post(cookie, id, editorForm(draft, intent.addQuestion("text"))));
    expect(added.init?.status).toBe(200);
    expect(
      added.data.pageState!.draft.questions.map((question) => [
        question.key,
        question.label,
        question.typeCode,
        question.required,
      ]),
    ).toEqual([
      ["q1", "Question 1", "1", true],
      ["q2", "Question 2", "1", false],
    ]);

    // Type 4 (radio) posted while the form showed type 1: the options reset to one 'Title'.
    const radio = {
      ...added.data.pageState!.draft,
      questions: added.data.pageState!.draft.questions.map((q, i) => (i === 1 ? { ...q, typeCode: "4" } : q)),
    };
    const retyped = expectData(await post(cookie, id, editorForm(radio, intent.changeType(0, 1), ["1", "1"])));
    expect(retyped.data.pageState!.draft.questions[1].options).toEqual([{ value: "o1", label: "Title" }]);

    const withOption = expectData(
      await post(cookie, id, editorForm(retyped.data.pageState!.draft, intent.addOption(0, 1))),
    );
    expect(withOption.data.pageState!.draft.questions[1].options).toEqual([
      { value: "o1", label: "Title" },
      // Unique in its question (issue 18): the spec's default title, numbered after the first.
      { value: "o2", label: "Title 2" },
    ]);

    // Back to text (6 = number): the options go.
    const number = {
      ...withOption.data.pageState!.draft,
      questions: withOption.data.pageState!.draft.questions.map((q, i) => (i === 1 ? { ...q, typeCode: "6" } : q)),
    };
    expect(
      expectData(await post(cookie, id, editorForm(number, intent.changeType(0, 1), ["1", "4"]))).data.pageState!.draft
        .questions[1].options,
    ).toEqual([]);

    const deleted = expectData(
      await post(cookie, id, editorForm(withOption.data.pageState!.draft, intent.deleteQuestion(0, 0))),
    );
    expect(deleted.data.pageState!.draft.questions.map((question) => question.key)).toEqual(["q2"]);
    const optionDeleted = expectData(
      await post(cookie, id, editorForm(withOption.data.pageState!.draft, intent.deleteOption(0, 1, 0))),
    );
    expect(optionDeleted.data.pageState!.draft.questions[1].options).toEqual([{ value: "o2", label: "Title 2" }]);

    const stored = await getPrisma().question.findMany({ select: { key: true } });
    expect(stored).toEqual([{ key: "q1" }]);
    expect(await getPrisma().auditEntry.count({ where: { action: "profile_survey.updated" } })).toBe(0);
  });

  test("new codes never reuse a stored one, even after that question was deleted in the draft", async () => {
    const { cookie } = await signedInAdmin();
    const id = await newSet(cookie);
    const draft = await currentDraft(cookie, id);
    const withoutQ1 = expectData(await post(cookie, id, editorForm(draft, intent.deleteQuestion(0, 0)))).data.pageState!
      .draft;
    const added = expectData(await post(cookie, id, editorForm(withoutQ1, intent.addQuestion("text")))).data.pageState!
      .draft;
    expect(added.questions.map((question) => question.key)).toEqual(["q2"]);
  });

  test("a forged or stale post is refused with a message and the stored set shown", async () => {
    const { cookie } = await signedInAdmin();
    const id = await newSet(cookie);
    const draft = await currentDraft(cookie, id);
    const forged: Record<string, string>[] = [
      withDraft(editorForm(draft, "save"), (posted) => (posted.pages[0].questions[0].key = "constructor")),
      { ...editorForm(draft, "nonsense") },
      // Builder buttons a set does not offer: pages, and a page other than its one.
      { ...editorForm(draft, intent.addPage) },
      { ...editorForm(draft, intent.togglePage(0)) },
      { ...editorForm(draft, intent.deleteQuestion(1, 0)) },
      withDraft(editorForm(draft, "save"), (posted) => delete posted.pages[0].questions[0].key),
      withDraft(editorForm(draft, "save"), (posted) => posted.pages.push({ name: "", questions: [] })),
      { ...editorForm(draft, "save"), draft: "{" },
      { intent: "save" },
    ];
    for (const form of forged) {
      const refused = expectData(await post(cookie, id, form));
      expect(refused.init?.status).toBe(400);
      expect(refused.data.error).toEqual({ "": [MESSAGES.outOfDate] });
      expect(refused.data.pageState!.draft).toEqual(draft);
    }
    // Out-of-range indices are a no-op, not a crash.
    expect(expectData(await post(cookie, id, editorForm(draft, intent.deleteOption(0, 7, 3)))).init?.status).toBe(200);
  });
});

describe("saving", () => {
  test("persists the edited set (loadQuestionnaire), audits it and returns to view mode", async () => {
    const { admin, cookie } = await signedInAdmin();
    const id = await newSet(cookie);
    const draft = await currentDraft(cookie, id);
    const edited = {
      version: draft.version,
      questions: [
        { key: "q1", label: "Your pet's name", typeCode: "1", required: true, options: [] },
        {
          key: "q2",
          label: "Which pets do you keep?",
          typeCode: "3",
          required: true,
          options: [
            { value: "o1", label: "Dog" },
            { value: "o2", label: "Cat" },
          ],
        },
      ],
    };
    const response = expectRedirect(await post(cookie, id, editorForm(edited, "save")));
    expect(response.headers.get("Location")).toBe(`/admin/profilesurvey/${id}`);
    expect(await toastOf(response)).toEqual({ type: "success", message: "Profile survey saved successfully" });

    const set = await getPrisma().profileSurvey.findUniqueOrThrow({ where: { id } });
    const stored = await loadQuestionnaire(getPrisma(), set.questionnaireId);
    expect(stored?.definition.pages[0].questions).toEqual([
      { key: "q1", label: "Your pet's name", type: "text", required: true, options: [] },
      {
        key: "q2",
        label: "Which pets do you keep?",
        type: "checkbox",
        required: true,
        options: [
          { value: "o1", label: "Dog" },
          { value: "o2", label: "Cat" },
        ],
      },
    ]);
    expect(await getPrisma().auditEntry.findMany({ where: { action: "profile_survey.updated" } })).toMatchObject([
      { adminId: admin.id, targetType: "profile_survey", targetId: String(id) },
    ]);
    expect((await currentDraft(cookie, id)).questions[1].typeCode).toBe("3");
  });

  test("field errors next to the fields, and nothing changes", async () => {
    const { cookie } = await signedInAdmin();
    const id = await newSet(cookie);
    const draft = await currentDraft(cookie, id);
    const invalid = {
      version: draft.version,
      questions: [
        { key: "q1", label: "   ", typeCode: "9", required: true, options: [] },
        { key: "q2", label: "Pets", typeCode: "4", required: false, options: [] },
        {
          key: "q3",
          label: "x".repeat(301),
          typeCode: "5",
          required: false,
          options: [
            { value: "o1", label: "Dog" },
            { value: "o2", label: " dog " },
            { value: "o3", label: "" },
          ],
        },
      ],
    };
    const refused = expectData(await post(cookie, id, editorForm(invalid, "save")));
    expect(refused.init?.status).toBe(400);
    expect(refused.data.error).toEqual({
      "": [MESSAGES.fixErrors],
      "question.0.0": [MESSAGES.questionTitleRequired],
      "type.0.0": [MESSAGES.typeRequired],
      "options.0.1": [MESSAGES.needsOption],
      "question.0.2": ["Use at most 300 characters."],
      "option.0.2.1": [MESSAGES.duplicateOption],
      "option.0.2.2": [MESSAGES.optionTitleRequired],
    });
    expect(refused.data.pageState!.draft.questions).toHaveLength(3);
    const none = expectData(await post(cookie, id, editorForm({ version: draft.version, questions: [] }, "save")));
    expect(none.data.error).toEqual({ "": [MESSAGES.needsQuestion] });

    // Saving right after a type change to a choice type shows the reset options first.
    const retyped = { ...draft, questions: [{ ...draft.questions[0], typeCode: "5" }] };
    expect(expectData(await post(cookie, id, editorForm(retyped, "save", ["1"]))).data.error).toEqual({
      "": [MESSAGES.typeReset],
    });

    const stored = await getPrisma().question.findMany({ select: { key: true, label: true, type: true } });
    expect(stored).toEqual([{ key: "q1", label: "Question 1", type: "text" }]);
    expect(await getPrisma().auditEntry.count({ where: { action: "profile_survey.updated" } })).toBe(0);
  });

  test("the builder's Required switch, exclusive option and shown-when are stored in the set's definition and read back", async () => {
    const { cookie } = await signedInAdmin();
    const id = await newSet(cookie);
    const draft = await currentDraft(cookie, id);
    const pets = {
      version: draft.version,
      questions: [
        {
          key: "q1",
          label: "Which pets do you keep?",
          typeCode: "3",
          required: true,
          options: [
            { value: "o1", label: "Dog" },
            { value: "o2", label: "None" },
          ],
        },
        { key: "q2", label: "Your dog's name", typeCode: "1", required: true, options: [] },
      ],
    };
    const optional = expectData(await post(cookie, id, editorForm(pets, intent.setRequired(0, 1, false)))).data
      .pageState!.draft;
    expect(optional.questions[1].required).toBe(false);
    const exclusive = expectData(await post(cookie, id, editorForm(optional, intent.setExclusive(0, 0, 1, true)))).data
      .pageState!.draft;
    expect(exclusive.questions[0].exclusive).toBe(1);
    const conditioned = expectData(
      await post(cookie, id, { ...editorForm(exclusive, intent.setCondition(0, 1)), [field.condition(0, 1)]: "0:0:0" }),
    ).data.pageState!.draft;
    expect(conditioned.questions[1].shownWhen).toEqual({ question: 0, option: 0 });
    // A name typed in the builder's name input travels with any button.
    expectRedirect(
      await post(cookie, id, { ...editorForm(conditioned, "save"), [field.question(0, 1)]: "Your dog's call name" }),
    );

    const set = await getPrisma().profileSurvey.findUniqueOrThrow({ where: { id } });
    const stored = await loadQuestionnaire(getPrisma(), set.questionnaireId);
    expect(stored?.definition.pages[0].questions).toEqual([
      {
        key: "q1",
        label: "Which pets do you keep?",
        type: "checkbox",
        required: true,
        options: [
          { value: "o1", label: "Dog" },
          { value: "o2", label: "None", exclusive: true },
        ],
      },
      {
        key: "q2",
        label: "Your dog's call name",
        type: "text",
        required: false,
        options: [],
        shownWhen: { question: "q1", option: "o1" },
      },
    ]);
    expect((await currentDraft(cookie, id)).questions).toMatchObject([
      { exclusive: 1 },
      { shownWhen: { question: 0, option: 0 } },
    ]);

    // A condition on a later question, or an exclusive mark on a radio, is refused by field.
    const saved = await currentDraft(cookie, id);
    const backwards = {
      ...saved,
      questions: [{ ...saved.questions[0], shownWhen: { question: 1, option: 0 } }, saved.questions[1]],
    };
    expect(expectData(await post(cookie, id, editorForm(backwards, "save"))).data.error).toMatchObject({
      "condition.0.0": [MESSAGES.badCondition],
    });
    const radio = { ...saved, questions: [{ ...saved.questions[0], typeCode: "4" }, saved.questions[1]] };
    expect(expectData(await post(cookie, id, editorForm(radio, "save", ["4", "1"]))).data.error).toMatchObject({
      "options.0.0": [MESSAGES.badExclusive],
    });
  });

  test("a save over someone else's newer save is refused", async () => {
    const { cookie } = await signedInAdmin();
    const id = await newSet(cookie);
    const draft = await currentDraft(cookie, id);
    expectRedirect(
      await post(cookie, id, editorForm({ ...draft, questions: [{ ...draft.questions[0], label: "First" }] }, "save")),
    );
    const stale = expectData(
      await post(cookie, id, editorForm({ ...draft, questions: [{ ...draft.questions[0], label: "Second" }] }, "save")),
    );
    expect(stale.init?.status).toBe(409);
    expect(stale.data.error).toEqual({ "": [MESSAGES.changedElsewhere] });
    expect(await getPrisma().question.findFirst({ select: { label: true } })).toEqual({ label: "First" });
  });

  test("deleting an answered question deletes its answers; kept questions keep theirs", async () => {
    const { cookie } = await signedInAdmin();
    const id = await newSet(cookie);
    const draft = await currentDraft(cookie, id);
    const twoQuestions = expectData(await post(cookie, id, editorForm(draft, intent.addQuestion("text")))).data
      .pageState!.draft;
    expectRedirect(await post(cookie, id, editorForm(twoQuestions, "save")));
    const set = await getPrisma().profileSurvey.findUniqueOrThrow({ where: { id } });
    const member = await createTestMember();
    await getPrisma().$transaction((tx) =>
      saveResponse(tx, {
        questionnaireId: set.questionnaireId,
        memberId: member.id,
        answers: { q1: "Rex", q2: "Tom" },
      }),
    );
    const saved = await currentDraft(cookie, id);
    expectRedirect(await post(cookie, id, editorForm({ ...saved, questions: [saved.questions[0]] }, "save")));
    const answers = await getPrisma().answer.findMany({ select: { valueText: true } });
    expect(answers).toEqual([{ valueText: "Rex" }]);
    expect(
      await getPrisma().auditEntry.findFirst({ where: { action: "profile_survey.updated" }, orderBy: { id: "desc" } }),
    ).toMatchObject({
      details: { removedQuestions: ["q2"], questions: 1 },
    });
  });
});

describe("who sees what", () => {
  test("a built-in profile questionnaire or an unknown id is a 404, for the loader and the action", async () => {
    const { cookie } = await signedInAdmin();
    const builtIn = await getPrisma().profileSurvey.create({
      data: {
        path: 1,
        slug: "aboutyou",
        points: 100,
        minutes: 5,
        questionnaire: { create: { kind: "profile", title: "About You" } },
      },
    });
    await newSet(cookie);
    const listed = await listLoader({ request: request("/admin/profilesurvey", { cookie }), params: {}, context: {} });
    expect(listed.sets.map((set) => set.title)).toEqual(["Pets at home"]);
    for (const id of [String(builtIn.id), "999999", "abc", "0", "99999999999"]) {
      expect(await thrownStatus(loadSet(cookie, id))).toBe(404);
      const action = setAction({
        request: request(`/admin/profilesurvey/${id}`, { cookie, form: { intent: "save", version: "x" } }),
        params: { id },
        context: {},
      });
      expect(await thrownStatus(action)).toBe(404);
    }
  });

  test("anyone who is not an admin gets a 404 from every loader and action", async () => {
    const { cookie } = await signedInAdmin();
    const id = await newSet(cookie);
    const revoked = await createTestAdmin({ revokedAt: new Date() });
    for (const other of ["", await adminCookie(revoked.id).catch(() => "")]) {
      expect(
        await thrownStatus(
          listLoader({ request: request("/admin/profilesurvey", { cookie: other }), params: {}, context: {} }),
        ),
      ).toBe(404);
      expect(await thrownStatus(create(other, { title: "Sneaky", country: "IN", reward: "5" }))).toBe(404);
      expect(await thrownStatus(loadSet(other, id))).toBe(404);
      expect(await thrownStatus(post(other, id, editorForm(await currentDraft(cookie, id), "add-question")))).toBe(404);
    }
    expect(await getPrisma().profileSurvey.count()).toBe(1);
  });
});
