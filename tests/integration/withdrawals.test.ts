import { describe, expect, test } from "vitest";
import { listPointsHistory } from "~/domain/ledger.server";
import { deletePaymentAccount } from "~/domain/payment-accounts.server";
import { createPayoutBatch } from "~/domain/payout-batches.server";
import { startMemberSession } from "~/domain/sessions.server";
import { parsePayoutConfig } from "~/domain/payout-config.server";
import {
  approveWithdrawal,
  getWithdrawal,
  listWithdrawals,
  rejectWithdrawal,
  requestWithdrawal,
} from "~/domain/withdrawals.server";
import type { Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { action as pointsAction, loader as pointsLoader } from "~/routes/_member.points";
import { loader as historyLoader } from "~/routes/_member.activities.PointsRecords";
import {
  action as confirmationAction,
  loader as confirmationLoader,
} from "~/routes/admin._console.withdrawal.req.$referenceId";
import { loader as listLoader } from "~/routes/admin._console.withdrawal.req";
import { getDashboardFigures } from "~/domain/admin-dashboard.server";
import { createTestAdmin, createTestMember } from "../support/factories";
import { adminCookie, adminRequest, ORIGIN, thrownStatus } from "../support/admin-requests";
import { expectData, expectRedirect, expectThrown } from "../support/remix";
import { UNKNOWN_INTENT_MESSAGE } from "~/lib/forms.server";
import { creditPoints } from "~/domain/ledger.server";

/** An admin who neither created nor assigned anything here: the detail as any admin sees it. */
const VIEWER = { id: 0 };

// Withdrawals against a real database: the request debits at once and exactly once per request,
// never below zero even under 50 concurrent requests; an approval pays once and a rejection
// returns the points once, whatever the races; refused input changes nothing and is never a 500.
// On PostgreSQL (CI's second run) the concurrent cases run on separate connections.

const DEFAULTS = parsePayoutConfig({});
const WD_REFERENCE = /^WD\d{6}[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/;

const BANK = {
  method: "bank" as const,
  holderName: "Asha Rao",
  bankName: "HDFC Bank",
  bankAccountNumber: "001234567890",
  bankIfsc: "HDFC0000123",
};
const UPI = { method: "upi" as const, holderName: "Asha Rao", upiId: "asha@okhdfc" };

/** A member with this balance (credited through the ledger) and these payout accounts. */
async function memberWith(
  points: number,
  accounts: Omit<Prisma.PaymentAccountCreateManyInput, "memberId">[] = [BANK],
  overrides: Parameters<typeof createTestMember>[0] = {},
) {
  const member = await createTestMember(overrides);
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
    for (const account of accounts) await tx.paymentAccount.create({ data: { ...account, memberId: member.id } });
  });
  return member;
}

async function balanceOf(memberId: number) {
  return (await getPrisma().member.findUniqueOrThrow({ where: { id: memberId } })).pointsBalance;
}

async function ledgerSum(memberId: number) {
  const { _sum } = await getPrisma().pointsTransaction.aggregate({ where: { memberId }, _sum: { change: true } });
  return _sum.change ?? 0;
}

async function withdrawalEntry(referenceId: string) {
  return getPrisma().pointsTransaction.findUniqueOrThrow({ where: { referenceId } });
}

async function requested(memberId: number, points = 1000, method: "bank" | "upi" | "paypal" = "bank") {
  const result = await requestWithdrawal(memberId, { points, method }, DEFAULTS);
  if (!result.ok) throw new Error(`Expected a withdrawal, got: ${result.message}`);
  return result;
}

