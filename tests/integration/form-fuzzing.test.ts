import fc from "fast-check";
import { describe, expect, test, vi } from "vitest";
import "../support/google-mock-env";
import "../support/file-outbox";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { findProfileSurveySet } from "~/domain/profile-survey-sets.server";
import { creditPoints } from "~/domain/ledger.server";
import { getPrisma } from "~/lib/db.server";
import { getToast } from "~/lib/toast.server";
import { ORIGIN } from "../support/admin-requests";
import { changedTables, databaseSnapshot, type DatabaseSnapshot } from "../support/db-snapshot";
import { createTestAssignment, createTestSurvey } from "../support/factories";
import {
  ANSWER_TEXT,
  ANY_UNKNOWN_INTENT,
  CHOICE,
  describeBody,
  EMAIL,
  FILE_VALUE,
  fuzzBodies,
  fuzzRequest,
  HUGE,
  JUNK_ID,
  malformedRequests,
  MISSING,
  poisonGrid,
  OPAQUE,
  PASSWORD,
  QUESTION_NUMBER,
  TEXT,
  TICKED,
  twice,
  VALIDATE_WITHOUT_PAYLOAD,
  WHOLE_NUMBER,
  type FuzzBody,
  type Intent,
  type Poison,
  type Variant,
} from "../support/fuzz-bodies";
import { ROUTE_MODULES, routePath } from "../support/route-modules";
import {
  createRoleWorld,
  outcomeOf,
  roleHeaders,
  type Role,
  type RouteOutcome,
  type RoleWorld,
} from "../support/roles";
import * as fx from "../support/security-fixtures";
import { propertyRuns } from "../support/test-size";

// Form fuzzing (docs/decisions/030-security-suite.md): every route with an action receives generated
// bad forms from each role that may post to it. Each generated form holds at least one value its
// form refuses (a poison: missing, 1 MB, control characters, bytes that are not UTF-8, a file, a
// repeated field, a number out of range...), plus noise on every other known field, unknown fields
// and forged conform controls. The action must answer without a 5xx and without throwing anything
// but a Response, refuse with a 4xx (or the route's documented re-render or redirect), and leave
// every row of every table as it was. A fixed seed keeps failures reproducible; FUZZ_RUNS raises
// the number of forms per route and role.

// A route's generated posts take a few seconds; much longer on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const SEED = 20261122;
const RUNS = Number(process.env.FUZZ_RUNS ?? propertyRuns(8, 2));

interface FuzzTarget {
  params?: Record<string, string>;
  query?: string;
  /** Values worth trying in any field: ids of real objects of this world (someone else's, say). */
  extraValues?: string[];
  /** Facts the variants need (a set's version). */
  facts?: Record<string, string>;
}

interface FuzzRow {
  roles: Role[];
  /** The fields the route's forms post, for noise. */
  fields: string[];
  variants: Variant[] | ((target: FuzzTarget) => Variant[]);
  setup?: (world: RoleWorld) => Promise<FuzzTarget> | FuzzTarget;
  /** A refusal may re-render the form with its messages (200): step forms whose Previous and Next save nothing. */
  rerender?: boolean;
  /** A refusal may be a redirect: with an error toast (Post/Redirect/Get), or plain (back to the page). */
  redirects?: "error-toast" | "plain";
  /** Tables a refused post writes by design (a rate limit's counter); see the decision record. */
  ignore?: string[];
}

/** A payout reference (UTR / transaction id): letters, digits and - _ / . only, at most 64. */
const PAYOUT_REFERENCE: Poison[] = ["a b", "-lead", "x".repeat(65), HUGE, "\u0000", ["UTR1", "UTR2"], FILE_VALUE];

const QUESTIONNAIRE_FIELDS = ["cupsPerDay", "favourite", "extras", "remarks"];
const QUESTIONNAIRE_POISONS: [string, Poison[]][] = [
  ["cupsPerDay", QUESTION_NUMBER],
  ["favourite", [...CHOICE, twice("Espresso", "Latte")]],
  ["extras", [...CHOICE, twice("Milk", "NonePreferNotToSay")]],
  ["remarks", ANSWER_TEXT],
];
/** A rule's choices are posted as "o:{option}" (or "any"). */
const RULE_CHOICE: Poison[] = [
  MISSING,
  "",
  "Espresso",
  "o:Mocha",
  "\u0000",
  HUGE,
  FILE_VALUE,
  twice("o:Espresso", "o:Latte"),
];
const SURVEY_FIELDS = [
  "name",
  "slug",
  "description",
  "categoryId",
  "points",
  "lengthMinutes",
  "screenerId",
  "quota",
  "country",
  "delivery",
  "questionnaireId",
  "externalUrl",
  "screenOutPoints",
  "closesAt",
  "closeWhenQuotaFull",
];
const SURVEY_POISONS: [string, Poison[]][] = [
  ["name", TEXT],
  ["categoryId", [...WHOLE_NUMBER, "0"]],
  ["points", [...WHOLE_NUMBER, "1000001"]],
  ["lengthMinutes", [...WHOLE_NUMBER, "0", "601"]],
  ["delivery", [...CHOICE, "carrier-pigeon"]],
  // Screen-out compensation (decision 063): optional, so empty is fine; above a fifth of any points is not.
  ["screenOutPoints", [...WHOLE_NUMBER.filter((value) => value !== MISSING && value !== ""), "1000001"]],
  // Survey close (decision 062): not a date, 30 February, a date long past.
  ["closesAt", ["tomorrow", "2026-02-30T10:00", "2000-01-01T00:00", HUGE, FILE_VALUE, ["first", "second"]]],
];
const BUILDER_INTENTS = [
  "save",
  "preview",
  "submit",
  "add-page",
  "add-question:text",
  "delete-question:0:0",
  "set-required:0:0:yes",
];
const BAD_DRAFTS: Poison[] = [
  ...OPAQUE.filter((value) => value !== MISSING),
  "{}",
  "[]",
  "null",
  '{"title":1}',
  '{"title":"T","pages":"x"}',
];
const builderRow: FuzzRow = {
  roles: ["admin"],
  fields: ["draft", "version", "title", "description", "page.0", "question.0.0", "type.0.0", "option.0.0.0"],
  // No draft is stored, so a post without one has nothing to change (409) and a posted one must
  // parse; 'start' with a posted draft is just a post of that draft.
  variants: [
    ...["start", ...BUILDER_INTENTS].map((intent): Variant => ({ intent, poison: [["draft", BAD_DRAFTS]] })),
    ...BUILDER_INTENTS.map((intent) => ({ intent })),
    { intent: ANY_UNKNOWN_INTENT },
  ],
};

