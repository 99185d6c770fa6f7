import { describe, expect, test } from "vitest";
import { APP_ORIGIN } from "../support/file-outbox";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { auditSentence, sentenceText } from "~/domain/audit-sentences";
import { creditPoints, listPointsHistory } from "~/domain/ledger.server";
import { attemptLogin, SUSPENDED_MESSAGE } from "~/domain/login.server";
import { MEMBER_ACTION_MESSAGES } from "~/domain/member-actions-schema";
import { MEMBER_ACTION_REFUSALS } from "~/domain/member-actions.server";
import { hashPassword } from "~/domain/passwords.server";
import { parsePayoutConfig } from "~/domain/payout-config.server";
import { getMemberSession } from "~/domain/sessions.server";
import { WITHDRAWAL_MESSAGES } from "~/domain/withdrawal-schema";
import {
  approveWithdrawal,
  rejectWithdrawal,
  requestWithdrawal,
  CLOSED_APPROVAL_MESSAGE,
  SUSPENDED_APPROVAL_MESSAGE,
} from "~/domain/withdrawals.server";
import { getPrisma } from "~/lib/db.server";
import { action, loader } from "~/routes/admin._console.users_.$id";
import { createTestAssignment, createTestMember, createTestPaidComplete, createTestSurvey } from "../support/factories";
import { expectData, expectRedirect, expectThrown } from "../support/remix";
import { formRequest, getRequest, memberCookie, routeArgs, signedInAdmin, toastOf } from "../support/requests";

// The actions on a member from the member page (issue 18 point 2, decision 051), through the page's
// own action as an admin's browser posts them: each changes what it says, writes its audit entry
// with a reason and a before/after, and refuses (changing nothing) what it must.

const CONFIG = parsePayoutConfig({});
const PASSWORD = "Member#Secret-42";
const passwordHash = hashPassword(PASSWORD);

/** A member with a password, these points (credited through the ledger), a bank account and a session. */
async function memberWith(points = 0, overrides: Parameters<typeof createTestMember>[0] = {}) {
  const member = await createTestMember({ passwordHash: await passwordHash, ...overrides });
  await getPrisma().$transaction(async (tx) => {
    if (points > 0) {
      await creditPoints(tx, {
        memberId: member.id,
        points,
        type: "admin_adjustment",
        source: `start:${member.id}`,
        remark: "Start",
      });
    }
    await tx.paymentAccount.create({
      data: {
        memberId: member.id,
        method: "bank",
        holderName: "Asha Rao",
        bankName: "HDFC Bank",
        bankAccountNumber: "001234567890",
        bankIfsc: "HDFC0000123",
      },
    });
  });
  return { member, cookie: await memberCookie(member.id) };
}

function post(cookie: string, memberId: number, fields: Record<string, string>) {
  return action(routeArgs(formRequest(`/admin/users/${memberId}`, cookie, fields), { id: String(memberId) }));
}

/** Posts one action with a reason and the box ticked; returns the redirect's toast message. */
async function act(cookie: string, memberId: number, intent: string, fields: Record<string, string> = {}) {
  const result = await post(cookie, memberId, { intent, reason: "Checked by phone", confirmed: "on", ...fields });
  const toast = await toastOf(expectRedirect(result));
  expect(toast?.type).toBe("success");
  return toast!.message;
}

/** Posts one action that must be refused; returns the status and every message of the answer. */
async function refused(cookie: string, memberId: number, fields: Record<string, string>) {
  const { data, init } = expectData(await post(cookie, memberId, fields));
  return { status: init?.status, form: data.form, messages: Object.values(data.error ?? {}).flat() };
}

async function statusOf(memberId: number) {
  return (await getPrisma().member.findUniqueOrThrow({ where: { id: memberId } })).status;
}

async function balanceOf(memberId: number) {
  return (await getPrisma().member.findUniqueOrThrow({ where: { id: memberId } })).pointsBalance;
}

async function auditOf(memberId: number, action: string) {
  return getPrisma().auditEntry.findMany({ where: { action, targetId: String(memberId) }, orderBy: { id: "asc" } });
}

