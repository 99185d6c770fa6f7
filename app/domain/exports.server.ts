import { stringify, type Options as CsvOptions } from "csv-stringify/sync";
import { z } from "zod";
import { Prisma } from "~/generated/prisma/client";
import { readAuditFilters, type AuditFilters } from "~/domain/audit-filters";
import { auditSentence, readableValue, sentenceText } from "~/domain/audit-sentences";
import { addAuditDetails, auditWhere, recordAudit } from "~/domain/audit.server";
import {
  DATE_RANGE_MESSAGE,
  MEMBER_ID_MESSAGE,
  MEMBER_SEARCH_KEYS,
  memberSearchConditions,
  memberSearchSchema,
  signUpDate as day,
  type MemberSearch,
} from "~/domain/member-records.server";
import { maskAccountNumber } from "~/domain/payment-accounts";
import { QUEUE_FILTER_KEYS } from "~/domain/withdrawal-queue";
import { queueFilterSchema } from "~/domain/withdrawal-queue.server";
import { listCountries } from "~/lib/countries.server";
import { getPrisma, type Tx } from "~/lib/db.server";
import { optional } from "~/lib/filter-fields";
import { parseId } from "~/lib/ids";

// The operator's CSV exports (issue 18, point 4; docs/decisions/055-csv-exports.md): members, the
// points ledger, withdrawals and the audit log. Each is streamed: a pull-based stream that reads
// one keyset batch (by id, never OFFSET) only when the client has taken the one before, writes it
// with csv-stringify, and forgets it, so memory stays flat at 1,000,000 rows. A client that goes
// away stops the loop at the next batch. Nothing secret is ever selected: no password hashes,
// tokens, secrets or session ids, and bank account numbers are masked as the account page masks them.

export const EXPORT_BATCH_SIZE = 5_000;

export type ExportName = "members" | "ledger" | "withdrawals" | "audit" | "results";

const EXPORT_REFUSED = "The CSV was not made because of the filters:";

/** Timestamps as ISO 8601 in UTC (stored without a zone, in UTC), formatted by the database. */
const iso = (column: Prisma.Sql) => Prisma.sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const dateRange = <T extends { from?: string; to?: string }>(value: T, context: z.RefinementCtx) => {
  if (value.from && value.to && value.from > value.to) {
    context.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: DATE_RANGE_MESSAGE });
  }
};

const ledgerFiltersSchema = z
  .object({
    member: optional(
      z
        .string()
        .trim()
        .refine((value) => parseId(value) !== null, MEMBER_ID_MESSAGE)
        .transform((value) => parseId(value) as number),
    ),
    from: optional(day),
    to: optional(day),
  })
  .superRefine(dateRange);

export type LedgerFilters = z.infer<typeof ledgerFiltersSchema>;

/** One export, ready to stream: its columns and how to read the batch after a row id. */
export interface ExportPlan<Row extends { id: number }> {
  name: ExportName;
  /** The filters as the audit entry records them (only those given). */
  filters: Record<string, string | number>;
  /** A member the whole export is about, so the member's page lists the entry. */
  memberId?: number;
  filename: string;
  headers: string[];
  /** A second header row, when the first holds codes (a survey's results: codes, then labels). */
  labels?: string[];
  cells: (row: Row) => unknown[];
  /** Rows a batch, when the export's rows are wide (a survey's results: every answer of a response). */
  batchSize?: number;
  /** Up to `limit` rows after the last row of the batch before (from the start when null), in export order. */
  batch: (prisma: Tx, last: Row | null, limit: number) => Promise<Row[]>;
}

/** An export plan whatever its rows, as the stream handles it. */
export type AnyExportPlan = ExportPlan<{ id: number }>;

export type PlanResult = { ok: true; plan: AnyExportPlan } | { ok: false; messages: string[] };

const planned = <Row extends { id: number }>(plan: ExportPlan<Row>): PlanResult => ({
  ok: true,
  plan: plan as unknown as AnyExportPlan,
});