const FUZZ: Record<string, FuzzRow> = {
  // ——— Public forms ———
  "_guest.login": {
    roles: ["guest"],
    fields: ["email", "password", "remeber", "redirectTo"],
    variants: [
      {
        poison: [
          ["email", EMAIL],
          ["password", PASSWORD],
        ],
      },
    ],
  },
  "_guest.register": {
    roles: ["guest"],
    fields: [
      ...["fName", "lName", "email", "password", "password_confirmation"],
      ...["country", "state", "city", "pin", "day", "month", "year", "gender", "mobile", "terms"],
    ],
    variants: [
      {
        intent: "next",
        poison: [
          ["fName", TEXT],
          ["lName", TEXT],
          ["email", EMAIL],
          ["password", PASSWORD],
        ],
      },
      // Step 1 travels to step 2 in a draft whose id only a signed cookie carries (decision 076): a
      // fuzzed post has none, so Previous and Register refuse it whatever the form holds.
      { intent: "previous" },
      { intent: "register" },
      { intent: null },
      { intent: ANY_UNKNOWN_INTENT },
    ],
    // Step 1's Next counts every check per address before reading the form (registration.server.ts).
    ignore: ["RateLimit"],
  },
  "_guest.reset-password": { roles: ["guest"], fields: ["email"], variants: [{ poison: [["email", EMAIL]] }] },
  // A vendor's server-to-server callback (decision 060): public but signed, so every fuzzed post is
  // unsigned and refused (401). Each is kept in SurveyCallback for support, the one table it writes.
  "api.surveys.$id.callback": {
    roles: ["guest"],
    fields: ["token", "status", "loiSeconds"],
    setup: async (world) => {
      const { survey, assignment } = await fx.ownExternalAssignment(world);
      return { params: { id: String(survey.id) }, extraValues: [assignment.respondentToken, "complete"] };
    },
    variants: [
      {
        poison: [
          ["token", TEXT],
          ["status", [...CHOICE, "finished"]],
          ["loiSeconds", WHOLE_NUMBER],
        ],
      },
    ],
    // Every call is counted per survey and address before its body is read (decision 060): RateLimit changes by design.
    ignore: ["SurveyCallback", "RateLimit"],
  },
  "_guest.resetpassword.$token": {
    roles: ["guest"],
    fields: ["newPassword", "newPassword_confirmation", "email"],
    variants: [{ poison: [["newPassword", PASSWORD]] }],
    setup: () => ({ params: { token: "unknown-token" } }),
  },
  "auth.google": { roles: ["guest"], fields: ["intent", "redirectTo"], variants: [{ acts: [] }], redirects: "plain" },
  logout: { roles: ["guest"], fields: ["allDevices"], variants: [{ acts: [] }], redirects: "plain" },
  // The language form (decision 074): an unknown code goes back to the page and changes nothing.
  language: {
    roles: ["guest", "member"],
    fields: ["language", "redirectTo"],
    variants: [{ poison: [["language", [...CHOICE, "xx", "HI", "en-IN"]]] }],
    redirects: "plain",
  },

  // ——— The admin sign-in ———
  "admin._index": {
    roles: ["guest", "revokedAdmin"],
    fields: ["email", "password"],
    variants: [
      {
        poison: [
          ["email", EMAIL],
          ["password", PASSWORD],
        ],
      },
    ],
  },
  "admin.forgot-password": {
    roles: ["guest", "revokedAdmin"],
    fields: ["email"],
    variants: [{ poison: [["email", EMAIL]] }],
  },
  "admin.reset-password.$token": {
    roles: ["guest"],
    fields: ["newPassword", "newPassword_confirmation", "email"],
    variants: [{ poison: [["newPassword", PASSWORD]] }],
    setup: () => ({ params: { token: "unknown-token" } }),
  },
  "admin.logout": { roles: ["guest"], fields: ["allDevices"], variants: [{ acts: [] }], redirects: "plain" },
  // Without a half-open sign-in every post goes back to the password step.
  "admin.verify-code": {
    roles: ["guest", "revokedAdmin"],
    fields: ["code"],
    variants: [{ acts: [] }],
    redirects: "plain",
  },
  // The world's admin has not opened the page, so there is no enrolment to confirm, and nothing to turn off.
  "admin.two-factor": {
    roles: ["admin"],
    fields: ["code", "password"],
    variants: [
      { intent: "enrol", poison: [["code", TEXT]] },
      { intent: "disable", poison: [["password", PASSWORD]] },
      { intent: null },
      { intent: ANY_UNKNOWN_INTENT },
    ],
  },

  // ——— The member area ———
  // A verified member's Resend has nothing to send: back to the page.
  "email.verify._index": { roles: ["member"], fields: [], variants: [{ acts: [] }], redirects: "plain" },
  // A member who has not agreed to the current terms (decision 067): a box not ticked records nothing.
  "terms.agree": {
    roles: ["member"],
    fields: ["terms", "redirectTo"],
    setup: async (world) => {
      await getPrisma().member.update({
        where: { id: world.member.id },
        data: { termsAgreedVersion: null, termsAgreedAt: null },
      });
      return {};
    },
    variants: [{ poison: [["terms", [...TICKED, HUGE, twice("on", "off")]]] }],
  },
  "_member.details.user": {
    roles: ["member", "incomplete"],
    fields: [
      "firstName",
      "lastName",
      "gender",
      "dobDay",
      "dobMonth",
      "dobYear",
      "country",
      "state",
      "city",
      "pin",
      "mobile",
      "invitationMails",
    ],
    variants: [
      {
        poison: [
          ["firstName", TEXT],
          ["gender", [...CHOICE, "prefer_not"]],
          ["country", [...CHOICE, "ZZ"]],
          ["dobYear", [MISSING, "", "1899", "2999", "abc", "20000", FILE_VALUE]],
          ["pin", [MISSING, "", "!!", "a", "12345678901", FILE_VALUE]],
          ["state", TEXT],
          ["city", TEXT],
        ],
      },
      // The invitation-mail choice (decision 068): a checkbox posts "on" or nothing.
      {
        intent: "invitation-mails",
        poison: [["invitationMails", ["off", "ON", "true", "1", "\u0000", HUGE, FILE_VALUE, ["on", "on"]]]],
      },
    ],
  },
  "_member.details.password": {
    roles: ["member"],
    fields: ["oldPassword", "newPassword", "newPassword_confirmation"],
    variants: [{ poison: [["newPassword", [...PASSWORD, "short"]]] }],
  },
  "_member.account._index": {
    roles: ["member"],
    fields: [
      "accountId",
      "confirmed",
      "holderName",
      "paypalEmail",
      "upiId",
      "bankName",
      "bankAccountNumber",
      "bankIfsc",
    ],
    // The member has no payout account; the other member's account id is tried in every field.
    setup: async (world) => {
      const othersAccount = await fx.ownPaymentAccount({ ...world, member: world.otherMember });
      return { extraValues: [String(othersAccount.id)] };
    },
    variants: [
      {
        intent: "delete",
        poison: [
          ["confirmed", TICKED],
          ["accountId", JUNK_ID],
        ],
      },
      {
        intent: "add-paypal",
        poison: [
          ["holderName", TEXT],
          ["paypalEmail", [...EMAIL, "someone-else@example.com"]],
        ],
      },
      {
        intent: "add-upi",
        poison: [
          ["holderName", TEXT],
          ["upiId", [MISSING, "", "no-at-sign", "a@1", "@okhdfc", HUGE, "a\u0000@okhdfc", FILE_VALUE]],
        ],
      },
      {
        intent: "add-bank",
        poison: [
          ["holderName", TEXT],
          ["bankAccountNumber", [MISSING, "", "12", "abc", "1".repeat(19), "\u0000", FILE_VALUE]],
          ["bankIfsc", [MISSING, "", "HDFC1000123", "HDFC0000123X", "\u0000", FILE_VALUE]],
        ],
      },
      { intent: null },
      { intent: ANY_UNKNOWN_INTENT },
    ],
  },
  "_member.account.delete": {
    roles: ["member"],
    fields: ["password", "confirmation", "understood"],
    variants: [
      {
        poison: [
          ["confirmation", [MISSING, "", "DELET", "DELETE\u0000", "DELETE please", HUGE, FILE_VALUE]],
          ["understood", [MISSING, "", "off", "false", FILE_VALUE]],
        ],
      },
    ],
  },
  "_member.points": {
    roles: ["member"],
    fields: ["points", "method", "requestKey"],
    setup: async (world) => {
      await fx.ownPaymentAccount(world, 5000);
      return {};
    },
    variants: [
      {
        poison: [
          ["points", [...WHOLE_NUMBER, "0", "999", "5001", "999999999"]],
          ["method", [...CHOICE, "crypto", twice("bank", "bank")]],
        ],
      },
    ],
  },
  "_member.details.profiledetails.$slug": {
    roles: ["member"],
    fields: ["modeAccessInternet", "frequencyAccessInternet", "browser", "techDevices"],
    setup: async () => ({ params: { slug: (await fx.builtInProfileSurvey("technology")).slug ?? "" } }),
    variants: [{ poison: [["modeAccessInternet", [...CHOICE, twice("Home", "Office")]]] }],
  },
  "_member.details.profiledetails.set.$id": {
    roles: ["member", "otherMember"],
    fields: ["q1"],
    setup: async (world) => ({ params: { id: String(await fx.indianProfileSet(world)) } }),
    variants: [{ poison: [["q1", ANSWER_TEXT]] }],
  },
  // Previous and Next show a page again (200) and save nothing; another member's post is sent back
  // to the page, which shows them nothing.
  "prescreener.$survey": {
    roles: ["member", "otherMember"],
    fields: ["_page", "confirmed", ...QUESTIONNAIRE_FIELDS],
    setup: async (world) => ({ params: { survey: String((await fx.ownScreenedSurvey(world)).survey.id) } }),
    variants: [
      { intent: "previous" },
      { intent: "next" },
      { intent: "submit", poison: QUESTIONNAIRE_POISONS },
      { intent: null, poison: QUESTIONNAIRE_POISONS },
      { intent: ANY_UNKNOWN_INTENT, poison: QUESTIONNAIRE_POISONS },
    ],
    rerender: true,
    redirects: "plain",
  },
  // conform's validate intent is answered with the messages (200) and saves nothing. A step post
  // (decision 075) naming a page that does not exist is a 400; Next and Previous of a real page may
  // save the member's answer draft, and nothing else.
  "view.survey.$slug": {
    roles: ["member", "otherMember"],
    fields: QUESTIONNAIRE_FIELDS,
    setup: async (world) => ({
      params: { slug: (await fx.ownHostedSurvey(world, ASSIGNMENT_STATUS.started)).survey.slug },
    }),
    variants: [
      { poison: QUESTIONNAIRE_POISONS },
      { intent: "next", poison: [["_page", ["-1", "2", "99999", "x", "1e3", " 0", "\u0000"]]] },
      { intent: "next", base: [["_page", "0"]], acts: ["AnswerDraft"], poison: QUESTIONNAIRE_POISONS },
      { intent: "previous", base: [["_page", "1"]], acts: ["AnswerDraft"], poison: QUESTIONNAIRE_POISONS },
    ],
    rerender: true,
  },

  // ——— The back office ———
  "admin._console.admins.register": {
    roles: ["admin"],
    fields: ["name", "email", "password", "password_confirmation"],
    variants: [
      {
        poison: [
          ["name", TEXT],
          ["email", EMAIL],
          ["password", [...PASSWORD, "short"]],
        ],
      },
    ],
  },
  // Revoke and grant of an id that names no admin come back with an error toast.
  "admin._console.admins.view._index": {
    roles: ["admin"],
    fields: ["id", "confirmed"],
    setup: (world) => ({ extraValues: [String(world.revokedAdmin.id), String(world.admin.id)] }),
    variants: [
      {
        intent: "revoke",
        poison: [
          ["confirmed", TICKED],
          ["id", JUNK_ID],
        ],
      },
      {
        intent: "grant",
        poison: [
          ["confirmed", TICKED],
          ["id", JUNK_ID],
        ],
      },
      { intent: null },
      { intent: ANY_UNKNOWN_INTENT },
    ],
    redirects: "error-toast",
  },
  "admin._console.admins.view.$id": {
    roles: ["admin"],
    fields: ["current_password", "password", "password_confirmed", "confirmed", "js", "superAdmin"],
    setup: (world) => ({ params: { id: String(world.revokedAdmin.id) } }),
    variants: [
      { intent: "delete", poison: [["confirmed", TICKED]] },
      { intent: "super-admin", poison: [["confirmed", TICKED]] },
      { intent: "reset-two-factor", poison: [["confirmed", TICKED]] },
      { intent: null, poison: [["password", [...PASSWORD, "short"]]] },
      { intent: ANY_UNKNOWN_INTENT, poison: [["password", [...PASSWORD, "short"]]] },
    ],
  },
  "admin._console._survey.survey.new": {
    roles: ["admin"],
    fields: SURVEY_FIELDS,
    variants: [{ poison: SURVEY_POISONS }],
  },
  // Launch and Unlaunch are buttons without fields: they act on the survey whatever else is posted.
  "admin._console._survey.survey.$id": {
    roles: ["admin"],
    fields: SURVEY_FIELDS,
    setup: async () => ({ params: { id: String((await createTestSurvey()).id) } }),
    variants: [
      { intent: null, poison: SURVEY_POISONS },
      { intent: ANY_UNKNOWN_INTENT, poison: SURVEY_POISONS },
      { intent: "launch", acts: ["Survey", "AuditEntry"] },
      { intent: "unlaunch", acts: ["Survey", "AuditEntry"] },
      // Rotation acts only with its confirmation box ticked (exactly "on", as a browser posts it).
      { intent: "rotate-secret", poison: [["confirm", [MISSING, "", "off", "ON", "true", FILE_VALUE]]] },
    ],
  },
  "admin._console._survey.survey.build": builderRow,
  "admin._console._survey.screenercreate": builderRow,
  "admin._console._survey.profilesurvey._index": {
    roles: ["admin"],
    fields: ["title", "country", "reward"],
    variants: [
      {
        poison: [
          ["title", TEXT],
          ["country", [...CHOICE, "ZZ", "in", "IND"]],
          ["reward", [...WHOLE_NUMBER, "10001"]],
        ],
      },
    ],
  },
  // The editor's buttons other than Save show the edited set again (200) and store nothing.
  "admin._console._survey.profilesurvey.$id": {
    roles: ["admin"],
    fields: ["version", "draft", "question.0.0", "type.0.0", "option.0.0.0", "condition.0.0"],
    setup: async (world) => {
      const id = await fx.indianProfileSet(world);
      const set = await findProfileSurveySet(id);
      return { params: { id: String(id) }, facts: { version: set?.version ?? "" } };
    },
    variants: ({ facts = {} }) => {
      // The set as its editor's form carries it: one text question q1 (decision 042).
      const draft = {
        title: "",
        description: "",
        selectedPage: null,
        pages: [
          {
            name: "",
            questions: [{ key: "q1", name: "Question 1", type: "text", required: true, options: [], optionCodes: [] }],
          },
        ],
      };
      const base: [string, string][] = [
        ["version", facts.version ?? ""],
        ["draft", JSON.stringify(draft)],
        ["type.0.0", "text"],
      ];
      return [
        // A missing name input renames nothing (as in the builder), so the set's draft is the poisoned field.
        { intent: "save", base, poison: [["draft", BAD_DRAFTS]] },
        ...[
          "add-question:text",
          "delete-question:0:0",
          "set-required:0:0:no",
          "add-option:0:0",
          "delete-option:0:0:0",
          "set-condition:0:0",
          null,
        ].map((intent): Variant => ({ intent, base })),
        { intent: ANY_UNKNOWN_INTENT, base },
      ];
    },
    rerender: true,
  },
  // Previous and Next show a page again (200) and save nothing.
  "admin._console._survey.screener.rules.$id": {
    roles: ["admin"],
    fields: ["_page", "_replace", "min:cupsPerDay", "max:cupsPerDay", "rule:favourite", "rule:extras"],
    setup: async (world) => ({ params: { id: String((await fx.adminScreener(world)).id) } }),
    variants: [
      { intent: "previous" },
      { intent: "next" },
      ...(["submit", null, ANY_UNKNOWN_INTENT] as Intent[]).map((intent): Variant => ({
        intent,
        poison: [["rule:favourite", RULE_CHOICE]],
      })),
    ],
    rerender: true,
  },
  "admin._console._survey.surveysassignv2._index": {
    roles: ["admin"],
    fields: ["survey_id", "screener_id", "points", "user", "all_users"],
    setup: async (world) => ({ extraValues: [String((await createTestSurvey()).id), String(world.member.id), "on"] }),
    variants: [
      {
        poison: [
          ["points", [...WHOLE_NUMBER, "1000001"]],
          ["survey_id", JUNK_ID],
        ],
      },
    ],
  },
  // A post that names no assignment of this survey comes back with an error toast.
  "admin._console._survey.surveysassignv2.$id": {
    roles: ["admin"],
    fields: ["assignment", "confirm"],
    setup: async (world) => {
      const survey = await createTestSurvey();
      const ended = await createTestAssignment(survey.id, world.member.id, {
        status: ASSIGNMENT_STATUS.notAllowed,
        endedAt: new Date(),
      });
      const open = await createTestAssignment(survey.id, world.otherMember.id);
      return { params: { id: String(survey.id) }, extraValues: [String(ended.id), String(open.id)] };
    },
    variants: [
      {
        intent: "delete",
        poison: [
          ["confirm", TICKED],
          ["assignment", JUNK_ID],
        ],
      },
      { intent: "reassign", poison: [["assignment", JUNK_ID]] },
      { intent: null, poison: [["assignment", JUNK_ID]] },
      { intent: ANY_UNKNOWN_INTENT, poison: [["assignment", JUNK_ID]] },
    ],
    redirects: "error-toast",
  },
  // Add Demographics and Preview show the form again (200) and store nothing.
  "admin._console._survey.surveysassignv2.demographics": {
    roles: ["admin"],
    fields: ["question", "option", "points"],
    setup: async () => ({ query: `?survey=${(await createTestSurvey()).id}` }),
    variants: [
      { intent: "add" },
      { intent: "preview" },
      ...(["assign", null, ANY_UNKNOWN_INTENT] as Intent[]).map((intent): Variant => ({
        intent,
        // Read with formData.get: a repeated field is its first value, not a poison.
        poison: [["points", [...WHOLE_NUMBER.filter((value) => !Array.isArray(value)), "1000001"]]],
      })),
    ],
    rerender: true,
  },
  // Appeals (decision 073): a refused appeal or decision stores nothing and moves no points.
  "_member.activities.appeal.$event": {
    roles: ["member"],
    fields: ["message"],
    setup: async (world) => ({ params: { event: (await fx.ownQualityTermination(world)).event } }),
    variants: [{ poison: [["message", TEXT]] }],
  },
  "admin._console.appeals": {
    roles: ["admin"],
    fields: ["appealId", "reply"],
    setup: async (world) => {
      const { assignmentId } = await fx.ownQualityTermination(world);
      const appeal = await getPrisma().appeal.create({
        data: {
          memberId: world.member.id,
          kind: "quality_termination",
          subjectId: assignmentId,
          eventKey: `quality_termination:${assignmentId}`,
          message: "Unfair",
        },
      });
      return { extraValues: [String(appeal.id)] };
    },
    variants: [
      ...(["grant", "uphold"] as Intent[]).map((intent): Variant => ({ intent, poison: [["reply", TEXT]] })),
      ...(["grant", "uphold"] as Intent[]).map((intent): Variant => ({ intent, poison: [["appealId", JUNK_ID]] })),
      { intent: null },
      { intent: ANY_UNKNOWN_INTENT },
    ],
    // An appeal that does not exist (or is already decided) is reported in an error toast.
    redirects: "error-toast",
  },
  "admin._console.withdrawal.req.$referenceId": {
    roles: ["admin"],
    fields: ["reason", "confirmed"],
    setup: async (world) => ({ params: { referenceId: await fx.ownWithdrawal(world) } }),
    variants: [
      { intent: "reject", poison: [["reason", TEXT]] },
      { intent: "approve", poison: [["confirmed", [MISSING, "", "off", "ON", "true", FILE_VALUE, twice("on", "on")]]] },
      { intent: "approve", poison: [["payoutReference", PAYOUT_REFERENCE]] },
      { intent: null },
      { intent: ANY_UNKNOWN_INTENT },
    ],
  },
  // Payout batches (decision 054): a refused batch records nothing and marks nothing Sent.
  "admin._console.payouts.new": {
    roles: ["admin"],
    fields: ["method", "withdrawals"],
    setup: async (world) => ({ query: "?method=bank", extraValues: [await fx.ownWithdrawal(world)] }),
    variants: [
      { intent: "create", poison: [["method", [MISSING, "", "cash", "UPI", HUGE, FILE_VALUE, twice("upi", "bank")]]] },
      { intent: "create", poison: [["withdrawals", [MISSING, "", "WD1", "\u0000", HUGE, FILE_VALUE, ...JUNK_ID]]] },
      { intent: null },
      { intent: ANY_UNKNOWN_INTENT },
    ],
  },
  // A refused result changes no payout, ledger entry or balance.
  "admin._console.payouts.$id": {
    roles: ["admin"],
    fields: ["withdrawal", "payoutReference", "reason", "file"],
    setup: async (world) => {
      const { batchId, referenceId } = await fx.sentPayoutBatch(world);
      return { params: { id: String(batchId) }, extraValues: [referenceId] };
    },
    variants: [
      { intent: "paid", poison: [["payoutReference", PAYOUT_REFERENCE]] },
      { intent: "failed", poison: [["reason", TEXT]] },
      { intent: "upload", poison: [["file", [MISSING, "", "reference,status,transaction id", FILE_VALUE]]] },
      { intent: null },
      { intent: ANY_UNKNOWN_INTENT },
    ],
  },
  // Reconciliation (decision 061): a preview changes nothing, and Apply refuses any text but the
  // previewed file's (its hash), so no refused post reverses or credits anything.
  "admin._console._survey.survey.$id_.reconcile": {
    roles: ["admin"],
    fields: ["file", "content", "hash"],
    setup: async (world) => {
      const survey = await createTestSurvey();
      const assignment = await createTestAssignment(survey.id, world.member.id, {
        status: ASSIGNMENT_STATUS.complete,
        endedAt: new Date(),
      });
      const token = assignment.respondentToken;
      return {
        params: { id: String(survey.id) },
        extraValues: [token, `token,status,reason\n${token},reversed,fraud\n`],
      };
    },
    variants: [
      { intent: "preview", poison: [["file", [MISSING, "", "token,status,reason", FILE_VALUE]]] },
      { intent: "apply", poison: [["hash", [MISSING, "", "abc", HUGE, FILE_VALUE]]] },
      { intent: "apply", poison: [["content", [MISSING, "", "junk", HUGE, FILE_VALUE]]] },
      { intent: null },
      { intent: ANY_UNKNOWN_INTENT },
    ],
  },
  // The withdrawals queue's bulk form (decision 052). A real pending withdrawal is among the values,
  // so a post may select it: a form without the tick answers the confirmation step (200), and
  // references that name nothing are reported in an error toast.
  "admin._console.withdrawal.req": {
    roles: ["admin"],
    fields: ["referenceId", "confirmed", "step", "reason"],
    setup: async (world) => ({ extraValues: [await fx.ownWithdrawal(world)] }),
    rerender: true,
    redirects: "error-toast",
    variants: [
      {
        intent: "approve-selected",
        poison: [["referenceId", [...JUNK_ID, MISSING, "wd-1", "\u0000", HUGE, FILE_VALUE]]],
      },
      { intent: "approve-selected", poison: [["confirmed", ["off", "ON", "true", FILE_VALUE, twice("on", "on")]]] },
      { intent: "approve-selected", poison: [["step", ["x", "CONFIRM", FILE_VALUE, twice("confirm", "confirm")]]] },
      { intent: "reject-selected", poison: [["reason", TEXT]] },
      { intent: "reject-selected", poison: [["referenceId", [...JUNK_ID, MISSING, "wd-1", HUGE, FILE_VALUE]]] },
      { intent: null },
      { intent: ANY_UNKNOWN_INTENT },
    ],
  },
  // The actions on a member (issue 18 point 2): each refuses a post without its reason, its ticked
  // box, or (adjust, reverse) a valid number, key and assignment of this member.
  "admin._console.users_.$id": {
    roles: ["admin"],
    fields: ["reason", "confirmed", "points", "key", "assignmentId", "signalId"],
    setup: async (world) => {
      const survey = await createTestSurvey({ points: 40 });
      const assignment = await createTestAssignment(survey.id, world.member.id, {
        status: ASSIGNMENT_STATUS.complete,
        endedAt: new Date(),
      });
      await getPrisma().$transaction((tx) =>
        creditPoints(tx, {
          memberId: world.member.id,
          points: 40,
          type: "survey_completion",
          source: `assignment:${assignment.id}:complete`,
          remark: "Survey completed",
          assignmentId: assignment.id,
        }),
      );
      const signal = await getPrisma().qualitySignal.create({
        data: { memberId: world.member.id, kind: "speeder", subject: `assignment:${assignment.id}`, evidence: {} },
      });
      return {
        params: { id: String(world.member.id) },
        extraValues: [String(assignment.id), String(signal.id), "on", "-10", "10"],
      };
    },
    variants: [
      ...["suspend", "reinstate", "close", "verify-email", "sign-out"].map((intent): Variant => ({
        intent,
        poison: [
          ["reason", TEXT],
          ["confirmed", TICKED],
        ],
      })),
      {
        intent: "adjust-points",
        poison: [
          ["points", [...QUESTION_NUMBER, "0", "1.5", "-1.5", "1000001", "-1000001"]],
          ["reason", TEXT],
          ["confirmed", TICKED],
          ["key", OPAQUE],
        ],
      },
      {
        intent: "reverse-complete",
        poison: [
          ["assignmentId", JUNK_ID],
          ["reason", TEXT],
          ["confirmed", TICKED],
        ],
      },
      // Issue 20: clearing a quality signal needs the signal (of this member) and a reason.
      {
        intent: "clear-signal",
        poison: [
          ["signalId", JUNK_ID],
          ["reason", TEXT],
        ],
      },
      { intent: null },
      { intent: ANY_UNKNOWN_INTENT },
    ],
  },
  // The lifecycle (decision 056): close and archive act only with their box ticked (exactly "on").
  "admin._console._survey.lifecycle.$kind.$id": {
    roles: ["admin"],
    fields: ["confirmed"],
    setup: async () => ({ params: { kind: "survey", id: String((await createTestSurvey()).id) } }),
    variants: [
      { intent: "close", poison: [["confirmed", TICKED]] },
      { intent: "archive", poison: [["confirmed", TICKED]] },
      { intent: "reopen", acts: ["Survey", "AuditEntry"] },
      { intent: "unarchive", acts: ["Survey", "AuditEntry"] },
      { intent: "clone", acts: ["Survey", "AuditEntry"] },
      { intent: null },
      { intent: ANY_UNKNOWN_INTENT },
    ],
  },
};

