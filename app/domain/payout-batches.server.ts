import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import type { Admin, PayoutMethod, WithdrawalStatus } from "~/generated/prisma/client";
import { getPrisma, type Tx } from "~/lib/db.server";
import { utcMinute } from "~/lib/utc-minute";
import { recordAudit } from "./audit.server";
import { guardFormula } from "./exports.server";
import { reverseEntry, settlePayout } from "./ledger.server";
import { queueWithdrawalApprovedMail, queueWithdrawalReturnedMail } from "./member-notices.server";
import { formatRupees } from "./member-records.server";
import { MAX_BATCH_SIZE, RESULT_FILE_HELP } from "./payout-batch-schema";
import { PAYOUT_METHOD_LABEL } from "./payment-accounts";
import { payoutSnapshotOf } from "./withdrawals.server";
import { ON_HOLD_MEMBER_STATUSES, WITHDRAWAL_STATUS_LABEL } from "./withdrawal-statuses";

// Payout batches (docs/decisions/054-payout-batches.md). Approved withdrawals of one method go to
// the provider in one bulk file; the batch is recorded and its withdrawals become Sent. Then each
// payout's result is recorded, by hand or from the provider's result file: paid (Success, with the
// provider's reference, the ledger entry paid out) or failed (Returned, the points back through
// the ledger once, with the reason the member reads).
// - A withdrawal is in at most one batch: WithdrawalRequest.payoutBatchId is one column, and the
//   batch takes its withdrawals with one conditional UPDATE (… WHERE status = 'approved' AND
//   "payoutBatchId" IS NULL): of two batches made at once from the same withdrawals, the second
//   waits on the row locks, finds them taken, and is rolled back whole.
// - A result is applied under the withdrawal's row lock and only to a Sent withdrawal of this batch,
//   so a result recorded twice (a file uploaded twice, two admins at once) changes it once.
// - A suspended or closed member's approved withdrawals are on hold (decision 051): not offered, and
//   refused in a batch. The batch reads the members' status FOR SHARE after locking the withdrawals,
//   so a suspension in flight is waited for and seen, as approveWithdrawal does.

type Actor = Pick<Admin, "id" | "email">;

export type PayoutBatchResult = { ok: true; batchId: number; message: string } | { ok: false; message: string };

class Refused extends Error {}

export const BATCH_MESSAGES = {
  memberOnHold: (references: string[]) =>
    `Nothing was sent: ${references.join(", ")} ${references.length === 1 ? "is a withdrawal" : "are withdrawals"} of a suspended or closed member, on hold until the member is reinstated or the withdrawal rejected. Choose again from the list.`,
} as const;

function isOnHold(status: string): boolean {
  return (ON_HOLD_MEMBER_STATUSES as readonly string[]).includes(status);
}

/**
 * The approved withdrawals of one method that no batch holds yet, oldest approval first, and how
 * many more are on hold because their member is suspended or closed.
 */
export async function listBatchCandidates(method: PayoutMethod) {
  const prisma = getPrisma();
  const awaiting = { method, status: "approved", payoutBatchId: null } as const;
  const ofMemberOnHold = { member: { status: { in: [...ON_HOLD_MEMBER_STATUSES] } } };
  const onHold = await prisma.withdrawalRequest.count({ where: { ...awaiting, ...ofMemberOnHold } });
  const rows = await prisma.withdrawalRequest.findMany({
    where: { ...awaiting, NOT: ofMemberOnHold },
    orderBy: [{ approvedAt: "asc" }, { id: "asc" }],
    take: MAX_BATCH_SIZE + 1,
    select: {
      referenceId: true,
      memberId: true,
      points: true,
      amountMinor: true,
      requestedAt: true,
      payoutSnapshot: true,
    },
  });
  return {
    more: rows.length > MAX_BATCH_SIZE,
    onHold,
    rows: rows.slice(0, MAX_BATCH_SIZE).map(({ payoutSnapshot, requestedAt, ...row }) => ({
      ...row,
      amount: formatRupees(row.amountMinor),
      requestedAt: utcMinute(requestedAt),
      ...beneficiary(method, payoutSnapshot),
    })),
  };
}

