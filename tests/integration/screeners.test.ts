import { describe, expect, test } from "vitest";
import { evaluateScreener } from "~/domain/screener-rules";
import { loadScreenerRules, saveScreenerRules, SCREENER_PAGE_SIZE } from "~/domain/screeners.server";
import { getPrisma } from "~/lib/db.server";
import { UNKNOWN_INTENT_MESSAGE } from "~/lib/forms.server";
import type { QuestionDefinition, QuestionnaireDefinition } from "~/questionnaire/definition";
import { MESSAGES as ANSWER_MESSAGES } from "~/questionnaire/schema";
import { createQuestionnaire } from "~/questionnaire/storage.server";
import { loader as indexLoader } from "~/routes/admin._console._survey.screener._index";
import { loader as listLoader } from "~/routes/admin._console._survey.screener.list";
import { action as rulesAction, loader as rulesLoader } from "~/routes/admin._console._survey.screener.rules.$id";
import { loader as viewLoader } from "~/routes/admin._console._survey.screener.view.$id";
import { startMemberSession } from "~/domain/sessions.server";
import { createTestMember } from "../support/factories";
import { expectData, expectRedirect, expectThrown } from "../support/remix";
import { adminRequest, ORIGIN, thrownStatus } from "../support/admin-requests";
import { signedInAdmin, toastOf } from "../support/requests";

// Screeners in the back office: the list, the read-only view, and the rules page, which stores
// the admin's answers as rules once (rules, rulesAddedAt and the audit entry together).

const question = (
  overrides: Partial<QuestionDefinition> & Pick<QuestionDefinition, "key" | "type">,
): QuestionDefinition => ({
  label: `Label of ${overrides.key}`,
  required: false,
  options: [],
  ...overrides,
});
const options = (...values: string[]) => values.map((value) => ({ value, label: value }));

const DEFINITION: QuestionnaireDefinition = {
  title: "Drivers",
  description: "Who drives what",
  pages: [
    {
      title: "You",
      questions: [question({ key: "name", type: "text", required: true }), question({ key: "age", type: "number" })],
    },
    {
      title: "Cars",
      questions: [
        question({ key: "owner", type: "radio", required: true, options: options("Yes", "No") }),
        question({ key: "fuel", type: "checkbox", options: options("Petrol", "Diesel", "Electric") }),
      ],
    },
    {
      title: "More",
      questions: [
        question({ key: "brand", type: "select", options: options("Audi", "Kia") }),
        question({ key: "story", type: "paragraph" }),
        question({ key: "news", type: "switch" }),
      ],
    },
  ],
};

async function createScreener(createdById: number | null = null, definition = DEFINITION) {
  return getPrisma().$transaction(async (tx) => {
    const questionnaireId = await createQuestionnaire(tx, { kind: "screener", definition, createdById });
    return (await tx.screener.create({ data: { questionnaireId, createdById } })).id;
  });
}

/** A form post with repeated fields (checkbox groups), as a browser sends it. */
function post(path: string, cookie: string, entries: [string, string][]) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "X-Panel-Client-Address": "198.51.100.7" },
    body: new URLSearchParams(entries),
  });
}

const postRules = (cookie: string, id: number, entries: [string, string][]) =>
  rulesAction({
    request: post(`/admin/screener/rules/${id}`, cookie, entries),
    params: { id: String(id) },
    context: {},
  });

const loadRules = (cookie: string, id: number | string) =>
  rulesLoader({
    request: adminRequest(`/admin/screener/rules/${id}`, { cookie }),
    params: { id: String(id) },
    context: {},
  });

/** Every page's answers at once, as the last page posts them (earlier ones in hidden inputs). */
const ANSWERS: [string, string][] = [
  ["min:age", "18"],
  ["max:age", "65"],
  ["rule:owner", "o:Yes"],
  ["rule:fuel", "o:Diesel"],
  ["rule:fuel", "o:Electric"],
  ["rule:brand", "any"],
  ["rule:news", "on"],
];
const submit = (cookie: string, id: number, entries = ANSWERS) =>
  postRules(cookie, id, [["_page", "2"], ...entries, ["intent", "submit"]]);

