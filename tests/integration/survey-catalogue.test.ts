import { beforeEach, describe, expect, test } from "vitest";
import { seedCategories } from "~/domain/seed.server";
import { startMemberSession } from "~/domain/sessions.server";
import { SURVEY_MESSAGES } from "~/domain/survey-catalogue-schema";
import { verifyReturnUrl } from "~/domain/survey-return-links.server";
import { getPrisma } from "~/lib/db.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { createQuestionnaire } from "~/questionnaire/storage.server";
import { loader as listLoader } from "~/routes/admin._console._survey.survey._index";
import { action as editAction, loader as editLoader } from "~/routes/admin._console._survey.survey.$id";
import { action as newAction, loader as newLoader } from "~/routes/admin._console._survey.survey.new";
import { adminRequest as request, ORIGIN, thrownStatus } from "../support/admin-requests";
import { createTestMember } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { signedInAdmin, toastOf } from "../support/requests";

// The survey catalogue: creating hosted and external surveys (slug, references, sanitised
// description, audit entry), editing, launching, and refusing bad input without writing anything.

const definition = (title: string): QuestionnaireDefinition => ({
  title,
  description: "",
  pages: [
    { title: "Page 1", questions: [{ key: "q1", label: "Question 1", type: "text", required: true, options: [] }] },
  ],
});

async function hostedQuestionnaire(title = "Hosted one", kind: "hosted_survey" | "screener" = "hosted_survey") {
  return getPrisma().$transaction((tx) => createQuestionnaire(tx, { kind, definition: definition(title) }));
}

async function screener() {
  const questionnaireId = await hostedQuestionnaire("Screener one", "screener");
  return getPrisma().screener.create({ data: { questionnaireId } });
}

const create = (cookie: string, form: Record<string, string>) =>
  newAction({ request: request("/admin/survey/new", { cookie, form }), params: {}, context: {} });

const edit = (cookie: string, id: number, form: Record<string, string>) =>
  editAction({ request: request(`/admin/survey/${id}`, { cookie, form }), params: { id: String(id) }, context: {} });

const loadEdit = (cookie: string, id: number | string) =>
  editLoader({ request: request(`/admin/survey/${id}`, { cookie }), params: { id: String(id) }, context: {} });

function externalForm(overrides: Record<string, string> = {}) {
  return {
    name: "Streaming habits",
    slug: "",
    description: "",
    categoryId: "7",
    points: "50",
    lengthMinutes: "12",
    delivery: "external",
    externalUrl: "https://vendor.example/s/42?rid={token}",
    ...overrides,
  };
}

async function counts() {
  const prisma = getPrisma();
  return { surveys: await prisma.survey.count(), audit: await prisma.auditEntry.count() };
}

/** The id of the survey a successful create redirected to. */
function createdId(response: Response): number {
  const match = /^\/admin\/survey\/(\d+)$/.exec(response.headers.get("Location") ?? "");
  if (!match) throw new Error(`Unexpected redirect ${response.headers.get("Location")}`);
  return Number(match[1]);
}

async function errorsOf(work: ReturnType<typeof create> | ReturnType<typeof edit>) {
  const result = expectData(await work);
  expect(result.init?.status).toBe(400);
  return (result.data as { error?: Record<string, string[] | null> }).error ?? {};
}

beforeEach(async () => {
  await seedCategories(getPrisma());
});