async function mailTo(email: string) {
  return getPrisma().queuedMail.findMany({ where: { to: email }, orderBy: { id: "asc" } });
}

function sentenceOf(entry: { action: string; targetType: string; targetId: string; details: unknown }) {
  return auditSentence({ ...entry, actor: "ops@panel.test" });
}

describe("suspend and reinstate", () => {
  test("a suspended member is signed out, cannot sign in, is mailed, and the audit log says why", async () => {
    const { admin, cookie } = await signedInAdmin();
    const { member, cookie: memberSession } = await memberWith();
    expect(await getMemberSession(getRequest("/dashboard", memberSession))).not.toBeNull();

    expect(await act(cookie, member.id, "suspend", { reason: "Duplicate accounts" })).toContain("suspended");

    expect(await statusOf(member.id)).toBe("suspended");
    expect(await getMemberSession(getRequest("/dashboard", memberSession))).toBeNull();
    expect(await getPrisma().memberSession.count({ where: { memberId: member.id } })).toBe(0);
    expect(await attemptLogin({ email: member.email, password: PASSWORD, address: "203.0.113.50" })).toEqual({
      ok: false,
      status: 403,
      message: SUSPENDED_MESSAGE,
    });
    const mails = await mailTo(member.email);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringContaining("suspended")]);

    const [entry] = await auditOf(member.id, "member.suspended");
    expect(entry.adminId).toBe(admin.id);
    expect(entry.details).toMatchObject({
      reason: "Duplicate accounts",
      before: { status: "active" },
      after: { status: "suspended" },
    });
    const sentence = sentenceOf(entry);
    expect(sentenceText(sentence)).toContain(`suspended member #${member.id}: "Duplicate accounts"`);
    expect(sentence.changes).toEqual([{ field: "status", before: "active", after: "suspended" }]);

    // The member page shows it, and offers Reinstate instead of Suspend.
    const page = await loader(routeArgs(getRequest(`/admin/users/${member.id}`, cookie), { id: String(member.id) }));
    expect(page.member.status).toBe("Suspended");
  });

  test("reinstating makes the member active again: they sign in, and are mailed", async () => {
    const { cookie } = await signedInAdmin();
    const { member } = await memberWith();
    await act(cookie, member.id, "suspend");
    await act(cookie, member.id, "reinstate", { reason: "Explained on the phone" });

    expect(await statusOf(member.id)).toBe("active");
    const login = await attemptLogin({ email: member.email, password: PASSWORD, address: "203.0.113.51" });
    expect(login.ok).toBe(true);
    expect((await mailTo(member.email)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining("suspended"),
      expect.stringContaining("open again"),
    ]);
    const [entry] = await auditOf(member.id, "member.reinstated");
    expect(sentenceOf(entry).changes).toEqual([{ field: "status", before: "suspended", after: "active" }]);
  });

  test("suspending twice, or reinstating an active member, is refused and changes nothing", async () => {
    const { cookie } = await signedInAdmin();
    const { member } = await memberWith();
    expect(await refused(cookie, member.id, { intent: "reinstate", reason: "x", confirmed: "on" })).toEqual({
      status: 409,
      form: "reinstate",
      messages: [MEMBER_ACTION_REFUSALS.notSuspended],
    });
    await act(cookie, member.id, "suspend");
    expect((await refused(cookie, member.id, { intent: "suspend", reason: "x", confirmed: "on" })).messages).toEqual([
      MEMBER_ACTION_REFUSALS.alreadySuspended,
    ]);
    expect(await auditOf(member.id, "member.suspended")).toHaveLength(1);
    expect(await auditOf(member.id, "member.reinstated")).toHaveLength(0);
  });

  test("a suspended member cannot request a withdrawal", async () => {
    const { cookie } = await signedInAdmin();
    const { member } = await memberWith(5000);
    await act(cookie, member.id, "suspend");
    expect(await requestWithdrawal(member.id, { points: 1000, method: "bank" }, CONFIG)).toEqual({
      ok: false,
      message: WITHDRAWAL_MESSAGES.suspended,
    });
    expect(await getPrisma().withdrawalRequest.count({ where: { memberId: member.id } })).toBe(0);
    expect(await balanceOf(member.id)).toBe(5000);
  });

  test("a suspended member's pending withdrawal cannot be approved until they are reinstated", async () => {
    const { admin, cookie } = await signedInAdmin();
    const { admin: payer } = await signedInAdmin();
    const { member } = await memberWith(5000);
    const requested = await requestWithdrawal(member.id, { points: 1000, method: "bank" }, CONFIG);
    if (!requested.ok) throw new Error(requested.message);
    await act(cookie, member.id, "suspend");

    expect(await approveWithdrawal(payer, requested.referenceId, CONFIG)).toEqual({
      ok: false,
      message: SUSPENDED_APPROVAL_MESSAGE,
    });
    expect(SUSPENDED_APPROVAL_MESSAGE).toMatch(/^This member is suspended/);
    const held = await getPrisma().withdrawalRequest.findUniqueOrThrow({
      where: { referenceId: requested.referenceId },
    });
    expect(held.status).toBe("pending");
    expect(await getPrisma().auditEntry.count({ where: { action: { startsWith: "withdrawal." } } })).toBe(0);

    await act(cookie, member.id, "reinstate");
    expect((await approveWithdrawal(payer, requested.referenceId, CONFIG)).ok).toBe(true);
    expect(admin.id).not.toBe(payer.id);
  });

  test("a suspended member's withdrawal can still be rejected, returning the points", async () => {
    const { admin, cookie } = await signedInAdmin();
    const { member } = await memberWith(5000);
    const requested = await requestWithdrawal(member.id, { points: 1000, method: "bank" }, CONFIG);
    if (!requested.ok) throw new Error(requested.message);
    await act(cookie, member.id, "suspend");
    expect((await rejectWithdrawal(admin, requested.referenceId, "Account suspended")).ok).toBe(true);
    expect(await balanceOf(member.id)).toBe(5000);
  });
});