describe("requesting a withdrawal", () => {
  test("the same form posted twice (a double click without JavaScript) makes one request", async () => {
    const member = await memberWith(5000);
    const requestKey = crypto.randomUUID();
    const posts = await Promise.all(
      [1, 2, 3].map(() => requestWithdrawal(member.id, { points: 1000, method: "bank", requestKey }, DEFAULTS)),
    );
    expect(posts.every((post) => post.ok)).toBe(true);
    expect(new Set(posts.map((post) => (post.ok ? post.referenceId : null))).size).toBe(1);
    expect(await getPrisma().withdrawalRequest.count({ where: { memberId: member.id } })).toBe(1);
    expect(await balanceOf(member.id)).toBe(4000);
    // A new rendering of the form is a new request.
    expect(
      await requestWithdrawal(member.id, { points: 1000, method: "bank", requestKey: crypto.randomUUID() }, DEFAULTS),
    ).toMatchObject({
      ok: true,
      balance: 3000,
    });
  });

  test("a closed account cannot withdraw; a request racing the account's deletion is refused, never a 500", async () => {
    const closed = await memberWith(5000, [BANK], { status: "closed" });
    expect(await requestWithdrawal(closed.id, { points: 1000, method: "bank" }, DEFAULTS)).toEqual({
      ok: false,
      message: "This account has been closed.",
    });
    expect(await balanceOf(closed.id)).toBe(5000);

    const member = await memberWith(5000);
    const account = await getPrisma().paymentAccount.findFirstOrThrow({ where: { memberId: member.id } });
    const [withdrawal, deleted] = await Promise.all([
      requestWithdrawal(member.id, { points: 1000, method: "bank" }, DEFAULTS),
      deletePaymentAccount(member.id, account.id),
    ]);
    // Either the request came first (and the account is kept for it) or the delete did (and the
    // request finds no account); the books agree either way.
    if (withdrawal.ok) expect(deleted).toMatchObject({ ok: false, reason: "pending-withdrawal" });
    else expect(withdrawal).toMatchObject({ noAccount: true });
    expect(await balanceOf(member.id)).toBe(withdrawal.ok ? 4000 : 5000);
    expect(await ledgerSum(member.id)).toBe(await balanceOf(member.id));
  });

  test("debits at once, pending payment, with one reference on both sides and the account copied in full", async () => {
    const member = await memberWith(1500);
    const result = await requested(member.id, 1200);

    // Defaults: 10 points a rupee, so 1,200 points are ₹120.00.
    expect(result).toMatchObject({ ok: true, points: 1200, amountMinor: 12_000, balance: 300 });
    expect(result.referenceId).toMatch(WD_REFERENCE);
    expect(await balanceOf(member.id)).toBe(300);
    expect(await ledgerSum(member.id)).toBe(300);

    const withdrawal = await getPrisma().withdrawalRequest.findUniqueOrThrow({
      where: { referenceId: result.referenceId },
    });
    expect(withdrawal).toMatchObject({
      memberId: member.id,
      points: 1200,
      amountMinor: 12_000,
      currency: "INR",
      status: "pending",
      method: "bank",
    });
    expect(withdrawal.payoutSnapshot).toEqual({ ...BANK });
    const entry = await withdrawalEntry(result.referenceId);
    expect(entry).toMatchObject({
      change: -1200,
      status: "pending",
      type: "withdrawal",
      source: `withdrawal:${withdrawal.id}`,
      withdrawalId: withdrawal.id,
      remark: "Withdrawal to Bank · HDFC Bank ••••••••7890",
    });

    const history = await listPointsHistory(member.id, 1);
    expect(history.rows[0]).toEqual({
      referenceId: result.referenceId,
      remark: entry.remark,
      change: -1200,
      status: "Pending payment",
      holdReason: null,
      appealEvent: null,
    });
  });

  test("clear refusals that change nothing: below the minimum, over the balance, no account, another method, unverified", async () => {
    const member = await memberWith(1500, [UPI]);
    const none = await memberWith(5000, []);
    const unverified = await memberWith(5000, [BANK], { emailVerifiedAt: null });

    expect(await requestWithdrawal(member.id, { points: 999, method: "upi" }, DEFAULTS)).toEqual({
      ok: false,
      field: "points",
      message: "The minimum withdrawal is 1,000 points.",
    });
    expect(await requestWithdrawal(member.id, { points: 1501, method: "upi" }, DEFAULTS)).toEqual({
      ok: false,
      field: "points",
      message: "You cannot withdraw more than your balance of 1,500 points.",
    });
    expect(await requestWithdrawal(member.id, { points: 1000, method: "bank" }, DEFAULTS)).toEqual({
      ok: false,
      field: "method",
      message: "This account no longer exists. Choose another one.",
    });
    expect(await requestWithdrawal(none.id, { points: 1000, method: "bank" }, DEFAULTS)).toEqual({
      ok: false,
      noAccount: true,
      message: "Add a payment account before you withdraw.",
    });
    expect(await requestWithdrawal(unverified.id, { points: 1000, method: "bank" }, DEFAULTS)).toEqual({
      ok: false,
      message: "Your email address is not verified.",
    });

    expect(await getPrisma().withdrawalRequest.count()).toBe(0);
    expect(await getPrisma().pointsTransaction.count({ where: { type: "withdrawal" } })).toBe(0);
    expect([await balanceOf(member.id), await balanceOf(none.id), await balanceOf(unverified.id)]).toEqual([
      1500, 5000, 5000,
    ]);
  });

  test("the minimum is the member's country's, and the rate converts to whole paise", async () => {
    const config = parsePayoutConfig({ POINTS_PER_RUPEE: "3", MIN_WITHDRAWAL_POINTS_BY_COUNTRY: "US=2000" });
    const american = await memberWith(5000, [BANK], { country: "US" });
    const indian = await memberWith(5000, [BANK], { country: "IN" });

    expect(await requestWithdrawal(american.id, { points: 1999, method: "bank" }, config)).toMatchObject({
      ok: false,
      message: "The minimum withdrawal is 2,000 points.",
    });
    // 1,000 points at 3 a rupee: ₹333.33, rounded down.
    expect(await requestWithdrawal(indian.id, { points: 1000, method: "bank" }, config)).toMatchObject({
      ok: true,
      amountMinor: 33_333,
    });
  });

  test("50 concurrent requests against a balance that covers 3: exactly 3 go through", async () => {
    const member = await memberWith(3500);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => requestWithdrawal(member.id, { points: 1000, method: "bank" }, DEFAULTS)),
    );

    expect(results.filter((result) => result.ok)).toHaveLength(3);
    for (const refused of results.filter((result) => !result.ok)) {
      expect(refused).toMatchObject({
        ok: false,
        field: "points",
        message: expect.stringMatching(/^You cannot withdraw more than your balance of (500|1,500|2,500) points\.$/),
      });
    }
    expect(await balanceOf(member.id)).toBe(500);
    expect(await ledgerSum(member.id)).toBe(500);
    // The refused requests left no row behind: neither the request nor its debit.
    expect(await getPrisma().withdrawalRequest.count({ where: { memberId: member.id } })).toBe(3);
    expect(await getPrisma().pointsTransaction.count({ where: { memberId: member.id, type: "withdrawal" } })).toBe(3);
  });
});