describe("creating a survey", () => {
  test("a hosted survey: slug from the name, the questionnaire, a fresh return secret and an audit entry", async () => {
    const { admin, cookie } = await signedInAdmin();
    const questionnaireId = await hostedQuestionnaire();
    const { id: screenerId } = await screener();
    const response = expectRedirect(
      await create(cookie, {
        name: "  Café Habits 2024! ",
        slug: "",
        description: "<p>Tell us about <strong>coffee</strong>.</p>",
        categoryId: "10",
        points: "25",
        lengthMinutes: "8",
        screenerId: String(screenerId),
        quota: "300",
        country: "IN",
        delivery: "hosted",
        questionnaireId: String(questionnaireId),
        externalUrl: "ignored for hosted",
      }),
    );
    const id = createdId(response);
    expect(await toastOf(response)).toEqual({ type: "success", message: "Survey created successfully" });
    const survey = await getPrisma().survey.findUniqueOrThrow({ where: { id } });
    expect(survey).toMatchObject({
      name: "Café Habits 2024!",
      slug: "cafe-habits-2024",
      descriptionHtml: "<p>Tell us about <strong>coffee</strong>.</p>",
      categoryId: 10,
      points: 25,
      lengthMinutes: 8,
      launched: false,
      delivery: "hosted",
      questionnaireId,
      externalUrl: null,
      screenerId,
      quota: 300,
      country: "IN",
      createdById: admin.id,
    });
    expect(survey.returnSecret).toMatch(/^[0-9a-f]{64}$/);
    const entries = await getPrisma().auditEntry.findMany();
    expect(entries).toEqual([
      expect.objectContaining({
        adminId: admin.id,
        action: "survey.created",
        targetType: "survey",
        targetId: String(id),
      }),
    ]);

    const page = await loadEdit(cookie, id);
    expect(page.delivery).toEqual({
      kind: "hosted",
      publicUrl: "http://localhost:3000/view/survey/cafe-habits-2024",
      hasQuestionnaire: true,
    });
    expect(JSON.stringify(page)).not.toContain(survey.returnSecret);
  });

  test("an external survey shows its four return links and, to a super-admin, its secret, and the example link verifies", async () => {
    const { cookie } = await signedInAdmin({ isSuperAdmin: true });
    const id = createdId(expectRedirect(await create(cookie, externalForm())));
    const survey = await getPrisma().survey.findUniqueOrThrow({ where: { id } });
    expect(survey).toMatchObject({
      delivery: "external",
      externalUrl: "https://vendor.example/s/42?rid={token}",
      questionnaireId: null,
      quota: null,
      country: null,
      screenerId: null,
    });
    const secondSecret = (
      await getPrisma().survey.findUniqueOrThrow({
        where: { id: createdId(expectRedirect(await create(cookie, externalForm()))) },
      })
    ).returnSecret;
    expect(secondSecret).not.toBe(survey.returnSecret);

    const page = await loadEdit(cookie, id);
    if (page.delivery.kind !== "external") throw new Error("expected an external survey");
    expect(page.delivery.returnLinks.map((link) => [link.label, link.url])).toEqual([
      ["Complete", "http://localhost:3000/surveys/redirect?status=complete&token={token}"],
      ["Terminate", "http://localhost:3000/surveys/redirect?status=terminate&token={token}"],
      ["Over quota", "http://localhost:3000/surveys/redirect?status=over_quota&token={token}"],
      ["Quality", "http://localhost:3000/surveys/redirect?status=quality&token={token}"],
    ]);
    expect(page.delivery.signing?.secret).toBe(survey.returnSecret);
    expect(verifyReturnUrl(page.delivery.signing?.example.url ?? "", survey.returnSecret)).toBe(true);
  });

  test("a generated slug that is taken gets a number; a chosen slug that is taken is a field error", async () => {
    const { cookie } = await signedInAdmin();
    createdId(expectRedirect(await create(cookie, externalForm())));
    const second = createdId(expectRedirect(await create(cookie, externalForm())));
    expect((await getPrisma().survey.findUniqueOrThrow({ where: { id: second } })).slug).toBe("streaming-habits-2");

    const before = await counts();
    const errors = await errorsOf(create(cookie, externalForm({ name: "Other", slug: "streaming-habits" })));
    expect(errors.slug).toEqual([SURVEY_MESSAGES.slugTaken]);
    expect(await counts()).toEqual(before);
  });

  test("two creates racing for one slug: one wins, the other gets the field error", async () => {
    const { cookie } = await signedInAdmin();
    const results = await Promise.all([
      create(cookie, externalForm({ slug: "the-race" })),
      create(cookie, externalForm({ slug: "the-race" })),
    ]);
    const redirects = results.filter((result) => result instanceof Response);
    expect(redirects).toHaveLength(1);
    const refused = results.find((result) => !(result instanceof Response));
    expect((expectData(refused).data as { error: Record<string, string[]> }).error.slug).toEqual([
      SURVEY_MESSAGES.slugTaken,
    ]);
    expect(await getPrisma().survey.count()).toBe(1);
    expect(await getPrisma().auditEntry.count()).toBe(1);
  });

  test.each([
    ["an empty name", { name: "  " }, "name", SURVEY_MESSAGES.nameRequired],
    ["a slug with capitals", { slug: "My Survey" }, "slug", SURVEY_MESSAGES.slugFormat],
    ["a slug that is too long", { slug: "a".repeat(81) }, "slug", SURVEY_MESSAGES.slugTooLong],
    ["no category", { categoryId: "" }, "categoryId", SURVEY_MESSAGES.categoryRequired],
    ["a category id not in the map", { categoryId: "28" }, "categoryId", SURVEY_MESSAGES.categoryRequired],
    ["negative points", { points: "-1" }, "points", SURVEY_MESSAGES.pointsRange],
    ["fractional points", { points: "2.5" }, "points", SURVEY_MESSAGES.pointsWhole],
    ["points that are not a number", { points: "lots" }, "points", SURVEY_MESSAGES.pointsWhole],
    ["a length of 0", { lengthMinutes: "0" }, "lengthMinutes", SURVEY_MESSAGES.lengthRange],
    ["a length over 600", { lengthMinutes: "601" }, "lengthMinutes", SURVEY_MESSAGES.lengthRange],
    ["a quota of 0", { quota: "0" }, "quota", SURVEY_MESSAGES.quotaRange],
    ["an unknown country", { country: "XX" }, "country", SURVEY_MESSAGES.countryUnknown],
    ["an unknown screener", { screenerId: "999" }, "screenerId", SURVEY_MESSAGES.screenerUnknown],
    ["no delivery", { delivery: "" }, "delivery", SURVEY_MESSAGES.deliveryRequired],
    [
      "an external URL without {token}",
      { externalUrl: "https://vendor.example/s/42" },
      "externalUrl",
      SURVEY_MESSAGES.externalUrlToken,
    ],
    [
      "a javascript: URL",
      { externalUrl: "javascript:alert('{token}')" },
      "externalUrl",
      SURVEY_MESSAGES.externalUrlInvalid,
    ],
    ["a relative URL", { externalUrl: "/s?rid={token}" }, "externalUrl", SURVEY_MESSAGES.externalUrlInvalid],
    ["no external URL", { externalUrl: "" }, "externalUrl", SURVEY_MESSAGES.externalUrlRequired],
    [
      "an external URL over 2000 characters",
      { externalUrl: `https://vendor.example/?rid={token}&x=${"a".repeat(2000)}` },
      "externalUrl",
      SURVEY_MESSAGES.externalUrlTooLong,
    ],
    [
      "hosted without a questionnaire",
      { delivery: "hosted" },
      "questionnaireId",
      SURVEY_MESSAGES.questionnaireRequired,
    ],
    [
      "hosted with an unknown questionnaire",
      { delivery: "hosted", questionnaireId: "999" },
      "questionnaireId",
      SURVEY_MESSAGES.questionnaireUnknown,
    ],
  ])("%s is refused with a message and nothing is written", async (_, overrides, field, message) => {
    const { cookie } = await signedInAdmin();
    const before = await counts();
    const errors = await errorsOf(create(cookie, externalForm(overrides)));
    expect(errors[field]).toEqual([message]);
    expect(await counts()).toEqual(before);
  });

  test("every problem of the form is reported at once, and the values come back", async () => {
    const { cookie } = await signedInAdmin();
    const result = expectData(await create(cookie, externalForm({ name: "", points: "-3", externalUrl: "nope" })));
    const reply = result.data as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(Object.keys(reply.error).sort()).toEqual(["externalUrl", "name", "points"]);
    expect(reply.initialValue).toMatchObject({ points: "-3", externalUrl: "nope", lengthMinutes: "12" });
  });

  test("a questionnaire another survey uses, or a screener's questionnaire, is refused", async () => {
    const { cookie } = await signedInAdmin();
    const questionnaireId = await hostedQuestionnaire();
    expectRedirect(
      await create(cookie, externalForm({ delivery: "hosted", questionnaireId: String(questionnaireId) })),
    );
    const before = await counts();
    const used = await errorsOf(
      create(cookie, externalForm({ name: "Again", delivery: "hosted", questionnaireId: String(questionnaireId) })),
    );
    expect(used.questionnaireId).toEqual([SURVEY_MESSAGES.questionnaireUsed]);
    const { questionnaireId: screenerQuestionnaire } = await screener();
    const wrongKind = await errorsOf(
      create(
        cookie,
        externalForm({ name: "Again", delivery: "hosted", questionnaireId: String(screenerQuestionnaire) }),
      ),
    );
    expect(wrongKind.questionnaireId).toEqual([SURVEY_MESSAGES.questionnaireUnknown]);
    expect(await counts()).toEqual(before);
  });

  test("?questionnaire= pre-selects hosted delivery with a free questionnaire, and only a free one is offered", async () => {
    const { cookie } = await signedInAdmin();
    const used = await hostedQuestionnaire("Used");
    const free = await hostedQuestionnaire("Free");
    expectRedirect(await create(cookie, externalForm({ delivery: "hosted", questionnaireId: String(used) })));
    const load = (query: string) =>
      newLoader({ request: request(`/admin/survey/new${query}`, { cookie }), params: {}, context: {} });
    const page = await load(`?questionnaire=${free}`);
    expect(page.defaultValue).toEqual({ delivery: "hosted", questionnaireId: String(free) });
    expect(page.choices.questionnaires.map((questionnaire) => questionnaire.title)).toEqual(["Free"]);
    expect(page.choices.categories).toHaveLength(47);
    expect(await load(`?questionnaire=${used}`)).toMatchObject({ defaultValue: {}, unavailableQuestionnaire: used });
    expect(await load("?questionnaire=abc")).toMatchObject({ defaultValue: {}, unavailableQuestionnaire: null });
  });
});

