import { APP_ORIGIN } from "../support/file-outbox";
import { describe, expect, test } from "vitest";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { debitPoints, getBalance, listPointsHistory } from "~/domain/ledger.server";
import { reverseComplete } from "~/domain/member-actions.server";
import { MAX_RECONCILIATION_ROWS, REVERSAL_REASONS } from "~/domain/reconciliation-schema";
import {
  applyReconciliation,
  previewReconciliation,
  reconciliationFileHash,
  type ReconciliationReport,
} from "~/domain/reconciliation.server";
import type { Admin } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { action, loader } from "~/routes/admin._console._survey.survey.$id_.reconcile";
import { adminCookie, ORIGIN } from "../support/admin-requests";
import {
  createTestAdmin,
  createTestAssignment,
  createTestMember,
  createTestPaidComplete,
  createTestSurvey,
} from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { toastOf } from "../support/requests";

// Reconciliation uploads (issue 19 point 6, docs/decisions/061-reconciliation.md): a preview changes
// nothing; applying reverses rewards through the ledger once (with the reason the member reads) and
// approves reversed completes again with one re-credit; the same file applied twice, or twice at
// once, changes once; tokens of other surveys are unknown; bad lines are reported by line number.

/** A member with a complete of the survey, its reward credited as survey delivery credits it. */
async function complete(surveyId: number, points = 100) {
  const member = await createTestMember();
  const assignment = await createTestPaidComplete(surveyId, member.id, { points });
  return { member, assignment, token: assignment.respondentToken };
}

const csv = (...lines: string[]) => ["token,status,reason", ...lines].join("\n") + "\n";

async function apply(admin: Admin, surveyId: number, text: string): Promise<ReconciliationReport> {
  const result = await applyReconciliation(admin, surveyId, text, reconciliationFileHash(text));
  if (!result.ok) throw new Error(result.message);
  return result;
}

/** Everything a reconciliation could change, to compare before and after. */
async function moneyState() {
  const prisma = getPrisma();
  const [entries, members, reconciled, reconciliations, audits, mails] = await Promise.all([
    prisma.pointsTransaction.findMany({ orderBy: { id: "asc" }, select: { source: true, change: true, status: true } }),
    prisma.member.findMany({ orderBy: { id: "asc" }, select: { id: true, pointsBalance: true } }),
    prisma.reconciledComplete.count(),
    prisma.reconciliation.count(),
    prisma.auditEntry.count(),
    prisma.queuedMail.count(),
  ]);
  return { entries, members, reconciled, reconciliations, audits, mails };
}

const balanceOf = (memberId: number) => getBalance(getPrisma(), memberId);

const mailTo = (email: string) => getPrisma().queuedMail.findMany({ where: { to: email }, orderBy: { id: "asc" } });