/** Records a batch of the chosen approved withdrawals and marks them Sent, all or nothing. */
export async function createPayoutBatch(
  admin: Actor,
  method: PayoutMethod,
  references: string[],
): Promise<PayoutBatchResult> {
  const wanted = [...new Set(references)];
  try {
    return await getPrisma().$transaction(async (tx) => {
      const batch = await tx.payoutBatch.create({
        data: { method, createdById: admin.id, createdByEmail: admin.email },
        select: { id: true },
      });
      // The rows locked first, in one order (by id), so two batches made at once from overlapping
      // choices queue behind each other instead of deadlocking; the UPDATE below then re-checks.
      const locked = await tx.$queryRaw<{ referenceId: string; memberId: number }[]>`
        SELECT "referenceId", "memberId" FROM "WithdrawalRequest" WHERE "referenceId" = ANY(${wanted}) ORDER BY "id" FOR UPDATE`;
      // Then their members, FOR SHARE: a suspension or closing in flight holds the member's row
      // (FOR UPDATE) until it commits, so it is waited for and its status read here.
      const memberIds = [...new Set(locked.map((row) => row.memberId))];
      const members = await tx.$queryRaw<{ id: number; status: string }[]>`
        SELECT "id", "status"::text AS "status" FROM "Member" WHERE "id" = ANY(${memberIds}) ORDER BY "id" FOR SHARE`;
      const membersOnHold = new Set(members.filter((member) => isOnHold(member.status)).map((member) => member.id));
      const onHold = locked.filter((row) => membersOnHold.has(row.memberId)).map((row) => row.referenceId);
      if (onHold.length > 0) throw new Refused(BATCH_MESSAGES.memberOnHold(onHold));
      const taken = await tx.withdrawalRequest.updateManyAndReturn({
        where: { referenceId: { in: wanted }, method, status: "approved", payoutBatchId: null },
        data: { status: "sent", payoutBatchId: batch.id, sentAt: new Date() },
        select: { referenceId: true, memberId: true, amountMinor: true },
      });
      if (taken.length !== wanted.length) {
        const found = new Set(taken.map((row) => row.referenceId));
        const missing = wanted.filter((reference) => !found.has(reference));
        throw new Refused(
          `Nothing was sent: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} no longer an approved ${PAYOUT_METHOD_LABEL[method]} withdrawal awaiting payout (another batch may have taken ${missing.length === 1 ? "it" : "them"}). Choose again from the list.`,
        );
      }
      const amountMinor = taken.reduce((sum, row) => sum + row.amountMinor, 0);
      await recordAudit(tx, {
        admin,
        action: "payout_batch.created",
        targetType: "payout_batch",
        targetId: batch.id,
        details: { method, count: taken.length, amountMinor, withdrawals: wanted },
      });
      return {
        ok: true as const,
        batchId: batch.id,
        message: `Batch #${batch.id} recorded: ${taken.length} ${PAYOUT_METHOD_LABEL[method]} withdrawal(s), ${formatRupees(amountMinor)}, now Sent. Download its file and upload it to the provider.`,
      };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, message: error.message };
    throw error;
  }
}

export const PAYOUT_BATCHES_PAGE_SIZE = 20;

/** The batches, newest first, with how many of each one's payouts are sent, paid and returned. */
export async function listPayoutBatches(page: number) {
  const prisma = getPrisma();
  const total = await prisma.payoutBatch.count();
  const pageCount = Math.max(1, Math.ceil(total / PAYOUT_BATCHES_PAGE_SIZE));
  const shown = Math.min(page, pageCount);
  const batches = await prisma.payoutBatch.findMany({
    orderBy: { id: "desc" },
    skip: (shown - 1) * PAYOUT_BATCHES_PAGE_SIZE,
    take: PAYOUT_BATCHES_PAGE_SIZE,
    select: { id: true, method: true, createdByEmail: true, createdAt: true },
  });
  const counts = await prisma.withdrawalRequest.groupBy({
    by: ["payoutBatchId", "status"],
    where: { payoutBatchId: { in: batches.map((batch) => batch.id) } },
    _count: { _all: true },
    _sum: { amountMinor: true },
  });
  return {
    page: shown,
    pageCount,
    total,
    rows: batches.map((batch) => {
      const mine = counts.filter((count) => count.payoutBatchId === batch.id);
      const of = (status: WithdrawalStatus) => mine.find((count) => count.status === status)?._count._all ?? 0;
      const amountMinor = mine.reduce((sum, count) => sum + (count._sum.amountMinor ?? 0), 0);
      return {
        id: batch.id,
        method: PAYOUT_METHOD_LABEL[batch.method],
        createdBy: batch.createdByEmail,
        createdAt: utcMinute(batch.createdAt),
        count: mine.reduce((sum, count) => sum + count._count._all, 0),
        amount: formatRupees(amountMinor),
        sent: of("sent"),
        paid: of("success"),
        returned: of("returned"),
      };
    }),
  };
}

/** One batch with its payouts, for its page; null when there is no such batch. */
export async function getPayoutBatch(id: number) {
  const batch = await getPrisma().payoutBatch.findUnique({
    where: { id },
    select: {
      id: true,
      method: true,
      createdByEmail: true,
      createdAt: true,
      withdrawals: {
        orderBy: { id: "asc" },
        select: {
          referenceId: true,
          memberId: true,
          points: true,
          amountMinor: true,
          status: true,
          payoutReference: true,
          returnReason: true,
          payoutSnapshot: true,
        },
      },
    },
  });
  if (!batch) return null;
  const amountMinor = batch.withdrawals.reduce((sum, row) => sum + row.amountMinor, 0);
  return {
    id: batch.id,
    method: batch.method,
    methodLabel: PAYOUT_METHOD_LABEL[batch.method],
    createdBy: batch.createdByEmail,
    createdAt: utcMinute(batch.createdAt),
    amount: formatRupees(amountMinor),
    open: batch.withdrawals.some((row) => row.status === "sent"),
    withdrawals: batch.withdrawals.map(({ payoutSnapshot, ...row }) => ({
      ...row,
      amount: formatRupees(row.amountMinor),
      statusLabel: WITHDRAWAL_STATUS_LABEL[row.status],
      ...beneficiary(batch.method, payoutSnapshot),
    })),
  };
}

/** Who is paid and where, from the account as copied at the request. */
function beneficiary(method: PayoutMethod, snapshot: Parameters<typeof payoutSnapshotOf>[1]) {
  const account = payoutSnapshotOf(method, snapshot);
  const name = account.holderName ?? "";
  const destination =
    method === "paypal"
      ? (account.paypalEmail ?? "")
      : method === "upi"
        ? (account.upiId ?? "")
        : `${account.bankAccountNumber ?? ""} (IFSC ${account.bankIfsc ?? ""})`;
  return { beneficiaryName: name, destination, account };
}

/** Rupees with two decimals and no grouping, as bulk-payment files want them: 12345 paise → "123.45". */
export function rupeesForFile(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

/** The column headings of the bank and UPI bulk-transfer files. */
export const BULK_TRANSFER_COLUMNS = {
  bank: ["Beneficiary name", "Account number", "IFSC", "Amount (INR)", "Reference"],
  upi: ["Beneficiary name", "UPI ID", "Amount (INR)", "Reference"],
} as const;

/**
 * The batch's file in the provider's bulk format, and an audit entry saying who downloaded it.
 * - PayPal: the Payouts Web CSV, one payout a row and no header row: recipient (the PayPal e-mail),
 *   amount, currency, customer id (our withdrawal reference: PayPal's sender item id, which its
 *   result file echoes), note, wallet (PAYPAL).
 * - Bank and UPI: a bulk-transfer CSV with a header row: beneficiary name, the account number and
 *   IFSC or the UPI id, the amount in rupees, and our withdrawal reference.
 * Null when there is no such batch.
 */
export async function downloadPayoutBatchFile(admin: Actor, id: number) {
  const batch = await getPayoutBatch(id);
  if (!batch) return null;
  const records = batch.withdrawals.map((row) => {
    const amount = rupeesForFile(row.amountMinor);
    switch (batch.method) {
      case "paypal":
        return [row.destination, amount, "INR", row.referenceId, `Withdrawal ${row.referenceId}`, "PAYPAL"];
      case "upi":
        return [row.beneficiaryName, row.account.upiId ?? "", amount, row.referenceId];
      case "bank":
        return [
          row.beneficiaryName,
          row.account.bankAccountNumber ?? "",
          row.account.bankIfsc ?? "",
          amount,
          row.referenceId,
        ];
    }
  });
  const content = stringify(records, {
    // Names and addresses are the members' own words. The forms refuse a name that does not start
    // with a letter; a row stored before that rule still reaches the spreadsheet as text, not as a
    // formula (the other exports do the same, decision 055).
    cast: { string: guardFormula },
    header: batch.method !== "paypal",
    columns: batch.method === "paypal" ? undefined : [...BULK_TRANSFER_COLUMNS[batch.method]],
    record_delimiter: "\r\n",
  });
  await recordAudit(getPrisma(), {
    admin,
    action: "payout_batch.downloaded",
    targetType: "payout_batch",
    targetId: batch.id,
    details: { method: batch.method, count: batch.withdrawals.length },
  });
  return { fileName: `payout-batch-${batch.id}-${batch.method}.csv`, content };
}

export type PayoutOutcome = { paid: true; payoutReference: string } | { paid: false; reason: string };

type Applied = "paid" | "returned" | "unchanged" | "conflict" | "not_in_batch";

interface LockedPayout {
  id: number;
  memberId: number;
  points: number;
  amountMinor: number;
  status: WithdrawalStatus;
  payoutBatchId: number | null;
  payoutReference: string | null;
}

/**
 * Applies one payout's result inside the caller's transaction, under the withdrawal's row lock:
 * only a Sent withdrawal of this batch changes. The same result again is "unchanged"; a different
 * one for a payout already settled is a "conflict" and changes nothing.
 */
async function applyOutcome(
  tx: Tx,
  admin: Actor,
  batchId: number,
  referenceId: string,
  outcome: PayoutOutcome,
  via: "hand" | "file",
): Promise<{ applied: Applied; status?: WithdrawalStatus }> {
  const [row] = await tx.$queryRaw<LockedPayout[]>`
    SELECT "id", "memberId", "points", "amountMinor", "status"::text AS "status", "payoutBatchId", "payoutReference"
    FROM "WithdrawalRequest" WHERE "referenceId" = ${referenceId} FOR UPDATE`;
  if (!row || row.payoutBatchId !== batchId) return { applied: "not_in_batch" };
  if (row.status !== "sent") {
    const same = outcome.paid
      ? row.status === "success" && row.payoutReference === outcome.payoutReference
      : row.status === "returned";
    return { applied: same ? "unchanged" : "conflict", status: row.status };
  }
  const summary = { memberId: row.memberId, points: row.points, amountMinor: row.amountMinor, batchId, via };
  const member = await tx.member.findUniqueOrThrow({
    where: { id: row.memberId },
    select: { email: true, firstName: true, language: true },
  });
  const now = new Date();
  if (outcome.paid) {
    await tx.withdrawalRequest.update({
      where: { id: row.id },
      data: { status: "success", payoutReference: outcome.payoutReference, paidAt: now },
    });
    const settled = await settlePayout(tx, `withdrawal:${row.id}`);
    if (!settled.ok) throw new Error(`Withdrawal ${referenceId} has no pending ledger entry`);
    await queueWithdrawalApprovedMail(tx, member, {
      referenceId,
      points: row.points,
      amountMinor: row.amountMinor,
      payoutReference: outcome.payoutReference,
    });
    await recordAudit(tx, {
      admin,
      action: "payout.paid",
      targetType: "withdrawal",
      targetId: referenceId,
      details: {
        ...summary,
        before: { Status: "sent" },
        after: { Status: "success", "Payout reference": outcome.payoutReference },
      },
    });
    return { applied: "paid" };
  }
  await tx.withdrawalRequest.update({
    where: { id: row.id },
    data: { status: "returned", returnReason: outcome.reason, returnedAt: now },
  });
  const reversal = await reverseEntry(tx, {
    source: `withdrawal:${row.id}`,
    remark: `Points returned: withdrawal ${referenceId} was not paid (${outcome.reason})`,
    adminId: admin.id,
  });
  if (!reversal.ok) throw new Error(`Withdrawal ${referenceId} could not be returned: ${reversal.reason}`);
  await queueWithdrawalReturnedMail(tx, member, {
    referenceId,
    points: row.points,
    amountMinor: row.amountMinor,
    reason: outcome.reason,
  });
  await recordAudit(tx, {
    admin,
    action: "payout.returned",
    targetType: "withdrawal",
    targetId: referenceId,
    details: { ...summary, reason: outcome.reason, before: { Status: "sent" }, after: { Status: "returned" } },
  });
  return { applied: "returned" };
}

/** One payout's result typed by an admin on the batch page. */
export async function recordPayoutResult(
  admin: Actor,
  batchId: number,
  referenceId: string,
  outcome: PayoutOutcome,
): Promise<{ ok: boolean; message: string }> {
  return getPrisma().$transaction(async (tx) => {
    const { applied, status } = await applyOutcome(tx, admin, batchId, referenceId, outcome, "hand");
    switch (applied) {
      case "paid":
        return {
          ok: true,
          message: `${referenceId} is paid (reference ${(outcome as { payoutReference: string }).payoutReference}).`,
        };
      case "returned":
        return { ok: true, message: `${referenceId} is returned: its points are back in the member's balance.` };
      case "unchanged":
        return { ok: true, message: `${referenceId} already had this result; nothing changed.` };
      case "conflict":
        return {
          ok: false,
          message: `${referenceId} is already ${WITHDRAWAL_STATUS_LABEL[status!]}; its result cannot be changed.`,
        };
      case "not_in_batch":
        return { ok: false, message: `${referenceId} is not in batch #${batchId}.` };
    }
  });
}

// ─────────────────────────── The provider's result file ───────────────────────────

/** A line of a result file, once read. */
export type ResultRow = { line: number; reference: string } & (
  | { outcome: "paid"; payoutReference: string }
  | { outcome: "failed"; reason: string }
  | { outcome: "not_final"; status: string }
);

// Column names as providers write them, compared in lower case without spaces or punctuation.
const REFERENCE_COLUMNS = ["reference", "referenceid", "senderitemid", "customerid", "withdrawalreference"];
const STATUS_COLUMNS = ["status", "transactionstatus", "paymentstatus"];
const TRANSACTION_COLUMNS = ["transactionid", "utr", "utrnumber", "payoutreference", "transactionreference"];
const REASON_COLUMNS = ["reason", "failurereason", "errormessage", "error", "remarks"];

const PAID_STATUSES = new Set(["success", "succeeded", "paid", "completed", "processed"]);
const FAILED_STATUSES = new Set([
  "failed",
  "failure",
  "returned",
  "rejected",
  "reversed",
  "denied",
  "blocked",
  "refunded",
]);
const NOT_FINAL_STATUSES = new Set(["pending", "unclaimed", "onhold", "processing", "new"]);

/** What the member reads when the provider's file gives no reason. */
export const DEFAULT_RETURN_REASON = "The payment provider could not complete the payment.";

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Reads a result file; a malformed or foreign file is refused as a whole, with the line at fault. */
export function parseResultFile(text: string): { ok: true; rows: ResultRow[] } | { ok: false; message: string } {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, trim: true, relax_quotes: false });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return {
      ok: false,
      message: `This file could not be read as CSV${line ? ` (line ${line})` : ""}. ${RESULT_FILE_HELP} Nothing was changed.`,
    };
  }
  if (records.length === 0) return { ok: false, message: `The file is empty. ${RESULT_FILE_HELP}` };
  const header = records[0].map(normalise);
  const column = (names: string[]) => header.findIndex((name) => names.includes(name));
  const at = { reference: column(REFERENCE_COLUMNS), status: column(STATUS_COLUMNS) };
  const transaction = column(TRANSACTION_COLUMNS);
  const reason = column(REASON_COLUMNS);
  if (at.reference < 0 || at.status < 0 || transaction < 0) {
    return {
      ok: false,
      message: `This is not a payout result file: its first row does not name the columns it needs. ${RESULT_FILE_HELP} Nothing was changed.`,
    };
  }
  if (records.length - 1 > MAX_BATCH_SIZE * 2) {
    return { ok: false, message: `The file has more than ${MAX_BATCH_SIZE * 2} rows; no batch is that large.` };
  }
  const rows: ResultRow[] = [];
  const seen = new Map<string, string>();
  for (const [index, record] of records.slice(1).entries()) {
    const line = index + 2;
    const reference = (record[at.reference] ?? "").trim().toUpperCase();
    const status = normalise(record[at.status] ?? "");
    const refuse = (why: string) => ({ ok: false as const, message: `Line ${line}: ${why} Nothing was changed.` });
    if (reference === "") return refuse("the reference is empty.");
    let row: ResultRow;
    if (PAID_STATUSES.has(status)) {
      const payoutReference = (record[transaction] ?? "").trim();
      if (!/^[A-Za-z0-9][A-Za-z0-9\-_/.]{0,63}$/.test(payoutReference)) {
        return refuse(`the payout of ${reference} is marked paid without a valid transaction id.`);
      }
      row = { line, reference, outcome: "paid", payoutReference };
    } else if (FAILED_STATUSES.has(status)) {
      const given = reason >= 0 ? (record[reason] ?? "").replace(/\s+/g, " ").trim().slice(0, 300) : "";
      row = { line, reference, outcome: "failed", reason: given || DEFAULT_RETURN_REASON };
    } else if (NOT_FINAL_STATUSES.has(status)) {
      row = { line, reference, outcome: "not_final", status: record[at.status] };
    } else {
      return refuse(
        `the status "${(record[at.status] ?? "").slice(0, 40)}" is not one this panel knows (Success or Failed).`,
      );
    }
    const key = row.outcome === "paid" ? `paid:${row.payoutReference}` : row.outcome;
    const earlier = seen.get(reference);
    if (earlier !== undefined && earlier !== key) return refuse(`${reference} appears twice with different results.`);
    seen.set(reference, key);
    rows.push(row);
  }
  if (rows.length === 0) return { ok: false, message: `The file has a header row and no payouts. ${RESULT_FILE_HELP}` };
  return { ok: true, rows };
}