describe("the description", () => {
  const dirty = [
    '<p onclick="steal()">Hello <em>you</em></p>',
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(2)">',
    '<a href="javascript:alert(3)" onmouseover="x()">bad link</a>',
    '<a href="https://example.com/info" target="_blank">good link</a>',
    '<a href="mailto:help@panel.test">mail</a>',
    '<ul><li>one</li></ul><h3>Heading</h3><style>body{}</style><iframe src="https://x"></iframe><b>bold</b>',
  ].join("");

  test("is stored sanitised on create and on edit, and the edit page renders only the stored HTML", async () => {
    const { cookie } = await signedInAdmin();
    const id = createdId(expectRedirect(await create(cookie, externalForm({ description: dirty }))));
    const stored = (await getPrisma().survey.findUniqueOrThrow({ where: { id } })).descriptionHtml;
    expect(stored).toBe(
      "<p>Hello <em>you</em></p>" +
        '<a rel="noopener noreferrer nofollow">bad link</a>' +
        '<a href="https://example.com/info" rel="noopener noreferrer nofollow">good link</a>' +
        '<a href="mailto:help@panel.test" rel="noopener noreferrer nofollow">mail</a>' +
        "<ul><li>one</li></ul><h3>Heading</h3><strong>bold</strong>",
    );
    for (const banned of [
      "<script",
      "alert",
      "onerror",
      "onclick",
      "onmouseover",
      "javascript:",
      "<img",
      "<style",
      "<iframe",
      "target=",
    ]) {
      expect(stored).not.toContain(banned);
    }
    const page = await loadEdit(cookie, id);
    expect(page.survey.descriptionHtml).toBe(stored);
    expect(page.defaultValue.description).toBe(stored);

    expectRedirect(
      await edit(cookie, id, {
        ...externalForm(),
        slug: "streaming-habits",
        description: '<p>New</p><svg onload="x()"></svg><script>y()</script>',
        intent: "save",
      }),
    );
    expect((await getPrisma().survey.findUniqueOrThrow({ where: { id } })).descriptionHtml).toBe("<p>New</p>");
  });
});