const firstMessages = (error: z.ZodError) =>
  Object.values(error.flatten().fieldErrors)
    .map((messages) => messages?.[0])
    .filter((message): message is string => Boolean(message));

const given = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== ""),
  ) as AnyExportPlan["filters"];

const dated = (name: string, now = new Date()) => `${name}-${now.toISOString().slice(0, 10)}.csv`;

/** The whole day `to` included: rows before the start of the next day (UTC). */
const dayRange = (column: Prisma.Sql, from?: string, to?: string): Prisma.Sql[] => [
  ...(from ? [Prisma.sql`${column} >= ${from}::date::timestamp`] : []),
  ...(to ? [Prisma.sql`${column} < (${to}::date + 1)::timestamp`] : []),
];

const where = (conditions: Prisma.Sql[]) =>
  conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;

// ——— Members ———

interface MemberRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  emailVerifiedAt: string | null;
  mobile: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  pin: string | null;
  dob: string | null;
  gender: string | null;
  status: string;
  pointsBalance: number;
  qualityScore: number;
  createdAt: string;
  lastActiveAt: string;
  deletionRequestedAt: string | null;
  /** The keyset cursor: the sign-up time to the microsecond, as text (no zone conversions). */
  cursorAt: string;
}

/** Users Records' search and filters, read by its own schema, so the CSV lists what the page lists. */
export function membersPlan(params: URLSearchParams): PlanResult {
  const parsed = memberSearchSchema.safeParse(
    Object.fromEntries(MEMBER_SEARCH_KEYS.map((key) => [key, params.get(key) ?? undefined])),
  );
  if (!parsed.success) return { ok: false, messages: firstMessages(parsed.error) };
  const { email, sort, ...filters }: MemberSearch = parsed.data;
  const conditions = memberSearchConditions({ ...filters, emailPrefix: email || undefined });
  const newest = sort === "newest";
  // Users Records' order: by sign-up time, or by quality score, lowest first (issue 20).
  const byQuality = sort === "quality";
  const countries = countryNames();
  const plan: ExportPlan<MemberRow> = {
    name: "members",
    filters: given({ ...filters, email, sort }),
    filename: dated("members"),
    headers: [
      "Member id",
      "First name",
      "Last name",
      "E-mail",
      "E-mail verified at",
      "Phone",
      "Country",
      "Country code",
      "State",
      "City",
      "PIN code",
      "Date of birth",
      "Gender",
      "Status",
      "Points balance",
      "Quality score",
      "Signed up at",
      "Last active at",
      "Deletion requested at",
    ],
    cells: (row) => [
      row.id,
      row.firstName,
      row.lastName,
      row.email,
      row.emailVerifiedAt,
      row.mobile,
      row.country ? (countries.get(row.country.trim()) ?? row.country.trim()) : null,
      row.country?.trim() ?? null,
      row.state,
      row.city,
      row.pin,
      row.dob,
      row.gender,
      row.status,
      row.pointsBalance,
      row.qualityScore,
      row.createdAt,
      row.lastActiveAt,
      row.deletionRequestedAt,
    ],
    // Users Records' order (sign-up date, then id), paged by that pair. The last row's sign-up time
    // comes back as text to the microsecond, so no time zone or rounding moves the cursor.
    batch: (prisma, last, limit) => {
      const key = byQuality ? Prisma.raw(`m."qualityScore"`) : Prisma.raw(`m."createdAt"`);
      const edge =
        last &&
        (byQuality
          ? Prisma.sql`(${Number(last.cursorAt)}::int, ${last.id}::int)`
          : Prisma.sql`(${last.cursorAt}::timestamp, ${last.id}::int)`);
      const keyset = edge
        ? [newest ? Prisma.sql`(${key}, m."id") < ${edge}` : Prisma.sql`(${key}, m."id") > ${edge}`]
        : [];
      // Qualified: in ORDER BY a bare "createdAt" would be the formatted text column of the same name,
      // sorted in full on every batch instead of read in order from the sign-up index.
      const order = newest ? Prisma.sql`${key} DESC, m."id" DESC` : Prisma.sql`${key} ASC, m."id" ASC`;
      const cursorAt = byQuality
        ? Prisma.sql`m."qualityScore"::text`
        : Prisma.sql`to_char(m."createdAt", 'YYYY-MM-DD HH24:MI:SS.US')`;
      return prisma.$queryRaw<MemberRow[]>`
        SELECT "id", "firstName", "lastName", "email", ${iso(Prisma.sql`"emailVerifiedAt"`)} AS "emailVerifiedAt",
               "mobile", "country", "state", "city", "pin", to_char("dob", 'YYYY-MM-DD') AS "dob",
               "gender"::text AS "gender", "status"::text AS "status", "pointsBalance", "qualityScore",
               ${iso(Prisma.sql`"createdAt"`)} AS "createdAt", ${iso(Prisma.sql`"lastActiveAt"`)} AS "lastActiveAt",
               ${iso(Prisma.sql`"deletionRequestedAt"`)} AS "deletionRequestedAt",
               ${cursorAt} AS "cursorAt"
        FROM "Member" m ${where([...conditions, ...keyset])}
        ORDER BY ${order} LIMIT ${limit}`;
    },
  };
  return planned(plan);
}