describe("close, verify, sign out", () => {
  test("a closed member's pending withdrawal cannot be approved; rejecting it returns the points", async () => {
    const { cookie } = await signedInAdmin();
    const { admin: payer } = await signedInAdmin();
    const { member } = await memberWith(5000);
    const requested = await requestWithdrawal(member.id, { points: 1000, method: "bank" }, CONFIG);
    if (!requested.ok) throw new Error(requested.message);
    await act(cookie, member.id, "close", { reason: "Fraud confirmed" });

    for (const payoutReference of [undefined, "UTR0042"]) {
      expect(await approveWithdrawal(payer, requested.referenceId, CONFIG, { payoutReference })).toEqual({
        ok: false,
        message: CLOSED_APPROVAL_MESSAGE,
      });
    }
    const held = await getPrisma().withdrawalRequest.findUniqueOrThrow({
      where: { referenceId: requested.referenceId },
    });
    expect(held).toMatchObject({ status: "pending", approvedById: null, payoutReference: null });
    expect(await getPrisma().auditEntry.count({ where: { action: { startsWith: "withdrawal." } } })).toBe(0);
    expect(await balanceOf(member.id)).toBe(4000);

    expect((await rejectWithdrawal(payer, requested.referenceId, "Account closed")).ok).toBe(true);
    expect(await balanceOf(member.id)).toBe(5000);
  });

  test("closing ends the sessions and sign-in for good, and deletes nothing", async () => {
    const { cookie } = await signedInAdmin();
    const { member, cookie: memberSession } = await memberWith(700);
    await act(cookie, member.id, "close", { reason: "Fraud confirmed" });

    const closed = await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } });
    expect(closed).toMatchObject({ status: "closed", deletionRequestedAt: null, erasedAt: null, pointsBalance: 700 });
    expect(await getPrisma().pointsTransaction.count({ where: { memberId: member.id } })).toBe(1);
    expect(await getPrisma().paymentAccount.count({ where: { memberId: member.id } })).toBe(1);
    expect(await getMemberSession(getRequest("/dashboard", memberSession))).toBeNull();
    const login = await attemptLogin({ email: member.email, password: PASSWORD, address: "203.0.113.52" });
    expect(login).toEqual({ ok: false, status: 403, message: "This account has been closed." });
    const [entry] = await auditOf(member.id, "member.closed");
    expect(sentenceOf(entry).changes).toEqual([{ field: "status", before: "active", after: "closed" }]);

    // Closed is final here: neither suspend nor reinstate applies, and closing again is refused.
    expect((await refused(cookie, member.id, { intent: "close", reason: "x", confirmed: "on" })).messages).toEqual([
      MEMBER_ACTION_REFUSALS.alreadyClosed,
    ]);
    expect((await refused(cookie, member.id, { intent: "suspend", reason: "x", confirmed: "on" })).messages).toEqual([
      MEMBER_ACTION_REFUSALS.closed,
    ]);
  });

  test("marking the e-mail verified works once", async () => {
    const { cookie } = await signedInAdmin();
    const { member } = await memberWith(0, { emailVerifiedAt: null });
    await act(cookie, member.id, "verify-email", { reason: "Showed the address on a video call" });
    expect((await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).emailVerifiedAt).not.toBeNull();
    const [entry] = await auditOf(member.id, "member.email_verified");
    expect(sentenceText(sentenceOf(entry))).toContain(`marked the e-mail address of member #${member.id} verified`);
    expect(sentenceOf(entry).changes).toEqual([{ field: "emailVerified", before: "no", after: "yes" }]);

    expect(
      (await refused(cookie, member.id, { intent: "verify-email", reason: "x", confirmed: "on" })).messages,
    ).toEqual([MEMBER_ACTION_REFUSALS.alreadyVerified]);
    expect(await auditOf(member.id, "member.email_verified")).toHaveLength(1);
  });

  test("signing out of every device ends every session, and is refused when there is none", async () => {
    const { cookie } = await signedInAdmin();
    const { member, cookie: first } = await memberWith();
    const second = await memberCookie(member.id, { persistent: true });
    expect(await act(cookie, member.id, "sign-out")).toContain("2 device(s)");
    expect(await getMemberSession(getRequest("/dashboard", first))).toBeNull();
    expect(await getMemberSession(getRequest("/dashboard", second))).toBeNull();
    expect(await statusOf(member.id)).toBe("active");
    const [entry] = await auditOf(member.id, "member.signed_out");
    expect(entry.details).toMatchObject({ sessionsEnded: 2, reason: "Checked by phone" });

    expect((await refused(cookie, member.id, { intent: "sign-out", reason: "x", confirmed: "on" })).messages).toEqual([
      MEMBER_ACTION_REFUSALS.noSessions,
    ]);
  });

  test("every action needs a reason and the ticked box; without them nothing changes", async () => {
    const { cookie } = await signedInAdmin();
    const { member } = await memberWith(100);
    for (const intent of ["suspend", "close", "sign-out"]) {
      expect(await refused(cookie, member.id, { intent, reason: "  ", confirmed: "on" })).toMatchObject({
        status: 400,
        messages: [MEMBER_ACTION_MESSAGES.reasonRequired],
      });
      expect(await refused(cookie, member.id, { intent, reason: "Because" })).toMatchObject({
        status: 400,
        messages: [MEMBER_ACTION_MESSAGES.confirmRequired],
      });
    }
    expect(await statusOf(member.id)).toBe("active");
    expect(await getPrisma().memberSession.count({ where: { memberId: member.id } })).toBe(1);
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });

  test("an unknown intent is a 400 and an unknown member a 404 refusal", async () => {
    const { cookie } = await signedInAdmin();
    const { member } = await memberWith();
    const thrown = await expectThrown(post(cookie, member.id, { intent: "delete", reason: "x", confirmed: "on" }));
    expect(thrown.status).toBe(400);
    expect((await refused(cookie, 999_999, { intent: "suspend", reason: "x", confirmed: "on" })).status).toBe(404);
  });
});