describe("editing and launching", () => {
  test("an edit stores the fields and audits which changed; an unchanged form writes nothing", async () => {
    const { admin, cookie } = await signedInAdmin();
    const id = createdId(expectRedirect(await create(cookie, externalForm())));
    const secret = (await getPrisma().survey.findUniqueOrThrow({ where: { id } })).returnSecret;
    const response = expectRedirect(
      await edit(cookie, id, { ...externalForm({ slug: "streams", points: "75", quota: "10" }), intent: "save" }),
    );
    expect(response.headers.get("Location")).toBe(`/admin/survey/${id}`);
    expect(await toastOf(response)).toEqual({ type: "success", message: "Survey saved successfully" });
    expect(await getPrisma().survey.findUniqueOrThrow({ where: { id } })).toMatchObject({
      slug: "streams",
      points: 75,
      quota: 10,
      returnSecret: secret,
    });
    const entry = await getPrisma().auditEntry.findFirstOrThrow({ where: { action: "survey.updated" } });
    expect(entry).toMatchObject({
      adminId: admin.id,
      targetId: String(id),
      details: { name: "Streaming habits", changed: ["slug", "points", "quota"] },
    });

    const before = await counts();
    const same = expectRedirect(
      await edit(cookie, id, { ...externalForm({ slug: "streams", points: "75", quota: "10" }), intent: "save" }),
    );
    expect(await toastOf(same)).toEqual({ type: "success", message: "Nothing to save: no field changed" });
    expect(await counts()).toEqual(before);
  });

  test("an edit may keep its own slug and questionnaire but not take another survey's", async () => {
    const { cookie } = await signedInAdmin();
    const mine = await hostedQuestionnaire("Mine");
    const theirs = await hostedQuestionnaire("Theirs");
    const id = createdId(
      expectRedirect(
        await create(cookie, externalForm({ slug: "mine", delivery: "hosted", questionnaireId: String(mine) })),
      ),
    );
    expectRedirect(
      await create(cookie, externalForm({ slug: "theirs", delivery: "hosted", questionnaireId: String(theirs) })),
    );
    const page = await loadEdit(cookie, id);
    expect(page.choices.questionnaires.map((questionnaire) => questionnaire.title)).toEqual(["Mine"]);

    const base = {
      ...externalForm({ slug: "mine", delivery: "hosted", questionnaireId: String(mine) }),
      intent: "save",
    };
    expectRedirect(await edit(cookie, id, { ...base, points: "51" }));
    const before = await counts();
    expect((await errorsOf(edit(cookie, id, { ...base, slug: "theirs" }))).slug).toEqual([SURVEY_MESSAGES.slugTaken]);
    expect((await errorsOf(edit(cookie, id, { ...base, questionnaireId: String(theirs) }))).questionnaireId).toEqual([
      SURVEY_MESSAGES.questionnaireUsed,
    ]);
    expect(await counts()).toEqual(before);

    // Switching to external frees the questionnaire for another survey.
    expectRedirect(await edit(cookie, id, { ...externalForm({ slug: "mine" }), intent: "save" }));
    expect(await getPrisma().survey.findUniqueOrThrow({ where: { id } })).toMatchObject({
      delivery: "external",
      questionnaireId: null,
    });
  });

  test("launch and unlaunch are audited once each and show in the list", async () => {
    const { admin, cookie } = await signedInAdmin();
    const id = createdId(expectRedirect(await create(cookie, externalForm())));
    const launched = expectRedirect(await edit(cookie, id, { intent: "launch" }));
    expect(await toastOf(launched)).toEqual({ type: "success", message: "Survey launched" });
    expectRedirect(await edit(cookie, id, { intent: "launch" }));
    const list = await listLoader({ request: request("/admin/survey", { cookie }), params: {}, context: {} });
    expect(list.surveys).toEqual([
      {
        id,
        name: "Streaming habits",
        categoryName: "Entertainment",
        points: 50,
        lengthMinutes: 12,
        delivery: "external",
        launched: true,
        closed: false,
        archived: false,
      },
    ]);
    expectRedirect(await edit(cookie, id, { intent: "unlaunch" }));
    expect((await getPrisma().survey.findUniqueOrThrow({ where: { id } })).launched).toBe(false);
    const actions = (await getPrisma().auditEntry.findMany({ orderBy: { id: "asc" } })).map((entry) => [
      entry.action,
      entry.adminId,
      entry.targetId,
    ]);
    expect(actions).toEqual([
      ["survey.created", admin.id, String(id)],
      ["survey.launched", admin.id, String(id)],
      ["survey.unlaunched", admin.id, String(id)],
    ]);
  });

  test("a hosted survey whose questionnaire was deleted cannot be launched", async () => {
    const { cookie } = await signedInAdmin();
    const questionnaireId = await hostedQuestionnaire();
    const id = createdId(
      expectRedirect(
        await create(cookie, externalForm({ delivery: "hosted", questionnaireId: String(questionnaireId) })),
      ),
    );
    await getPrisma().questionnaire.delete({ where: { id: questionnaireId } });
    const response = expectRedirect(await edit(cookie, id, { intent: "launch" }));
    expect(await toastOf(response)).toMatchObject({ type: "error" });
    expect((await getPrisma().survey.findUniqueOrThrow({ where: { id } })).launched).toBe(false);
  });

  test("the list pages newest first", async () => {
    const { cookie } = await signedInAdmin();
    const category = 7;
    await getPrisma().survey.createMany({
      data: Array.from({ length: 23 }, (_, index) => ({
        name: `S${index + 1}`,
        slug: `s-${index + 1}`,
        categoryId: category,
        points: 1,
        lengthMinutes: 1,
        delivery: "external" as const,
        externalUrl: "https://v.example/?t={token}",
        returnSecret: "0".repeat(64),
        createdAt: new Date(Date.UTC(2024, 0, index + 1)),
      })),
    });
    const load = (query: string) =>
      listLoader({ request: request(`/admin/survey${query}`, { cookie }), params: {}, context: {} });
    const first = await load("");
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 23 });
    expect(first.surveys.map((survey) => survey.name).slice(0, 2)).toEqual(["S23", "S22"]);
    expect((await load("?page=2")).surveys.map((survey) => survey.name)).toEqual(["S3", "S2", "S1"]);
    expect(await load("?page=9")).toMatchObject({ surveys: [], total: 23, pageCount: 2 });
  });
});

