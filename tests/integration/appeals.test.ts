import { describe, expect, test } from "vitest";
import "../support/file-outbox";
import { APPEAL_REFUSALS, decideAppeal, fileAppeal } from "~/domain/appeals.server";
import { creditPoints, listPointsHistory, reverseEntry } from "~/domain/ledger.server";
import { reverseComplete } from "~/domain/member-actions.server";
import { REVERSAL_REASONS } from "~/domain/reconciliation-schema";
import { applyReconciliation, reconciliationFileHash } from "~/domain/reconciliation.server";
import { listSurveyHistory } from "~/domain/member-surveys.server";
import { raiseSignal } from "~/domain/quality-signals.server";
import { requestWithdrawal } from "~/domain/withdrawals.server";
import { WITHDRAWAL_HOLD_REASONS } from "~/domain/withdrawal-statuses";
import { QUALITY_TERMINATION_REASON } from "~/domain/appeal-schema";
import { getPrisma } from "~/lib/db.server";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { loader as pointsLoader } from "~/routes/_member.activities.PointsRecords";
import { action as appealAction, loader as appealLoader } from "~/routes/_member.activities.appeal.$event";
import { action as adminAction, loader as adminLoader } from "~/routes/admin._console.appeals";
import {
  createTestAdmin,
  createTestAssignment,
  createTestMember,
  createTestPaidComplete,
  createTestSurvey,
} from "../support/factories";
import { formRequest, getRequest, memberCookie, routeArgs, signedInAdmin, toastOf } from "../support/requests";
import { expectData, expectRedirect, expectThrown } from "../support/remix";

// Appeals (issue 20 point 4, decision 073): each reversal, quality termination and hold shows its
// reason and can be appealed once; an admin grants or upholds with a reply the member reads;
// granting returns the points exactly once, whatever the replays and races.

const prisma = () => getPrisma();
const balanceOf = async (memberId: number) =>
  (await prisma().member.findUniqueOrThrow({ where: { id: memberId } })).pointsBalance;
const ledgerCount = (memberId: number) => prisma().pointsTransaction.count({ where: { memberId } });

/** A member whose 80-point complete was reversed by an admin: the reversal's entry id. */
async function reversedComplete() {
  const member = await createTestMember();
  const survey = await createTestSurvey({ points: 80 });
  const assignment = await createTestAssignment(survey.id, member.id, { status: ASSIGNMENT_STATUS.complete });
  const source = `assignment:${assignment.id}:complete`;
  await prisma().$transaction(async (tx) => {
    await creditPoints(tx, {
      memberId: member.id,
      points: 80,
      type: "survey_completion",
      source,
      remark: "Survey reward",
      assignmentId: assignment.id,
    });
    await reverseEntry(tx, { source, remark: `Reward for "${survey.name}" taken back: Speeding` });
  });
  const reversal = await prisma().pointsTransaction.findUniqueOrThrow({ where: { source: `${source}:reversal` } });
  return { member, reversalId: reversal.id };
}

async function qualityTermination() {
  const member = await createTestMember();
  const survey = await createTestSurvey({ points: 60 });
  const assignment = await createTestAssignment(survey.id, member.id, {
    status: ASSIGNMENT_STATUS.rejectedTerm,
    outcome: "quality",
    endedAt: new Date(),
  });
  return { member, assignment };
}

async function heldWithdrawal() {
  const member = await createTestMember();
  await prisma().$transaction(async (tx) => {
    await creditPoints(tx, {
      memberId: member.id,
      points: 2000,
      type: "admin_adjustment",
      source: `start:${member.id}`,
      remark: "Start",
    });
    await tx.paymentAccount.create({
      data: {
        method: "bank",
        holderName: "Asha Rao",
        bankName: "HDFC Bank",
        bankIfsc: "HDFC0000123",
        bankAccountNumber: `00${member.id}9876`,
        memberId: member.id,
      },
    });
    await raiseSignal(tx, { memberId: member.id, kind: "speeder", subject: "a1", evidence: { seconds: 40 } });
  });
  const result = await requestWithdrawal(member.id, { points: 1000, method: "bank" });
  if (!result.ok || !result.held) throw new Error("expected a held withdrawal");
  const withdrawal = await prisma().withdrawalRequest.findUniqueOrThrow({ where: { referenceId: result.referenceId } });
  return { member, withdrawal };
}