// ——— The points ledger ———

interface LedgerRow {
  id: number;
  referenceId: string;
  memberId: number;
  email: string;
  createdAt: string;
  change: number;
  type: string;
  status: string;
  remark: string;
  source: string;
  assignmentId: number | null;
  withdrawalReference: string | null;
  adminEmail: string | null;
}

/** Every points transaction, oldest first, optionally of one member and within dates (UTC days). */
export function ledgerPlan(params: URLSearchParams): PlanResult {
  const parsed = ledgerFiltersSchema.safeParse(readKeys(params, ["member", "from", "to"]));
  if (!parsed.success) return { ok: false, messages: firstMessages(parsed.error) };
  const filters = parsed.data;
  const conditions = [
    ...(filters.member !== undefined ? [Prisma.sql`t."memberId" = ${filters.member}`] : []),
    ...dayRange(Prisma.sql`t."createdAt"`, filters.from, filters.to),
  ];
  const plan: ExportPlan<LedgerRow> = {
    name: "ledger",
    filters: given(filters),
    memberId: filters.member,
    filename: dated(filters.member !== undefined ? `ledger-member-${filters.member}` : "ledger"),
    headers: [
      "Reference",
      "Member id",
      "E-mail",
      "Created at",
      "Points change",
      "Type",
      "Status",
      "Remark",
      "Cause",
      "Assignment id",
      "Withdrawal reference",
      "Admin e-mail",
    ],
    cells: (row) => [
      row.referenceId,
      row.memberId,
      row.email,
      row.createdAt,
      row.change,
      row.type,
      row.status,
      row.remark,
      row.source,
      row.assignmentId,
      row.withdrawalReference,
      row.adminEmail,
    ],
    batch: (prisma, last, limit) => prisma.$queryRaw<LedgerRow[]>`
      SELECT t."id", t."referenceId", t."memberId", m."email", ${iso(Prisma.sql`t."createdAt"`)} AS "createdAt",
             t."change", t."type"::text AS "type", t."status"::text AS "status", t."remark", t."source",
             t."assignmentId", w."referenceId" AS "withdrawalReference", a."email" AS "adminEmail"
      FROM "PointsTransaction" t
      JOIN "Member" m ON m."id" = t."memberId"
      LEFT JOIN "WithdrawalRequest" w ON w."id" = t."withdrawalId"
      LEFT JOIN "Admin" a ON a."id" = t."adminId"
      ${where([...conditions, ...(last === null ? [] : [Prisma.sql`t."id" > ${last.id}`])])}
      ORDER BY t."id" LIMIT ${limit}`,
  };
  return planned(plan);
}