describe("adjusting points", () => {
  const key = () => crypto.randomUUID();

  test("a credit and a debit reach the balance, with the reason in Points History and in a mail to the member", async () => {
    const { admin, cookie } = await signedInAdmin();
    const { member } = await memberWith(100);
    await act(cookie, member.id, "adjust-points", {
      points: "250",
      reason: "Goodwill for a broken survey",
      key: key(),
    });
    await act(cookie, member.id, "adjust-points", { points: "-50", reason: "Duplicate reward", key: key() });

    expect(await balanceOf(member.id)).toBe(300);
    const history = await listPointsHistory(member.id, 1);
    expect(history.rows.slice(0, 2).map(({ remark, change }) => ({ remark, change }))).toEqual([
      { remark: "Duplicate reward", change: -50 },
      { remark: "Goodwill for a broken survey", change: 250 },
    ]);
    const entries = await auditOf(member.id, "points.adjusted");
    expect(entries.map((entry) => entry.adminId)).toEqual([admin.id, admin.id]);
    expect(sentenceText(sentenceOf(entries[1]))).toContain(
      `took 50 points from member #${member.id}: "Duplicate reward"`,
    );
    expect(sentenceOf(entries[1]).changes).toEqual([{ field: "Balance", before: "350 points", after: "300 points" }]);

    // The member is mailed each change: what, why, the balance after and where to see it.
    const [added, taken, ...more] = await mailTo(member.email);
    expect(more).toEqual([]);
    expect(added.subject).toBe("250 points added to your balance");
    expect(added.text).toContain(
      "Hello Test,\n\n250 points were added to your balance.\nReason: Goodwill for a broken survey\nYour balance is now 350 points.\n\n",
    );
    expect(added.text).toContain(`You can see it in your Points History: ${APP_ORIGIN}/activities/PointsRecords\n`);
    expect(added.text).toContain("If you have a question about it, contact support at support@panel.test.");
    expect(taken.subject).toBe("50 points taken from your balance");
    expect(taken.text).toContain("50 points were taken from your balance.\nReason: Duplicate reward\n");
    expect(taken.text).toContain("Your balance is now 300 points.");
    expect(taken.html).toContain(`<p>You can see it in your Points History: ${APP_ORIGIN}/activities/PointsRecords`);
  });

  test("a debit below zero is refused with the balance, and changes nothing", async () => {
    const { cookie } = await signedInAdmin();
    const { member } = await memberWith(40);
    const answer = await refused(cookie, member.id, {
      intent: "adjust-points",
      points: "-41",
      reason: "Too much",
      confirmed: "on",
      key: key(),
    });
    expect(answer).toEqual({ status: 409, form: "adjust-points", messages: [MEMBER_ACTION_REFUSALS.belowZero(40)] });
    expect(await balanceOf(member.id)).toBe(40);
    expect(await getPrisma().pointsTransaction.count({ where: { memberId: member.id } })).toBe(1);
    expect(await auditOf(member.id, "points.adjusted")).toHaveLength(0);
    expect(await mailTo(member.email)).toEqual([]);
  });

  test("above the cap, an ordinary admin is refused and a super-admin's credit is marked in the audit", async () => {
    const { cookie } = await signedInAdmin();
    const { cookie: superCookie } = await signedInAdmin({ isSuperAdmin: true });
    const { member } = await memberWith();
    const above = String(CONFIG.assignmentPointsCap + 1);
    const answer = await refused(cookie, member.id, {
      intent: "adjust-points",
      points: above,
      reason: "Big thanks",
      confirmed: "on",
      key: key(),
    });
    expect(answer.status).toBe(403);
    expect(answer.messages[0]).toMatch(/without a super-admin/);
    expect(await balanceOf(member.id)).toBe(0);
    expect(await mailTo(member.email)).toEqual([]);

    await act(superCookie, member.id, "adjust-points", { points: above, reason: "Big thanks", key: key() });
    expect(await balanceOf(member.id)).toBe(CONFIG.assignmentPointsCap + 1);
    const [entry] = await auditOf(member.id, "points.adjusted");
    expect(entry.details).toMatchObject({ aboveCap: true, cap: CONFIG.assignmentPointsCap });
    expect(sentenceText(sentenceOf(entry))).toContain("allowed for a super-admin");
  });

  test("the same form posted twice, one after the other or at once, adjusts once", async () => {
    const { cookie } = await signedInAdmin();
    const { member } = await memberWith();
    const form = { intent: "adjust-points", points: "75", reason: "Bonus", confirmed: "on", key: key() };
    await act(cookie, member.id, "adjust-points", form);
    expect(await act(cookie, member.id, "adjust-points", form)).toMatch(/already made/);

    const racing = { ...form, key: key() };
    const results = await Promise.all([post(cookie, member.id, racing), post(cookie, member.id, racing)]);
    for (const result of results) expect((await toastOf(expectRedirect(result)))?.type).toBe("success");

    expect(await balanceOf(member.id)).toBe(150);
    expect(await auditOf(member.id, "points.adjusted")).toHaveLength(2);
    // One mail per adjustment: the replays and the losing racer queue none.
    expect((await mailTo(member.email)).map((mail) => mail.subject)).toEqual([
      "75 points added to your balance",
      "75 points added to your balance",
    ]);
  });

  test("a form's key replayed against another member is that member's own adjustment", async () => {
    const { cookie } = await signedInAdmin();
    const { member } = await memberWith();
    const { member: other } = await memberWith();
    const form = { points: "30", reason: "Bonus", key: key() };
    await act(cookie, member.id, "adjust-points", form);
    expect(await act(cookie, other.id, "adjust-points", form)).toMatch(/^30 points added/);
    expect([await balanceOf(member.id), await balanceOf(other.id)]).toEqual([30, 30]);
  });

  test("bad numbers are refused with a message", async () => {
    const { cookie } = await signedInAdmin();
    const { member } = await memberWith(10);
    for (const [points, message] of [
      ["0", MEMBER_ACTION_MESSAGES.pointsZero],
      ["1.5", MEMBER_ACTION_MESSAGES.pointsWhole],
      ["", MEMBER_ACTION_MESSAGES.pointsRequired],
      ["2000000", MEMBER_ACTION_MESSAGES.pointsRange],
    ]) {
      const answer = await refused(cookie, member.id, {
        intent: "adjust-points",
        points,
        reason: "x",
        confirmed: "on",
        key: key(),
      });
      expect(answer.messages).toEqual([message]);
    }
    const stale = await refused(cookie, member.id, {
      intent: "adjust-points",
      points: "5",
      reason: "x",
      confirmed: "on",
    });
    expect(stale.messages).toEqual([MEMBER_ACTION_MESSAGES.staleForm]);
    expect(await balanceOf(member.id)).toBe(10);
  });
});

