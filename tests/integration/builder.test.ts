import { describe, expect, test } from "vitest";
import { DRAFT_MESSAGES, newDraft, SHAPE_MESSAGES, type BuilderDraft } from "~/builder/draft";
import { conditionValue, field, intent } from "~/builder/intents";
import { BUILDER_MESSAGES, loadBuilderDraft } from "~/domain/builder.server";
import { getPrisma } from "~/lib/db.server";
import { loadQuestionnaire } from "~/questionnaire/storage.server";
import { action, loader } from "~/routes/admin._console._survey.screenercreate";
import { action as buildAction, loader as buildLoader } from "~/routes/admin._console._survey.survey.build";
import { expectData, expectRedirect } from "../support/remix";
import { adminRequest as request, ORIGIN, thrownStatus } from "../support/admin-requests";
import { signedInAdmin, toastOf } from "../support/requests";

// The builder through its route actions with real requests: each button's intent applied to the
// stored draft (as without JavaScript), the browser's whole-draft saves, Submit creating the
// screener (questionnaire, Screener row and audit entry together) or a hosted survey's
// questionnaire, and every refusal changing nothing.

const PATH = "/admin/screenercreate";

const post = (cookie: string, form: Record<string, string>) =>
  action({ request: request(PATH, { cookie, form }), params: {}, context: {} });

const stored = async (adminId: number) => (await loadBuilderDraft(adminId, "screener")).draft;

async function counts() {
  const prisma = getPrisma();
  return {
    questionnaires: await prisma.questionnaire.count(),
    screeners: await prisma.screener.count(),
    audit: await prisma.auditEntry.count(),
    drafts: await prisma.questionnaireDraft.count(),
  };
}

/** Starts a draft and returns a poster of buttons, as the no-JavaScript form sends them. */
async function started() {
  const { admin, cookie } = await signedInAdmin();
  expect(expectRedirect(await post(cookie, { intent: intent.start })).headers.get("Location")).toBe(PATH);
  const press = async (value: string, extra: Record<string, string> = {}) => {
    const response = expectRedirect(await post(cookie, { intent: value, ...extra }));
    expect(response.headers.get("Location")).toBe(PATH);
    return stored(admin.id);
  };
  return { admin, cookie, press };
}

describe("the builder page", () => {
  test("shows no draft until 'create new Survey', then the new draft", async () => {
    const { admin, cookie } = await signedInAdmin();
    expect(await loader({ request: request(PATH, { cookie }), params: {}, context: {} })).toEqual({
      draft: null,
      version: null,
    });
    await post(cookie, { intent: intent.start });
    const loaded = await loader({ request: request(PATH, { cookie }), params: {}, context: {} });
    expect(loaded.draft).toEqual(newDraft());
    expect(loaded.version).toEqual(expect.any(String));
    // Pressing start again keeps the draft in the making.
    await post(cookie, { intent: intent.addPage });
    await post(cookie, { intent: intent.start });
    expect((await stored(admin.id))?.pages).toHaveLength(2);
  });

  test("is a 404 for anyone but an admin, reading and posting", async () => {
    expect(await thrownStatus(loader({ request: request(PATH), params: {}, context: {} }))).toBe(404);
    expect(
      await thrownStatus(
        action({ request: request(PATH, { form: { intent: intent.start } }), params: {}, context: {} }),
      ),
    ).toBe(404);
    expect(await getPrisma().questionnaireDraft.count()).toBe(0);
  });

  test("drafts are per admin and per purpose", async () => {
    const { admin, press } = await started();
    await press(intent.addPage);
    const other = await signedInAdmin();
    expect(await stored(other.admin.id)).toBeNull();
    expect((await loadBuilderDraft(admin.id, "hosted_survey")).draft).toBeNull();
  });
});

