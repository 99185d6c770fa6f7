import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { AUDIT_FILTER_MESSAGES, readAuditFilters } from "~/domain/audit-filters";
import { AUDIT_ACTIONS, auditSentence, isAuditAction, sentenceText } from "~/domain/audit-sentences";

// The audit log reads each entry as a sentence. Every action in the AuditAction union must have
// one: the union is read from the source, so adding an action without a sentence fails here (and
// in the type check, through `satisfies Record<AuditAction, …>`).

const ACTOR = "Asha (asha@panel.test)";

function unionActions(): string[] {
  const source = readFileSync("app/domain/audit.server.ts", "utf8");
  const union = /export type AuditAction =([^;]+);/.exec(source)?.[1] ?? "";
  return [...union.matchAll(/"([^"]+)"/g)].map((match) => match[1]);
}

/** Details as each action's recordAudit call stores them (grep recordAudit). */
const SAMPLE_DETAILS: Record<string, Record<string, unknown>> = {
  "admin.created": { email: "new@panel.test", name: "New Admin" },
  "admin.revoked": { email: "old@panel.test", sessionsEnded: 2 },
  "admin.granted": { email: "back@panel.test" },
  "admin.password_changed": { email: "x@panel.test", own: false },
  "admin.password_reset": {},
  "admin.deleted": { email: "gone@panel.test", name: "Gone" },
  "admin.super_admin_granted": { email: "s@panel.test" },
  "admin.super_admin_revoked": { email: "s@panel.test" },
  "admin.two_factor_enabled": { otherSessionsEnded: 1 },
  "admin.two_factor_disabled": {},
  "admin.two_factor_reset": { email: "lost@panel.test", sessionsEnded: 1 },
  "admin.recovery_code_used": { recoveryCodesLeft: 9 },
  "profile_survey.created": { title: "Pets", country: "IN", points: 20 },
  "profile_survey.updated": { title: "Pets", questions: 4, removedQuestions: ["cat"] },
  "screener.created": { questionnaireId: 3, title: "Drivers" },
  "screener.rules_added": { rules: 2, questions: ["age", "car"] },
  "survey.created": { name: "Cars", slug: "cars", delivery: "hosted", points: 500 },
  "survey.updated": { name: "Cars", changed: ["name", "points"], points: 600 },
  "survey.launched": { name: "Cars" },
  "survey.unlaunched": { name: "Cars" },
  "survey.return_secret_rotated": { name: "Cars", previousValidUntil: "2026-11-26T20:00:00.000Z" },
  "assignment.created": { surveyId: 5, memberId: 40, screenerId: null, points: 300 },
  "audience.saved_all": { points: 100, screenerId: null, country: "IN", targets: [], confirmedCount: 0 },
  "audience.saved_by_demographics": {
    points: 100,
    country: "IN",
    targets: [{ questionId: 1, optionId: 2 }],
    confirmedCount: 1200,
  },
  "audience.deleted": {},
  "assignment.reassigned": { from: 7, surveyId: 5, memberId: 40, points: 300 },
  "assignment.deleted": { surveyId: 5, memberId: 40, status: "assigned" },
  "withdrawal.first_approved": { memberId: 40, points: 60000, amountMinor: 600000, reasons: ["amount"] },
  "withdrawal.approved": { memberId: 40, points: 500, amountMinor: 5000 },
  "withdrawal.rejected": { memberId: 40, points: 500, amountMinor: 5000, reason: "Wrong account" },
  "points.adjusted": { points: -200, reason: "Duplicate complete", referenceId: "P1", balance: 800 },
  "member.suspended": {
    reason: "Two accounts",
    sessionsEnded: 1,
    before: { status: "active" },
    after: { status: "suspended" },
  },
  "member.reinstated": { reason: "Cleared", before: { status: "suspended" }, after: { status: "active" } },
  "member.closed": { reason: "Fraud", sessionsEnded: 0, before: { status: "active" }, after: { status: "closed" } },
  "member.email_verified": {
    reason: "Video call",
    email: "m@panel.test",
    before: { emailVerified: "no" },
    after: { emailVerified: "yes" },
  },
  "member.signed_out": { reason: "Lost phone", sessionsEnded: 2, before: { sessions: 2 }, after: { sessions: 0 } },
  "assignment.completion_reversed": {
    memberId: 40,
    surveyId: 5,
    reason: "Speeding",
    points: 80,
    shortfall: 0,
    referenceId: "P2",
    balance: 20,
    before: { reward: "credited", balance: 100 },
    after: { reward: "reversed", balance: 20 },
  },
  "survey.closed": { name: "Cars", before: { Closed: "no" }, after: { Closed: "yes" } },
  "survey.reopened": { name: "Cars", before: { Closed: "yes" }, after: { Closed: "no" } },
  "survey.archived": { name: "Cars", before: { Archived: "no" }, after: { Archived: "yes" } },
  "survey.unarchived": { name: "Cars", before: { Archived: "yes" }, after: { Archived: "no" } },
  "survey.cloned": { name: "Cars (copy)", from: 3, fromName: "Cars" },
  "screener.closed": { name: "Drivers", before: { Closed: "no" }, after: { Closed: "yes" } },
  "screener.reopened": { name: "Drivers", before: { Closed: "yes" }, after: { Closed: "no" } },
  "screener.archived": { name: "Drivers", before: { Archived: "no" }, after: { Archived: "yes" } },
  "screener.unarchived": { name: "Drivers", before: { Archived: "yes" }, after: { Archived: "no" } },
  "screener.cloned": { name: "Drivers (copy)", from: 3, fromName: "Drivers" },
  "profile_survey.closed": { name: "Pets", before: { Closed: "no" }, after: { Closed: "yes" } },
  "profile_survey.reopened": { name: "Pets", before: { Closed: "yes" }, after: { Closed: "no" } },
  "profile_survey.archived": { name: "Pets", before: { Archived: "no" }, after: { Archived: "yes" } },
  "profile_survey.unarchived": { name: "Pets", before: { Archived: "yes" }, after: { Archived: "no" } },
  "profile_survey.cloned": { name: "Pets (copy)", from: 3, fromName: "Pets" },
  "screener.rules_replaced": {
    rules: 1,
    questions: ["age"],
    before: { Rules: "age 18–65" },
    after: { Rules: "age 21–65" },
  },
  "payout_batch.created": { method: "upi", count: 3, amountMinor: 30000, withdrawals: ["W-1", "W-2", "W-3"] },
  "payout_batch.downloaded": { method: "upi", count: 3 },
  "payout_batch.results_uploaded": { paid: 2, returned: 1, rows: 3 },
  "payout.paid": {
    memberId: 40,
    points: 1000,
    batchId: 7,
    via: "file",
    before: { Status: "sent" },
    after: { Status: "success", "Payout reference": "UTR1" },
  },
  "payout.returned": {
    memberId: 40,
    points: 1000,
    batchId: 7,
    via: "hand",
    reason: "VPA not found",
    before: { Status: "sent" },
    after: { Status: "returned" },
  },
  "export.downloaded": { export: "members", filters: { status: "active", country: "IN" }, rows: 1200, completed: true },
  "survey.reconciled": {
    name: "Cars",
    reconciliationId: 3,
    fileHash: "ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12",
    rows: 6,
    matched: 4,
    changed: 3,
    unchanged: 1,
    unknown: 1,
    errors: 1,
    reversed: 2,
    approved: 1,
    pointsTaken: 100,
    pointsRecredited: 50,
    shortfall: 0,
  },
  "quality_signal.cleared": {
    reason: "Flatmates, checked by phone",
    signalId: 4,
    kind: "shared_device",
    before: { qualityScore: 75, signal: "open" },
    after: { qualityScore: 100, signal: "cleared" },
  },
  "withdrawal.released": {
    memberId: 7,
    points: 500,
    amountMinor: 50000,
    holdReason: "quality_score",
    holdScore: 85,
    reason: "Speeder signal cleared after a look at the answers",
    before: { Status: "held" },
    after: { Status: "pending" },
  },
  "appeal.granted": {
    appealId: 3,
    kind: "reversal",
    event: "120 points taken back (PT261127ABCDEF)",
    points: 120,
    reason: "The buyer's check was wrong; sorry.",
    before: { Appeal: "open" },
    after: { Appeal: "granted" },
  },
  "appeal.upheld": {
    appealId: 4,
    kind: "quality_termination",
    event: "Survey 9 ended by a quality check",
    points: 0,
    reason: "The attention question was answered wrongly.",
    before: { Appeal: "open" },
    after: { Appeal: "upheld" },
  },
};