describe("reversing a complete", () => {
  /** A completed assignment whose reward was credited as survey taking credits it. */
  async function completed(memberId: number, points = 80) {
    const survey = await createTestSurvey({ name: "Snack habits", points });
    return createTestPaidComplete(survey.id, memberId, { points, remark: `Survey completed: ${survey.name}` });
  }

  test("takes the reward back once, with the reason in Points History and the audit log", async () => {
    const { cookie } = await signedInAdmin();
    const { member } = await memberWith(20);
    const assignment = await completed(member.id);
    expect(await balanceOf(member.id)).toBe(100);

    const page = await loader(
      routeArgs(getRequest(`/admin/users/${member.id}?reverse=${assignment.id}`, cookie), { id: String(member.id) }),
    );
    expect(page.reverse).toMatchObject({ id: assignment.id, reward: "credited" });

    await act(cookie, member.id, "reverse-complete", {
      assignmentId: String(assignment.id),
      reason: "Speeding: finished in 40 seconds",
    });
    expect(await balanceOf(member.id)).toBe(20);
    const [latest, original] = (await listPointsHistory(member.id, 1)).rows;
    expect(latest).toMatchObject({ change: -80 });
    expect(latest.remark).toContain("Speeding: finished in 40 seconds");
    expect(original).toMatchObject({ change: 80, status: "Reversed" });
    // The assignment keeps its status, as the ledger's reversal defines it.
    expect((await getPrisma().assignment.findUniqueOrThrow({ where: { id: assignment.id } })).status).toBe(
      ASSIGNMENT_STATUS.complete,
    );
    const [entry] = await getPrisma().auditEntry.findMany({ where: { action: "assignment.completion_reversed" } });
    expect(sentenceText(sentenceOf(entry))).toContain(`of member #${member.id}, taking back 80 points`);

    const [mail, ...more] = await mailTo(member.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe("80 points taken from your balance");
    expect(mail.text).toContain(
      '80 points were taken from your balance.\nReason: Reward for "Snack habits" taken back: Speeding: finished in 40 seconds\nYour balance is now 20 points.',
    );
    // A reversal points to the appeal (decision 073), not to support.
    expect(mail.text).toContain("If you think this is wrong, you can appeal it once from your Points History.");
    expect(mail.text).not.toContain("contact support");

    // Twice: refused, the balance as it was, no second mail.
    const again = await refused(cookie, member.id, {
      intent: "reverse-complete",
      assignmentId: String(assignment.id),
      reason: "Again",
      confirmed: "on",
    });
    expect(again).toEqual({
      status: 409,
      form: "reverse-complete",
      messages: [MEMBER_ACTION_REFUSALS.alreadyReversed],
    });
    expect(await balanceOf(member.id)).toBe(20);
    expect(await mailTo(member.email)).toHaveLength(1);
    const after = await loader(routeArgs(getRequest(`/admin/users/${member.id}`, cookie), { id: String(member.id) }));
    expect(after.assignments.rows[0].reward).toBe("reversed");
  });

  test("two reversals at once take the points once", async () => {
    const { cookie } = await signedInAdmin();
    const { member } = await memberWith(20);
    const assignment = await completed(member.id);
    const form = { intent: "reverse-complete", assignmentId: String(assignment.id), reason: "Fraud", confirmed: "on" };
    const results = await Promise.all([post(cookie, member.id, form), post(cookie, member.id, form)]);
    const redirects = results.filter((result) => result instanceof Response);
    expect(redirects).toHaveLength(1);
    expect(await balanceOf(member.id)).toBe(20);
    expect(
      await getPrisma().pointsTransaction.count({ where: { memberId: member.id, type: "completion_reversal" } }),
    ).toBe(1);
    expect(await mailTo(member.email)).toHaveLength(1);
  });

  test("points already spent stay spent: the balance never goes below zero", async () => {
    const { cookie } = await signedInAdmin();
    const { member } = await memberWith();
    const assignment = await completed(member.id, 80);
    await act(cookie, member.id, "adjust-points", { points: "-50", reason: "Spent", key: crypto.randomUUID() });
    expect(
      await act(cookie, member.id, "reverse-complete", { assignmentId: String(assignment.id), reason: "Fraud" }),
    ).toContain("50 points had already been spent");
    expect(await balanceOf(member.id)).toBe(0);
    const reversal = (await mailTo(member.email)).at(-1)!;
    expect(reversal.subject).toBe("30 points taken from your balance");
    expect(reversal.text).toContain(
      "50 points of this reward had already been spent; they stay spent.\nYour balance is now 0 points.",
    );

    // With nothing left to take, a reversal moves no points and mails nothing.
    const another = await completed(member.id, 40);
    await act(cookie, member.id, "adjust-points", { points: "-40", reason: "Spent", key: crypto.randomUUID() });
    const mails = (await mailTo(member.email)).length;
    expect(
      await act(cookie, member.id, "reverse-complete", { assignmentId: String(another.id), reason: "Fraud" }),
    ).toContain("0 points taken back");
    expect(await mailTo(member.email)).toHaveLength(mails);
  });

  test("another member's assignment, or one without a reward, is refused", async () => {
    const { cookie } = await signedInAdmin();
    const { member } = await memberWith();
    const { member: other } = await memberWith();
    const theirs = await completed(other.id);
    const open = await createTestAssignment((await createTestSurvey()).id, member.id);
    const form = { intent: "reverse-complete", reason: "x", confirmed: "on" };
    expect(await refused(cookie, member.id, { ...form, assignmentId: String(theirs.id) })).toMatchObject({
      status: 404,
      messages: [MEMBER_ACTION_REFUSALS.noAssignment],
    });
    expect(await refused(cookie, member.id, { ...form, assignmentId: String(open.id) })).toMatchObject({
      status: 409,
      messages: [MEMBER_ACTION_REFUSALS.notComplete],
    });
    expect(await balanceOf(other.id)).toBe(80);
  });
});
