import { describe, expect, test, vi } from "vitest";
import "../support/google-mock-env";
import "../support/file-outbox";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { getPrisma } from "~/lib/db.server";
import { ROUTE_MODULES, routePath } from "../support/route-modules";
import {
  createRoleWorld,
  outcomeOf,
  roleRequest,
  ROLES,
  type FormBody,
  type Role,
  type RoleWorld,
} from "../support/roles";
import * as fx from "../support/security-fixtures";
import { createTestSurvey } from "../support/factories";
import { MEMBER_ACTION_INTENTS } from "~/domain/member-actions-schema";
import { creditPoints } from "~/domain/ledger.server";
import { changedTables, databaseSnapshot } from "../support/db-snapshot";

// The access matrix (docs/decisions/030-security-suite.md): every route module of app/routes, called
// as each kind of caller, with the status or redirect each must get. GET runs the loader, POST the
// action (with an empty form unless the row says otherwise). A route added without a row fails the
// first test, so no route skips the matrix.

// Fourteen calls and their fixtures per route: well under a second, but a busy machine is slower.
vi.setConfig({ testTimeout: 60_000 });

/** A status, or a redirect's Location: exact, or a prefix when it ends in "*". */
type Expected = number | string;
type Outcomes = Record<Role, Expected>;

/** The login page, coming back to the requested path afterwards. */
const LOGIN = "login";
const VERIFY = "/email/verify";
const DETAILS = "/details/user";

const everyone = (expected: Expected): Outcomes =>
  Object.fromEntries(ROLES.map((role) => [role, expected])) as Outcomes;

/** requireGuest: a signed-in member goes to Landing; admins carry no member cookie, so they are guests. */
const guestOnly = (expected: Expected): Outcomes => ({
  ...everyone(expected),
  unverified: "/",
  incomplete: "/",
  member: "/",
  otherMember: "/",
});

/** requireMember: any signed-in member, verified or not. */
const anyMember = (expected: Expected): Outcomes => ({
  ...everyone(expected),
  guest: LOGIN,
  revokedAdmin: LOGIN,
  admin: LOGIN,
});

/**
 * requireVerifiedMember. `others` is what members other than the owner of the route's object get
 * (the other member, and the incomplete member, who is verified too).
 */
const verifiedMember = (owner: Expected, others: Expected = owner): Outcomes => ({
  ...anyMember(owner),
  unverified: VERIFY,
  incomplete: others,
  otherMember: others,
});

/** requireMemberWithDetails: as verifiedMember, and a member with missing details goes to My Detail. */
const memberWithDetails = (owner: Expected, others: Expected = owner): Outcomes => ({
  ...verifiedMember(owner, others),
  incomplete: DETAILS,
});

/** requireAdmin: the 404 page for anyone but an active admin (a revoked one included). */
const adminOnly = (expected: Expected): Outcomes => ({ ...everyone(404), admin: expected });

/** The admin sign-in pages: an active admin goes straight to the dashboard. */
const adminSignIn = (expected: Expected): Outcomes => ({ ...everyone(expected), admin: "/admin/dash" });

interface Target {
  params?: Record<string, string>;
  query?: string;
  /** The POST body; an empty form otherwise. */
  form?: FormBody;
}

interface Row {
  /** null: no loader (a layout whose children guard themselves, or a page whose frame loads its data). */
  get: Outcomes | null;
  /** Present exactly when the module has an action. */
  post?: Outcomes;
  setup?: (world: RoleWorld) => Promise<Target> | Target;
}