// ——— Withdrawals ———

interface WithdrawalRow {
  id: number;
  referenceId: string;
  memberId: number;
  email: string;
  requestedAt: string;
  points: number;
  amountMinor: number;
  currency: string;
  method: string;
  status: string;
  holderName: string | null;
  paypalEmail: string | null;
  upiId: string | null;
  bankName: string | null;
  bankAccountNumber: string | null;
  bankIfsc: string | null;
  approvedAt: string | null;
  approvedBy: string | null;
  rejectedAt: string | null;
  rejectedBy: string | null;
  rejectReason: string | null;
  payoutBatchId: number | null;
  sentAt: string | null;
  payoutReference: string | null;
  paidAt: string | null;
  returnReason: string | null;
}

/** Every withdrawal request, oldest first, optionally by status, method and request date (UTC days). */
export function withdrawalsPlan(params: URLSearchParams): PlanResult {
  // The withdrawals queue's own filters (decision 052), so its "Download CSV" gives what it lists.
  const parsed = queueFilterSchema.safeParse(readKeys(params, [...QUEUE_FILTER_KEYS]));
  if (!parsed.success) return { ok: false, messages: firstMessages(parsed.error) };
  const filters = parsed.data;
  const dayOf = (date?: Date) => date?.toISOString().slice(0, 10);
  const conditions = [
    ...(filters.status ? [Prisma.sql`w."status" = ${filters.status}::"WithdrawalStatus"`] : []),
    ...(filters.method ? [Prisma.sql`w."method" = ${filters.method}::"PayoutMethod"`] : []),
    ...dayRange(Prisma.sql`w."requestedAt"`, dayOf(filters.from), dayOf(filters.to)),
    ...(filters.minAmount !== undefined ? [Prisma.sql`w."amountMinor" >= ${filters.minAmount}`] : []),
    ...(filters.maxAmount !== undefined ? [Prisma.sql`w."amountMinor" <= ${filters.maxAmount}`] : []),
  ];
  const plan: ExportPlan<WithdrawalRow> = {
    name: "withdrawals",
    filters: given({ ...filters, from: dayOf(filters.from), to: dayOf(filters.to) }),
    filename: dated("withdrawals"),
    headers: [
      "Reference",
      "Member id",
      "E-mail",
      "Requested at",
      "Points",
      "Amount",
      "Currency",
      "Method",
      "Account holder",
      "Payout account",
      "Bank name",
      "IFSC",
      "Status",
      "Approved at",
      "Approved by",
      "Rejected at",
      "Rejected by",
      "Reason for rejection",
      "Payout batch",
      "Sent at",
      "Payout reference",
      "Paid at",
      "Reason returned",
    ],
    cells: (row) => [
      row.referenceId,
      row.memberId,
      row.email,
      row.requestedAt,
      row.points,
      amount(row.amountMinor),
      row.currency.trim(),
      row.method,
      row.holderName,
      // The account as the member's account page shows it: a bank account number by its last 4 digits.
      row.method === "bank"
        ? maskAccountNumber(row.bankAccountNumber ?? "")
        : row.method === "upi"
          ? row.upiId
          : row.paypalEmail,
      row.bankName,
      row.bankIfsc,
      row.status,
      row.approvedAt,
      row.approvedBy,
      row.rejectedAt,
      row.rejectedBy,
      row.rejectReason,
      row.payoutBatchId,
      row.sentAt,
      row.payoutReference,
      row.paidAt,
      row.returnReason,
    ],
    batch: (prisma, last, limit) => prisma.$queryRaw<WithdrawalRow[]>`
      SELECT w."id", w."referenceId", w."memberId", m."email", ${iso(Prisma.sql`w."requestedAt"`)} AS "requestedAt",
             w."points", w."amountMinor", w."currency", w."method"::text AS "method", w."status"::text AS "status",
             w."payoutSnapshot"->>'holderName' AS "holderName", w."payoutSnapshot"->>'paypalEmail' AS "paypalEmail",
             w."payoutSnapshot"->>'upiId' AS "upiId", w."payoutSnapshot"->>'bankName' AS "bankName",
             w."payoutSnapshot"->>'bankAccountNumber' AS "bankAccountNumber",
             w."payoutSnapshot"->>'bankIfsc' AS "bankIfsc",
             ${iso(Prisma.sql`w."approvedAt"`)} AS "approvedAt", ap."email" AS "approvedBy",
             ${iso(Prisma.sql`w."rejectedAt"`)} AS "rejectedAt", rj."email" AS "rejectedBy", w."rejectReason",
             w."payoutBatchId", ${iso(Prisma.sql`w."sentAt"`)} AS "sentAt", w."payoutReference",
             ${iso(Prisma.sql`w."paidAt"`)} AS "paidAt", w."returnReason"
      FROM "WithdrawalRequest" w
      JOIN "Member" m ON m."id" = w."memberId"
      LEFT JOIN "Admin" ap ON ap."id" = w."approvedById"
      LEFT JOIN "Admin" rj ON rj."id" = w."rejectedById"
      ${where([...conditions, ...(last === null ? [] : [Prisma.sql`w."id" > ${last.id}`])])}
      ORDER BY w."id" LIMIT ${limit}`,
  };
  return planned(plan);
}