describe("each button without JavaScript", () => {
  test("palette, pages, selection, required, type, options and delete", async () => {
    const { press } = await started();
    let draft = await press(intent.addQuestion("radio"));
    expect(draft?.pages[0].questions[1]).toEqual({
      name: "Question 2",
      type: "radio",
      required: false,
      options: ["New Option"],
    });
    draft = await press(intent.addPage);
    expect(draft?.pages[1]).toEqual({
      name: "Page 2",
      questions: [{ name: "Question 3", type: "text", required: false, options: [] }],
    });
    draft = await press(intent.togglePage(0));
    expect(draft?.selectedPage).toBe(0);
    draft = await press(intent.addQuestion("switch"));
    expect(draft?.pages[0].questions.map((question) => question.type)).toEqual(["text", "radio", "switch"]);
    draft = await press(intent.togglePage(0));
    expect(draft?.selectedPage).toBeNull();
    draft = await press(intent.addQuestionTo(0));
    expect(draft?.pages[0].questions).toHaveLength(4);
    draft = await press(intent.setRequired(0, 0, false));
    expect(draft?.pages[0].questions[0].required).toBe(false);
    draft = await press(intent.changeType(0, 0), { [field.type(0, 0)]: "checkbox" });
    expect(draft?.pages[0].questions[0]).toMatchObject({ type: "checkbox", options: ["New Option"] });
    draft = await press(intent.addOption(0, 0));
    expect(draft?.pages[0].questions[0].options).toEqual(["New Option", "New Option 2"]);
    draft = await press(intent.deleteOption(0, 0, 1));
    expect(draft?.pages[0].questions[0].options).toEqual(["New Option"]);
    draft = await press(intent.deleteQuestion(1, 0));
    expect(draft?.pages).toHaveLength(1);
  });

  test("without JavaScript, a type picked in a dropdown is applied by any button, not only 'Change type'", async () => {
    const { press } = await started();
    // The picker of question 1 says radio; the admin presses Add Option of that question at once.
    let draft = await press(intent.addOption(0, 0), { [field.type(0, 0)]: "radio" });
    expect(draft?.pages[0].questions[0]).toMatchObject({ type: "radio", options: ["New Option", "New Option 2"] });
    // Save with the picker unchanged changes nothing; an unknown type in a picker is ignored.
    draft = await press(intent.save, { [field.type(0, 0)]: "radio" });
    expect(draft?.pages[0].questions[0].options).toEqual(["New Option", "New Option 2"]);
    draft = await press(intent.save, { [field.type(0, 0)]: "not-a-type" });
    expect(draft?.pages[0].questions[0].type).toBe("radio");
  });

  test("any button also saves the names typed in the form; empty names are not saved", async () => {
    const { press } = await started();
    await press(intent.addQuestion("select"));
    const draft = await press(intent.addPage, {
      [field.title]: "  Pet owners  ",
      [field.description]: "",
      [field.page(0)]: "About pets",
      [field.question(0, 0)]: "Your pet's name",
      [field.question(0, 1)]: "   ",
      [field.option(0, 1, 0)]: "Dog",
    });
    expect(draft?.title).toBe("Pet owners");
    expect(draft?.description).toBe("Survey Description");
    expect(draft?.pages[0].name).toBe("About pets");
    expect(draft?.pages[0].questions.map((question) => question.name)).toEqual(["Your pet's name", "Question 2"]);
    expect(draft?.pages[0].questions[1].options).toEqual(["Dog"]);
    expect(draft?.pages).toHaveLength(2);
  });

  test("Preview saves and opens the first preview page", async () => {
    const { admin, cookie } = await started();
    const response = expectRedirect(await post(cookie, { intent: intent.preview, [field.title]: "Seen in preview" }));
    expect(response.headers.get("Location")).toBe(`${PATH}?preview=1&page=1`);
    expect((await stored(admin.id))?.title).toBe("Seen in preview");
  });

  test("an unknown button, a page that does not exist or a stale form changes nothing", async () => {
    const { admin, cookie } = await started();
    const before = await getPrisma().questionnaireDraft.findFirstOrThrow({ where: { adminId: admin.id } });
    for (const value of ["explode", "delete-question:0", "change-type:0:0"]) {
      const refused = expectData(await post(cookie, { intent: value, [field.title]: "Not saved" }));
      expect(refused.init?.status).toBe(400);
      expect(refused.data).toEqual({ status: "error", error: { "": [BUILDER_MESSAGES.unknownButton] } });
    }
    // An index past the end is a valid button for a draft that changed since: it does nothing.
    expectRedirect(await post(cookie, { intent: intent.deleteQuestion(5, 0) }));
    const stale = expectData(await post(cookie, { intent: intent.addPage, version: "2000-01-01T00:00:00.000Z" }));
    expect(stale.init?.status).toBe(409);
    expect(stale.data).toMatchObject({ error: { "": [BUILDER_MESSAGES.changedElsewhere] } });
    expect(await stored(admin.id)).toEqual(before.data);
  });

  test("a button before any draft exists asks to start one", async () => {
    const { cookie } = await signedInAdmin();
    const refused = expectData(await post(cookie, { intent: intent.addPage }));
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toMatchObject({ error: { "": [BUILDER_MESSAGES.noDraft] } });
    expect(await getPrisma().questionnaireDraft.count()).toBe(0);
  });
});