// Fuzzed by URL rather than by body: the link is the input (the test further below).
const FUZZED_ELSEWHERE: Record<string, string> = {
  "email.verify.$id.$hash": "its action reads no form: the verification link's parts are fuzzed instead",
  $: "a path that does not exist: its action reads nothing and answers 404 (the access matrix checks it)",
};

const statusesOf = (row: FuzzRow) => (outcome: RouteOutcome) =>
  (outcome.status >= 400 && outcome.status < 500) ||
  (row.rerender === true && outcome.status === 200) ||
  (row.redirects !== undefined && outcome.status >= 300 && outcome.status < 400);

async function toastType(outcome: RouteOutcome): Promise<string | null> {
  const cookie = outcome.response?.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .find((value) => value.startsWith("__toast="));
  if (!cookie) return null;
  return (await getToast(new Request(ORIGIN, { headers: { Cookie: cookie } }))).toast?.type ?? null;
}

/** What is wrong with this answer to a refused post, or null. */
async function refusalProblem(row: FuzzRow, outcome: RouteOutcome): Promise<string | null> {
  if (outcome.error !== undefined) return `threw ${String(outcome.error)}`;
  if (outcome.status >= 500) return `answered ${outcome.status}`;
  if (!statusesOf(row)(outcome)) return `answered ${outcome.status}${outcome.location ? ` → ${outcome.location}` : ""}`;
  const redirected = outcome.status >= 300 && outcome.status < 400;
  if (redirected && row.redirects === "error-toast" && (await toastType(outcome)) !== "error") {
    return `redirected to ${outcome.location} without an error toast`;
  }
  return null;
}

