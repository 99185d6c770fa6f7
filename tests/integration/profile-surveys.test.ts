import { beforeEach, describe, expect, test } from "vitest";
import { listProfileSurveys, submitProfileSurvey } from "~/domain/profile-surveys.server";
import { seedProfileSurveys } from "~/domain/seed.server";
import { getPrisma } from "~/lib/db.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { createQuestionnaire } from "~/questionnaire/storage.server";
import { loader as dashboardLoader } from "~/routes/_member.dashboard";
import { loader as hubLoader } from "~/routes/_member.details.profiledetails._index";
import { action as builtInAction, loader as builtInLoader } from "~/routes/_member.details.profiledetails.$slug";
import { action as setAction, loader as setLoader } from "~/routes/_member.details.profiledetails.set.$id";
import { expectData, expectRedirect } from "../support/remix";
import { checkbox, none, option, page, questionnaire } from "../support/questionnaires";
import {
  formRequest as post,
  getRequest as get,
  routeArgs as args,
  signedInMember as signedIn,
  toastOf,
} from "../support/requests";

// The member's profile questionnaires: the hub lists what is offered to the member's country and
// still pending; a valid submit stores the answers and credits the reward in one transaction,
// exactly once, even when two submits race; anything refused changes nothing.

const HUB = "/details/profiledetails";

beforeEach(async () => {
  await seedProfileSurveys(getPrisma());
});

const openBuiltIn = (slug: string, cookie: string) => builtInLoader(args(get(`${HUB}/${slug}`, cookie), { slug }));
const submitBuiltIn = (slug: string, cookie: string, fields: [string, string][]) =>
  builtInAction(args(post(`${HUB}/${slug}`, cookie, fields), { slug }));

/** A thrown 404 Response, the route's way to show the 404 page. */
async function expectNotFound(run: () => Promise<unknown>) {
  const thrown = await run().then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).status).toBe(404);
}

async function ledgerOf(memberId: number) {
  const prisma = getPrisma();
  const [entries, member, responses] = await Promise.all([
    prisma.pointsTransaction.findMany({ where: { memberId } }),
    prisma.member.findUniqueOrThrow({ where: { id: memberId } }),
    prisma.questionnaireResponse.count({ where: { memberId } }),
  ]);
  return { entries, balance: member.pointsBalance, responses };
}

const HEALTH: [string, string][] = [
  ["healthCondition", "Allergies"],
  ["healthCondition", "Diabetes"],
  ["medicalDevices", "NotDisclosed"],
];

const ONE_QUESTION_SET: QuestionnaireDefinition = questionnaire("Pets", [
  page("Pets", [checkbox("pets", "Which pets do you keep?", [option("Dog"), option("Cat"), none("None", "None")])]),
]);

/** An admin-made set as the admin side stores it: path and slug null, offered to one country or all. */
async function createSet(title: string, country: string | null, points = 50) {
  return getPrisma().$transaction(async (tx) => {
    const questionnaireId = await createQuestionnaire(tx, {
      kind: "profile",
      definition: { ...ONE_QUESTION_SET, title },
    });
    return tx.profileSurvey.create({ data: { questionnaireId, points, minutes: 1, country } });
  });
}