async function storedState(id: number) {
  const prisma = getPrisma();
  return {
    rules: await prisma.screenerRule.count({ where: { screenerId: id } }),
    rulesAddedAt: (await prisma.screener.findUniqueOrThrow({ where: { id } })).rulesAddedAt,
    audit: await prisma.auditEntry.count({ where: { action: "screener.rules_added" } }),
  };
}

describe("the list", () => {
  test("/admin/screener redirects to the list", async () => {
    const { cookie } = await signedInAdmin();
    const response = expectRedirect(
      await indexLoader({ request: adminRequest("/admin/screener", { cookie }), params: {}, context: {} }),
    );
    expect(response.headers.get("Location")).toBe("/admin/screener/list");
  });

  test("lists screeners newest first with serial, title, admin, date and whether rules exist", async () => {
    const { admin, cookie } = await signedInAdmin();
    const first = await createScreener(admin.id);
    const second = await createScreener(null, { ...DEFINITION, title: "Second" });
    await getPrisma().screener.update({ where: { id: first }, data: { rulesAddedAt: new Date() } });
    const result = await listLoader({
      request: adminRequest("/admin/screener/list", { cookie }),
      params: {},
      context: {},
    });
    expect(result).toMatchObject({ page: 1, pageCount: 1, total: 2 });
    expect(result.screeners).toEqual([
      {
        serial: 1,
        id: second,
        title: "Second",
        adminUserId: null,
        createdAt: expect.any(String),
        rulesAdded: false,
        answered: false,
        closed: false,
        archived: false,
      },
      {
        serial: 2,
        id: first,
        title: "Drivers",
        adminUserId: admin.id,
        createdAt: expect.any(String),
        rulesAdded: true,
        answered: false,
        closed: false,
        archived: false,
      },
    ]);
  });

  test("pages by SCREENER_PAGE_SIZE, serial numbers running on", async () => {
    const { cookie } = await signedInAdmin();
    for (let index = 0; index <= SCREENER_PAGE_SIZE; index += 1) await createScreener();
    const second = await listLoader({
      request: adminRequest("/admin/screener/list?page=2", { cookie }),
      params: {},
      context: {},
    });
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: SCREENER_PAGE_SIZE + 1 });
    expect(second.screeners.map((row) => row.serial)).toEqual([SCREENER_PAGE_SIZE + 1]);
  });
});

describe("the view", () => {
  const view = (cookie: string, id: number | string, query = "") =>
    viewLoader({
      request: adminRequest(`/admin/screener/view/${id}${query}`, { cookie }),
      params: { id: String(id) },
      context: {},
    });

  test("shows the definition one page at a time; an unknown page shows the first", async () => {
    const { cookie } = await signedInAdmin();
    const id = await createScreener();
    expect(await view(cookie, id)).toMatchObject({ id, title: "Drivers", definition: DEFINITION, index: 0 });
    expect((await view(cookie, id, "?page=3")).index).toBe(2);
    expect((await view(cookie, id, "?page=9")).index).toBe(0);
  });

  test("an unknown or malformed id is the 404 page", async () => {
    const { cookie } = await signedInAdmin();
    expect(await thrownStatus(view(cookie, 999_999))).toBe(404);
    expect(await thrownStatus(view(cookie, "1x"))).toBe(404);
    expect(await thrownStatus(view(cookie, "99999999999"))).toBe(404);
  });
});