describe("the browser's whole-draft save (with JavaScript)", () => {
  test("stores the posted draft and stays on the page", async () => {
    const { admin, cookie } = await signedInAdmin();
    const draft: BuilderDraft = { ...newDraft(), title: "From the browser", selectedPage: 0 };
    const saved = expectData(await post(cookie, { intent: intent.save, draft: JSON.stringify(draft) }));
    expect(saved.data).toEqual({ status: "success" });
    expect(await stored(admin.id)).toEqual(draft);
  });

  test("refuses JSON that does not parse or is not a draft, with a clear message, storing nothing", async () => {
    const { admin, cookie } = await started();
    const before = await stored(admin.id);
    const broken = expectData(await post(cookie, { intent: intent.save, draft: "{not json" }));
    expect(broken.init?.status).toBe(400);
    expect(broken.data).toMatchObject({ error: { "": [SHAPE_MESSAGES.notJson] } });
    const wrong = expectData(
      await post(cookie, { intent: intent.save, draft: JSON.stringify({ title: "x", pages: 3 }) }),
    );
    expect(wrong.data).toMatchObject({ error: { "": [SHAPE_MESSAGES.badShape] } });
    expect(await stored(admin.id)).toEqual(before);
  });

  test("a 1 MB draft gets the size message and changes nothing, with or without Content-Length", async () => {
    const { admin, cookie } = await started();
    const before = await stored(admin.id);
    const huge: BuilderDraft = { ...newDraft(), description: "x".repeat(1024 * 1024) };
    const refused = expectData(await post(cookie, { intent: intent.save, draft: JSON.stringify(huge) }));
    expect(refused.init?.status).toBe(413);
    expect(refused.data).toEqual({
      status: "error",
      error: { "": ["This survey is too large to save (limit 256 KB)."] },
    });

    const body = new URLSearchParams({ intent: intent.submit, draft: JSON.stringify(huge) }).toString();
    const declared = new Request(`${ORIGIN}${PATH}`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(body.length),
      },
      body,
    });
    const early = expectData(await action({ request: declared, params: {}, context: {} }));
    expect(early.data).toMatchObject({ error: { "": [BUILDER_MESSAGES.tooLarge] } });

    // A name typed without JavaScript can make the draft too large as well.
    const typed = expectData(await post(cookie, { intent: intent.save, [field.description]: "y".repeat(300 * 1024) }));
    expect(typed.data).toMatchObject({ error: { "": [BUILDER_MESSAGES.tooLarge] } });
    expect(await stored(admin.id)).toEqual(before);
    expect(await getPrisma().questionnaire.count()).toBe(0);
  });
});