describe("approving and rejecting", () => {
  // Paying at once needs the payout reference since decision 054; without one, approval leaves the
  // request Approved for a payout batch (tests/integration/payout-batches.test.ts).
  test("approve with a payout reference: Success, the entry paid out, audited, the dashboard's pending count drops; a second approval pays nothing", async () => {
    const admin = await createTestAdmin();
    const member = await memberWith(2000);
    const { referenceId } = await requested(member.id);
    expect((await getDashboardFigures(getPrisma())).pendingWithdrawals).toBe(1);

    expect(await approveWithdrawal(admin, referenceId, undefined, { payoutReference: "UTR0001" })).toEqual({
      ok: true,
      message: `Payment confirmed: ${referenceId} is now Success (payout reference UTR0001).`,
    });
    expect(await approveWithdrawal(admin, referenceId, undefined, { payoutReference: "UTR0001" })).toEqual({
      ok: false,
      message: `${referenceId} has already been paid (Success).`,
    });
    expect(await rejectWithdrawal(admin, referenceId, "Too late")).toEqual({
      ok: false,
      message: `${referenceId} has already been paid (Success).`,
    });

    const withdrawal = await getPrisma().withdrawalRequest.findUniqueOrThrow({ where: { referenceId } });
    expect(withdrawal).toMatchObject({
      status: "success",
      approvedById: admin.id,
      rejectedById: null,
      payoutReference: "UTR0001",
    });
    expect(withdrawal.approvedAt).toBeInstanceOf(Date);
    expect(await withdrawalEntry(referenceId)).toMatchObject({ status: "paid_out", change: -1000 });
    expect(await balanceOf(member.id)).toBe(1000);
    expect(
      await getPrisma().auditEntry.findMany({ select: { action: true, targetId: true, adminEmail: true } }),
    ).toEqual([{ action: "withdrawal.approved", targetId: referenceId, adminEmail: admin.email }]);
    expect((await getDashboardFigures(getPrisma())).pendingWithdrawals).toBe(0);
    expect((await listPointsHistory(member.id, 1)).rows[0]).toMatchObject({
      referenceId,
      status: "Paid out (UTR0001)",
    });
  });

  // Approved: awaiting its payout batch, nothing has left yet, so it can still be stopped (a member
  // suspended or closed since the approval, decision 051).
  test.each(["pending", "approved"] as const)(
    "reject a %s request: the points come back once, with the reason, mailed; the debit shows Rejected",
    async (from) => {
      const admin = await createTestAdmin();
      const member = await memberWith(2500);
      const { referenceId } = await requested(member.id, 2000);
      expect(await balanceOf(member.id)).toBe(500);
      if (from === "approved") expect((await approveWithdrawal(admin, referenceId)).ok).toBe(true);

      expect(await rejectWithdrawal(admin, referenceId, "UPI id does not exist")).toEqual({
        ok: true,
        message: `Withdrawal ${referenceId} rejected: 2000 points returned to the member.`,
      });
      expect(await rejectWithdrawal(admin, referenceId, "Again")).toEqual({
        ok: false,
        message: `${referenceId} has already been rejected.`,
      });
      expect(await approveWithdrawal(admin, referenceId)).toEqual({
        ok: false,
        message: `${referenceId} has already been rejected.`,
      });

      expect(await balanceOf(member.id)).toBe(2500);
      expect(await ledgerSum(member.id)).toBe(2500);
      expect(await getPrisma().withdrawalRequest.findUniqueOrThrow({ where: { referenceId } })).toMatchObject({
        status: "rejected",
        rejectedById: admin.id,
        rejectReason: "UPI id does not exist",
      });
      const [returned, rejected] = (await listPointsHistory(member.id, 1)).rows;
      expect(rejected).toMatchObject({ referenceId, change: -2000, status: "Rejected" });
      expect(returned).toMatchObject({
        change: 2000,
        status: "Completed",
        remark: `Points returned: withdrawal ${referenceId} rejected (UPI id does not exist)`,
      });
      const mails = await getPrisma().queuedMail.findMany({ where: { to: member.email } });
      expect(mails.map((mail) => mail.subject)).toContain(`Withdrawal ${referenceId} rejected`);
      expect(
        await getPrisma().auditEntry.findMany({
          where: { action: "withdrawal.rejected" },
          select: { action: true, details: true },
        }),
      ).toEqual([
        {
          action: "withdrawal.rejected",
          details: {
            memberId: member.id,
            points: 2000,
            amountMinor: 20_000,
            reason: "UPI id does not exist",
            before: { Status: from },
            after: { Status: "rejected" },
          },
        },
      ]);
    },
  );

  test("a sent withdrawal cannot be rejected: the money may have left, only the batch's result settles it", async () => {
    const admin = await createTestAdmin();
    const member = await memberWith(1000, [UPI]);
    const { referenceId } = await requested(member.id, 1000, "upi");
    expect((await approveWithdrawal(admin, referenceId)).ok).toBe(true);
    expect((await createPayoutBatch(admin, "upi", [referenceId])).ok).toBe(true);

    expect(await rejectWithdrawal(admin, referenceId, "Too late")).toEqual({
      ok: false,
      message: `${referenceId} has already been sent in a payout batch.`,
    });
    expect((await getPrisma().withdrawalRequest.findUniqueOrThrow({ where: { referenceId } })).status).toBe("sent");
    expect(await withdrawalEntry(referenceId)).toMatchObject({ status: "pending" });
    expect(await balanceOf(member.id)).toBe(0);
    expect(await getPrisma().auditEntry.count({ where: { action: "withdrawal.rejected" } })).toBe(0);
  });

  test("two concurrent approvals: one pays, one is refused, one audit entry", async () => {
    const [first, second] = [await createTestAdmin(), await createTestAdmin()];
    const member = await memberWith(1000);
    const { referenceId } = await requested(member.id);

    const paying = { payoutReference: "UTR0002" };
    const results = await Promise.all([
      approveWithdrawal(first, referenceId, undefined, paying),
      approveWithdrawal(second, referenceId, undefined, paying),
    ]);

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([
      { ok: false, message: `${referenceId} has already been paid (Success).` },
    ]);
    expect(await getPrisma().auditEntry.count({ where: { action: "withdrawal.approved" } })).toBe(1);
    expect(await withdrawalEntry(referenceId)).toMatchObject({ status: "paid_out" });
    expect(await balanceOf(member.id)).toBe(0);
  });

  test("approval racing a rejection: exactly one wins and the books agree with it", async () => {
    const admin = await createTestAdmin();
    for (let round = 0; round < 5; round += 1) {
      const member = await memberWith(1000);
      const { referenceId } = await requested(member.id);
      const [approved, rejected] = await Promise.all([
        approveWithdrawal(admin, referenceId, undefined, { payoutReference: `UTR${round}` }),
        rejectWithdrawal(admin, referenceId, "Race"),
      ]);

      expect([approved.ok, rejected.ok].filter(Boolean)).toHaveLength(1);
      const withdrawal = await getPrisma().withdrawalRequest.findUniqueOrThrow({ where: { referenceId } });
      const entry = await withdrawalEntry(referenceId);
      if (approved.ok) {
        expect([withdrawal.status, entry.status, await balanceOf(member.id)]).toEqual(["success", "paid_out", 0]);
      } else {
        expect([withdrawal.status, entry.status, await balanceOf(member.id)]).toEqual(["rejected", "reversed", 1000]);
      }
      expect(await ledgerSum(member.id)).toBe(await balanceOf(member.id));
      expect(
        await getPrisma().pointsTransaction.count({ where: { memberId: member.id, type: "withdrawal_reversal" } }),
      ).toBe(rejected.ok ? 1 : 0);
    }
    expect(await getPrisma().auditEntry.count()).toBe(5);
  });

  test("an unknown reference is refused", async () => {
    const admin = await createTestAdmin();
    expect(await approveWithdrawal(admin, "WD000000AAAAAA")).toEqual({
      ok: false,
      message: "This withdrawal request does not exist.",
    });
    expect(await rejectWithdrawal(admin, "WD000000AAAAAA", "x")).toEqual({
      ok: false,
      message: "This withdrawal request does not exist.",
    });
  });
});