// ——— The audit log ———

interface AuditRow {
  id: number;
  createdAt: string;
  adminEmail: string;
  adminName: string | null;
  action: string;
  targetType: string;
  targetId: string;
  details: unknown;
}

/** The audit log with its page's filters, oldest first, each entry with its sentence and changes. */
export function auditPlan(params: URLSearchParams): PlanResult {
  const { filters, values, errors } = readAuditFilters(params);
  const messages = Object.values(errors).map((list) => list[0]);
  if (messages.length > 0) return { ok: false, messages };
  const plan: ExportPlan<AuditRow> = {
    name: "audit",
    filters: given(values),
    memberId: filters.memberId,
    filename: dated("audit-log"),
    headers: [
      "Entry id",
      "When",
      "Admin e-mail",
      "Admin name",
      "Action",
      "Target type",
      "Target id",
      "What happened",
      "Changes",
      "Details",
    ],
    cells: (row) => {
      const details = typeof row.details === "string" ? (JSON.parse(row.details) as unknown) : row.details;
      const actor = row.adminName ? `${row.adminName} (${row.adminEmail})` : row.adminEmail;
      const sentence = auditSentence({ ...row, actor, details });
      return [
        row.id,
        row.createdAt,
        row.adminEmail,
        row.adminName,
        row.action,
        row.targetType,
        row.targetId,
        sentenceText(sentence),
        sentence.changes
          .map(
            (change) => `${change.field}: ${change.before === undefined ? "" : `${change.before} → `}${change.after}`,
          )
          .join("; "),
        details === null || details === undefined ? null : readableValue(details),
      ];
    },
    batch: (prisma, last, limit) => prisma.$queryRaw<AuditRow[]>`
      SELECT e."id", ${iso(Prisma.sql`e."createdAt"`)} AS "createdAt", e."adminEmail", a."name" AS "adminName",
             e."action", e."targetType", e."targetId", e."details"
      FROM "AuditEntry" e LEFT JOIN "Admin" a ON a."id" = e."adminId"
      WHERE ${auditWhere(filters satisfies AuditFilters)} ${last === null ? Prisma.empty : Prisma.sql`AND e."id" > ${last.id}`}
      ORDER BY e."id" LIMIT ${limit}`,
  };
  return planned(plan);
}