describe("exclusive options and shown-when conditions", () => {
  test("are set by their buttons without JavaScript and stored in the survey's definition on Submit", async () => {
    const { cookie, press } = await started();
    // Page 1: 'Pets' (checkbox: Dog, None of these); page 2: 'Dog's name', shown when Dog is ticked.
    await press(intent.changeType(0, 0), { [field.type(0, 0)]: "checkbox" });
    await press(intent.addOption(0, 0), { [field.question(0, 0)]: "Pets", [field.option(0, 0, 0)]: "Dog" });
    let draft = await press(intent.setExclusive(0, 0, 1, true), { [field.option(0, 0, 1)]: "None of these" });
    expect(draft?.pages[0].questions[0]).toMatchObject({ options: ["Dog", "None of these"], exclusive: 1 });
    await press(intent.addPage, { [field.question(0, 0)]: "Pets" });
    draft = await press(intent.setCondition(1, 0), {
      [field.condition(1, 0)]: conditionValue({ page: 0, question: 0, option: 0 }),
      [field.question(1, 0)]: "Dog's name",
    });
    expect(draft?.pages[1].questions[0]).toMatchObject({
      name: "Dog's name",
      shownWhen: { page: 0, question: 0, option: 0 },
    });

    // A condition the picker does not offer (the question itself, a later one) changes nothing.
    expect(
      await press(intent.setCondition(0, 0), {
        [field.condition(0, 0)]: conditionValue({ page: 1, question: 0, option: 0 }),
      }),
    ).toEqual(draft);

    expectRedirect(await post(cookie, { intent: intent.submit }));
    const screener = await getPrisma().screener.findFirstOrThrow();
    const loaded = await loadQuestionnaire(getPrisma(), screener.questionnaireId);
    expect(loaded?.definition.pages[0].questions[0].options).toEqual([
      { value: "o1", label: "Dog" },
      { value: "o2", label: "None of these", exclusive: true },
    ]);
    expect(loaded?.definition.pages[1].questions[0].shownWhen).toEqual({ question: "q1", option: "o1" });
  });

  test("a posted draft with a mark on a radio option or a condition on a later question is refused, creating nothing", async () => {
    const { cookie } = await signedInAdmin();
    const radio = { name: "Pets", type: "radio" as const, required: false, options: ["Dog", "Cat"] };
    const bad: BuilderDraft = {
      ...newDraft(),
      pages: [
        { name: "P1", questions: [{ ...radio, exclusive: 1, shownWhen: { page: 0, question: 1, option: 0 } }, radio] },
      ],
    };
    const refused = expectData(await post(cookie, { intent: intent.submit, draft: JSON.stringify(bad) }));
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toEqual({
      status: "error",
      error: {
        "": [BUILDER_MESSAGES.fixErrors],
        "options.0.0": [DRAFT_MESSAGES.exclusiveNotCheckbox],
        "condition.0.0": [DRAFT_MESSAGES.conditionNotEarlier],
      },
    });
    expect(await counts()).toMatchObject({ questionnaires: 0, screeners: 0, audit: 0 });
  });
});