describe("the admin list and the payment detail", () => {
  test("pending first, newest first within a status, numbered; one page of 20", async () => {
    const admin = await createTestAdmin();
    const member = await memberWith(30_000);
    const references: string[] = [];
    for (let index = 0; index < 22; index += 1) references.push((await requested(member.id)).referenceId);
    await approveWithdrawal(admin, references[21], undefined, { payoutReference: "UTR0003" });

    const first = await listWithdrawals(1);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 22 });
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]).toEqual({
      serial: 1,
      referenceId: references[20],
      memberId: member.id,
      points: 1000,
      amountMinor: 10_000,
      amount: "₹ 100.00",
      status: "pending",
      statusLabel: "Pending",
      requestedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      email: member.email,
      country: "India",
      method: "Bank",
    });
    const second = await listWithdrawals(9);
    expect(second.page).toBe(2);
    expect(second.rows.map((row) => [row.serial, row.referenceId, row.statusLabel])).toEqual([
      [21, references[0], "Pending"],
      [22, references[21], "Success"],
    ]);
  });

  test("the payment detail shows the payout account by method, bank number in full", async () => {
    const member = await memberWith(3000, [
      BANK,
      UPI,
      { method: "paypal", holderName: "Asha R", paypalEmail: "asha@example.com" },
    ]);
    const bank = await requested(member.id, 1000, "bank");
    const upi = await requested(member.id, 1000, "upi");
    const paypal = await requested(member.id, 1000, "paypal");
    // Editing or deleting the account later does not change where the request is paid.
    await getPrisma().paymentAccount.deleteMany({ where: { memberId: member.id } });

    expect(await getWithdrawal(bank.referenceId, VIEWER)).toMatchObject({
      referenceId: bank.referenceId,
      memberId: member.id,
      amount: "₹ 100.00",
      statusLabel: "Pending",
      payout: {
        method: "Bank",
        fields: [
          { label: "Bank name", value: "HDFC Bank" },
          { label: "Bank user name", value: "Asha Rao" },
          { label: "Bank account number", value: "001234567890" },
          { label: "Bank IFSC", value: "HDFC0000123" },
        ],
      },
    });
    expect((await getWithdrawal(upi.referenceId, VIEWER))?.payout).toEqual({
      method: "UPI",
      fields: [
        { label: "UPI ID", value: "asha@okhdfc" },
        { label: "UPI user name", value: "Asha Rao" },
      ],
    });
    expect((await getWithdrawal(paypal.referenceId, VIEWER))?.payout).toEqual({
      method: "Paypal",
      fields: [
        { label: "Paypal ID", value: "asha@example.com" },
        { label: "Paypal user name", value: "Asha R" },
      ],
    });
    expect(await getWithdrawal("WD000000AAAAAA", VIEWER)).toBeNull();
  });
});

