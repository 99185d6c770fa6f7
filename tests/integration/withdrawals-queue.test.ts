import { describe, expect, test } from "vitest";
import "../support/file-outbox";
import { creditPoints } from "~/domain/ledger.server";
import { getPayoutConfig } from "~/domain/payout-config.server";
import { bulkOutcomeToast, QUEUE_MESSAGES } from "~/domain/withdrawal-queue.server";
import { rejectWithdrawal, requestWithdrawal } from "~/domain/withdrawals.server";
import type { PayoutMethod, Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { action, loader } from "~/routes/admin._console.withdrawal.req";
import {
  action as confirmationAction,
  loader as confirmationLoader,
} from "~/routes/admin._console.withdrawal.req.$referenceId";
import { adminCookie, ORIGIN, thrownStatus } from "../support/admin-requests";
import { createTestAdmin, createTestMember } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { toastOf } from "../support/requests";

// The withdrawals queue (/admin/withdrawal/req): each filter narrows the list and a bad value
// answers a message; approve and reject in bulk go through the single functions, one transaction
// each, so four eyes, replays and races behave as one by one. See docs/decisions/052-withdrawals-queue.md.

const ACCOUNTS: Record<PayoutMethod, Omit<Prisma.PaymentAccountCreateManyInput, "memberId">> = {
  bank: {
    method: "bank",
    holderName: "Asha Rao",
    bankName: "HDFC Bank",
    bankAccountNumber: "0012345678",
    bankIfsc: "HDFC0000123",
  },
  upi: { method: "upi", holderName: "Asha Rao", upiId: "asha@okhdfc" },
  paypal: { method: "paypal", holderName: "Asha Rao", paypalEmail: "asha@example.com" },
};

/** A member of this country with this balance and an account of every method. */
async function memberWith(points: number, country = "IN") {
  const member = await createTestMember({ country });
  await getPrisma().$transaction(async (tx) => {
    await creditPoints(tx, {
      memberId: member.id,
      points,
      type: "admin_adjustment",
      source: `start:${member.id}`,
      remark: "Start",
    });
    for (const account of Object.values(ACCOUNTS)) {
      await tx.paymentAccount.create({ data: { ...account, memberId: member.id } });
    }
  });
  return member;
}

/** A pending withdrawal of a new member (so that four eyes' 24-hour totals never add up across tests). */
async function pendingWithdrawal(points: number, method: PayoutMethod = "bank", country = "IN") {
  const member = await memberWith(points, country);
  const result = await requestWithdrawal(member.id, { points, method }, getPayoutConfig());
  if (!result.ok) throw new Error(result.message);
  return { member, referenceId: result.referenceId };
}

async function list(cookie: string, query = "") {
  return loader({
    request: new Request(`${ORIGIN}/admin/withdrawal/req${query}`, { headers: { Cookie: cookie } }),
    params: {},
    context: {},
  });
}

function post(cookie: string, fields: [string, string][], query = "") {
  const request = new Request(`${ORIGIN}/admin/withdrawal/req${query}`, {
    method: "POST",
    headers: { Cookie: cookie, "X-Panel-Client-Address": "198.51.100.7" },
    body: new URLSearchParams(fields),
  });
  return action({ request, params: {}, context: {} });
}

const selected = (references: string[]): [string, string][] =>
  references.map((referenceId) => ["referenceId", referenceId]);

async function statusOf(referenceId: string) {
  const row = await getPrisma().withdrawalRequest.findUniqueOrThrow({ where: { referenceId } });
  return { status: row.status, firstApproved: row.firstApprovedById !== null };
}

async function balanceOf(memberId: number) {
  return (await getPrisma().member.findUniqueOrThrow({ where: { id: memberId } })).pointsBalance;
}

async function signedInAdmin() {
  const admin = await createTestAdmin();
  return { admin, cookie: await adminCookie(admin.id) };
}

describe("the queue's list and filters", () => {
  test("shows request date, member e-mail and country by name, method, points, amount, status, reference", async () => {
    const { cookie } = await signedInAdmin();
    const { member, referenceId } = await pendingWithdrawal(1500, "upi", "GB");
    const page = await list(cookie);
    expect(page.errors).toEqual({});
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({
      referenceId,
      memberId: member.id,
      email: member.email,
      country: "United Kingdom",
      method: "UPI",
      points: 1500,
      amount: "₹ 150.00",
      statusLabel: "Pending",
    });
    expect(Date.parse(page.rows[0].requestedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Every status the database knows is offered, with its label.
    expect(page.options.statuses).toEqual(expect.arrayContaining([{ value: "pending", label: "Pending" }]));
    expect(page.options.statuses.map((option) => option.value)).toContain("rejected");
  });

  test("each filter narrows the list: status, method, requested dates, amount in rupees", async () => {
    const { admin, cookie } = await signedInAdmin();
    const bankOld = await pendingWithdrawal(1000, "bank");
    const upiMid = await pendingWithdrawal(2500, "upi");
    const paypalNew = await pendingWithdrawal(4000, "paypal");
    const rejectedUpi = await pendingWithdrawal(3000, "upi");
    await rejectWithdrawal(admin, rejectedUpi.referenceId, "Wrong UPI id");
    const dated: [string, string][] = [
      [bankOld.referenceId, "2026-10-01T10:00:00Z"],
      [upiMid.referenceId, "2026-10-15T23:59:00Z"],
      [paypalNew.referenceId, "2026-11-01T00:00:00Z"],
      [rejectedUpi.referenceId, "2026-10-16T00:00:00Z"],
    ];
    for (const [referenceId, at] of dated) {
      await getPrisma().withdrawalRequest.update({ where: { referenceId }, data: { requestedAt: new Date(at) } });
    }
    const references = async (query: string) => {
      const page = await list(cookie, query);
      expect(page.errors, query).toEqual({});
      return page.rows.map((row) => row.referenceId).sort();
    };
    const sorted = (...ids: string[]) => [...ids].sort();

    expect(await references("")).toEqual(
      sorted(bankOld.referenceId, upiMid.referenceId, paypalNew.referenceId, rejectedUpi.referenceId),
    );
    expect(await references("?status=rejected")).toEqual([rejectedUpi.referenceId]);
    expect(await references("?status=pending")).toEqual(
      sorted(bankOld.referenceId, upiMid.referenceId, paypalNew.referenceId),
    );
    expect(await references("?method=upi")).toEqual(sorted(upiMid.referenceId, rejectedUpi.referenceId));
    expect(await references("?method=upi&status=pending")).toEqual([upiMid.referenceId]);
    // Whole UTC days, both ends included.
    expect(await references("?from=2026-10-15&to=2026-10-15")).toEqual([upiMid.referenceId]);
    expect(await references("?from=2026-10-16")).toEqual(sorted(paypalNew.referenceId, rejectedUpi.referenceId));
    expect(await references("?to=2026-10-01")).toEqual([bankOld.referenceId]);
    // Rupees: 1000 points are ₹ 100, 2500 are ₹ 250; both ends included, decimals allowed.
    expect(await references("?minAmount=250&maxAmount=300")).toEqual(
      sorted(upiMid.referenceId, rejectedUpi.referenceId),
    );
    expect(await references("?maxAmount=100.00")).toEqual([bankOld.referenceId]);
    expect(await references("?minAmount=400.01")).toEqual([]);
    // Blank fields (the empty GET form) filter nothing.
    expect(await references("?status=&method=&from=&to=&minAmount=&maxAmount=")).toHaveLength(4);

    const filtered = await list(cookie, "?method=upi");
    expect(filtered).toMatchObject({ total: 2, page: 1, pageCount: 1, values: { method: "upi", status: "" } });
  });

  test("bad filter values answer a message each and show no list, never a 500", async () => {
    const { cookie } = await signedInAdmin();
    await pendingWithdrawal(1000);
    const errorsOf = async (query: string) => {
      const page = await list(cookie, query);
      expect(page.rows, query).toEqual([]);
      return page.errors;
    };
    expect(await errorsOf("?status=paid-twice")).toEqual({ status: [QUEUE_MESSAGES.status] });
    expect(await errorsOf("?method=cash")).toEqual({ method: [QUEUE_MESSAGES.method] });
    expect(await errorsOf("?from=2026-02-30")).toEqual({
      from: ["Enter a date as YYYY-MM-DD, for example 2026-11-25."],
    });
    expect(await errorsOf("?from=2026-11-02&to=2026-11-01")).toEqual({
      to: ["The first date must be on or before the last date."],
    });
    expect(await errorsOf("?minAmount=abc")).toEqual({ minAmount: [QUEUE_MESSAGES.amount] });
    expect(await errorsOf("?maxAmount=-5")).toEqual({ maxAmount: [QUEUE_MESSAGES.amount] });
    expect(await errorsOf("?maxAmount=99999999999")).toEqual({ maxAmount: [QUEUE_MESSAGES.amount] });
    expect(await errorsOf("?minAmount=500&maxAmount=100")).toEqual({ maxAmount: [QUEUE_MESSAGES.amountRange] });
    // What was typed is shown back.
    expect((await list(cookie, "?minAmount=abc")).values.minAmount).toBe("abc");
  });

  test("Proceed keeps the list's filters: the Payment Confirmation closes and returns to the same list", async () => {
    const { cookie } = await signedInAdmin();
    const { referenceId } = await pendingWithdrawal(1000, "upi");
    const query = "?status=pending&method=upi&minAmount=50&page=2&unknown=x";
    const detail = await confirmationLoader({
      request: new Request(`${ORIGIN}/admin/withdrawal/req/${referenceId}${query}`, { headers: { Cookie: cookie } }),
      params: { referenceId },
      context: {},
    });
    const filteredList = "/admin/withdrawal/req?status=pending&method=upi&minAmount=50&page=2";
    expect(detail.back).toBe(filteredList);
    const approved = expectRedirect(
      await confirmationAction({
        request: new Request(`${ORIGIN}/admin/withdrawal/req/${referenceId}${query}`, {
          method: "POST",
          headers: { Cookie: cookie },
          body: new URLSearchParams({ intent: "approve", confirmed: "on" }),
        }),
        params: { referenceId },
        context: {},
      }),
    );
    expect(approved.headers.get("Location")).toBe(filteredList);
    expect(await statusOf(referenceId)).toEqual({ status: "approved", firstApproved: false });
  });

  test("is a 404 for anyone but an admin, and so is a bulk post", async () => {
    const { referenceId } = await pendingWithdrawal(1000);
    expect(await thrownStatus(list(""))).toBe(404);
    expect(
      await thrownStatus(post("", [["intent", "approve-selected"], ["confirmed", "on"], ...selected([referenceId])])),
    ).toBe(404);
    expect(await statusOf(referenceId)).toEqual({ status: "pending", firstApproved: false });
  });
});

describe("approve and reject in bulk", () => {
  test("approving three with one above the four-eyes threshold: a confirmation, then two approved for a payout batch and one first approval", async () => {
    const { cookie } = await signedInAdmin();
    const abovePoints = (getPayoutConfig().fourEyesThresholdMinor / 100) * getPayoutConfig().pointsPerRupee + 1000;
    const small = await pendingWithdrawal(1000, "upi");
    const medium = await pendingWithdrawal(2000, "upi");
    const large = await pendingWithdrawal(abovePoints, "upi");
    const references = [small.referenceId, medium.referenceId, large.referenceId];

    // The confirmation step: the count and the total, nothing approved yet.
    const step = expectData(
      await post(cookie, [["intent", "approve-selected"], ...selected(references)], "?method=upi"),
    );
    expect(step.init?.status ?? 200).toBe(200);
    expect(step.data).toMatchObject({
      form: "confirm",
      pageState: { confirm: { count: 3, referenceIds: references, skipped: 0 } },
    });
    const totalRupees = (1000 + 2000 + abovePoints) / getPayoutConfig().pointsPerRupee;
    expect((step.data as { pageState: { confirm: { total: string } } }).pageState.confirm.total).toBe(
      `₹ ${totalRupees.toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
    );
    for (const referenceId of references)
      expect(await statusOf(referenceId)).toEqual({ status: "pending", firstApproved: false });

    // The confirmation's own form without its tick: the step again, with the message.
    const unticked = expectData(
      await post(cookie, [["intent", "approve-selected"], ["step", "confirm"], ...selected(references)]),
    );
    expect(unticked.init?.status).toBe(400);
    expect(unticked.data).toMatchObject({ form: "confirm", error: { confirmed: ["Tick the box to confirm."] } });

    const approved = expectRedirect(
      await post(
        cookie,
        [["intent", "approve-selected"], ["step", "confirm"], ["confirmed", "on"], ...selected(references)],
        "?method=upi",
      ),
    );
    expect(approved.headers.get("Location")).toBe("/admin/withdrawal/req?method=upi");
    const toast = await toastOf(approved);
    expect(toast?.type).toBe("success");
    expect(toast?.message).toContain("2 withdrawals approved.");
    expect(toast?.message).toContain(`1 first approval recorded (four eyes)`);
    expect(toast?.message).toContain(large.referenceId);
    expect(await statusOf(small.referenceId)).toEqual({ status: "approved", firstApproved: false });
    expect(await statusOf(medium.referenceId)).toEqual({ status: "approved", firstApproved: false });
    expect(await statusOf(large.referenceId)).toEqual({ status: "pending", firstApproved: true });
    // The list says so too.
    const page = await list(cookie, `?status=pending&method=upi`);
    expect(page.rows.map((row) => [row.referenceId, row.statusLabel])).toEqual([
      [large.referenceId, "Pending (1 of 2 approvals)"],
    ]);
  });

  test("a replayed bulk approval changes nothing and says why", async () => {
    const { cookie } = await signedInAdmin();
    const abovePoints = (getPayoutConfig().fourEyesThresholdMinor / 100) * getPayoutConfig().pointsPerRupee + 1000;
    const one = await pendingWithdrawal(1000);
    const large = await pendingWithdrawal(abovePoints);
    const fields: [string, string][] = [
      ["intent", "approve-selected"],
      ["confirmed", "on"],
      ...selected([one.referenceId, large.referenceId]),
    ];
    await post(cookie, fields);
    const audits = await getPrisma().auditEntry.count();
    const ledger = await getPrisma().pointsTransaction.findMany({ orderBy: { id: "asc" } });
    const withdrawals = await getPrisma().withdrawalRequest.findMany({ orderBy: { id: "asc" } });

    const replay = expectRedirect(await post(cookie, fields));
    const toast = await toastOf(replay);
    expect(toast?.type).toBe("error");
    expect(toast?.message).toContain("2 withdrawals not changed.");
    expect(toast?.message).toContain(`${one.referenceId}: has already been approved and awaits payout.`);
    expect(toast?.message).toContain(`${large.referenceId}: You have already approved this request.`);
    expect(await getPrisma().auditEntry.count()).toBe(audits);
    expect(await getPrisma().pointsTransaction.findMany({ orderBy: { id: "asc" } })).toEqual(ledger);
    expect(await getPrisma().withdrawalRequest.findMany({ orderBy: { id: "asc" } })).toEqual(withdrawals);
  });

  test("a withdrawal another admin handled first is reported, not changed twice", async () => {
    const { cookie } = await signedInAdmin();
    const other = await createTestAdmin();
    const mine = await pendingWithdrawal(1000);
    const theirs = await pendingWithdrawal(1200);
    // The list was shown with both pending; another admin rejects one before the confirmation.
    const step = expectData(
      await post(cookie, [["intent", "approve-selected"], ...selected([mine.referenceId, theirs.referenceId])]),
    );
    expect(step.data).toMatchObject({ pageState: { confirm: { count: 2 } } });
    await rejectWithdrawal(other, theirs.referenceId, "Duplicate request");
    const balance = await balanceOf(theirs.member.id);

    const result = expectRedirect(
      await post(cookie, [
        ["intent", "approve-selected"],
        ["step", "confirm"],
        ["confirmed", "on"],
        ...selected([mine.referenceId, theirs.referenceId]),
      ]),
    );
    const toast = await toastOf(result);
    expect(toast).toEqual({
      type: "success",
      message: `1 withdrawal approved. 1 withdrawal not changed. ${theirs.referenceId}: has already been rejected.`,
    });
    expect(await statusOf(mine.referenceId)).toEqual({ status: "approved", firstApproved: false });
    expect(await statusOf(theirs.referenceId)).toEqual({ status: "rejected", firstApproved: false });
    expect(await balanceOf(theirs.member.id)).toBe(balance);

    // Both handled now: the confirmation step itself says there is nothing left to approve.
    const none = expectData(
      await post(cookie, [["intent", "approve-selected"], ...selected([mine.referenceId, theirs.referenceId])]),
    );
    expect(none.init?.status).toBe(409);
    expect(none.data).toMatchObject({ form: "bulk", error: { "": [QUEUE_MESSAGES.noneStillPending] } });
  });

  test("bulk reject needs one reason, returns each member's points once, and a replay changes nothing", async () => {
    const { cookie } = await signedInAdmin();
    const first = await pendingWithdrawal(1000, "paypal");
    const second = await pendingWithdrawal(1800, "paypal");
    expect(await balanceOf(first.member.id)).toBe(0);
    const references = [first.referenceId, second.referenceId];

    const noReason = expectData(
      await post(cookie, [["intent", "reject-selected"], ["reason", "  "], ...selected(references)]),
    );
    expect(noReason.init?.status).toBe(400);
    expect(noReason.data).toMatchObject({ form: "bulk", error: { reason: ["Give the reason for the rejection."] } });
    const nothingSelected = expectData(
      await post(cookie, [
        ["intent", "reject-selected"],
        ["reason", "Fraud check"],
      ]),
    );
    expect(nothingSelected.data).toMatchObject({ form: "bulk", error: { referenceId: [QUEUE_MESSAGES.noSelection] } });
    expect(await statusOf(first.referenceId)).toEqual({ status: "pending", firstApproved: false });

    const fields: [string, string][] = [
      ["intent", "reject-selected"],
      ["reason", "Account name does not match"],
      ...selected(references),
    ];
    const rejected = expectRedirect(await post(cookie, fields));
    expect(await toastOf(rejected)).toEqual({
      type: "success",
      message: "2 withdrawals rejected: the points returned to the members.",
    });
    expect(await balanceOf(first.member.id)).toBe(1000);
    expect(await balanceOf(second.member.id)).toBe(1800);
    const rows = await getPrisma().withdrawalRequest.findMany({ where: { referenceId: { in: references } } });
    expect(rows.map((row) => [row.status, row.rejectReason])).toEqual([
      ["rejected", "Account name does not match"],
      ["rejected", "Account name does not match"],
    ]);

    const replay = expectRedirect(await post(cookie, fields));
    expect((await toastOf(replay))?.type).toBe("error");
    expect(await balanceOf(first.member.id)).toBe(1000);
    expect(await balanceOf(second.member.id)).toBe(1800);
  });

  test("a selection that cannot be real is refused with a message, changing nothing", async () => {
    const { cookie } = await signedInAdmin();
    const { referenceId } = await pendingWithdrawal(1000);
    const junk = expectData(
      await post(cookie, [
        ["intent", "approve-selected"],
        ["confirmed", "on"],
        ["referenceId", "wd-1; drop"],
      ]),
    );
    expect(junk.init?.status).toBe(400);
    expect(junk.data).toMatchObject({ form: "bulk" });
    const tooMany = Array.from({ length: 101 }, (_, index) => `WD${index}`);
    const many = expectData(await post(cookie, [["intent", "approve-selected"], ...selected(tooMany)]));
    expect(many.data).toMatchObject({ error: { referenceId: [QUEUE_MESSAGES.tooMany(100)] } });
    const unknown = expectRedirect(
      await post(cookie, [["intent", "approve-selected"], ["confirmed", "on"], ...selected(["WD000000NOPE00"])]),
    );
    expect(await toastOf(unknown)).toEqual({
      type: "error",
      message: "1 withdrawal not changed. WD000000NOPE00: This withdrawal request does not exist.",
    });
    expect(await statusOf(referenceId)).toEqual({ status: "pending", firstApproved: false });
  });

  test("a long list of refusals is cut to fit the message, saying where to look", () => {
    const refused = Array.from({ length: 40 }, (_, index) => ({
      referenceId: `WD26112600000${index}`,
      message:
        index % 2
          ? `WD26112600000${index} has already been paid (Success).`
          : "This withdrawal request does not exist.",
    }));
    const toast = bulkOutcomeToast({ approved: ["WD1", "WD2"], firstApprovals: [], rejected: [], refused });
    expect(toast.type).toBe("success");
    expect(toast.message.length).toBeLessThanOrEqual(500);
    expect(toast.message).toMatch(/^2 withdrawals approved\. 40 withdrawals not changed\. /);
    expect(toast.message).toMatch(/… \(the list shows each status\)\.$/);
  });
});