describe("form fuzzing", () => {
  test("the database snapshot sees a change of one field of one row", async () => {
    const world = await createRoleWorld();
    const before = await databaseSnapshot();
    expect(await databaseSnapshot()).toEqual(before);
    await getPrisma().member.update({ where: { id: world.member.id }, data: { city: "Mysuru" } });
    expect(changedTables(before, await databaseSnapshot())).toEqual(["Member"]);
  });

  test("covers every route module with an action", () => {
    const withActions = Object.keys(ROUTE_MODULES).filter((id) => ROUTE_MODULES[id].action);
    expect([...Object.keys(FUZZ), ...Object.keys(FUZZED_ELSEWHERE)].sort()).toEqual(withActions.sort());
  });

  const cases = Object.entries(FUZZ).flatMap(([id, row]) => row.roles.map((role) => [id, role] as const));

  test.each(cases)("%s as %s", async (id, role) => {
    const row = FUZZ[id];
    const action = ROUTE_MODULES[id].action!;
    const world = await createRoleWorld();
    const target = (await row.setup?.(world)) ?? {};
    const params = target.params ?? {};
    const path = `${routePath(id, params)}${target.query ?? ""}`;
    const cookie = world.cookies[role];
    const variants = typeof row.variants === "function" ? row.variants(target) : row.variants;
    const ignore = row.ignore ?? [];
    let before: DatabaseSnapshot = await databaseSnapshot({ ignore });

    /** Runs one post; returns what went wrong, or null. */
    const check = async (request: Request, acts: string[] | undefined, label: () => string): Promise<string | null> => {
      const outcome = await outcomeOf(() => action({ request, params, context: {} }));
      const after = await databaseSnapshot({ ignore });
      const changed = changedTables(before, after).filter((table) => !acts?.includes(table));
      before = after;
      if (changed.length > 0) return `${label()}: changed ${changed.join(", ")} (answered ${outcome.status})`;
      // A button that acts may answer as it likes, short of a server error.
      const crashed = outcome.error !== undefined || outcome.status >= 500;
      const problem = acts && !crashed ? null : await refusalProblem(row, outcome);
      return problem ? `${label()}: ${problem}` : null;
    };

    // Once per route (as the first role that may post): bodies that are not forms at all, and every
    // poison of every variant alone.
    if (role === row.roles[0]) {
      const acting = variants.every((variant) => variant.acts !== undefined) ? variants[0].acts : undefined;
      for (const { label, request } of malformedRequests(cookie, path)) {
        expect(await check(request, acting, () => `${label} body`), `POST ${path} as ${role}`).toBeNull();
      }
      for (const body of poisonGrid(variants)) {
        const problem = await check(fuzzRequest(cookie, path, body.entries), body.variant.acts, () =>
          describeBody(body),
        );
        expect(problem, `POST ${path} as ${role}`).toBeNull();
      }
    }

    await fc.assert(
      fc.asyncProperty(
        fuzzBodies(variants, { fields: row.fields, extraValues: target.extraValues }),
        async (body: FuzzBody) => {
          const problem = await check(fuzzRequest(cookie, path, body.entries), body.variant.acts, () =>
            describeBody(body),
          );
          if (problem) throw new Error(problem);
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});

describe("verification link fuzzing", () => {
  // Every check of a link is counted per address (email-verification.server.ts): RateLimit changes by design.
  const ignore = ["RateLimit"];
  const part = fc.oneof(
    fc.constantFrom("", "0", "-1", "abc", "99999", "9".repeat(30), "\u0000", "%", "a".repeat(5000)),
    fc.constantFrom("0".repeat(64), "f".repeat(64), "G".repeat(64)),
    fc.string({ maxLength: 70 }),
    fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 64, maxLength: 64 }),
  );

  test.each(["guest", "unverified"] as const)("a forged or broken link verifies nothing, as %s", async (role) => {
    const { loader, action } = ROUTE_MODULES["email.verify.$id.$hash"];
    const world = await createRoleWorld();
    const real = fx.unverifiedMemberLink(world);
    const realQuery = new URLSearchParams(real.query);
    let before = await databaseSnapshot({ ignore });
    await fc.assert(
      fc.asyncProperty(
        fc.record({ which: fc.constantFrom("id", "hash", "expires", "signature"), value: part, post: fc.boolean() }),
        async ({ which, value, post }) => {
          // One part of the real link is replaced: the signature no longer matches whatever it is.
          const params = { ...real.params, ...(which === "id" || which === "hash" ? { [which]: value } : {}) };
          const query = new URLSearchParams(realQuery);
          if (which === "expires" || which === "signature") query.set(which, value);
          const unchanged =
            params.id === real.params.id && params.hash === real.params.hash && `${query}` === `${realQuery}`;
          if (unchanged) return;
          const url = `${ORIGIN}${routePath("email.verify.$id.$hash", params)}?${query}`;
          const headers = roleHeaders(world.cookies[role], { post });
          const request = new Request(url, { method: post ? "POST" : "GET", headers });
          const run = post ? action! : loader!;
          const outcome = await outcomeOf(() => run({ request, params, context: {} }));
          const after = await databaseSnapshot({ ignore });
          const changed = changedTables(before, after);
          before = after;
          const label = `${post ? "POST" : "GET"} ${which}=${JSON.stringify(value.slice(0, 40))}`;
          if (changed.length > 0) throw new Error(`${label}: changed ${changed.join(", ")}`);
          if (outcome.error !== undefined || outcome.status < 400 || outcome.status >= 500) {
            throw new Error(`${label}: answered ${outcome.status} ${String(outcome.error ?? "")}`);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS * 2, endOnFailure: true },
    );
    expect(
      (await getPrisma().member.findUniqueOrThrow({ where: { id: world.unverified.id } })).emailVerifiedAt,
    ).toBeNull();
  });
});

// GET forms and query parameters: the loaders that read the query answer bad values without a 5xx
// and without writing anything.
interface QueryRow {
  role: Role;
  names: string[];
  setup?: (world: RoleWorld) => Promise<FuzzTarget> | FuzzTarget;
  ignore?: string[];
}

const QUERIES: Record<string, QueryRow> = {
  "_guest.login": { role: "guest", names: ["redirectTo"] },
  "_guest.resetpassword.$token": {
    role: "guest",
    names: ["email"],
    setup: () => ({ params: { token: "unknown-token" } }),
  },
  "admin.reset-password.$token": {
    role: "guest",
    names: ["email"],
    setup: () => ({ params: { token: "unknown-token" } }),
  },
  "auth.google.respond": { role: "guest", names: ["code", "state", "error"] },
  "_member.dashboard": { role: "member", names: ["page"] },
  "_member.survey": { role: "member", names: ["page"] },
  "_member.activities.surveyRecords": { role: "member", names: ["page"] },
  "_member.activities.PointsRecords": { role: "member", names: ["page"] },
  "_member.details.user": { role: "member", names: ["edit"] },
  // Tokens that name no assignment of the member's change nothing.
  "surveys.redirect": { role: "member", names: ["status", "token", "signature"] },
  "admin._console.users": {
    role: "admin",
    names: ["email", "id", "name", "phone", "country", "status", "from", "to", "sort", "after", "before", "last"],
  },
  "admin._console.users_.$id": {
    role: "admin",
    names: ["ledger", "assignments", "withdrawals", "audit", "reverse"],
    setup: (world) => ({ params: { id: String(world.member.id) } }),
  },
  "admin._console.audit": { role: "admin", names: ["page", "admin", "action", "member", "from", "to"] },
  "admin._console.withdrawal.req": {
    role: "admin",
    names: ["page", "status", "method", "from", "to", "minAmount", "maxAmount"],
  },
  "admin._console.payouts._index": { role: "admin", names: ["page"] },
  "admin._console.payouts.new": { role: "admin", names: ["method"] },
  "admin._console._survey.survey._index": { role: "admin", names: ["page", "archived"] },
  // The CSV exports write their audit entry (who downloaded what), and only that.
  "admin._console.users_.export[.]csv": {
    role: "admin",
    names: ["email", "id", "name", "phone", "country", "status", "from", "to", "sort"],
    ignore: ["AuditEntry"],
  },
  "admin._console.ledger.export[.]csv": { role: "admin", names: ["member", "from", "to"], ignore: ["AuditEntry"] },
  "admin._console.withdrawal.export[.]csv": {
    role: "admin",
    names: ["status", "method", "from", "to", "minAmount", "maxAmount"],
    ignore: ["AuditEntry"],
  },
  "admin._console.audit_.export[.]csv": {
    role: "admin",
    names: ["admin", "action", "member", "from", "to"],
    ignore: ["AuditEntry"],
  },
  "admin._console._survey.survey.new": { role: "admin", names: ["questionnaire"] },
  "admin._console._survey.screener.list": { role: "admin", names: ["page", "archived"] },
  "admin._console._survey.screener.view.$id": {
    role: "admin",
    names: ["page"],
    setup: async (world) => ({ params: { id: String((await fx.adminScreener(world)).id) } }),
  },
  // With a survey's assign form open, so that the screener filter is searched.
  "admin._console._survey.surveysassignv2._index": {
    role: "admin",
    names: ["screener_q", "page", "assign"],
    setup: async () => ({ query: `assign=${(await createTestSurvey()).id}` }),
  },
  "admin._console._survey.surveysassignv2.$id": {
    role: "admin",
    names: ["page", "member"],
    setup: async () => ({ params: { id: String((await createTestSurvey()).id) } }),
  },
  "admin._console._survey.survey.$id_.results": {
    role: "admin",
    names: ["outcome", "from", "to", "page", "text", "textPage"],
    setup: async (world) => ({ params: { id: String((await fx.ownHostedSurvey(world)).survey.id) } }),
  },
  // The results CSV writes its audit entry (who downloaded what), and only that.
  "admin._console._survey.survey.$id_.results[.]csv": {
    role: "admin",
    names: ["outcome", "from", "to", "profile"],
    setup: async (world) => ({ params: { id: String((await fx.ownHostedSurvey(world)).survey.id) } }),
    ignore: ["AuditEntry"],
  },
  // The field report reads no query parameter: a stray page (as on the other lists) or any other is ignored.
  "admin._console._survey.survey.$id_.field": {
    role: "admin",
    names: ["page"],
    setup: async (world) => ({ params: { id: String((await fx.ownHostedSurvey(world)).survey.id) } }),
  },
  "admin._console._survey.surveysassignv2.demographics": {
    role: "admin",
    names: ["page", "survey"],
    setup: async () => ({ query: `survey=${(await createTestSurvey()).id}` }),
  },
  "admin._console._survey.profilesurvey._index": { role: "admin", names: ["archived"] },
  "admin._console._survey.lifecycle.$kind.$id": {
    role: "admin",
    names: ["change"],
    setup: async () => ({ params: { kind: "survey", id: String((await createTestSurvey()).id) } }),
  },
};

/** Already encoded: NUL, a lone %, bytes that are not UTF-8, a huge number, a long value. */
const NASTY_QUERY_VALUES = ["%00", "a%00b", "%", "%FF%FE", "9".repeat(40), "-1", "x".repeat(10_000)];

describe("query fuzzing", () => {
  const value = fc.oneof(
    fc.constantFrom("", "0", "-1", "1.5", "abc", "9".repeat(40), "\u0000", "%", "%00", "a\u0000b", "😀", "\uFFFD"),
    fc.constantFrom("a".repeat(10_000), "1", "2"),
    fc.string({ maxLength: 30 }),
    fc.string({ unit: "binary", maxLength: 12 }),
  );

  test.each(Object.keys(QUERIES))("%s", async (id) => {
    const row = QUERIES[id];
    const loader = ROUTE_MODULES[id].loader!;
    const world = await createRoleWorld();
    const target = (await row.setup?.(world)) ?? {};
    const params = target.params ?? {};
    const ignore = row.ignore ?? [];
    const values = target.extraValues?.length ? fc.oneof(value, fc.constantFrom(...target.extraValues)) : value;
    let before = await databaseSnapshot({ ignore });
    const get = async (query: string) => {
      const path = `${routePath(id, params)}?${target.query ? `${target.query}&` : ""}${query}`;
      const request = new Request(`${ORIGIN}${path}`, { headers: roleHeaders(world.cookies[row.role]) });
      const outcome = await outcomeOf(() => loader({ request, params, context: {} }));
      const after = await databaseSnapshot({ ignore });
      const changed = changedTables(before, after);
      before = after;
      if (outcome.error !== undefined || outcome.status >= 500) {
        throw new Error(`GET ${path.slice(0, 200)}: answered ${outcome.status} ${String(outcome.error ?? "")}`);
      }
      if (changed.length > 0) throw new Error(`GET ${path.slice(0, 200)}: changed ${changed.join(", ")}`);
    };
    // Each parameter alone with the values that break naive code, then random mixes.
    for (const name of row.names) {
      for (const nasty of NASTY_QUERY_VALUES) await get(`${encodeURIComponent(name)}=${nasty}`);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...row.names, "x", "__proto__"), values), { minLength: 1, maxLength: 4 }),
        fc.option(fc.constantFrom("%FF%FE", "%C3%28", "%ED%A0%80", "%"), { nil: undefined }),
        async (pairs, rawTail) => {
          const query = pairs
            .map(([name, each]) => `${encodeURIComponent(name)}=${encodeURIComponent(each)}`)
            .join("&");
          await get(`${query}${rawTail ? `&${row.names[0]}=${rawTail}` : ""}`);
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});

// Found by this suite: readFormData once kept a conform 'validate' control intent without a payload,
// on which conform throws 'Unknown form control intent' (a 500 on every conform form). Fixed in
// app/lib/forms.server.ts; this keeps it fixed.
describe("fixed bugs", () => {
  test("a conform validate intent without a payload is refused, not a 500", async () => {
    const world = await createRoleWorld();
    const crashed: string[] = [];
    for (const [id, row] of Object.entries(FUZZ)) {
      if (row.setup) continue;
      const request = fuzzRequest(world.cookies[row.roles[0]], routePath(id), [
        ["__intent__", VALIDATE_WITHOUT_PAYLOAD],
      ]);
      const outcome = await outcomeOf(() => ROUTE_MODULES[id].action!({ request, params: {}, context: {} }));
      if (outcome.error !== undefined || outcome.status >= 500) crashed.push(id);
    }
    expect(crashed).toEqual([]);
  });
});