const openAppealId = async (memberId: number) =>
  (await prisma().appeal.findFirstOrThrow({ where: { memberId, status: "open" } })).id;

describe("what the member sees", () => {
  test("a reversal and a held withdrawal show their reason and an Appeal link in Points History", async () => {
    const { member, reversalId } = await reversedComplete();
    const [reversal] = (await listPointsHistory(member.id, 1)).rows;
    expect(reversal.remark).toContain("taken back: Speeding");
    expect(reversal.appealEvent).toEqual({ kind: "reversal", subjectId: reversalId, open: true });

    const held = await heldWithdrawal();
    const [withdrawal] = (await listPointsHistory(held.member.id, 1)).rows;
    expect(withdrawal.status).toBe("Held for review");
    expect(withdrawal.holdReason).toBe(WITHDRAWAL_HOLD_REASONS.quality_score.member);
    expect(withdrawal.appealEvent).toEqual({ kind: "hold", subjectId: held.withdrawal.id, open: true });
  });

  test("a quality termination shows its outcome and reason in Survey History", async () => {
    const { member, assignment } = await qualityTermination();
    const [row] = (await listSurveyHistory(member.id, 1)).rows;
    expect(row).toMatchObject({
      outcome: "Rejected",
      reason: QUALITY_TERMINATION_REASON,
      reward: 0,
      appealEvent: { kind: "quality_termination", subjectId: assignment.id },
    });
  });
});

describe("appeal once per event", () => {
  test("the member appeals through the form; a second appeal of the same event is refused", async () => {
    const { member, reversalId } = await reversedComplete();
    const cookie = await memberCookie(member.id);
    const path = `/activities/appeal/reversal-${reversalId}`;
    const post = (message: string) =>
      appealAction(routeArgs(formRequest(path, cookie, { message }), { event: `reversal-${reversalId}` }));

    const sent = expectRedirect(await post("I read every question carefully."));
    expect(sent.headers.get("Location")).toBe("/activities/PointsRecords");
    expect((await toastOf(sent))?.message).toContain("Your appeal is sent");

    const again = expectData(await post("Please look again."));
    expect(again.init?.status).toBe(409);
    expect(again.data.error?.[""]).toEqual([APPEAL_REFUSALS.alreadyAppealed]);
    expect(await prisma().appeal.count({ where: { memberId: member.id } })).toBe(1);

    // The history page shows the appeal's state instead of the link.
    const history = await pointsLoader(routeArgs(getRequest("/activities/PointsRecords", cookie)));
    expect(history.rows[0].appeal).toMatchObject({ status: "open", reply: null });
  });

  test("an empty or too long message is refused and nothing is stored", async () => {
    const { member, assignment } = await qualityTermination();
    const cookie = await memberCookie(member.id);
    const event = `quality_termination-${assignment.id}`;
    for (const message of ["   ", "x".repeat(501)]) {
      const answer = expectData(
        await appealAction(routeArgs(formRequest(`/activities/appeal/${event}`, cookie, { message }), { event })),
      );
      expect(answer.init?.status).toBe(400);
      expect(answer.data.error?.message?.[0]).toMatch(/a few words|500 characters/);
    }
    expect(await prisma().appeal.count()).toBe(0);
  });

  test("another member's event, or a complete that was not reversed, is the 404 page", async () => {
    const { reversalId } = await reversedComplete();
    const stranger = await createTestMember();
    const cookie = await memberCookie(stranger.id);
    const event = `reversal-${reversalId}`;
    expect(
      (await expectThrown(appealLoader(routeArgs(getRequest(`/activities/appeal/${event}`, cookie), { event }))))
        .status,
    ).toBe(404);
    expect(
      (await expectThrown(appealLoader(routeArgs(getRequest("/activities/appeal/x", cookie), { event: "x" })))).status,
    ).toBe(404);
    const posted = appealAction(
      routeArgs(formRequest(`/activities/appeal/${event}`, cookie, { message: "Mine" }), { event }),
    );
    expect((await expectThrown(posted)).status).toBe(404);
    expect(await fileAppeal(stranger.id, { kind: "reversal", subjectId: reversalId, message: "x" })).toEqual({
      ok: false,
      message: APPEAL_REFUSALS.notAppealable,
    });
  });

  test("two appeals of one event at once store one", async () => {
    const { member, assignment } = await qualityTermination();
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        fileAppeal(member.id, { kind: "quality_termination", subjectId: assignment.id, message: "Twice" }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await prisma().appeal.count({ where: { memberId: member.id } })).toBe(1);
  });
});