const MATRIX: Record<string, Row> = {
  // ——— Public pages, open to anyone ———
  $: { get: everyone(404), post: everyone(404), setup: () => ({ params: { "*": "no/such/page" } }) },
  // The public frame (header and footer) loads for every role; these pages load only their title and
  // description in the page's language (decision 074).
  _public: { get: everyone(200) },
  "_public._index": { get: everyone(200) },
  "_public.about-survey": { get: everyone(200) },
  "_public.about-us": { get: everyone(200) },
  "cookie-policies": { get: everyone(200) },
  "privacy-policies": { get: everyone(200) },
  "terms-and-conditions": { get: everyone(200) },
  "robots[.]txt": { get: everyone(200) },
  "sitemap[.]xml": { get: everyone(200) },
  healthz: { get: everyone(200) },
  readyz: { get: everyone(200) },
  home: { get: everyone("/dashboard") },
  logout: { get: everyone("/"), post: everyone("/login") },
  // The language form (decision 074): a post with no language goes back to the page (Landing here).
  language: { get: everyone("/"), post: everyone("/") },

  // ——— Guest-only pages (the route table's 'guest') ———
  "_public.learn-more": { get: guestOnly(200) },
  "_public.custom-surveys": { get: guestOnly(200) },
  "_public.scalibility": { get: guestOnly(200) },
  "_public.register-more-info": { get: guestOnly(200) },
  // The guest frame is only a header; each page below guards itself.
  _guest: { get: null },
  "_guest.login": { get: guestOnly(200), post: guestOnly(400) },
  "_guest.register": { get: guestOnly(200), post: guestOnly(400) },
  "_guest.reset-password": { get: guestOnly(200), post: guestOnly(400) },
  // An unknown token: the page explains the link is no longer valid (410); the empty form fails first.
  "_guest.resetpassword.$token": {
    get: guestOnly(410),
    post: guestOnly(400),
    setup: () => ({ params: { token: "unknown-token" } }),
  },
  "auth.google": { get: guestOnly("/dev/google/authorize?*"), post: guestOnly("/dev/google/authorize?*") },
  // Without the state cookie and a code the sign-in fails back to /login with a toast.
  "auth.google.respond": { get: guestOnly("/login") },

  // ——— E-mail verification ———
  "email.verify._index": {
    get: anyMember(200),
    // The unverified member's visit has just mailed a link, so Resend waits (429); verified members
    // have nothing to resend.
    post: { ...anyMember(VERIFY), unverified: 429 },
  },
  // The link carries the identity (no sign-in needed); a different signed-in member is refused.
  "email.verify.$id.$hash": {
    get: { ...everyone(200), incomplete: 403, member: 403, otherMember: 403 },
    post: { ...everyone(200), incomplete: 403, member: 403, otherMember: 403 },
    setup: (world) => fx.unverifiedMemberLink(world),
  },

  // Asks a member who has not agreed to the current terms (decision 067); every role's member has, so
  // it sends them straight on.
  "terms.agree": { get: anyMember("/dashboard"), post: anyMember("/dashboard") },

  // ——— The member area ———
  _member: { get: verifiedMember(200) },
  "_member.dashboard": { get: memberWithDetails(200) },
  "_member.survey": { get: memberWithDetails(200) },
  "_member.points": { get: memberWithDetails(200), post: memberWithDetails(400) },
  "_member.help": { get: verifiedMember(200) },
  "_member.activities": { get: null },
  "_member.activities._index": { get: everyone("/activities/surveyRecords") },
  "_member.activities.surveyRecords": { get: memberWithDetails(200) },
  "_member.activities.PointsRecords": { get: memberWithDetails(200) },
  // Appeals (decision 073): the member's own quality termination; another member's is the 404 page.
  "_member.activities.appeal.$event": {
    get: memberWithDetails(200, 404),
    post: memberWithDetails(400, 404),
    setup: async (world) => ({ params: { event: (await fx.ownQualityTermination(world)).event } }),
  },
  "_member.details": { get: null },
  "_member.details._index": { get: everyone("/details/user") },
  "_member.details.user": { get: verifiedMember(200), post: verifiedMember(400) },
  "_member.details.password": { get: verifiedMember(200), post: verifiedMember(400) },
  // My data (decision 068): the page and the downloads, each member's own.
  "_member.details.data._index": { get: verifiedMember(200) },
  "_member.details.data[.]json": { get: verifiedMember(200) },
  "_member.details.data.csv.$table": {
    get: verifiedMember(200),
    setup: () => ({ params: { table: "survey-assignments" } }),
  },
  "_member.details.profiledetails._index": { get: memberWithDetails(200) },
  // A built-in questionnaire is offered to everyone; the empty form misses its required answers.
  "_member.details.profiledetails.$slug": {
    get: memberWithDetails(200),
    post: memberWithDetails(400),
    setup: async () => ({ params: { slug: (await fx.builtInProfileSurvey("technology")).slug ?? "" } }),
  },
  // A set offered in India only: the other member lives in the US.
  "_member.details.profiledetails.set.$id": {
    get: memberWithDetails(200, 404),
    post: memberWithDetails(400, 404),
    setup: async (world) => ({ params: { id: String(await fx.indianProfileSet(world)) } }),
  },
  "_member.account._index": {
    get: memberWithDetails(200),
    // Deleting the member's payout account: the other member's attempt finds nothing (404), the owner's works.
    post: memberWithDetails("/account", 404),
    setup: async (world) => ({
      form: [
        ["intent", "delete"],
        ["accountId", String((await fx.ownPaymentAccount(world)).id)],
        ["confirmed", "on"],
      ],
    }),
  },
  "_member.account.delete": { get: verifiedMember(200), post: verifiedMember(400) },

  // ——— Taking surveys (the survey window) ———
  // Opening the start link starts the member's own survey and sends them into it; anyone else's is a 404.
  "survey.start.$id": {
    get: { ...verifiedMember("/view/survey/*", 404) },
    setup: async (world) => ({ params: { id: String((await fx.ownHostedSurvey(world)).survey.id) } }),
  },
  "view.survey.$slug": {
    get: verifiedMember(200, 404),
    post: verifiedMember(400, 404),
    setup: async (world) => ({
      params: { slug: (await fx.ownHostedSurvey(world, ASSIGNMENT_STATUS.started)).survey.slug },
    }),
  },
  // Another member's screener shows 'Something went wrong' (404); a post to it changes nothing and
  // sends the browser back to that page.
  "prescreener.$survey": {
    get: memberWithDetails(200, 404),
    post: memberWithDetails(400, "/prescreener/*"),
    setup: async (world) => ({ params: { survey: String((await fx.ownScreenedSurvey(world)).survey.id) } }),
  },
  // The member's own link before the survey started changes nothing (409); another member's is refused (403).
  "surveys.redirect": {
    get: verifiedMember(409, 403),
    setup: async (world) => ({ query: await fx.ownReturnLinkQuery(world) }),
  },
  // A vendor's server-to-server callback (decision 060): public but signed. No session counts; an
  // unsigned post is a 401 for every caller, a GET the 405 that says to POST.
  "api.surveys.$id.callback": {
    get: everyone(405),
    post: everyone(401),
    setup: async (world) => ({ params: { id: String((await fx.ownExternalAssignment(world)).survey.id) } }),
  },

  // ——— The admin sign-in and its password reset ———
  "admin._index": { get: adminSignIn(200), post: adminSignIn(400) },
  "admin.forgot-password": { get: adminSignIn(200), post: adminSignIn(400) },
  "admin.reset-password.$token": {
    get: adminSignIn(410),
    post: adminSignIn(400),
    setup: () => ({ params: { token: "unknown-token" } }),
  },
  // The second step of a sign-in: without a half-open sign-in, back to the password step.
  "admin.verify-code": { get: adminSignIn("/admin"), post: adminSignIn("/admin") },
  // An admin's own two-factor page, outside the back office's layout; an empty post chooses nothing.
  "admin.two-factor": { get: adminOnly(200), post: adminOnly(400) },
  "admin.home": { get: everyone("/admin/dash") },
  "admin.logout": { get: everyone("/admin"), post: everyone("/admin") },

  // ——— The back office ———
  "admin._console": { get: adminOnly(200) },
  "admin._console.dash": { get: adminOnly(200) },
  "admin._console.users": { get: adminOnly(200) },
  // An empty post presses no action (issue 18 point 2): an unknown intent, 400.
  "admin._console.users_.$id": {
    get: adminOnly(200),
    post: adminOnly(400),
    setup: (world) => ({ params: { id: String(world.member.id) } }),
  },
  "admin._console.audit": { get: adminOnly(200) },
  "admin._console.withdrawal.req": { get: adminOnly(200), post: adminOnly(400) },
  // Appeals (decision 073): an empty post names no decision (400).
  "admin._console.appeals": { get: adminOnly(200), post: adminOnly(400) },
  "admin._console.withdrawal.req.$referenceId": {
    get: adminOnly(200),
    post: adminOnly(400),
    setup: async (world) => ({ params: { referenceId: await fx.ownWithdrawal(world) } }),
  },
  // Payout batches (decision 054): an empty post names no intent (400).
  "admin._console.payouts._index": { get: adminOnly(200) },
  "admin._console.payouts.new": {
    get: adminOnly(200),
    post: adminOnly(400),
    setup: () => ({ query: "?method=upi" }),
  },
  "admin._console.payouts.$id": {
    get: adminOnly(200),
    post: adminOnly(400),
    setup: async (world) => ({ params: { id: String((await fx.sentPayoutBatch(world)).batchId) } }),
  },
  "admin._console.payouts.$id.file": {
    get: adminOnly(200),
    setup: async (world) => ({ params: { id: String((await fx.sentPayoutBatch(world)).batchId) } }),
  },
  // The CSV exports (decision 055): a streamed attachment for an admin, the 404 page for anyone else.
  "admin._console.users_.export[.]csv": { get: adminOnly(200) },
  "admin._console.ledger.export[.]csv": { get: adminOnly(200) },
  "admin._console.withdrawal.export[.]csv": { get: adminOnly(200) },
  "admin._console.audit_.export[.]csv": { get: adminOnly(200) },
  "admin._console.admins": { get: adminOnly(200) },
  "admin._console.admins._index": { get: adminOnly("/admin/admins/view") },
  "admin._console.admins.register": { get: adminOnly(200), post: adminOnly(400) },
  "admin._console.admins.view._index": { get: adminOnly(200), post: adminOnly(400) },
  "admin._console.admins.view.$id": {
    get: adminOnly(200),
    post: adminOnly(400),
    setup: (world) => ({ params: { id: String(world.revokedAdmin.id) } }),
  },
  "admin._console._survey": { get: adminOnly(200) },
  "admin._console._survey.survey._index": { get: adminOnly(200) },
  "admin._console._survey.survey.new": { get: adminOnly(200), post: adminOnly(400) },
  "admin._console._survey.survey.$id": {
    get: adminOnly(200),
    post: adminOnly(400),
    setup: async () => ({ params: { id: String((await createTestSurvey()).id) } }),
  },
  "admin._console._survey.survey.$id_.results": {
    get: adminOnly(200),
    setup: async () => ({ params: { id: String((await createTestSurvey()).id) } }),
  },
  // The results as CSV: a streamed attachment for an admin (a survey with a questionnaire).
  "admin._console._survey.survey.$id_.results[.]csv": {
    get: adminOnly(200),
    setup: async (world) => ({ params: { id: String((await fx.ownHostedSurvey(world)).survey.id) } }),
  },
  // Reconciliation (decision 061): an empty post names no intent (400).
  "admin._console._survey.survey.$id_.reconcile": {
    get: adminOnly(200),
    post: adminOnly(400),
    setup: async () => ({ params: { id: String((await createTestSurvey()).id) } }),
  },
  "admin._console._survey.survey.$id_.field": {
    get: adminOnly(200),
    setup: async () => ({ params: { id: String((await createTestSurvey()).id) } }),
  },
  // The builders: an empty post without a draft to apply it to is refused (409).
  "admin._console._survey.survey.build": { get: adminOnly(200), post: adminOnly(409) },
  "admin._console._survey.screenercreate": { get: adminOnly(200), post: adminOnly(409) },
  "admin._console._survey.screener._index": { get: adminOnly("/admin/screener/list") },
  "admin._console._survey.screener.list": { get: adminOnly(200) },
  "admin._console._survey.screener.view.$id": {
    get: adminOnly(200),
    setup: async (world) => ({ params: { id: String((await fx.adminScreener(world)).id) } }),
  },
  "admin._console._survey.screener.rules.$id": {
    get: adminOnly(200),
    post: adminOnly(400),
    setup: async (world) => ({ params: { id: String((await fx.adminScreener(world)).id) } }),
  },
  "admin._console._survey.profilesurvey._index": { get: adminOnly(200), post: adminOnly(400) },
  "admin._console._survey.profilesurvey.$id": {
    get: adminOnly(200),
    post: adminOnly(400),
    setup: async (world) => ({ params: { id: String(await fx.indianProfileSet(world)) } }),
  },
  "admin._console._survey.surveysassign": { get: adminOnly("/admin/surveysassignv2") },
  "admin._console._survey.surveysassignv2._index": { get: adminOnly(200), post: adminOnly(400) },
  // An empty post presses neither Delete nor Reassign: an unknown intent, 400 (decision 045).
  "admin._console._survey.surveysassignv2.$id": {
    get: adminOnly(200),
    post: adminOnly(400),
    setup: async () => ({ params: { id: String((await createTestSurvey()).id) } }),
  },
  "admin._console._survey.surveysassignv2.demographics": {
    get: adminOnly(200),
    post: adminOnly(400),
    setup: async () => ({ query: `?survey=${(await createTestSurvey()).id}` }),
  },
  // The lifecycle (decision 056): the close confirmation page; an empty post names no intent (400).
  "admin._console._survey.lifecycle.$kind.$id": {
    get: adminOnly(200),
    post: adminOnly(400),
    setup: async () => ({
      params: { kind: "survey", id: String((await createTestSurvey()).id) },
      query: "?change=close",
    }),
  },
};