export interface ResultFileReport {
  ok: true;
  paid: string[];
  returned: string[];
  unchanged: string[];
  conflicts: string[];
  notInBatch: string[];
  notFinal: string[];
}

/**
 * Applies the provider's result file to one batch, in one transaction: rows of this batch's Sent
 * payouts are applied; rows already applied are unchanged (uploading a file twice changes nothing
 * the second time); rows of payouts already settled otherwise, or not in this batch, are reported
 * and not applied.
 */
export async function uploadPayoutResults(
  admin: Actor,
  batchId: number,
  text: string,
): Promise<ResultFileReport | { ok: false; message: string }> {
  const parsed = parseResultFile(text);
  if (!parsed.ok) return parsed;
  return getPrisma().$transaction(async (tx) => {
    const report: ResultFileReport = {
      ok: true,
      paid: [],
      returned: [],
      unchanged: [],
      conflicts: [],
      notInBatch: [],
      notFinal: [],
    };
    const done = new Set<string>();
    for (const row of parsed.rows) {
      if (done.has(row.reference)) continue;
      done.add(row.reference);
      if (row.outcome === "not_final") {
        report.notFinal.push(row.reference);
        continue;
      }
      const outcome: PayoutOutcome =
        row.outcome === "paid"
          ? { paid: true, payoutReference: row.payoutReference }
          : { paid: false, reason: row.reason };
      const { applied } = await applyOutcome(tx, admin, batchId, row.reference, outcome, "file");
      const list = {
        paid: report.paid,
        returned: report.returned,
        unchanged: report.unchanged,
        conflict: report.conflicts,
        not_in_batch: report.notInBatch,
      }[applied];
      list.push(row.reference);
    }
    if (report.paid.length + report.returned.length > 0) {
      await recordAudit(tx, {
        admin,
        action: "payout_batch.results_uploaded",
        targetType: "payout_batch",
        targetId: batchId,
        details: { paid: report.paid.length, returned: report.returned.length, rows: parsed.rows.length },
      });
    }
    return report;
  });
}

/** The report of an upload in a sentence or two for the toast. */
export function describeUpload(report: ResultFileReport): string {
  const parts = [`Result file applied: ${report.paid.length} paid, ${report.returned.length} returned.`];
  if (report.unchanged.length > 0) parts.push(`${report.unchanged.length} already recorded, unchanged.`);
  if (report.conflicts.length > 0)
    parts.push(`Not applied, already settled otherwise: ${report.conflicts.join(", ")}.`);
  if (report.notInBatch.length > 0) parts.push(`Not in this batch, not applied: ${report.notInBatch.join(", ")}.`);
  if (report.notFinal.length > 0) parts.push(`Still pending at the provider: ${report.notFinal.join(", ")}.`);
  return parts.join(" ");
}