describe("reconciliation", () => {
  test("a preview sorts a mixed file and changes nothing", async () => {
    const survey = await createTestSurvey({ name: "Coffee habits" });
    const other = await createTestSurvey();
    const a = await complete(survey.id);
    const b = await complete(survey.id);
    const c = await complete(survey.id);
    const foreign = await complete(other.id);
    const member = await createTestMember();
    const started = await createTestAssignment(survey.id, member.id, { status: ASSIGNMENT_STATUS.started });
    const text = csv(
      `${a.token},reversed,speeding`,
      `${b.token},approved,`,
      `${foreign.token},reversed,fraud`,
      "nosuchtoken,approved,",
      "",
      `${c.token},REVERSED,`,
      `${c.token},reversed,quality`,
      `${started.respondentToken},approved,`,
      ",approved,",
      `${b.token},reversed,quality`,
      "x y,approved,",
      `${a.token}x,maybe,`,
      `${a.token}y,reversed,sleepy`,
    );
    const before = await moneyState();

    const preview = await previewReconciliation(survey.id, text);
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.lastApplied).toBeNull();
    const { summary } = preview;
    expect(summary.total).toBe(12);
    expect(summary.changes).toEqual([
      { line: 2, token: a.token, from: "approved", to: "reversed", reason: "speeding" },
    ]);
    expect(summary.unchanged).toEqual([{ line: 3, token: b.token, status: "approved" }]);
    // A token of another survey is unknown here, like a token that does not exist.
    expect(summary.unknown).toEqual([
      { line: 4, token: foreign.token },
      { line: 5, token: "nosuchtoken" },
    ]);
    expect(summary.errors.map((error) => error.line)).toEqual([7, 8, 9, 10, 11, 12, 13, 14]);
    expect(summary.errors[0].message).toBe(
      `The reversal of ${c.token} has no reason code (one of speeding, straightlining, duplicate, quality, fraud, other).`,
    );
    expect(summary.errors[1].message).toBe(`${c.token} is already on line 7; a token may appear once.`);
    expect(summary.errors[2].message).toBe(
      `${started.respondentToken} is not a complete (its status is Started); only completes are reconciled.`,
    );
    expect(summary.errors[3].message).toBe("The token is empty.");
    expect(summary.errors[4].message).toBe(`${b.token} is already on line 3; a token may appear once.`);
    expect(summary.errors[5].message).toBe('"x y" is not a respondent token.');
    expect(summary.errors[6].message).toBe(`The status of ${a.token}x, "maybe", is neither approved nor reversed.`);
    expect(summary.errors[7].message).toContain('The reason "sleepy"');

    expect(await moneyState()).toEqual(before);
  });

  test("applying a mixed file reverses once with the reason the member reads, and audits the counts", async () => {
    const admin = await createTestAdmin();
    const survey = await createTestSurvey({ name: "Coffee habits" });
    const other = await createTestSurvey();
    const a = await complete(survey.id, 100);
    const b = await complete(survey.id, 60);
    const foreign = await complete(other.id, 80);
    const text = csv(
      `${a.token},reversed,straightlining`,
      `${b.token},approved,`,
      `${foreign.token},reversed,fraud`,
      `${b.token}zz,nope,`,
    );
    const report = await apply(admin, survey.id, text);
    expect(report).toMatchObject({ reversed: 1, approved: 0, pointsTaken: 100, pointsRecredited: 0, shortfall: 0 });
    expect(report.message).toBe(
      "Reconciliation applied: 1 complete(s) reversed (100 points taken back), 0 approved again (0 points credited). 1 unchanged. 1 unknown token(s) not applied. 1 line(s) with errors not applied.",
    );
    expect(await balanceOf(a.member.id)).toBe(0);
    expect(await balanceOf(b.member.id)).toBe(60);
    // The other survey's complete is untouched.
    expect(await balanceOf(foreign.member.id)).toBe(80);

    const history = await listPointsHistory(a.member.id, 1);
    expect(history.rows.map((row) => [row.remark, row.change, row.status])).toEqual([
      [`Reward for "Coffee habits" taken back: ${REVERSAL_REASONS.straightlining}`, -100, "Completed"],
      ["Survey completed", 100, "Reversed"],
    ]);

    // The member whose reward was taken back is mailed once; the others not at all.
    const [mail, ...more] = await mailTo(a.member.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe("100 points taken from your balance");
    expect(mail.text).toContain(
      `100 points were taken from your balance.\nReason: Reward for "Coffee habits" taken back: ${REVERSAL_REASONS.straightlining}\nYour balance is now 0 points.`,
    );
    expect(mail.text).toContain(`${APP_ORIGIN}/activities/PointsRecords`);
    expect(mail.text).toContain("you can appeal it once from your Points History.");
    expect(await mailTo(b.member.email)).toEqual([]);
    expect(await mailTo(foreign.member.email)).toEqual([]);

    const recorded = await getPrisma().reconciliation.findMany();
    expect(recorded).toMatchObject([
      {
        surveyId: survey.id,
        adminId: admin.id,
        adminEmail: admin.email,
        fileHash: reconciliationFileHash(text),
        rows: 4,
        matched: 2,
        changed: 1,
        unchanged: 1,
        unknown: 1,
        errors: 1,
        reversed: 1,
        approved: 0,
      },
    ]);
    const audit = await getPrisma().auditEntry.findFirstOrThrow({ where: { action: "survey.reconciled" } });
    expect(audit).toMatchObject({ adminId: admin.id, targetType: "survey", targetId: String(survey.id) });
    expect(audit.details).toMatchObject({
      fileHash: reconciliationFileHash(text),
      rows: 4,
      matched: 2,
      changed: 1,
      unknown: 1,
      errors: 1,
      reversed: 1,
      pointsTaken: 100,
    });
  });

  test("the same file applied twice changes nothing the second time, and the preview says it was applied", async () => {
    const admin = await createTestAdmin();
    const survey = await createTestSurvey();
    const a = await complete(survey.id);
    const b = await complete(survey.id);
    const text = csv(`${a.token},reversed,duplicate`, `${b.token},approved,`);
    await apply(admin, survey.id, text);
    const after = await moneyState();

    const preview = await previewReconciliation(survey.id, text.replaceAll("\n", "\r\n"));
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.summary.changes).toEqual([]);
    expect(preview.lastApplied?.adminEmail).toBe(admin.email);

    const again = await apply(admin, survey.id, text);
    expect(again).toMatchObject({ reversed: 0, approved: 0, pointsTaken: 0, pointsRecredited: 0 });
    expect(again.message).toBe("Reconciliation applied: nothing changed. 2 complete(s) already had their status.");
    const second = await moneyState();
    expect(second.entries).toEqual(after.entries);
    expect(second.members).toEqual(after.members);
    // The replay mails no one: the reversed member has the one mail of the first apply.
    expect(second.mails).toBe(after.mails);
    expect(await mailTo(a.member.email)).toHaveLength(1);
    // Both applies are recorded and audited; the second changed nothing.
    expect(await getPrisma().reconciliation.findMany({ orderBy: { id: "asc" }, select: { changed: true } })).toEqual([
      { changed: 1 },
      { changed: 0 },
    ]);
    expect(await getPrisma().auditEntry.count({ where: { action: "survey.reconciled" } })).toBe(2);
  });

  test("reverse, then approve: re-credited once; reversed and approved again, the re-credit has its own key", async () => {
    const admin = await createTestAdmin();
    const survey = await createTestSurvey({ name: "Tea" });
    const a = await complete(survey.id, 100);
    const reverse = csv(`${a.token},reversed,quality`);
    const approve = csv(`${a.token},approved,`);

    await apply(admin, survey.id, reverse);
    expect(await balanceOf(a.member.id)).toBe(0);
    expect((await apply(admin, survey.id, approve)).pointsRecredited).toBe(100);
    expect(await balanceOf(a.member.id)).toBe(100);
    // The approval applied again credits nothing more.
    expect((await apply(admin, survey.id, approve)).pointsRecredited).toBe(0);
    expect(await balanceOf(a.member.id)).toBe(100);

    // A second reversal takes the re-credit back; a second approval credits under a new key.
    expect((await apply(admin, survey.id, csv(`${a.token},reversed,fraud`))).pointsTaken).toBe(100);
    expect(await balanceOf(a.member.id)).toBe(0);
    await apply(admin, survey.id, approve);
    expect(await balanceOf(a.member.id)).toBe(100);

    const entries = await getPrisma().pointsTransaction.findMany({
      where: { memberId: a.member.id },
      orderBy: { id: "asc" },
      select: { source: true, change: true, status: true, type: true },
    });
    const id = a.assignment.id;
    expect(entries).toEqual([
      { source: `assignment:${id}:complete`, change: 100, status: "reversed", type: "survey_completion" },
      { source: `assignment:${id}:complete:reversal`, change: -100, status: "completed", type: "completion_reversal" },
      { source: `assignment:${id}:recredit:1`, change: 100, status: "reversed", type: "survey_completion" },
      {
        source: `assignment:${id}:recredit:1:reversal`,
        change: -100,
        status: "completed",
        type: "completion_reversal",
      },
      { source: `assignment:${id}:recredit:2`, change: 100, status: "completed", type: "survey_completion" },
    ]);
    // Each of the four changes mailed once; the approval applied again, not at all.
    const mails = await mailTo(a.member.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "100 points taken from your balance",
      "100 points added to your balance",
      "100 points taken from your balance",
      "100 points added to your balance",
    ]);
    expect(mails[1].text).toContain(
      '100 points were added to your balance.\nReason: Reward for "Tea" given back: the researcher approved your complete\nYour balance is now 100 points.',
    );
    expect(mails[1].text).toContain("If you have a question about it, contact support at support@panel.test.");

    const history = await listPointsHistory(a.member.id, 1);
    expect(history.rows[0].remark).toBe('Reward for "Tea" given back: the researcher approved your complete');
    expect(history.rows[1].remark).toBe(`Reward for "Tea" taken back: ${REVERSAL_REASONS.fraud}`);
  });

  test("points the member already spent stay spent; an approval gives back only what the reversal took", async () => {
    const admin = await createTestAdmin();
    const survey = await createTestSurvey();
    const a = await complete(survey.id, 100);
    await getPrisma().$transaction((tx) =>
      debitPoints(tx, {
        memberId: a.member.id,
        points: 70,
        type: "expiry",
        source: `spent:${a.member.id}`,
        remark: "x",
      }),
    );
    const reversed = await apply(admin, survey.id, csv(`${a.token},reversed,speeding`));
    expect(reversed).toMatchObject({ pointsTaken: 30, shortfall: 70 });
    expect(reversed.message).toContain("70 points had already been spent by the members and could not be taken back.");
    expect(await balanceOf(a.member.id)).toBe(0);
    expect((await apply(admin, survey.id, csv(`${a.token},approved,`))).pointsRecredited).toBe(30);
    expect(await balanceOf(a.member.id)).toBe(30);

    // Everything spent: the reversal takes nothing and the approval gives nothing, but both count.
    const b = await complete(survey.id, 50);
    await getPrisma().$transaction((tx) =>
      debitPoints(tx, {
        memberId: b.member.id,
        points: 50,
        type: "expiry",
        source: `spent:${b.member.id}`,
        remark: "x",
      }),
    );
    expect(await apply(admin, survey.id, csv(`${b.token},reversed,other`))).toMatchObject({
      reversed: 1,
      pointsTaken: 0,
      shortfall: 50,
    });
    expect(await apply(admin, survey.id, csv(`${b.token},approved,`))).toMatchObject({
      approved: 1,
      pointsRecredited: 0,
    });
    expect(await apply(admin, survey.id, csv(`${b.token},approved,`))).toMatchObject({ approved: 0 });
    expect(await balanceOf(b.member.id)).toBe(0);
    // a: what was taken and what came back, with what stays spent; b: no points moved, no mail.
    const [taken, given] = await mailTo(a.member.email);
    expect(taken.subject).toBe("30 points taken from your balance");
    expect(taken.text).toContain("70 points of this reward had already been spent; they stay spent.");
    expect(given.subject).toBe("30 points added to your balance");
    expect(await mailTo(b.member.email)).toEqual([]);
  });

  test("a complete reversed from the member page counts as reversed; the buyer's approval credits it again", async () => {
    const admin = await createTestAdmin();
    const survey = await createTestSurvey();
    const a = await complete(survey.id, 40);
    const manual = await reverseComplete(admin, a.member.id, { assignmentId: a.assignment.id, reason: "Speeding" });
    expect(manual.ok).toBe(true);
    const preview = await previewReconciliation(survey.id, csv(`${a.token},reversed,speeding`));
    expect(preview.ok && preview.summary.unchanged).toHaveLength(1);
    expect((await apply(admin, survey.id, csv(`${a.token},approved,`))).pointsRecredited).toBe(40);
    expect(await balanceOf(a.member.id)).toBe(40);
  });

  test("concurrent applies of the same file change it once", async () => {
    const admin = await createTestAdmin();
    const survey = await createTestSurvey();
    const completes = await Promise.all([complete(survey.id), complete(survey.id), complete(survey.id)]);
    const text = csv(...completes.map((c) => `${c.token},reversed,duplicate`));
    const reports = await Promise.all(Array.from({ length: 4 }, () => apply(admin, survey.id, text)));
    expect(reports.map((report) => report.reversed).sort()).toEqual([0, 0, 0, 3]);
    for (const c of completes) expect(await balanceOf(c.member.id)).toBe(0);
    expect(await getPrisma().pointsTransaction.count({ where: { type: "completion_reversal" } })).toBe(3);
    expect(await getPrisma().reconciliation.count()).toBe(4);
    for (const c of completes) expect(await mailTo(c.member.email)).toHaveLength(1);
  });

  test("a file that cannot be used is refused whole, and Apply refuses a file other than the one previewed", async () => {
    const admin = await createTestAdmin();
    const survey = await createTestSurvey();
    const a = await complete(survey.id);
    const before = await moneyState();
    const refused = async (text: string) => {
      const preview = await previewReconciliation(survey.id, text);
      return preview.ok ? null : preview.message;
    };
    expect(await refused("")).toMatch(/^The file is empty\./);
    expect(await refused("reference,outcome\nabc,approved\n")).toMatch(/^This is not a reconciliation file/);
    expect(await refused("token,status\n")).toMatch(/^The file has a header row and no completes\./);
    expect(await refused('token,status\n"abc,approved\n')).toMatch(/^This file could not be read as CSV/);
    const long = csv(...Array.from({ length: MAX_RECONCILIATION_ROWS + 1 }, (_, i) => `t${i},approved,`));
    expect(await refused(long)).toBe(
      "The file has more than 1,000 rows. Split it into smaller files and reconcile them one after another.",
    );
    const text = csv(`${a.token},reversed,quality`);
    const changed = await applyReconciliation(admin, survey.id, text, reconciliationFileHash(csv()));
    expect(changed).toMatchObject({ ok: false, message: expect.stringMatching(/^This is not the file you previewed/) });
    expect(await moneyState()).toEqual(before);
  });

  test("the page previews an upload, applies the re-posted file, and lists it", async () => {
    const admin = await createTestAdmin();
    const survey = await createTestSurvey({ name: "Snacks" });
    const a = await complete(survey.id, 25);
    const cookie = await adminCookie(admin.id);
    const path = `/admin/survey/${survey.id}/reconcile`;
    const params = { id: String(survey.id) };
    const post = (body: FormData) =>
      action({
        request: new Request(`${ORIGIN}${path}`, { method: "POST", headers: { Cookie: cookie }, body }),
        params,
        context: {},
      });

    const empty = new FormData();
    empty.set("intent", "preview");
    expect(expectData(await post(empty)).data).toMatchObject({
      form: "preview",
      error: { "": ["Choose the buyer's reconciliation file (CSV) to preview."] },
    });

    const text = `Respondent Token,Status,Reason Code\r\n${a.token},Reversed,Speeding\r\n`;
    const upload = new FormData();
    upload.set("intent", "preview");
    upload.set("file", new File([text], "reconcile.csv", { type: "text/csv" }));
    const preview = expectData(await post(upload));
    expect(preview.init?.status).toBe(200);
    const state = preview.data.pageState as { summary: { changes: unknown[]; fileHash: string }; content: string };
    expect(state.summary.changes).toHaveLength(1);
    expect(await balanceOf(a.member.id)).toBe(25);

    const stale = new FormData();
    stale.set("intent", "apply");
    stale.set("content", `${state.content}extra,approved,\n`);
    stale.set("hash", state.summary.fileHash);
    const refused = expectData(await post(stale));
    expect(refused.init?.status).toBe(409);
    expect(await balanceOf(a.member.id)).toBe(25);

    const applyForm = new FormData();
    applyForm.set("intent", "apply");
    // As a browser posts a hidden field: line ends as \r\n.
    applyForm.set("content", state.content.replaceAll("\n", "\r\n"));
    applyForm.set("hash", state.summary.fileHash);
    const applied = expectRedirect(await post(applyForm));
    expect(applied).toRedirectTo(path);
    expect(await toastOf(applied)).toEqual({
      type: "success",
      message:
        "Reconciliation applied: 1 complete(s) reversed (25 points taken back), 0 approved again (0 points credited).",
    });
    expect(await balanceOf(a.member.id)).toBe(0);

    const page = await loader({
      request: new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } }),
      params,
      context: {},
    });
    expect(page.survey.name).toBe("Snacks");
    expect(page.history).toMatchObject([{ adminEmail: admin.email, changed: 1, reversed: 1 }]);
  });
});