describe("who may use the catalogue", () => {
  test("anyone but a signed-in admin gets a 404 from every loader and action, and nothing is written", async () => {
    const member = await createTestMember();
    const memberCookie = (
      await startMemberSession(member.id, { persistent: false, request: new Request(ORIGIN) })
    ).split(";")[0];
    const { admin: revoked, cookie: revokedCookie } = await signedInAdmin();
    const { cookie } = await signedInAdmin();
    const id = createdId(expectRedirect(await create(cookie, externalForm())));
    await getPrisma().admin.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
    const before = await counts();
    for (const other of [undefined, memberCookie, revokedCookie]) {
      const asOther = { cookie: other };
      expect(
        await thrownStatus(listLoader({ request: request("/admin/survey", asOther), params: {}, context: {} })),
      ).toBe(404);
      expect(
        await thrownStatus(newLoader({ request: request("/admin/survey/new", asOther), params: {}, context: {} })),
      ).toBe(404);
      expect(
        await thrownStatus(
          newAction({
            request: request("/admin/survey/new", { ...asOther, form: externalForm() }),
            params: {},
            context: {},
          }),
        ),
      ).toBe(404);
      expect(
        await thrownStatus(
          editLoader({ request: request(`/admin/survey/${id}`, asOther), params: { id: String(id) }, context: {} }),
        ),
      ).toBe(404);
      expect(
        await thrownStatus(
          editAction({
            request: request(`/admin/survey/${id}`, { ...asOther, form: { intent: "launch" } }),
            params: { id: String(id) },
            context: {},
          }),
        ),
      ).toBe(404);
    }
    expect(await counts()).toEqual(before);
  });

  test("an unknown or malformed survey id is a 404", async () => {
    const { cookie } = await signedInAdmin();
    for (const id of ["999", "abc", "0", "99999999999"]) expect(await thrownStatus(loadEdit(cookie, id))).toBe(404);
  });
});
