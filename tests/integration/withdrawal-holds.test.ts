import { describe, expect, test } from "vitest";
import "../support/file-outbox";
import { auditSentence } from "~/domain/audit-sentences";
import { creditPoints } from "~/domain/ledger.server";
import { clearSignal, raiseSignal } from "~/domain/quality-signals.server";
import {
  approveWithdrawal,
  holdReview,
  rejectWithdrawal,
  releaseWithdrawal,
  RELEASE_MESSAGES,
  requestWithdrawal,
} from "~/domain/withdrawals.server";
import { WITHDRAWAL_HOLD_REASONS } from "~/domain/withdrawal-statuses";
import type { QualitySignalKind } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { createTestAdmin, createTestMember } from "../support/factories";

// Quality holds (issue 20 points 3 and 5, decision 072): a request of a member below the score
// threshold, or with an open shared-payout signal, is held: never approved until an admin releases
// it; release and reject each happen once, whatever the races; the member is told why.

const BANK = { method: "bank" as const, holderName: "Asha Rao", bankName: "HDFC Bank", bankIfsc: "HDFC0000123" };

async function memberWith(points: number, signals: QualitySignalKind[] = []) {
  const member = await createTestMember();
  await getPrisma().$transaction(async (tx) => {
    await creditPoints(tx, {
      memberId: member.id,
      points,
      type: "admin_adjustment",
      source: `start:${member.id}`,
      remark: "Start",
    });
    await tx.paymentAccount.create({ data: { ...BANK, bankAccountNumber: `00${member.id}9876`, memberId: member.id } });
    for (const [index, kind] of signals.entries()) {
      await raiseSignal(tx, { memberId: member.id, kind, subject: `s${index}`, evidence: { otherMemberIds: [1] } });
    }
  });
  return member;
}

const request = (memberId: number, points = 1000) => requestWithdrawal(memberId, { points, method: "bank" });

async function statusOf(referenceId: string) {
  return (await getPrisma().withdrawalRequest.findUniqueOrThrow({ where: { referenceId } })).status;
}

async function mailsTo(email: string) {
  return getPrisma().queuedMail.findMany({ where: { to: email }, orderBy: { id: "asc" } });
}

describe("which requests are held", () => {
  test("a member with no open signals goes straight to the approval queue", async () => {
    const member = await memberWith(2000);
    const result = await request(member.id);
    expect(result).toMatchObject({ ok: true, held: false });
    expect(await statusOf(result.ok ? result.referenceId : "")).toBe("pending");
  });

  test("a speeder's request (score 85) is held, and the member is told why in plain words", async () => {
    const member = await memberWith(2000, ["speeder"]);
    const result = await request(member.id);
    if (!result.ok) throw new Error(result.message);
    expect(result.held).toBe(true);
    const row = await getPrisma().withdrawalRequest.findUniqueOrThrow({ where: { referenceId: result.referenceId } });
    expect(row).toMatchObject({ status: "held", holdReason: "quality_score", holdScore: 85 });
    const [mail] = await mailsTo(member.email);
    expect(mail!.text).toContain("It is held for review before payment.");
    expect(mail!.text).toContain(WITHDRAWAL_HOLD_REASONS.quality_score.member);
    // The points are debited as for any request: held is not refused.
    expect((await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).pointsBalance).toBe(1000);
  });

  test("one page of straight answers (score 90) holds nothing", async () => {
    const member = await memberWith(2000, ["straight_answers"]);
    expect(await request(member.id)).toMatchObject({ ok: true, held: false });
  });

  test("an open shared-payout signal holds the request, whatever the score", async () => {
    const member = await memberWith(2000, ["shared_payout"]);
    const result = await request(member.id);
    if (!result.ok) throw new Error(result.message);
    const row = await getPrisma().withdrawalRequest.findUniqueOrThrow({ where: { referenceId: result.referenceId } });
    expect(row).toMatchObject({ status: "held", holdReason: "shared_payout" });
    const [mail] = await mailsTo(member.email);
    expect(mail!.text).toContain(WITHDRAWAL_HOLD_REASONS.shared_payout.member);
  });
});