describe("Submit", () => {
  test("creates the questionnaire, the Screener row and the audit entry, deletes the draft, and goes to the list", async () => {
    const { admin, cookie, press } = await started();
    await press(intent.addQuestion("radio"));
    await press(intent.addPage, { [field.option(0, 1, 0)]: "Yes" });
    await press(intent.addOption(0, 1));
    const response = expectRedirect(
      await post(cookie, { intent: intent.submit, [field.title]: "Pet owners", [field.option(0, 1, 1)]: "No" }),
    );
    expect(response.headers.get("Location")).toBe("/admin/screener/list");
    expect(await toastOf(response)).toEqual({ type: "success", message: BUILDER_MESSAGES.screenerCreated });

    const screener = await getPrisma().screener.findFirstOrThrow({ include: { questionnaire: true } });
    expect(screener).toMatchObject({ createdById: admin.id, rulesAddedAt: null });
    expect(screener.questionnaire).toMatchObject({
      kind: "screener",
      title: "Pet owners",
      description: "Survey Description",
      createdById: admin.id,
    });
    const loaded = await loadQuestionnaire(getPrisma(), screener.questionnaireId);
    expect(loaded?.definition.pages.map((page) => page.title)).toEqual(["Page 1", "Page 2"]);
    expect(loaded?.definition.pages[0].questions[1]).toEqual({
      key: "q2",
      label: "Question 2",
      type: "radio",
      required: false,
      options: [
        { value: "o1", label: "Yes" },
        { value: "o2", label: "No" },
      ],
    });
    const audit = await getPrisma().auditEntry.findFirstOrThrow();
    expect(audit).toMatchObject({
      adminId: admin.id,
      action: "screener.created",
      targetType: "screener",
      targetId: String(screener.id),
    });
    expect(audit.details).toEqual({ questionnaireId: screener.questionnaireId, title: "Pet owners" });
    expect(await stored(admin.id)).toBeNull();

    // The same form posted again (a double click, the back button) creates nothing more.
    const again = expectData(await post(cookie, { intent: intent.submit }));
    expect(again.init?.status).toBe(409);
    expect(await counts()).toMatchObject({ questionnaires: 1, screeners: 1, audit: 1 });
  });

  test("with JavaScript submits the posted draft", async () => {
    const { admin, cookie } = await signedInAdmin();
    const draft: BuilderDraft = { ...newDraft(), title: "From the browser" };
    const response = expectRedirect(await post(cookie, { intent: intent.submit, draft: JSON.stringify(draft) }));
    expect(response.headers.get("Location")).toBe("/admin/screener/list");
    expect(await getPrisma().questionnaire.findFirstOrThrow()).toMatchObject({
      title: "From the browser",
      kind: "screener",
    });
    expect(await stored(admin.id)).toBeNull();
  });

  test("refuses an invalid draft with messages by field and creates nothing, keeping the typed names", async () => {
    const { admin, cookie, press } = await started();
    await press(intent.addQuestion("checkbox"));
    await press(intent.addOption(0, 1));
    const before = await counts();
    // The second option renamed to the first one's name, differing only in case and spaces.
    const refused = expectData(
      await post(cookie, {
        intent: intent.submit,
        [field.page(0)]: "First page",
        [field.option(0, 1, 1)]: " new option",
      }),
    );
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toEqual({
      status: "error",
      error: {
        "": [BUILDER_MESSAGES.fixErrors],
        "option.0.1.1": ["Another option of this question has the same title."],
      },
    });
    expect(await counts()).toEqual(before);
    expect((await stored(admin.id))?.pages[0].name).toBe("First page");

    const empty = expectData(
      await post(cookie, { intent: intent.submit, draft: JSON.stringify({ ...newDraft(), pages: [] }) }),
    );
    expect(empty.data).toMatchObject({ error: { pages: ["Add at least one page with a question."] } });
    expect(await counts()).toMatchObject({ questionnaires: 0, screeners: 0, audit: 0 });
  });

  test("of a hosted survey creates its questionnaire only, unaudited, and hands it to the new-survey page", async () => {
    const { admin, cookie } = await signedInAdmin();
    const path = "/admin/survey/build";
    const send = (form: Record<string, string>) =>
      buildAction({ request: request(path, { cookie, form }), params: {}, context: {} });
    expect(expectRedirect(await send({ intent: intent.start })).headers.get("Location")).toBe(path);
    const loaded = await buildLoader({ request: request(path, { cookie }), params: {}, context: {} });
    expect(loaded.draft).toEqual(newDraft());
    expect(await stored(admin.id)).toBeNull();

    const response = expectRedirect(await send({ intent: intent.submit, [field.title]: "Coffee habits" }));
    const questionnaire = await getPrisma().questionnaire.findFirstOrThrow();
    expect(questionnaire).toMatchObject({ kind: "hosted_survey", title: "Coffee habits", createdById: admin.id });
    expect(response.headers.get("Location")).toBe(`/admin/survey/new?questionnaire=${questionnaire.id}`);
    expect(await counts()).toMatchObject({ screeners: 0, audit: 0, drafts: 0 });
  });
});