// ——— Streaming ———

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, and the tab and carriage return
 * that can hide one) starts with a single quote instead (OWASP's CSV injection advice). Numbers are
 * not text and keep their sign.
 */
export function guardFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const CSV_OPTIONS: CsvOptions = {
  cast: { string: guardFormula, boolean: (value) => (value ? "yes" : "no") },
  record_delimiter: "windows",
  // csv-stringify quotes a cell holding the record delimiter (\r\n) but not a lone \n or \r, which
  // would still break the row in a spreadsheet.
  quoted_match: /[\r\n]/,
};

export interface ExportOutcome {
  rows: number;
  /** False when the client went away (or the database failed) before the last row. */
  completed: boolean;
}

/**
 * The CSV as a stream that reads a batch only when asked for the next chunk (high-water mark 0):
 * a slow client slows the queries down instead of filling memory, and a client that disconnects
 * (the request's signal) or cancels ends the loop. `onEnd` runs once, with the rows written.
 */
export function exportStream(
  plan: AnyExportPlan,
  {
    prisma = getPrisma(),
    signal,
    batchSize = plan.batchSize ?? EXPORT_BATCH_SIZE,
    ready,
    onEnd,
  }: {
    prisma?: Tx;
    signal?: AbortSignal;
    batchSize?: number;
    /** Waits until the connection can take more (the server's drain), when the server offers it. */
    ready?: () => Promise<void>;
    onEnd?: (outcome: ExportOutcome) => Promise<void>;
  } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last: { id: number } | null = null;
  let rows = 0;
  let started = false;
  let ended = false;
  const end = async (completed: boolean) => {
    if (ended) return;
    ended = true;
    try {
      await onEnd?.({ rows, completed });
    } catch (error) {
      console.error("Could not record the end of an export", error);
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          await ready?.();
          if (signal?.aborted || ended) {
            await end(false);
            controller.close();
            return;
          }
          // The byte-order mark lets spreadsheet programs read the file as UTF-8 (names in Hindi).
          let text = started
            ? ""
            : `\uFEFF${stringify([plan.headers, ...(plan.labels ? [plan.labels] : [])], CSV_OPTIONS)}`;
          started = true;
          const batch = await plan.batch(prisma, last, batchSize);
          if (batch.length > 0) {
            text += stringify(batch.map(plan.cells), CSV_OPTIONS);
            rows += batch.length;
            last = batch[batch.length - 1];
          }
          if (ended) return; // cancelled while the batch was read
          if (text) controller.enqueue(encoder.encode(text));
          if (batch.length < batchSize) {
            await end(true);
            controller.close();
          }
        } catch (error) {
          await end(false);
          controller.error(error);
        }
      },
      async cancel() {
        await end(false);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * An export as the resource route answers it: audited at the start (who, which, the filters), the
 * entry completed with the row count at the end; a CSV attachment streamed from keyset batches.
 */
export async function exportResponse(
  admin: { id: number; email: string },
  plan: AnyExportPlan,
  options: { signal?: AbortSignal; batchSize?: number; ready?: () => Promise<void> } = {},
): Promise<Response> {
  const prisma = getPrisma();
  const entryId = await recordAudit(prisma, {
    admin,
    action: "export.downloaded",
    targetType: "export",
    targetId: plan.name,
    details: {
      export: plan.name,
      filters: plan.filters,
      ...(plan.memberId !== undefined ? { memberId: plan.memberId } : {}),
    },
  });
  const body = exportStream(plan, {
    prisma,
    ...options,
    onEnd: (outcome) => addAuditDetails(getPrisma(), entryId, { rows: outcome.rows, completed: outcome.completed }),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${plan.filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The answer to filters that make no sense: a plain message and no file (nothing is audited). */
export function exportRefused(messages: string[]): Response {
  return new Response(`${EXPORT_REFUSED}\n${messages.map((message) => `- ${message}`).join("\n")}\n`, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

function readKeys(params: URLSearchParams, keys: string[]) {
  return Object.fromEntries(keys.map((key) => [key, params.get(key) ?? undefined]));
}

function amount(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(Math.abs(minor % 100)).padStart(2, "0")}`;
}

function countryNames(): Map<string, string> {
  return new Map(listCountries().map((country) => [country.code, country.name]));
}