describe("the profile-survey hub", () => {
  test("lists the built-ins and the sets for every country or the member's, not another country's", async () => {
    const everyone = await createSet("For everyone", null);
    const india = await createSet("For India", "IN");
    await createSet("For the US", "US");
    const { cookie } = await signedIn({ country: "IN" });
    const { pending } = await hubLoader(args(get(HUB, cookie)));
    expect(pending.map((card) => [card.title, card.points, card.minutes, card.href])).toEqual([
      ["About You", 100, 3, `${HUB}/aboutyou`],
      ["Medical / Health", 100, 2, `${HUB}/health`],
      ["Technology", 100, 2, `${HUB}/technology`],
      ["Vehicles and Machinery", 100, 2, `${HUB}/vehiclesmachinery`],
      ["Entertainment", 100, 2, `${HUB}/entertainment`],
      ["For everyone", 50, 1, `${HUB}/set/${everyone.id}`],
      ["For India", 50, 1, `${HUB}/set/${india.id}`],
    ]);
    expect(pending.every((card) => card.category === "Basic")).toBe(true);
  });

  test("the hub and the questionnaires need a verified member with complete details", async () => {
    const { cookie } = await signedIn({ pin: null });
    for (const run of [() => hubLoader(args(get(HUB, cookie))), () => openBuiltIn("health", cookie)]) {
      const thrown = await run().then(
        () => null,
        (error: unknown) => error,
      );
      expect(expectRedirect(thrown).headers.get("Location")).toBe("/details/user");
    }
    const visitor = await hubLoader(args(get(HUB, ""))).catch((error: unknown) => error);
    expect(expectRedirect(visitor).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("submitting a profile questionnaire", () => {
  test("stores the answers, credits the points once and shows the questionnaire read-only", async () => {
    const { member, cookie } = await signedIn();
    const before = await openBuiltIn("health", cookie);
    expect(before).toMatchObject({ title: "Medical / Health", submitted: false, answers: null, points: 100 });

    const response = expectRedirect(await submitBuiltIn("health", cookie, HEALTH));
    expect(response.headers.get("Location")).toBe(HUB);
    expect(await toastOf(response)).toEqual({ type: "success", message: "Saved Successfully!" });

    const { entries, balance, responses } = await ledgerOf(member.id);
    expect(responses).toBe(1);
    expect(balance).toBe(100);
    const health = await getPrisma().profileSurvey.findUniqueOrThrow({ where: { slug: "health" } });
    expect(entries).toMatchObject([
      {
        change: 100,
        type: "profile_reward",
        status: "completed",
        source: `profile:${health.id}:member:${member.id}`,
        remark: "Profile survey: Medical / Health",
      },
    ]);

    expect(await openBuiltIn("health", cookie)).toMatchObject({
      submitted: true,
      submittedBanner: "This profile is already submitted",
      answers: { healthCondition: ["Allergies", "Diabetes"], medicalDevices: ["NotDisclosed"] },
    });
    const { pending } = await hubLoader(args(get(HUB, cookie)));
    expect(pending.map((card) => card.title)).not.toContain("Medical / Health");
    const dashboard = await dashboardLoader(args(get("/dashboard", cookie)));
    expect(dashboard).toMatchObject({ points: 100, profileCard: { points: 400, minutes: 9 } });
  });

  test("the dashboard card adds up the pending questionnaires and goes once all are submitted", async () => {
    const { member, cookie } = await signedIn();
    expect(await dashboardLoader(args(get("/dashboard", cookie)))).toMatchObject({
      points: 0,
      profileCard: { points: 500, minutes: 11 },
    });
    const cards = await listProfileSurveys(member);
    const answers: Record<string, Record<string, string | string[]>> = {
      aboutyou: {
        education: "Graduate",
        employment: "Student",
        family_members: "4",
        chief_earner: "No",
        my_annual_income: "NotDisclosed",
        chief_earner_profession: "Shop",
        family_annual_income: "NotDisclosed",
        household_expense: "3",
        household_items: ["TV"],
      },
      health: { healthCondition: ["NotDisclosed"], medicalDevices: ["NotDisclosed"] },
      technology: {
        modeAccessInternet: "Home",
        frequencyAccessInternet: "OnceInDay",
        browser: ["Safari"],
        techDevices: ["NonePreferNotToSay"],
      },
      vehiclesmachinery: { vehicles: ["NoVehicle"], vehiclesPurchaseTime: "Never", machine: ["NonePreferNotToSay"] },
      entertainment: {
        tvService: ["NoServicePreferNotToSay"],
        cinema: "Never",
        movieGenre: ["NoMovies"],
        activities: ["ReadBooks"],
      },
    };
    for (const card of cards) {
      const slug = card.href.split("/").pop() ?? "";
      const result = await submitProfileSurvey(member.id, card.id, answers[slug]);
      expect(result, slug).toMatchObject({ ok: true, pointsCredited: 100 });
    }
    expect(await dashboardLoader(args(get("/dashboard", cookie)))).toMatchObject({ points: 500, profileCard: null });
    expect((await hubLoader(args(get(HUB, cookie)))).pending).toEqual([]);
  });

  test("two submits at the same moment: one response, one ledger entry, credited once", async () => {
    const { member, cookie } = await signedIn();
    const results = await Promise.all([
      submitBuiltIn("health", cookie, HEALTH),
      submitBuiltIn("health", cookie, [["healthCondition", "Cancer"], ...HEALTH.slice(2)]),
    ]);
    const locations = results.map((result) => expectRedirect(result).headers.get("Location")).sort();
    expect(locations).toEqual([HUB, `${HUB}/health`]);
    const { entries, balance, responses } = await ledgerOf(member.id);
    expect({ entries: entries.length, balance, responses }).toEqual({ entries: 1, balance: 100, responses: 1 });

    const health = await getPrisma().profileSurvey.findUniqueOrThrow({ where: { slug: "health" } });
    const domain = await Promise.all([
      submitProfileSurvey(member.id, health.id, { healthCondition: ["Obesity"], medicalDevices: ["Braces"] }),
      submitProfileSurvey(member.id, health.id, { healthCondition: ["Obesity"], medicalDevices: ["Braces"] }),
    ]);
    expect(domain).toEqual([
      { ok: false, reason: "already_submitted" },
      { ok: false, reason: "already_submitted" },
    ]);
    expect((await ledgerOf(member.id)).balance).toBe(100);
  });

  test("two first submits through the domain at once: exactly one succeeds", async () => {
    const { member } = await signedIn();
    const technology = await getPrisma().profileSurvey.findUniqueOrThrow({ where: { slug: "technology" } });
    const answers = {
      modeAccessInternet: "Office",
      frequencyAccessInternet: "Frequently",
      browser: ["GoogleChrome"],
      techDevices: ["Laptop"],
    };
    const results = await Promise.all([
      submitProfileSurvey(member.id, technology.id, answers),
      submitProfileSurvey(member.id, technology.id, answers),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "already_submitted" }]);
    const { entries, balance, responses } = await ledgerOf(member.id);
    expect({ entries: entries.length, balance, responses }).toEqual({ entries: 1, balance: 100, responses: 1 });
  });

  test("refused posts return the field errors and a failure toast, and change nothing", async () => {
    const { member, cookie } = await signedIn();
    const cases: { slug: string; fields: [string, string][]; errors: string[]; toast: string }[] = [
      { slug: "health", fields: [], errors: ["healthCondition", "medicalDevices"], toast: "Failed!" },
      {
        slug: "health",
        fields: [["healthCondition", "Allergies"], ["healthCondition", "NotDisclosed"], ...HEALTH.slice(2)],
        errors: ["healthCondition"],
        toast: "Failed!",
      },
      {
        slug: "health",
        fields: [["healthCondition", "Forged"], ...HEALTH.slice(2)],
        errors: ["healthCondition"],
        toast: "Failed!",
      },
      {
        slug: "entertainment",
        fields: [
          ["tvService", "Cable"],
          ["cinema", "Never"],
          ["movieGenre", "Drama"],
          ["activities", "PlayVideoGames"],
        ],
        errors: ["gamesDevices"],
        toast: "Failed!",
      },
      {
        slug: "aboutyou",
        fields: [["education", "Graduate"]],
        errors: [
          "employment",
          "family_members",
          "chief_earner",
          "my_annual_income",
          "chief_earner_profession",
          "family_annual_income",
          "household_expense",
          "household_items",
        ],
        toast: "What is your occupation? This field is required.",
      },
    ];
    for (const { slug, fields, errors, toast } of cases) {
      const result = expectData(await submitBuiltIn(slug, cookie, fields));
      expect(result.init?.status).toBe(400);
      expect(Object.keys(result.data.error ?? {}).sort(), slug).toEqual([...errors].sort());
      expect(result.data.pageState?.toast).toEqual({ type: "error", message: toast });
    }
    expect(await ledgerOf(member.id)).toEqual({ entries: [], balance: 0, responses: 0 });
  });

  test("a post to a submitted questionnaire changes nothing and says so", async () => {
    const { member, cookie } = await signedIn();
    expectRedirect(await submitBuiltIn("health", cookie, HEALTH));
    const after = await ledgerOf(member.id);
    for (const fields of [HEALTH, [] as [string, string][]]) {
      const response = expectRedirect(await submitBuiltIn("health", cookie, fields));
      expect(response.headers.get("Location")).toBe(`${HUB}/health`);
      expect(await toastOf(response)).toEqual({ type: "error", message: "This profile is already submitted" });
    }
    expect(await ledgerOf(member.id)).toEqual(after);
    expect((await openBuiltIn("health", cookie)).answers).toEqual({
      healthCondition: ["Allergies", "Diabetes"],
      medicalDevices: ["NotDisclosed"],
    });
    expectRedirect(
      await submitBuiltIn("technology", cookie, [
        ["modeAccessInternet", "Home"],
        ["frequencyAccessInternet", "OnceAWeek"],
        ["browser", "Opera"],
        ["techDevices", "TV"],
      ]),
    );
    expect((await openBuiltIn("technology", cookie)).submittedBanner).toBe("This profile is already submitted.");
  });
});

describe("admin-made sets", () => {
  test("a member answers a set of their country; its reward is the set's points", async () => {
    const set = await createSet("For India", "IN", 30);
    const { member, cookie } = await signedIn({ country: "IN" });
    const page = await setLoader(args(get(`${HUB}/set/${set.id}`, cookie), { id: String(set.id) }));
    expect(page).toMatchObject({ title: "For India", points: 30, submitted: false, aboutYou: false });
    const response = expectRedirect(
      await setAction(args(post(`${HUB}/set/${set.id}`, cookie, [["pets", "Cat"]]), { id: String(set.id) })),
    );
    expect(response.headers.get("Location")).toBe(HUB);
    const { entries, balance } = await ledgerOf(member.id);
    expect(balance).toBe(30);
    expect(entries).toMatchObject([{ change: 30, source: `profile:${set.id}:member:${member.id}` }]);
  });

  test("another country's set, an unknown set or slug, and a built-in by id are the 404 page", async () => {
    const us = await createSet("For the US", "US");
    const builtIn = await getPrisma().profileSurvey.findUniqueOrThrow({ where: { slug: "aboutyou" } });
    const { member, cookie } = await signedIn({ country: "IN" });
    for (const id of [String(us.id), String(builtIn.id), "999999", "abc", "1e3", "99999999999"]) {
      await expectNotFound(() => setLoader(args(get(`${HUB}/set/${id}`, cookie), { id })));
      await expectNotFound(() => setAction(args(post(`${HUB}/set/${id}`, cookie, [["pets", "Cat"]]), { id })));
    }
    for (const slug of ["nothing", "set", "AboutYou"]) {
      await expectNotFound(() => openBuiltIn(slug, cookie));
      await expectNotFound(() => submitBuiltIn(slug, cookie, HEALTH));
    }
    expect(await ledgerOf(member.id)).toEqual({ entries: [], balance: 0, responses: 0 });
  });
});