describe("reviewing a held request", () => {
  test("it cannot be approved; released (once, audited, mailed), it is approved as usual", async () => {
    const admin = await createTestAdmin();
    const member = await memberWith(2000, ["shared_device"]);
    const result = await request(member.id);
    if (!result.ok) throw new Error(result.message);
    const refused = await approveWithdrawal(admin, result.referenceId);
    expect(refused).toEqual({
      ok: false,
      message: `${result.referenceId} is held for a quality review: release it to the approval queue first, or reject it.`,
    });
    expect(await statusOf(result.referenceId)).toBe("held");

    const review = await holdReview(result.referenceId);
    expect(review).toMatchObject({ memberId: member.id, score: 75, scoreAtRequest: 75 });
    expect(review!.signals.map((signal) => signal.label)).toEqual(["Shared device"]);

    expect(await releaseWithdrawal(admin, result.referenceId, "Checked: his brother's laptop")).toEqual({
      ok: true,
      message: RELEASE_MESSAGES.released(result.referenceId),
    });
    expect(await releaseWithdrawal(admin, result.referenceId, "Again")).toEqual({
      ok: false,
      message: RELEASE_MESSAGES.notHeld(result.referenceId),
    });
    const audit = await getPrisma().auditEntry.findMany({
      where: { action: "withdrawal.released", targetId: result.referenceId },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ reason: "Checked: his brother's laptop", before: { Status: "held" } });
    expect((await mailsTo(member.email)).map((mail) => mail.subject)).toContain(
      `Withdrawal ${result.referenceId} checked`,
    );
    expect(await approveWithdrawal(admin, result.referenceId)).toMatchObject({ ok: true });
    expect(await statusOf(result.referenceId)).toBe("approved");
  });

  test("clearing the signal raises the score but the request waits for the release", async () => {
    const admin = await createTestAdmin();
    const member = await memberWith(3000, ["shared_payout"]);
    const result = await request(member.id);
    if (!result.ok) throw new Error(result.message);
    const [signal] = await getPrisma().qualitySignal.findMany({ where: { memberId: member.id } });
    await clearSignal(admin, member.id, signal!.id, "Joint account of a married couple");
    expect(await statusOf(result.referenceId)).toBe("held");
    expect((await holdReview(result.referenceId))!.score).toBe(100);
    // The member's next request is not held: the signal is cleared.
    expect(await request(member.id, 1000)).toMatchObject({ ok: true, held: false });
  });

  test("the audit log says which status a rejected request left: held, or pending after a release", async () => {
    const admin = await createTestAdmin();
    const member = await memberWith(3000, ["speeder"]);
    const held = await request(member.id);
    if (!held.ok) throw new Error(held.message);
    expect(await statusOf(held.referenceId)).toBe("held");
    expect((await rejectWithdrawal(admin, held.referenceId, "Answers too fast")).ok).toBe(true);
    const second = await request(member.id);
    if (!second.ok) throw new Error(second.message);
    expect((await releaseWithdrawal(admin, second.referenceId, "Fine")).ok).toBe(true);
    expect((await rejectWithdrawal(admin, second.referenceId, "Wrong account")).ok).toBe(true);

    const changes = async (referenceId: string) => {
      const entry = await getPrisma().auditEntry.findFirstOrThrow({
        where: { action: "withdrawal.rejected", targetId: referenceId },
      });
      return auditSentence({ ...entry, actor: admin.email }).changes;
    };
    expect(await changes(held.referenceId)).toEqual([{ field: "Status", before: "held", after: "rejected" }]);
    expect(await changes(second.referenceId)).toEqual([{ field: "Status", before: "pending", after: "rejected" }]);
  });

  test("releases and rejections at once: each happens at most once, and the points come back at most once", async () => {
    const admin = await createTestAdmin();
    const member = await memberWith(2000, ["speeder"]);
    const result = await request(member.id);
    if (!result.ok) throw new Error(result.message);
    const [releaseA, rejectA, releaseB, rejectB] = await Promise.all([
      releaseWithdrawal(admin, result.referenceId, "Fine"),
      rejectWithdrawal(admin, result.referenceId, "Not fine"),
      releaseWithdrawal(admin, result.referenceId, "Fine"),
      rejectWithdrawal(admin, result.referenceId, "Not fine"),
    ]);
    // A release may come before a rejection (released, then rejected from the queue): fine. Never two
    // of a kind, and never a release after the rejection.
    expect([releaseA, releaseB].filter((outcome) => outcome.ok).length).toBeLessThanOrEqual(1);
    expect([rejectA, rejectB].filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(await statusOf(result.referenceId)).toBe("rejected");
    const balance = (await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).pointsBalance;
    expect(balance).toBe(2000);
    const { _sum } = await getPrisma().pointsTransaction.aggregate({
      where: { memberId: member.id },
      _sum: { change: true },
    });
    expect(_sum.change).toBe(2000);
  });
});