describe("adding rules", () => {
  test("Next and Previous go page by page, carrying the answers so far", async () => {
    const { cookie } = await signedInAdmin();
    const id = await createScreener();
    const next = expectData(
      await postRules(cookie, id, [
        ["_page", "0"],
        ["min:age", "18"],
        ["max:age", ""],
        ["intent", "next"],
      ]),
    );
    expect(next.data).toEqual({ status: "success", pageState: { page: 1, values: { "min:age": ["18"] } } });
    const back = expectData(
      await postRules(cookie, id, [
        ["_page", "1"],
        ["min:age", "18"],
        ["intent", "previous"],
      ]),
    );
    expect(back.data).toEqual({ status: "success", pageState: { page: 0, values: { "min:age": ["18"] } } });
    // Next stays on a page with a message; Previous does not check (the required radio is open).
    const refused = expectData(
      await postRules(cookie, id, [
        ["_page", "1"],
        ["min:age", "18"],
        ["intent", "next"],
      ]),
    );
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({
      pageState: { page: 1 },
      error: { "rule:owner": ["Choose an answer, or 'Any answer' to let every answer pass."] },
    });
    expect(await storedState(id)).toEqual({ rules: 0, rulesAddedAt: null, audit: 0 });
  });

  test("Submit stores the rules, rulesAddedAt and the audit entry, then goes back to the list", async () => {
    const { admin, cookie } = await signedInAdmin();
    const id = await createScreener();
    const response = expectRedirect(await submit(cookie, id));
    expect(response.headers.get("Location")).toBe("/admin/screener/list");
    expect(await toastOf(response)).toEqual({ type: "success", message: "Screener rules added successfully" });

    // One row per checkbox option: two for fuel, one each for age, owner and news; none for brand.
    const state = await storedState(id);
    expect(state).toMatchObject({ rules: 5, audit: 1 });
    expect(state.rulesAddedAt).toBeInstanceOf(Date);
    const entry = await getPrisma().auditEntry.findFirstOrThrow({ where: { action: "screener.rules_added" } });
    expect(entry).toMatchObject({ adminId: admin.id, targetType: "screener", targetId: String(id) });

    const rules = await loadScreenerRules(getPrisma(), id);
    expect(rules).toEqual([
      { question: "age", kind: "range", min: 18, max: 65 },
      { question: "owner", kind: "options", options: ["Yes"] },
      { question: "fuel", kind: "options", options: ["Diesel", "Electric"] },
      { question: "news", kind: "switch", value: true },
    ]);
    expect(evaluateScreener(DEFINITION, rules, { age: 65, owner: "Yes", fuel: ["Electric"], news: true })).toEqual({
      pass: true,
    });
    expect(evaluateScreener(DEFINITION, rules, { age: 66, owner: "Yes", fuel: ["Electric"], news: true })).toEqual({
      pass: false,
      question: "age",
    });

    const list = await listLoader({
      request: adminRequest("/admin/screener/list", { cookie }),
      params: {},
      context: {},
    });
    expect(list.screeners[0]).toMatchObject({ id, rulesAdded: true });
  });

  test("a screener answered with 'Any answer' everywhere is validated with no rules", async () => {
    const { cookie } = await signedInAdmin();
    const id = await createScreener();
    expectRedirect(await submit(cookie, id, [["rule:owner", "any"]]));
    expect(await storedState(id)).toMatchObject({ rules: 0, audit: 1 });
    expect(await loadScreenerRules(getPrisma(), id)).toEqual([]);
  });

  test("once validated, the page says so and a second submit stores nothing", async () => {
    const { cookie } = await signedInAdmin();
    const id = await createScreener();
    expectRedirect(await submit(cookie, id));
    expect(await loadRules(cookie, id)).toMatchObject({ id, alreadyValidated: true });
    const again = expectRedirect(await submit(cookie, id, [["rule:owner", "o:No"]]));
    expect(again.headers.get("Location")).toBe(`/admin/screener/rules/${id}`);
    expect(await toastOf(again)).toEqual({ type: "error", message: "This Screener has Already rules Validated" });
    expect(await storedState(id)).toMatchObject({ rules: 5, audit: 1 });
    expect(await loadScreenerRules(getPrisma(), id)).toContainEqual({
      question: "owner",
      kind: "options",
      options: ["Yes"],
    });
  });

  test("two concurrent submits store one set of rules", async () => {
    const { cookie } = await signedInAdmin();
    const id = await createScreener();
    const results = await Promise.all([submit(cookie, id), submit(cookie, id, [["rule:owner", "o:No"]])]);
    const locations = results.map((result) => expectRedirect(result).headers.get("Location")).sort();
    expect(locations).toEqual(["/admin/screener/list", `/admin/screener/rules/${id}`]);
    const state = await storedState(id);
    expect(state.audit).toBe(1);
    expect([5, 1]).toContain(state.rules);
  });

  test("the conditional claim makes saveScreenerRules refuse a second set directly too", async () => {
    const { admin } = await signedInAdmin();
    const id = await createScreener();
    const rules = [{ question: "news", kind: "switch", value: false } as const];
    const outcomes = await Promise.all([saveScreenerRules(admin, id, rules), saveScreenerRules(admin, id, rules)]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes).toContainEqual({ ok: false, reason: "already_validated" });
    expect(await storedState(id)).toMatchObject({ rules: 1, audit: 1 });
  });

  test("a failure while storing the rules rolls back rulesAddedAt and the audit entry", async () => {
    const { admin } = await signedInAdmin();
    const id = await createScreener();
    await expect(saveScreenerRules(admin, id, [{ question: "gone", kind: "switch", value: true }])).rejects.toThrow(
      /gone/,
    );
    expect(await storedState(id)).toEqual({ rules: 0, rulesAddedAt: null, audit: 0 });
  });

  test("bad input gets messages on the first page with one, and changes nothing", async () => {
    const { cookie } = await signedInAdmin();
    const id = await createScreener();
    const result = expectData(
      await submit(cookie, id, [
        ["min:age", "ten"],
        ["max:age", "5"],
        ["rule:owner", "o:Perhaps"],
        ["rule:fuel", "o:Coal"],
        ["rule:brand", "o:Tesla"],
      ]),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({ pageState: { page: 0 }, error: { "min:age": [ANSWER_MESSAGES.notANumber] } });
    const range = expectData(
      await submit(cookie, id, [
        ["min:age", "50"],
        ["max:age", "20"],
        ["rule:owner", "any"],
      ]),
    );
    expect(range.data).toMatchObject({
      pageState: { page: 0 },
      error: { "max:age": ["The maximum must not be less than the minimum."] },
    });
    const options = expectData(
      await submit(cookie, id, [
        ["rule:owner", "o:Perhaps"],
        ["rule:fuel", "o:Coal"],
      ]),
    );
    expect(options.data).toMatchObject({
      pageState: { page: 1 },
      error: { "rule:owner": [ANSWER_MESSAGES.unknownOption], "rule:fuel": [ANSWER_MESSAGES.unknownOption] },
    });
    // A forged page number is read as the first page; a post without a button as Submit.
    const forged = expectData(
      await postRules(cookie, id, [
        ["_page", "-1"],
        ["rule:owner", "o:Perhaps"],
      ]),
    );
    expect(forged.data).toMatchObject({ pageState: { page: 1 } });
    // An intent the page has no button for is refused, and nothing is stored.
    const unknown = await expectThrown(postRules(cookie, id, [["_page", "2"], ...ANSWERS, ["intent", "delete"]]));
    expect(unknown).toEqual({ status: 400, text: UNKNOWN_INTENT_MESSAGE });
    expect(await storedState(id)).toEqual({ rules: 0, rulesAddedAt: null, audit: 0 });
  });

  test("a body that is not a form is a 400, not a server error", async () => {
    const { cookie } = await signedInAdmin();
    const id = await createScreener();
    const request = new Request(`${ORIGIN}/admin/screener/rules/${id}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(await thrownStatus(rulesAction({ request, params: { id: String(id) }, context: {} }))).toBe(400);
  });

  test("an unknown id is the 404 page, for the page and its post", async () => {
    const { cookie } = await signedInAdmin();
    expect(await thrownStatus(loadRules(cookie, 424_242))).toBe(404);
    expect(await thrownStatus(postRules(cookie, 424_242, ANSWERS))).toBe(404);
  });
});

describe("who may see screeners", () => {
  test("anyone but a signed-in admin gets the 404 page, and a post stores nothing", async () => {
    const id = await createScreener();
    const member = await createTestMember();
    const memberCookie = (
      await startMemberSession(member.id, { persistent: false, request: new Request(ORIGIN) })
    ).split(";")[0];
    for (const cookie of ["", memberCookie]) {
      const get = (path: string) => adminRequest(path, { cookie });
      const args = { params: { id: String(id) }, context: {} };
      expect(await thrownStatus(indexLoader({ request: get("/admin/screener"), ...args }))).toBe(404);
      expect(await thrownStatus(listLoader({ request: get("/admin/screener/list"), ...args }))).toBe(404);
      expect(await thrownStatus(viewLoader({ request: get(`/admin/screener/view/${id}`), ...args }))).toBe(404);
      expect(await thrownStatus(rulesLoader({ request: get(`/admin/screener/rules/${id}`), ...args }))).toBe(404);
      expect(await thrownStatus(postRules(cookie, id, ANSWERS))).toBe(404);
    }
    expect(await storedState(id)).toEqual({ rules: 0, rulesAddedAt: null, audit: 0 });
  });
});