describe("granting returns the points once", () => {
  test("a granted reversal re-credits the points taken, once, with the admin's reply mailed and audited", async () => {
    const { member, reversalId } = await reversedComplete();
    await fileAppeal(member.id, { kind: "reversal", subjectId: reversalId, message: "I was careful." });
    const admin = await createTestAdmin();
    const appealId = await openAppealId(member.id);
    expect(await balanceOf(member.id)).toBe(0);

    const decide = () => decideAppeal(admin, { appealId, decision: "grant", reply: "Our check was wrong, sorry." });
    expect(await decide()).toMatchObject({ ok: true });
    expect(await decide()).toEqual({ ok: false, message: APPEAL_REFUSALS.alreadyDecided });
    expect(await balanceOf(member.id)).toBe(80);
    const [credit] = (await listPointsHistory(member.id, 1)).rows;
    expect(credit).toMatchObject({ change: 80 });
    expect(credit.remark).toContain("Appeal granted");

    const mail = await prisma().queuedMail.findFirstOrThrow({ where: { to: member.email }, orderBy: { id: "desc" } });
    expect(mail.subject).toBe("Your appeal was granted");
    expect(mail.text).toContain("Our check was wrong, sorry.");
    expect(mail.text).toContain("80 points are back in your balance");
    const audit = await prisma().auditEntry.findFirstOrThrow({ where: { action: "appeal.granted" } });
    expect(audit).toMatchObject({ targetType: "member", targetId: String(member.id) });
  });

  test("parallel grants and upholds of one appeal decide it once and credit once", async () => {
    const { member, assignment } = await qualityTermination();
    await fileAppeal(member.id, { kind: "quality_termination", subjectId: assignment.id, message: "Unfair" });
    const [first, second] = [await createTestAdmin(), await createTestAdmin()];
    const appealId = await openAppealId(member.id);
    const entriesBefore = await ledgerCount(member.id);
    const results = await Promise.all([
      decideAppeal(first, { appealId, decision: "grant", reply: "Granted by one" }),
      decideAppeal(second, { appealId, decision: "grant", reply: "Granted by two" }),
      decideAppeal(first, { appealId, decision: "uphold", reply: "Upheld" }),
      decideAppeal(second, { appealId, decision: "grant", reply: "Granted by two again" }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const appeal = await prisma().appeal.findUniqueOrThrow({ where: { id: appealId } });
    const credited = appeal.status === "granted" ? 60 : 0;
    expect(await balanceOf(member.id)).toBe(credited);
    expect(await ledgerCount(member.id)).toBe(entriesBefore + (credited ? 1 : 0));
    expect(await prisma().auditEntry.count({ where: { action: { in: ["appeal.granted", "appeal.upheld"] } } })).toBe(1);
  });

  test("a granted quality termination credits the reward, and Survey History shows it", async () => {
    const { member, assignment } = await qualityTermination();
    await fileAppeal(member.id, { kind: "quality_termination", subjectId: assignment.id, message: "Unfair" });
    await decideAppeal(await createTestAdmin(), {
      appealId: await openAppealId(member.id),
      decision: "grant",
      reply: "The check question was unclear.",
    });
    expect(await balanceOf(member.id)).toBe(60);
    const [row] = (await listSurveyHistory(member.id, 1)).rows;
    expect(row.reward).toBe(60);
  });

  test("an upheld appeal changes no points; the member reads the reply", async () => {
    const { member, reversalId } = await reversedComplete();
    await fileAppeal(member.id, { kind: "reversal", subjectId: reversalId, message: "Please" });
    const entriesBefore = await ledgerCount(member.id);
    await decideAppeal(await createTestAdmin(), {
      appealId: await openAppealId(member.id),
      decision: "uphold",
      reply: "The buyer's check stands.",
    });
    expect(await ledgerCount(member.id)).toBe(entriesBefore);
    const event = `reversal-${reversalId}`;
    const page = await appealLoader(
      routeArgs(getRequest(`/activities/appeal/${event}`, await memberCookie(member.id)), { event }),
    );
    expect(page.appeal).toMatchObject({ status: "upheld", reply: "The buyer's check stands." });
  });

  test("a granted hold releases the withdrawal to the approval queue once, without a second debit", async () => {
    const { member, withdrawal } = await heldWithdrawal();
    await fileAppeal(member.id, { kind: "hold", subjectId: withdrawal.id, message: "I answered honestly." });
    const appealId = await openAppealId(member.id);
    const entriesBefore = await ledgerCount(member.id);
    const admin = await createTestAdmin();
    await Promise.all([
      decideAppeal(admin, { appealId, decision: "grant", reply: "All is well." }),
      decideAppeal(admin, { appealId, decision: "grant", reply: "All is well." }),
    ]);
    const after = await prisma().withdrawalRequest.findUniqueOrThrow({ where: { id: withdrawal.id } });
    expect(after.status).toBe("pending");
    expect(await balanceOf(member.id)).toBe(1000);
    expect(await ledgerCount(member.id)).toBe(entriesBefore);
    expect(await prisma().auditEntry.count({ where: { action: "withdrawal.released" } })).toBe(1);
  });
});

describe("the back office", () => {
  test("lists open appeals first with the member's score, and a reply is required", async () => {
    const { member, reversalId } = await reversedComplete();
    await fileAppeal(member.id, { kind: "reversal", subjectId: reversalId, message: "Please look" });
    const { cookie } = await signedInAdmin();
    const page = await adminLoader(routeArgs(getRequest("/admin/appeals", cookie)));
    expect(page.open).toHaveLength(1);
    expect(page.open[0]).toMatchObject({ message: "Please look", member: { id: member.id, qualityScore: 100 } });

    const appealId = String(page.open[0].id);
    const refused = expectData(
      await adminAction(routeArgs(formRequest("/admin/appeals", cookie, { intent: "grant", appealId, reply: " " }))),
    );
    expect(refused.init?.status).toBe(400);
    expect(refused.data.error?.reply).toEqual(["Write a reply: the member reads it."]);
    expect(await balanceOf(member.id)).toBe(0);

    const granted = expectRedirect(
      await adminAction(
        routeArgs(formRequest("/admin/appeals", cookie, { intent: "grant", appealId, reply: "Sorry" })),
      ),
    );
    expect((await toastOf(granted))?.message).toContain("80 points returned");
    expect(await balanceOf(member.id)).toBe(80);

    // A second admin's stale page: the appeal is decided, so an error toast says so and nothing moves.
    const again = expectRedirect(
      await adminAction(routeArgs(formRequest("/admin/appeals", cookie, { intent: "uphold", appealId, reply: "No" }))),
    );
    expect(await toastOf(again)).toEqual({ type: "error", message: APPEAL_REFUSALS.alreadyDecided });
    expect(await balanceOf(member.id)).toBe(80);
  });
});

describe("a reversed reward is paid back at most once, whatever the order of appeal and reconciliation", () => {
  /** A member's 100-point complete of "Tea habits", paid as survey delivery pays it, and a buyer's file about it. */
  async function paidComplete() {
    const member = await createTestMember();
    const survey = await createTestSurvey({ name: "Tea habits", points: 100 });
    const assignment = await createTestPaidComplete(survey.id, member.id, { remark: "Survey completed: Tea habits" });
    const admin = await createTestAdmin();
    const file = async (status: "approved" | "reversed") => {
      const text = `token,status,reason\n${assignment.respondentToken},${status},${status === "reversed" ? "speeding" : ""}\n`;
      const result = await applyReconciliation(admin, survey.id, text, reconciliationFileHash(text));
      if (!result.ok) throw new Error(result.message);
      return result;
    };
    /** The member appeals the reversal standing now; the open appeal's id. */
    const appealReversal = async () => {
      const reversal = await prisma().pointsTransaction.findFirstOrThrow({
        where: { memberId: member.id, type: "completion_reversal" },
        orderBy: { id: "desc" },
      });
      expect(
        await fileAppeal(member.id, { kind: "reversal", subjectId: reversal.id, message: "I read every question." }),
      ).toMatchObject({ ok: true });
      return { reversalId: reversal.id, appealId: await openAppealId(member.id) };
    };
    const grant = (appealId: number) =>
      decideAppeal(admin, { appealId, decision: "grant", reply: "We checked again." });
    return { member, assignment, admin, file, appealReversal, grant };
  }

  /** The balance, and the sum of the member's ledger entries, are the reward once. */
  async function expectPaidOnce(memberId: number) {
    const entries = await prisma().pointsTransaction.findMany({ where: { memberId }, select: { change: true } });
    expect(await balanceOf(memberId)).toBe(100);
    expect(entries.reduce((sum, entry) => sum + entry.change, 0)).toBe(100);
  }

  const history = async (memberId: number) =>
    (await listPointsHistory(memberId, 1)).rows.map((row) => [row.change, row.remark]).reverse();

  test("reversed by a file, appeal granted, then approved by the next file: paid back once", async () => {
    const { member, file, appealReversal, grant } = await paidComplete();
    await file("reversed");
    const { appealId } = await appealReversal();
    expect(await grant(appealId)).toMatchObject({ ok: true, message: expect.stringContaining("100 points returned") });
    expect(await balanceOf(member.id)).toBe(100);

    const approved = await file("approved");
    expect(approved).toMatchObject({ approved: 0, pointsRecredited: 0 });
    expect(approved.summary.unchanged).toHaveLength(1);
    await expectPaidOnce(member.id);
    const rows = await history(member.id);
    expect(rows.slice(0, 2)).toEqual([
      [100, "Survey completed: Tea habits"],
      [-100, `Reward for "Tea habits" taken back: ${REVERSAL_REASONS.speeding}`],
    ]);
    expect(rows[2]).toEqual([
      100,
      expect.stringMatching(/^Appeal granted: 100 points returned \(100 points taken back \(PT/),
    ]);

    // The appeal's credit is the reward's current credit: the buyer's next reversal takes it back.
    expect(await file("reversed")).toMatchObject({ reversed: 1, pointsTaken: 100 });
    expect(await balanceOf(member.id)).toBe(0);
  });

  test("approved by a file, reversed by an admin, appeal granted, approved again: paid back once", async () => {
    const { member, assignment, admin, file, appealReversal, grant } = await paidComplete();
    expect(await file("approved")).toMatchObject({ approved: 0, pointsRecredited: 0 });
    const reversed = await reverseComplete({ ...admin, isSuperAdmin: false }, member.id, {
      assignmentId: assignment.id,
      reason: "Duplicate account",
    });
    expect(reversed).toMatchObject({ ok: true });
    const { appealId } = await appealReversal();
    expect(await grant(appealId)).toMatchObject({ ok: true, message: expect.stringContaining("100 points returned") });

    expect(await file("approved")).toMatchObject({ approved: 0, pointsRecredited: 0 });
    await expectPaidOnce(member.id);
    // An admin's Reverse afterwards takes back the appeal's credit, the reward's current one.
    expect(
      await reverseComplete({ ...admin, isSuperAdmin: false }, member.id, {
        assignmentId: assignment.id,
        reason: "Fraud",
      }),
    ).toMatchObject({ ok: true, message: expect.stringContaining("100 points taken back") });
    expect(await balanceOf(member.id)).toBe(0);
  });

  test("reversed, appealed, then approved by a file: the grant returns nothing and says why", async () => {
    const { member, file, appealReversal, grant } = await paidComplete();
    await file("reversed");
    const { reversalId, appealId } = await appealReversal();
    expect(await file("approved")).toMatchObject({ approved: 1, pointsRecredited: 100 });

    const granted = await grant(appealId);
    expect(granted).toMatchObject({ ok: true });
    expect(granted.message).toContain("No points were returned: the reward of this complete is already back");
    await expectPaidOnce(member.id);
    const appeal = await prisma().appeal.findUniqueOrThrow({ where: { id: appealId } });
    expect(appeal).toMatchObject({ status: "granted", reply: "We checked again." });
    const audit = await prisma().auditEntry.findFirstOrThrow({ where: { action: "appeal.granted" } });
    expect(audit.details).toMatchObject({ points: 0 });
    const mail = await prisma().queuedMail.findFirstOrThrow({ where: { to: member.email }, orderBy: { id: "desc" } });
    expect(mail.text).toContain("It is granted.");
    expect(mail.text).not.toContain("points are back in your balance");

    // Points History: the reward, its reversal with the reason, its return by the researcher; the
    // reversal's row shows the appeal's answer rather than a link.
    expect(await history(member.id)).toEqual([
      [100, "Survey completed: Tea habits"],
      [-100, `Reward for "Tea habits" taken back: ${REVERSAL_REASONS.speeding}`],
      [100, 'Reward for "Tea habits" given back: the researcher approved your complete'],
    ]);
    const reversalRow = (await listPointsHistory(member.id, 1)).rows.find((row) => row.change === -100)!;
    expect(reversalRow.appealEvent).toEqual({ kind: "reversal", subjectId: reversalId, open: false });
  });

  test("reversed, then approved by a file: the old reversal offers no Appeal and refuses one", async () => {
    const { member, file } = await paidComplete();
    await file("reversed");
    await file("approved");
    const reversal = await prisma().pointsTransaction.findFirstOrThrow({
      where: { memberId: member.id, type: "completion_reversal" },
    });
    const reversalRow = (await listPointsHistory(member.id, 1)).rows.find((row) => row.change === -100)!;
    expect(reversalRow.appealEvent).toEqual({ kind: "reversal", subjectId: reversal.id, open: false });
    expect(await fileAppeal(member.id, { kind: "reversal", subjectId: reversal.id, message: "Pay me" })).toEqual({
      ok: false,
      message: APPEAL_REFUSALS.alreadyReturned,
    });
    const cookie = await memberCookie(member.id);
    const event = `reversal-${reversal.id}`;
    const page = await appealLoader(routeArgs(getRequest(`/activities/appeal/${event}`, cookie), { event }));
    expect(page.closed).toBe(APPEAL_REFUSALS.alreadyReturned);
    expect(await prisma().appeal.count()).toBe(0);
    await expectPaidOnce(member.id);
  });

  test("a grant racing a file that approves the complete pays it back once", async () => {
    const { member, file, appealReversal, grant } = await paidComplete();
    await file("reversed");
    const { appealId } = await appealReversal();
    const [granted, approved] = await Promise.all([grant(appealId), file("approved")]);
    expect(granted).toMatchObject({ ok: true });
    // Exactly one of the two gave the points back.
    expect(approved.pointsRecredited + (granted.message.includes("100 points returned") ? 100 : 0)).toBe(100);
    await expectPaidOnce(member.id);
    expect(await prisma().pointsTransaction.count({ where: { memberId: member.id, change: 100 } })).toBe(2);
  });
});