// The owner acts last: some of their posts end what later callers would need (a logout, a deletion).
const ROLE_ORDER: Role[] = ["guest", "revokedAdmin", "admin", "unverified", "incomplete", "otherMember", "member"];

function matches(expected: Expected, outcome: { status: number; location: string | null }, path: string): boolean {
  if (typeof expected === "number") return outcome.status === expected && outcome.location === null;
  if (outcome.status < 300 || outcome.status >= 400 || outcome.location === null) return false;
  const wanted = expected === LOGIN ? `/login?${new URLSearchParams({ redirectTo: path })}` : expected;
  return wanted.endsWith("*") ? outcome.location.startsWith(wanted.slice(0, -1)) : outcome.location === wanted;
}

function describeOutcome(outcome: { status: number; location: string | null; error?: unknown }): string {
  if (outcome.error !== undefined) return `500 (${String(outcome.error)})`;
  return outcome.location ? `${outcome.status} → ${outcome.location}` : String(outcome.status);
}

describe("the access matrix", () => {
  test("lists every route module, with GET exactly for loaders and POST exactly for actions", () => {
    const modules = Object.keys(ROUTE_MODULES).sort();
    expect(modules.length).toBeGreaterThan(75);
    expect(Object.keys(MATRIX).sort()).toEqual(modules);
    for (const [id, row] of Object.entries(MATRIX)) {
      const module = ROUTE_MODULES[id];
      expect(row.get === null, `${id}: GET row vs loader`).toBe(module.loader === undefined);
      expect(row.post !== undefined, `${id}: POST row vs action`).toBe(module.action !== undefined);
    }
  });

  test.each(Object.keys(MATRIX))("%s", async (id) => {
    const row = MATRIX[id];
    const module = ROUTE_MODULES[id];
    if (!row.get && !row.post) return;
    const world = await createRoleWorld();
    const target = (await row.setup?.(world)) ?? {};
    const params = target.params ?? {};
    const path = `${routePath(id, params)}${target.query ?? ""}`;
    const mismatches: string[] = [];
    for (const role of ROLE_ORDER) {
      const cookie = world.cookies[role];
      if (row.get && module.loader) {
        const loader = module.loader;
        const outcome = await outcomeOf(() => loader({ request: roleRequest(cookie, path), params, context: {} }));
        if (!matches(row.get[role], outcome, path)) {
          mismatches.push(`GET ${path} as ${role}: expected ${row.get[role]}, got ${describeOutcome(outcome)}`);
        }
      }
      if (row.post && module.action) {
        const action = module.action;
        const request = roleRequest(cookie, path, target.form ?? []);
        const outcome = await outcomeOf(() => action({ request, params, context: {} }));
        if (!matches(row.post[role], outcome, path)) {
          mismatches.push(`POST ${path} as ${role}: expected ${row.post[role]}, got ${describeOutcome(outcome)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe("objects the caller may not see", () => {
  test("another member's payout account is neither deleted nor revealed", async () => {
    const world = await createRoleWorld();
    const account = await fx.ownPaymentAccount(world);
    const { action } = ROUTE_MODULES["_member.account._index"];
    const form: FormBody = [
      ["intent", "delete"],
      ["accountId", String(account.id)],
      ["confirmed", "on"],
    ];
    const outcome = await outcomeOf(() =>
      action!({ request: roleRequest(world.cookies.otherMember, "/account", form), params: {}, context: {} }),
    );
    expect(outcome.status).toBe(404);
    expect(JSON.stringify(outcome.body)).not.toContain("001234567890");
    expect(await getPrisma().paymentAccount.count({ where: { id: account.id } })).toBe(1);
  });
});

// Unknown, malformed and out-of-range ids, as the role that may use the route: the 404 page (or the
// route's own answer for a link that is not valid), never a 500.
const BAD_IDS = ["999999", "0", "-1", "abc", "1.5", "1e3", "99999999999999999999", "%00", "\u0000", " 1", "ÿ"];

// Where a post's empty form is checked before its id is looked up, a well-formed unknown id is a 400.
const FORM_FIRST: Expected[] = [404, 400];

const UNKNOWN_IDS: Record<
  string,
  // `others`: the route's other parameters, fixed to a valid value while `param` varies.
  { role: Role; param: string; expected: Expected; post?: Expected | Expected[]; others?: Record<string, string> }
> = {
  // The callback has no page to GET (405 whatever the id); a post to an unknown survey is a 404.
  "api.surveys.$id.callback": { role: "guest", param: "id", expected: 405, post: 404 },
  "admin._console._survey.profilesurvey.$id": { role: "admin", param: "id", expected: 404, post: 404 },
  "admin._console._survey.screener.rules.$id": { role: "admin", param: "id", expected: 404, post: 404 },
  "admin._console._survey.screener.view.$id": { role: "admin", param: "id", expected: 404 },
  "admin._console._survey.survey.$id": { role: "admin", param: "id", expected: 404, post: 404 },
  "admin._console._survey.survey.$id_.results": { role: "admin", param: "id", expected: 404 },
  "admin._console._survey.survey.$id_.reconcile": { role: "admin", param: "id", expected: 404, post: 404 },
  "admin._console._survey.survey.$id_.results[.]csv": { role: "admin", param: "id", expected: 404 },
  "admin._console._survey.survey.$id_.field": { role: "admin", param: "id", expected: 404 },
  "admin._console._survey.surveysassignv2.$id": { role: "admin", param: "id", expected: 404, post: 404 },
  "admin._console.admins.view.$id": { role: "admin", param: "id", expected: 404, post: FORM_FIRST },
  "admin._console.users_.$id": { role: "admin", param: "id", expected: 404, post: FORM_FIRST },
  "_member.activities.appeal.$event": { role: "member", param: "event", expected: 404, post: 404 },
  "admin._console.withdrawal.req.$referenceId": {
    role: "admin",
    param: "referenceId",
    expected: 404,
    post: FORM_FIRST,
  },
  "admin._console.payouts.$id": { role: "admin", param: "id", expected: 404, post: FORM_FIRST },
  "admin._console.payouts.$id.file": { role: "admin", param: "id", expected: 404 },
  "admin.reset-password.$token": { role: "guest", param: "token", expected: 410, post: 400 },
  "_guest.resetpassword.$token": { role: "guest", param: "token", expected: 410, post: 400 },
  "_member.details.profiledetails.$slug": { role: "member", param: "slug", expected: 404, post: 404 },
  "_member.details.profiledetails.set.$id": { role: "member", param: "id", expected: 404, post: 404 },
  "_member.details.data.csv.$table": { role: "member", param: "table", expected: 404 },
  "survey.start.$id": { role: "member", param: "id", expected: 404 },
  "view.survey.$slug": { role: "member", param: "slug", expected: 404, post: 404 },
  "prescreener.$survey": { role: "member", param: "survey", expected: 404, post: "/prescreener/*" },
  "admin._console._survey.lifecycle.$kind.$id": {
    role: "admin",
    param: "id",
    expected: 404,
    post: 404,
    others: { kind: "survey" },
  },
};

describe("unknown and malformed ids", () => {
  test("every route with a parameter is listed", () => {
    const withIds = Object.keys(ROUTE_MODULES).filter((id) => /\$\w/.test(id) && id !== "email.verify.$id.$hash");
    expect(Object.keys(UNKNOWN_IDS).sort()).toEqual(withIds.sort());
  });

  test.each(Object.keys(UNKNOWN_IDS))("%s", async (id) => {
    const { role, param, expected, post, others } = UNKNOWN_IDS[id];
    const { loader, action } = ROUTE_MODULES[id];
    const world = await createRoleWorld();
    const mismatches: string[] = [];
    for (const value of BAD_IDS) {
      const params = { ...others, [param]: value };
      const path = routePath(id, params);
      const cookie = world.cookies[role];
      const got = await outcomeOf(() => loader!({ request: roleRequest(cookie, path), params, context: {} }));
      if (!matches(expected, got, path)) mismatches.push(`GET ${JSON.stringify(value)}: ${describeOutcome(got)}`);
      if (post !== undefined && action) {
        const posted = await outcomeOf(() => action({ request: roleRequest(cookie, path, []), params, context: {} }));
        const allowed = Array.isArray(post) ? post : [post];
        if (!allowed.some((each) => matches(each, posted, path))) {
          mismatches.push(`POST ${JSON.stringify(value)}: ${describeOutcome(posted)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  test("a verification link with a bad id or hash fails (400), for a guest and a member", async () => {
    const world = await createRoleWorld();
    const { loader, action } = ROUTE_MODULES["email.verify.$id.$hash"];
    const { params, query } = fx.unverifiedMemberLink(world);
    const broken = [{ id: "abc" }, { id: "99999" }, { hash: "00" }, { hash: "\u0000" }].map((part) => ({
      ...params,
      ...part,
    }));
    for (const bad of broken) {
      for (const role of ["guest", "unverified"] as const) {
        const path = `${routePath("email.verify.$id.$hash", bad)}${query}`;
        const cookie = world.cookies[role];
        const opened = await outcomeOf(() => loader!({ request: roleRequest(cookie, path), params: bad, context: {} }));
        const posted = await outcomeOf(() =>
          action!({ request: roleRequest(cookie, path, []), params: bad, context: {} }),
        );
        expect([opened.status, posted.status]).toEqual([400, 400]);
      }
    }
    expect(
      (await getPrisma().member.findUniqueOrThrow({ where: { id: world.unverified.id } })).emailVerifiedAt,
    ).toBeNull();
  });
});

// Every action on a member (issue 18 point 2) with a complete, valid form: anyone but an active
// admin gets the 404 page and changes nothing; the admin's post does what it says.
describe("the actions on a member", () => {
  test.each(MEMBER_ACTION_INTENTS)("%s is the admins' alone", async (intent) => {
    const world = await createRoleWorld();
    const target = intent === "verify-email" ? world.unverified : world.member;
    const survey = await createTestSurvey({ points: 40 });
    const assignment = await getPrisma().assignment.create({
      data: {
        surveyId: survey.id,
        memberId: target.id,
        points: 40,
        status: ASSIGNMENT_STATUS.complete,
        respondentToken: `matrix-${intent}-${target.id}`,
      },
    });
    await getPrisma().$transaction(async (tx) => {
      await creditPoints(tx, {
        memberId: target.id,
        points: 40,
        type: "survey_completion",
        source: `assignment:${assignment.id}:complete`,
        remark: "Survey completed",
        assignmentId: assignment.id,
      });
      if (intent === "reinstate") await tx.member.update({ where: { id: target.id }, data: { status: "suspended" } });
    });
    const signal = await getPrisma().qualitySignal.create({
      data: { memberId: target.id, kind: "speeder", subject: `assignment:${assignment.id}`, evidence: {} },
    });
    const form: FormBody = [
      ["intent", intent],
      ["reason", "Matrix"],
      ["confirmed", "on"],
      ["points", "10"],
      ["key", crypto.randomUUID()],
      ["assignmentId", String(assignment.id)],
      ["signalId", String(signal.id)],
    ];
    const params = { id: String(target.id) };
    const path = routePath("admin._console.users_.$id", params);
    const { action } = ROUTE_MODULES["admin._console.users_.$id"];
    const before = await databaseSnapshot();
    const mismatches: string[] = [];
    for (const role of ROLES.filter((each) => each !== "admin")) {
      const outcome = await outcomeOf(() =>
        action!({ request: roleRequest(world.cookies[role], path, form), params, context: {} }),
      );
      if (!matches(404, outcome, path)) mismatches.push(`${role}: ${describeOutcome(outcome)}`);
    }
    expect(mismatches).toEqual([]);
    expect(changedTables(before, await databaseSnapshot())).toEqual([]);
    const outcome = await outcomeOf(() =>
      action!({ request: roleRequest(world.cookies.admin, path, form), params, context: {} }),
    );
    expect(describeOutcome(outcome)).toBe(`302 → ${path}`);
    expect(await getPrisma().auditEntry.count({ where: { adminId: world.admin.id } })).toBe(1);
  });
});