describe("the routes", () => {
  async function signedIn(points: number, accounts = [BANK]) {
    const member = await memberWith(points, accounts);
    const setCookie = await startMemberSession(member.id, { persistent: false, request: new Request(ORIGIN) });
    return { member, cookie: setCookie.split(";")[0] };
  }

  function postPoints(cookie: string, body: BodyInit) {
    return pointsAction({
      request: new Request(`${ORIGIN}/points`, { method: "POST", headers: { Cookie: cookie }, body }),
      params: {},
      context: {},
    });
  }

  test("/points shows the balance, the withdrawable amount, the minimum and the accounts, masked", async () => {
    const { cookie } = await signedIn(1500);
    const loaded = await pointsLoader({
      request: new Request(`${ORIGIN}/points`, { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    });
    expect(loaded).toEqual({
      balance: 1500,
      minimum: 1000,
      pointsPerRupee: 10,
      minimumAmount: "₹ 100.00",
      withdrawable: "₹ 150.00",
      title: "Points",
      accounts: [{ method: "bank", summary: "Bank · HDFC Bank ••••••••7890", usableFrom: null }],
      requestKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  test("a withdrawal posted as a plain form redirects to the points history, where it is pending", async () => {
    const { member, cookie } = await signedIn(1500);
    const response = expectRedirect(await postPoints(cookie, new URLSearchParams({ points: "1000", method: "bank" })));
    expect(response.headers.get("Location")).toBe("/activities/PointsRecords");
    expect(await balanceOf(member.id)).toBe(500);

    const history = await historyLoader({
      request: new Request(`${ORIGIN}/activities/PointsRecords`, { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    });
    expect(history.rows.map((row) => [row.change, row.status])).toEqual([
      [-1000, "Pending payment"],
      [1500, "Completed"],
    ]);
  });

  test("bad input answers 400 with field errors and the values, and changes nothing", async () => {
    const { member, cookie } = await signedIn(1500);
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ points: "", method: "bank" }, { points: ["Enter the points to withdraw."] }],
      [{ points: "abc", method: "bank" }, { points: ["Enter a whole number of points."] }],
      [{ points: "1000.5", method: "bank" }, { points: ["Enter a whole number of points."] }],
      [{ points: "999", method: "bank" }, { points: ["The minimum withdrawal is 1,000 points."] }],
      [
        { points: "99999999999999999999", method: "bank" },
        { points: ["You cannot withdraw more than your balance of 1,500 points."] },
      ],
      [{ points: "1000", method: "cash" }, { method: ["Choose the account to pay into."] }],
      [{ points: "1000", method: "upi" }, { method: ["This account no longer exists. Choose another one."] }],
    ];
    for (const [form, errors] of cases) {
      const result = expectData(await postPoints(cookie, new URLSearchParams(form)));
      expect(result.init?.status).toBe(400);
      expect(result.data.error).toMatchObject(errors);
      // The values come back to the form (conform leaves out empty ones).
      expect(result.data.initialValue).toEqual(
        Object.fromEntries(Object.entries(form).filter(([, value]) => value !== "")),
      );
    }
    // Not a form at all, and a forged conform intent: a 400, not a 500.
    const notAForm = await postPoints(cookie, "{").catch((thrown: unknown) => thrown);
    expect(notAForm).toBeInstanceOf(Response);
    expect((notAForm as Response).status).toBe(400);
    const forged = expectData(await postPoints(cookie, new URLSearchParams({ __intent__: "{bad", points: "x" })));
    expect(forged.init?.status).toBe(400);

    expect(await balanceOf(member.id)).toBe(1500);
    expect(await getPrisma().withdrawalRequest.count()).toBe(0);
  });

  test("the admin pages are a 404 for anyone but an admin, and refuse a Submit without the confirmation", async () => {
    const admin = await createTestAdmin();
    const cookie = await adminCookie(admin.id);
    const member = await memberWith(1000);
    const { referenceId } = await requested(member.id);
    const path = `/admin/withdrawal/req/${referenceId}`;
    const call = (request: Request) => confirmationAction({ request, params: { referenceId }, context: {} });

    expect(
      await thrownStatus(listLoader({ request: adminRequest("/admin/withdrawal/req"), params: {}, context: {} })),
    ).toBe(404);
    expect(await thrownStatus(call(adminRequest(path, { form: { intent: "approve", confirmed: "on" } })))).toBe(404);
    expect(
      await thrownStatus(
        confirmationLoader({
          request: adminRequest("/admin/withdrawal/req/nope!", { cookie }),
          params: { referenceId: "nope!" },
          context: {},
        }),
      ),
    ).toBe(404);

    const unconfirmed = expectData(await call(adminRequest(path, { cookie, form: { intent: "approve" } })));
    expect(unconfirmed.init?.status).toBe(400);
    expect(unconfirmed.data).toMatchObject({ form: "approve", error: { confirmed: ["Tick the box to confirm."] } });
    const noReason = expectData(await call(adminRequest(path, { cookie, form: { intent: "reject", reason: "  " } })));
    expect(noReason.data).toMatchObject({ form: "reject", error: { reason: ["Give the reason for the rejection."] } });
    const noIntent = await expectThrown(call(adminRequest(path, { cookie, form: { confirmed: "on" } })));
    expect(noIntent).toEqual({ status: 400, text: UNKNOWN_INTENT_MESSAGE });
    expect((await getPrisma().withdrawalRequest.findUniqueOrThrow({ where: { referenceId } })).status).toBe("pending");

    const list = await listLoader({
      request: adminRequest("/admin/withdrawal/req", { cookie }),
      params: {},
      context: {},
    });
    expect(list.rows.map((row) => row.referenceId)).toEqual([referenceId]);
    const detail = await confirmationLoader({
      request: adminRequest(`${path}?page=1`, { cookie }),
      params: { referenceId },
      context: {},
    });
    expect(detail.withdrawal.statusLabel).toBe("Pending");

    const approved = expectRedirect(
      await call(adminRequest(`${path}?page=2`, { cookie, form: { intent: "approve", confirmed: "on" } })),
    );
    expect(approved.headers.get("Location")).toBe("/admin/withdrawal/req?page=2");
    const again = expectData(await call(adminRequest(path, { cookie, form: { intent: "approve", confirmed: "on" } })));
    expect(again.init?.status).toBe(409);
    // Approved without a payout reference: it awaits a payout batch (decision 054).
    expect(again.data).toMatchObject({
      form: "approve",
      error: { "": [`${referenceId} has already been approved and awaits payout.`] },
    });

    // Approved, awaiting its batch: the same page still takes a rejection, which returns the points.
    const rejected = expectRedirect(
      await call(adminRequest(path, { cookie, form: { intent: "reject", reason: "Member suspended" } })),
    );
    expect(rejected.headers.get("Location")).toBe("/admin/withdrawal/req");
    expect((await getPrisma().withdrawalRequest.findUniqueOrThrow({ where: { referenceId } })).status).toBe("rejected");
    expect(await balanceOf(member.id)).toBe(1000);
  });
});