const sentenceOf = (action: string, details: unknown = SAMPLE_DETAILS[action], targetId = "12", targetType = "x") =>
  auditSentence({ action, actor: ACTOR, targetType, targetId, details });

describe("every audit action has a sentence", () => {
  test("the AuditAction union and the sentences list the same actions", () => {
    const union = unionActions();
    expect(union.length).toBeGreaterThan(20);
    expect(union.filter((action) => !isAuditAction(action))).toEqual([]);
    expect([...AUDIT_ACTIONS].sort()).toEqual([...union].sort());
  });

  test.each(unionActions())("%s reads as a sentence that starts with the admin and shows no raw values", (action) => {
    expect(SAMPLE_DETAILS).toHaveProperty([action]);
    const text = sentenceText(sentenceOf(action));
    expect(text.startsWith(ACTOR)).toBe(true);
    expect(text).not.toMatch(/undefined|null|\[object|NaN|did "/);
  });
});

describe("sentences", () => {
  test("an approved withdrawal names the withdrawal and the member, linked, and the change of status", () => {
    const sentence = sentenceOf("withdrawal.approved", SAMPLE_DETAILS["withdrawal.approved"], "W-12");
    expect(sentenceText(sentence)).toBe(`${ACTOR} approved withdrawal W-12 of member #40 for 500 points`);
    expect(sentence.parts).toContainEqual({ text: "member #40", href: "/admin/users/40" });
    expect(sentence.parts).toContainEqual({ text: "withdrawal W-12", href: "/admin/withdrawal/req/W-12" });
    expect(sentence.changes).toEqual([{ field: "Status", before: "pending", after: "success" }]);
  });

  test("a returned payout names the withdrawal, the member, the points back and the reason; its status changed", () => {
    const sentence = sentenceOf("payout.returned", SAMPLE_DETAILS["payout.returned"], "W-12");
    expect(sentenceText(sentence)).toBe(
      `${ACTOR} recorded withdrawal W-12 of member #40 as returned, 1,000 points back to the member: "VPA not found"`,
    );
    expect(sentence.changes).toEqual([{ field: "Status", before: "sent", after: "returned" }]);
    expect(sentenceText(sentenceOf("payout_batch.created", SAMPLE_DETAILS["payout_batch.created"], "7"))).toBe(
      `${ACTOR} sent payout batch #7 of 3 UPI withdrawal(s)`,
    );
  });

  test("a points adjustment shows the member's balance before and after", () => {
    const sentence = sentenceOf("points.adjusted", SAMPLE_DETAILS["points.adjusted"], "40", "member");
    expect(sentenceText(sentence)).toBe(`${ACTOR} took 200 points from member #40: "Duplicate complete"`);
    expect(sentence.changes).toEqual([{ field: "Balance", before: "1,000 points", after: "800 points" }]);
  });

  test("a suspension reads with its reason and shows the status before and after", () => {
    const sentence = sentenceOf("member.suspended", SAMPLE_DETAILS["member.suspended"], "40", "member");
    expect(sentenceText(sentence)).toBe(`${ACTOR} suspended member #40: "Two accounts", ending 1 session(s)`);
    expect(sentence.changes).toEqual([{ field: "status", before: "active", after: "suspended" }]);
  });

  test("a reversed complete names the member and the points taken back", () => {
    const sentence = sentenceOf(
      "assignment.completion_reversed",
      SAMPLE_DETAILS["assignment.completion_reversed"],
      "9",
    );
    expect(sentenceText(sentence)).toBe(
      `${ACTOR} reversed the complete of assignment #9 of member #40, taking back 80 points: "Speeding"`,
    );
    expect(sentence.changes).toEqual([
      { field: "reward", before: "credited", after: "reversed" },
      { field: "balance", before: "100", after: "20" },
    ]);
  });

  test("points above the cap say a super-admin allowed them", () => {
    const text = sentenceText(
      sentenceOf("assignment.created", { surveyId: 5, memberId: 40, points: 20000, aboveCap: true, cap: 10000 }, "9"),
    );
    expect(text).toBe(
      `${ACTOR} assigned survey #5 to member #40 for 20,000 points (above the cap of 10,000 points, allowed for a super-admin) (assignment #9)`,
    );
  });

  test("details that carry before and after objects show only the fields that changed", () => {
    const sentence = sentenceOf("survey.updated", {
      name: "Cars",
      before: { status: "active", points: 10 },
      after: { status: "suspended", points: 10 },
    });
    expect(sentence.changes).toEqual([{ field: "status", before: "active", after: "suspended" }]);
  });

  test("turning on a survey's server callback shows the setting going from no to yes", () => {
    const sentence = sentenceOf("survey.updated", {
      name: "Cars",
      changed: ["requireCallback"],
      requireCallback: true,
    });
    expect(sentence.changes).toEqual([{ field: "Require the server callback", before: "no", after: "yes" }]);
  });

  test("a change of a survey's screen-out compensation shows both amounts", () => {
    const sentence = sentenceOf("survey.updated", {
      name: "Cars",
      changed: ["screenOutPoints"],
      screenOutPoints: { before: 0, after: 20 },
    });
    expect(sentence.changes).toEqual([{ field: "Screen-out compensation", before: "0 points", after: "20 points" }]);
  });

  test("a survey's close date and 'close when the quota is full' read in words (decision 062)", () => {
    const sentence = sentenceOf("survey.updated", {
      name: "Cars",
      changed: ["closesAt", "closeWhenQuotaFull", "name"],
      closesAt: "2026-12-31T18:00:00.000Z",
      closeWhenQuotaFull: true,
    });
    expect(sentence.changes).toEqual([
      { field: "Close date", after: "2026-12-31 18:00 UTC" },
      { field: "Close when the quota is full", after: "yes" },
      { field: "name", after: "changed" },
    ]);
    const removed = sentenceOf("survey.updated", { name: "Cars", changed: ["closesAt"], closesAt: null });
    expect(removed.changes).toEqual([{ field: "Close date", after: "none" }]);
  });

  test("an archived survey reads with its name and the change of Archived", () => {
    const sentence = sentenceOf("survey.archived", SAMPLE_DETAILS["survey.archived"], "7");
    expect(sentenceText(sentence)).toBe(`${ACTOR} archived survey #7 "Cars"`);
    expect(sentence.changes).toEqual([{ field: "Archived", before: "no", after: "yes" }]);
  });

  test("a clone names the original and the copy", () => {
    const text = sentenceText(sentenceOf("screener.cloned", SAMPLE_DETAILS["screener.cloned"], "9"));
    expect(text).toBe(`${ACTOR} cloned screener #3 "Drivers" as screener #9 "Drivers (copy)"`);
  });

  test("an entry of an unknown (older) action shows its details readably", () => {
    const sentence = auditSentence({
      action: "member.merged",
      actor: ACTOR,
      targetType: "member",
      targetId: "40",
      details: { into: 41, notes: ["same phone", "same name"], extra: { by: "support" } },
    });
    expect(sentenceText(sentence)).toBe(
      `${ACTOR} did "member.merged" on member #40 (into: 41; notes: same phone, same name; extra: by: support)`,
    );
    expect(sentence.parts).toContainEqual({ text: "member #40", href: "/admin/users/40" });
  });

  test("an export says which, with what filters, and how many rows it wrote or where it stopped", () => {
    expect(sentenceText(sentenceOf("export.downloaded", SAMPLE_DETAILS["export.downloaded"], "members"))).toBe(
      `${ACTOR} downloaded the members as CSV (filters: country: IN; status: active): 1,200 rows`,
    );
    const stopped = sentenceOf(
      "export.downloaded",
      { export: "ledger", filters: { member: 40 }, memberId: 40, rows: 5000, completed: false },
      "ledger",
    );
    expect(sentenceText(stopped)).toBe(
      `${ACTOR} downloaded the points ledger of member #40 as CSV (filters: member: 40); the download stopped after 5,000 rows`,
    );
    expect(stopped.parts).toContainEqual({ text: "member #40", href: "/admin/users/40" });
    // Written at the start, before the count is known.
    expect(sentenceText(sentenceOf("export.downloaded", { export: "audit", filters: {} }, "audit"))).toBe(
      `${ACTOR} downloaded the audit log as CSV (no filters)`,
    );
  });

  test("a reconciliation names the survey, what changed, the points moved and the file", () => {
    expect(sentenceText(sentenceOf("survey.reconciled", SAMPLE_DETAILS["survey.reconciled"], "5"))).toBe(
      `${ACTOR} applied a reconciliation file to survey #5 "Cars": 2 reversed, 1 approved again, 1 unchanged, ` +
        "1 unknown token(s), 1 line(s) with errors; 100 points taken back, 50 points credited again (file ab12cd34ef56…)",
    );
  });

  test("a cleared quality signal names its kind, the member and the reason", () => {
    expect(sentenceText(sentenceOf("quality_signal.cleared", SAMPLE_DETAILS["quality_signal.cleared"], "7"))).toBe(
      `${ACTOR} cleared a shared device signal of member #7: "Flatmates, checked by phone"`,
    );
  });

  test("an entry without details still reads", () => {
    expect(sentenceText(sentenceOf("survey.launched", null, "3"))).toBe(`${ACTOR} launched survey #3`);
  });
});

describe("reading the filters", () => {
  const read = (query: string) => readAuditFilters(new URLSearchParams(query));

  test("good values become filters and are shown back as typed", () => {
    expect(read("admin=3&action=points.adjusted&member=+40+&from=2026-11-01&to=2026-11-25")).toMatchObject({
      filters: { adminId: 3, action: "points.adjusted", memberId: 40, from: "2026-11-01", to: "2026-11-25" },
      values: { member: "40" },
      errors: {},
    });
    expect(read("")).toEqual({ filters: {}, values: {}, errors: {} });
  });

  test("bad values get a message under their field", () => {
    expect(read("admin=x&action=drop.table&member=4O&from=2026-02-30&to=yesterday").errors).toEqual({
      admin: [AUDIT_FILTER_MESSAGES.admin],
      action: [AUDIT_FILTER_MESSAGES.action],
      member: [AUDIT_FILTER_MESSAGES.member],
      from: [AUDIT_FILTER_MESSAGES.date],
      to: [AUDIT_FILTER_MESSAGES.date],
    });
    expect(read("member=0").errors).toEqual({ member: [AUDIT_FILTER_MESSAGES.member] });
    expect(read(`member=${"9".repeat(40)}`).errors).toEqual({ member: [AUDIT_FILTER_MESSAGES.member] });
    expect(read("from=2026-11-25&to=2026-11-24").errors).toEqual({ to: [AUDIT_FILTER_MESSAGES.range] });
  });
});

describe("appeal sentences", () => {
  test("a granted appeal names the member, the event, the points returned and the reply", () => {
    const sentence = sentenceOf("appeal.granted", SAMPLE_DETAILS["appeal.granted"], "40", "member");
    expect(sentenceText(sentence)).toBe(
      `${ACTOR} granted appeal #3 of member #40 about 120 points taken back (PT261127ABCDEF), 120 points returned: "The buyer's check was wrong; sorry."`,
    );
    expect(sentence.parts).toContainEqual({ text: "member #40", href: "/admin/users/40" });
    expect(sentence.changes).toEqual([{ field: "Appeal", before: "open", after: "granted" }]);
  });

  test("an upheld appeal says the decision stands, with the reply", () => {
    const sentence = sentenceOf("appeal.upheld", SAMPLE_DETAILS["appeal.upheld"], "40", "member");
    expect(sentenceText(sentence)).toBe(
      `${ACTOR} upheld the decision appealed in appeal #4 of member #40 about Survey 9 ended by a quality check: "The attention question was answered wrongly."`,
    );
    expect(sentence.changes).toEqual([{ field: "Appeal", before: "open", after: "upheld" }]);
  });
});
