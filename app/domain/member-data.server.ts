import { stringify } from "csv-stringify/sync";
import { auditSentence, sentenceText } from "~/domain/audit-sentences";
import { ASSIGNMENT_STATUS_LABEL, type AssignmentStatus } from "~/domain/assignment-status";
import type { TFunction } from "i18next";
import { tr } from "~/i18n/mark";
import { getPrisma, type Tx } from "~/lib/db.server";
import { PRODUCT_NAME } from "~/lib/product";
import { consumeRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";

// My data (issue 21 point 7, docs/decisions/068-member-data-and-invitations.md): everything the panel
// holds about one member, as one JSON file or one CSV per table. Each table reads the member's rows
// in keyset pages (by id, never OFFSET) and the stream asks for the next page only when the client
// has taken the one before, so a member with 10,000 assignments is never in memory at once.
//
// What is never written: the password hash, the session ids (the cookie's secret), token hashes;
// their existence and dates are. Nothing of another member: every read is by this member's id (or,
// for mail, their own address), and no table writes a member id but the member's own, in Details.
// Admins appear only as "an administrator".

/** Rows per read: a page of a table, small enough to be nothing in memory. */
export const MEMBER_DATA_PAGE_SIZE = 1_000;

type Row = Record<string, unknown>;
interface Page {
  rows: Row[];
  /** The keyset cursor after the last row; null when the table is done. */
  next: number | null;
}

export interface MemberDataTable {
  /** The JSON key and the CSV file's name. */
  name: string;
  /** In English in the files; My data shows them translated (marked with tr()). */
  title: string;
  description: string;
  /** The relations of Member (prisma/schema.prisma) this table holds. */
  covers: readonly string[];
  columns: readonly string[];
  read(db: Tx, member: MemberRef, after: number | null, limit: number): Promise<Page>;
}

interface MemberRef {
  id: number;
  email: string;
  /** The session the download is made from, marked as "this device". */
  sessionId?: string;
}

/**
 * Relations of Member the download leaves out on purpose, with the reason. Every relation of
 * Member is either covered by a table or listed here (tests/integration/member-data.test.ts).
 */
export const MEMBER_DATA_EXCLUDED: Readonly<Record<string, string>> = {
  // Issue 20 (decision 069). What a member is told instead: every hold and quality termination with
  // its reason in plain words, and the appeal (issue 20 point 4).
  qualitySignals:
    "Anti-fraud evidence (shared devices, payout accounts and phones, speeding): it names other members, and showing a member which checks caught them would teach them to evade them. Support gives it on request.",
};

/** A keyset page: the rows after `after` by id, and the cursor for the next. */
function paged<T extends { id: number }>(rows: T[], limit: number, toRow: (row: T) => Row): Page {
  return {
    rows: rows.map(toRow),
    next: rows.length < limit ? null : rows[rows.length - 1].id,
  };
}

const afterId = (after: number | null) => (after === null ? {} : { id: { gt: after } });

/** The findMany arguments of a keyset page of the member's own rows. */
interface OwnRowsPage {
  where: { memberId: number; id?: { gt: number } };
  orderBy: { id: "asc" };
  take: number;
}

/**
 * The read of a table of the member's own rows (by memberId) in keyset pages: `find` is the
 * model's findMany with these arguments and the table's select; `toRow` writes one row.
 */
function readInPages<T extends { id: number }>(
  find: (db: Tx, page: OwnRowsPage) => Promise<T[]>,
  toRow: (row: T) => Row,
): MemberDataTable["read"] {
  return async (db, member, after, limit) => {
    const rows = await find(db, {
      where: { memberId: member.id, ...afterId(after) },
      orderBy: { id: "asc" },
      take: limit,
    });
    return paged(rows, limit, toRow);
  };
}

/** The read of a table small by nature (one row, a few sessions): every row on the first page. */
function readAtOnce(find: (db: Tx, member: MemberRef) => Promise<Row[]>): MemberDataTable["read"] {
  return async (db, member, after) => ({ rows: after === null ? await find(db, member) : [], next: null });
}

const ADMIN = "an administrator";

/** Audit entries left out of "what administrators did", for the reason given for quality signals. */
const AUDIT_ACTIONS_EXCLUDED = ["quality_signal.cleared"] as const;

/** Member columns never written in Details, with the reason. */
export const MEMBER_COLUMNS_EXCLUDED: Readonly<Record<string, string>> = {
  passwordHash: "A secret: Details says only whether there is one (hasPassword).",
  qualityScore: "The anti-fraud score of issue 20, left out for the reason given for its quality signals.",
};

export const MEMBER_DATA_TABLES: readonly MemberDataTable[] = [
  {
    name: "details",
    title: tr("Your details"),
    description: tr("Name, e-mail, date of birth, address, account status, choices and when they were made."),
    covers: ["invitationMail", "audienceCheck"],
    columns: [],
    read: readAtOnce(async (db, member) => {
      const row = await db.member.findUniqueOrThrow({
        where: { id: member.id },
        include: { invitationMail: true, audienceCheck: true },
      });
      const { invitationMail, audienceCheck, ...columns } = row;
      // Every column of Member but the secret ones, so a column added later is in the download.
      const details: Row = Object.fromEntries(
        Object.entries(columns).filter(([column]) => !(column in MEMBER_COLUMNS_EXCLUDED)),
      );
      details.hasPassword = row.passwordHash !== null;
      details.lastInvitationMailQueuedAt = invitationMail?.lastQueuedAt ?? null;
      details.surveyMatchCheckPendingSince = audienceCheck?.changedAt ?? null;
      return [details];
    }),
  },
  {
    name: "sessions",
    title: tr("Signed-in devices"),
    description: tr("Each signed-in session: the browser, when it started and when it ends (never the session's key)."),
    covers: ["sessions"],
    columns: ["thisDevice", "userAgent", "persistent", "createdAt", "expiresAt"],
    read: readAtOnce(async (db, member) => {
      const sessions = await db.memberSession.findMany({
        where: { memberId: member.id },
        orderBy: { createdAt: "asc" },
        select: { id: true, userAgent: true, persistent: true, createdAt: true, expiresAt: true },
      });
      return sessions.map(({ id, ...session }) => ({
        thisDevice: id === member.sessionId,
        userAgent: session.userAgent,
        persistent: session.persistent,
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
      }));
    }),
  },
  {
    name: "browsers",
    title: tr("Browsers you signed in on"),
    description: tr(
      "Each browser our device cookie saw you sign in or register on, first and last time (decision 070); we keep only a keyed hash of the cookie, never shown here.",
    ),
    covers: ["devices"],
    columns: ["firstSeenAt", "lastSeenAt"],
    read: readAtOnce((db, member) =>
      db.memberDevice.findMany({
        where: { memberId: member.id },
        orderBy: { firstSeenAt: "asc" },
        select: { firstSeenAt: true, lastSeenAt: true },
      }),
    ),
  },
  {
    name: "appeals",
    title: tr("Your appeals"),
    description: tr(
      "Each appeal you made of a reversal, a quality termination or a held withdrawal, with the reply (decision 073); the admin who decided is not named.",
    ),
    covers: ["appeals"],
    columns: ["id", "kind", "subjectId", "message", "status", "reply", "createdAt", "decidedAt"],
    read: readAtOnce((db, member) =>
      db.appeal.findMany({
        where: { memberId: member.id },
        orderBy: { id: "asc" },
        select: {
          id: true,
          kind: true,
          subjectId: true,
          message: true,
          status: true,
          reply: true,
          createdAt: true,
          decidedAt: true,
        },
      }),
    ),
  },
  {
    name: "links-and-codes",
    title: tr("E-mailed links and codes"),
    description: tr(
      "Verification links, password-reset links and payout-account codes sent to you: which and when (never the link or code itself).",
    ),
    covers: ["authTokens"],
    columns: ["id", "purpose", "createdAt", "expiresAt", "usedAt"],
    read: readInPages(
      (db, page) =>
        db.authToken.findMany({
          ...page,
          select: { id: true, purpose: true, createdAt: true, expiresAt: true, usedAt: true },
        }),
      (token) => ({ ...token }),
    ),
  },
  {
    name: "sign-in-connections",
    title: tr("Google sign-in"),
    description: tr("The Google account you sign in with, if any."),
    covers: ["oauthConnections"],
    columns: ["provider", "providerUserId", "createdAt"],
    read: readAtOnce((db, member) =>
      db.oAuthConnection.findMany({
        where: { memberId: member.id },
        orderBy: { id: "asc" },
        select: { provider: true, providerUserId: true, createdAt: true },
      }),
    ),
  },
  {
    name: "questionnaire-responses",
    title: tr("Questionnaires you answered"),
    description: tr("Each submitted profile questionnaire, screener or hosted survey, and when."),
    covers: ["responses"],
    columns: ["id", "questionnaire", "kind", "assignmentId", "submittedAt"],
    read: readInPages(
      (db, page) =>
        db.questionnaireResponse.findMany({
          ...page,
          select: {
            id: true,
            assignmentId: true,
            submittedAt: true,
            questionnaire: { select: { title: true, kind: true } },
          },
        }),
      (response) => ({
        id: response.id,
        questionnaire: response.questionnaire.title,
        kind: response.questionnaire.kind,
        assignmentId: response.assignmentId,
        submittedAt: response.submittedAt,
      }),
    ),
  },
  {
    name: "answers",
    title: tr("Your answers"),
    description: tr("Every answer: the question, and the option chosen or the text, number or yes/no given."),
    covers: ["answers"],
    columns: ["responseId", "questionKey", "question", "optionValue", "option", "text", "number", "yesNo"],
    read: readInPages(
      (db, page) =>
        db.answer.findMany({
          ...page,
          select: {
            id: true,
            responseId: true,
            valueText: true,
            valueNumber: true,
            valueBool: true,
            question: { select: { key: true, label: true } },
            option: { select: { value: true, label: true } },
          },
        }),
      (answer) => ({
        responseId: answer.responseId,
        questionKey: answer.question.key,
        question: answer.question.label,
        optionValue: answer.option?.value ?? null,
        option: answer.option?.label ?? null,
        text: answer.valueText,
        number: answer.valueNumber === null ? null : answer.valueNumber.toString(),
        yesNo: answer.valueBool,
      }),
    ),
  },
  {
    name: "answer-drafts",
    title: tr("Questionnaires you have started"),
    description: tr(
      "The pages you saved of a survey or profile questionnaire you have not submitted yet, kept so that you can carry on; deleted when you submit it or the survey ends.",
    ),
    covers: ["answerDrafts"],
    columns: ["id", "questionnaire", "kind", "assignmentId", "pagesSaved", "answers", "savedAt"],
    read: readInPages(
      (db, page) =>
        db.answerDraft.findMany({
          ...page,
          select: {
            id: true,
            assignmentId: true,
            pagesSaved: true,
            answers: true,
            updatedAt: true,
            questionnaire: { select: { title: true, kind: true } },
          },
        }),
      (draft) => ({
        id: draft.id,
        questionnaire: draft.questionnaire.title,
        kind: draft.questionnaire.kind,
        assignmentId: draft.assignmentId,
        pagesSaved: draft.pagesSaved,
        answers: JSON.stringify(draft.answers),
        savedAt: draft.updatedAt,
      }),
    ),
  },
  {
    name: "survey-assignments",
    title: tr("Surveys offered to you"),
    description: tr(
      "Each survey you were offered or opened: what happened, the reward, your respondent token and the dates.",
    ),
    covers: ["assignments"],
    columns: [
      "id",
      "survey",
      "status",
      "outcome",
      "points",
      "respondentToken",
      "reconciliation",
      "reconciliationReason",
      "createdAt",
      "invitedAt",
      "openedAt",
      "screenedAt",
      "startedAt",
      "endedAt",
    ],
    read: readInPages(
      (db, page) =>
        db.assignment.findMany({
          ...page,
          select: {
            id: true,
            status: true,
            outcome: true,
            points: true,
            respondentToken: true,
            createdAt: true,
            invitedAt: true,
            openedAt: true,
            screenedAt: true,
            startedAt: true,
            endedAt: true,
            survey: { select: { name: true } },
            reconciled: { select: { status: true, reasonCode: true } },
          },
        }),
      (assignment) => ({
        id: assignment.id,
        survey: assignment.survey.name,
        status: ASSIGNMENT_STATUS_LABEL[assignment.status as AssignmentStatus] ?? String(assignment.status),
        outcome: assignment.outcome,
        points: assignment.points,
        respondentToken: assignment.respondentToken,
        reconciliation: assignment.reconciled?.status ?? null,
        reconciliationReason: assignment.reconciled?.reasonCode ?? null,
        createdAt: assignment.createdAt,
        invitedAt: assignment.invitedAt,
        openedAt: assignment.openedAt,
        screenedAt: assignment.screenedAt,
        startedAt: assignment.startedAt,
        endedAt: assignment.endedAt,
      }),
    ),
  },
  {
    name: "survey-invitations",
    title: tr("Survey invitations"),
    description: tr("Surveys open to everyone like you that the panel announced (or will announce) to you."),
    covers: ["audienceInvitations"],
    columns: ["surveyId", "survey", "createdAt", "invitedAt"],
    async read(db, member, after, limit) {
      const invitations = await db.audienceInvitation.findMany({
        where: { memberId: member.id, ...(after === null ? {} : { surveyId: { gt: after } }) },
        orderBy: { surveyId: "asc" },
        take: limit,
        select: { surveyId: true, createdAt: true, invitedAt: true, survey: { select: { name: true } } },
      });
      return paged(
        invitations.map((invitation) => ({ ...invitation, id: invitation.surveyId })),
        limit,
        (invitation) => ({
          surveyId: invitation.surveyId,
          survey: invitation.survey.name,
          createdAt: invitation.createdAt,
          invitedAt: invitation.invitedAt,
        }),
      );
    },
  },
  {
    name: "points-ledger",
    title: tr("Points ledger"),
    description: tr("Every change of your points: credits, withdrawals, reversals, with the reason."),
    covers: ["pointsLedger"],
    columns: ["referenceId", "createdAt", "change", "type", "status", "remark", "cause", "assignmentId", "withdrawal"],
    read: readInPages(
      (db, page) =>
        db.pointsTransaction.findMany({
          ...page,
          select: {
            id: true,
            referenceId: true,
            createdAt: true,
            change: true,
            type: true,
            status: true,
            remark: true,
            source: true,
            assignmentId: true,
            withdrawal: { select: { referenceId: true } },
          },
        }),
      (entry) => ({
        referenceId: entry.referenceId,
        createdAt: entry.createdAt,
        change: entry.change,
        type: entry.type,
        status: entry.status,
        remark: entry.remark,
        cause: entry.source,
        assignmentId: entry.assignmentId,
        withdrawal: entry.withdrawal?.referenceId ?? null,
      }),
    ),
  },
  {
    name: "payment-accounts",
    title: tr("Payment accounts"),
    description: tr("The PayPal, UPI and bank accounts you added."),
    covers: ["paymentAccounts"],
    columns: [
      "method",
      "holderName",
      "paypalEmail",
      "upiId",
      "bankName",
      "bankAccountNumber",
      "bankIfsc",
      "createdAt",
      "usableAt",
    ],
    read: readAtOnce((db, member) =>
      db.paymentAccount.findMany({
        where: { memberId: member.id },
        orderBy: { id: "asc" },
        select: {
          method: true,
          holderName: true,
          paypalEmail: true,
          upiId: true,
          bankName: true,
          bankAccountNumber: true,
          bankIfsc: true,
          createdAt: true,
          usableAt: true,
        },
      }),
    ),
  },
  {
    name: "withdrawals",
    title: tr("Withdrawals"),
    description: tr("Each withdrawal you asked for, where it was paid and what happened to it."),
    covers: ["withdrawals"],
    columns: [
      "referenceId",
      "requestedAt",
      "points",
      "amount",
      "currency",
      "method",
      "paidTo",
      "status",
      "approvedAt",
      "rejectedAt",
      "rejectReason",
      "sentAt",
      "payoutReference",
      "paidAt",
      "returnedAt",
      "returnReason",
    ],
    read: readInPages(
      (db, page) =>
        db.withdrawalRequest.findMany({
          ...page,
          select: {
            id: true,
            referenceId: true,
            requestedAt: true,
            points: true,
            amountMinor: true,
            currency: true,
            method: true,
            payoutSnapshot: true,
            status: true,
            approvedAt: true,
            rejectedAt: true,
            rejectReason: true,
            sentAt: true,
            payoutReference: true,
            paidAt: true,
            returnedAt: true,
            returnReason: true,
          },
        }),
      ({ id: _id, amountMinor, payoutSnapshot, ...withdrawal }) => ({
        referenceId: withdrawal.referenceId,
        requestedAt: withdrawal.requestedAt,
        points: withdrawal.points,
        amount: amount(amountMinor),
        currency: withdrawal.currency,
        method: withdrawal.method,
        paidTo: payoutSnapshot,
        status: withdrawal.status,
        approvedAt: withdrawal.approvedAt,
        rejectedAt: withdrawal.rejectedAt,
        rejectReason: withdrawal.rejectReason,
        sentAt: withdrawal.sentAt,
        payoutReference: withdrawal.payoutReference,
        paidAt: withdrawal.paidAt,
        returnedAt: withdrawal.returnedAt,
        returnReason: withdrawal.returnReason,
      }),
    ),
  },
  {
    name: "mails",
    title: tr("Mails sent to you"),
    description: tr(
      "The mails the panel queued for your address (survey invitations, warnings): subject, text and when.",
    ),
    covers: [],
    columns: ["subject", "status", "createdAt", "sentAt", "text"],
    async read(db, member, after, limit) {
      // Mail to this address from before the account existed was another (since erased) member's.
      const { createdAt } = await db.member.findUniqueOrThrow({
        where: { id: member.id },
        select: { createdAt: true },
      });
      const mails = await db.queuedMail.findMany({
        where: { to: member.email, createdAt: { gte: createdAt }, ...afterId(after) },
        orderBy: { id: "asc" },
        take: limit,
        select: { id: true, subject: true, status: true, createdAt: true, sentAt: true, text: true },
      });
      return paged(mails, limit, ({ id: _id, ...mail }) => ({ ...mail }));
    },
  },
  {
    name: "admin-actions",
    title: tr("What administrators did about you"),
    description: tr("The audit log's entries about your account, its points and withdrawals."),
    covers: [],
    columns: ["createdAt", "action", "what"],
    async read(db, member, after, limit) {
      const entries = await db.auditEntry.findMany({
        where: {
          OR: [
            { targetType: "member", targetId: String(member.id) },
            { details: { path: ["memberId"], equals: member.id } },
          ],
          action: { notIn: [...AUDIT_ACTIONS_EXCLUDED] },
          ...afterId(after),
        },
        orderBy: { id: "asc" },
        take: limit,
        select: { id: true, createdAt: true, action: true, targetType: true, targetId: true, details: true },
      });
      return paged(entries, limit, (entry) => ({
        createdAt: entry.createdAt,
        action: entry.action,
        what: sentenceText(auditSentence({ ...entry, actor: ADMIN })),
      }));
    },
  },
];

export function memberDataTable(name: string): MemberDataTable | undefined {
  return MEMBER_DATA_TABLES.find((table) => table.name === name);
}

/** Every row of a table, a page at a time. */
async function* rowsOf(db: Tx, table: MemberDataTable, member: MemberRef, pageSize: number): AsyncGenerator<Row[]> {
  let after: number | null = null;
  for (;;) {
    const page = await table.read(db, member, after, pageSize);
    if (page.rows.length > 0) yield page.rows;
    if (page.next === null) return;
    after = page.next;
  }
}

/**
 * The JSON download as text chunks: a header, then each table as an array, a page of rows per
 * chunk. Dates as ISO 8601 UTC (JSON.stringify), decimals as strings.
 */
export async function* memberDataJson(
  member: MemberRef,
  { db = getPrisma(), pageSize = MEMBER_DATA_PAGE_SIZE, now = new Date() }: StreamOptions = {},
): AsyncGenerator<string> {
  const header = {
    about: `Everything ${PRODUCT_NAME} holds about you, as of ${now.toISOString()}.`,
    generatedAt: now.toISOString(),
    notIncluded:
      "Secrets are never included: your password (only whether you have one), the keys of your sessions and the links and codes mailed to you (only which and when).",
    tables: Object.fromEntries(MEMBER_DATA_TABLES.map((table) => [table.name, `${table.title}: ${table.description}`])),
  };
  yield `${JSON.stringify(header, null, 1).replace(/\n}$/, "")},\n "data": {`;
  let firstTable = true;
  for (const table of MEMBER_DATA_TABLES) {
    yield `${firstTable ? "" : ","}\n  ${JSON.stringify(table.name)}: [`;
    firstTable = false;
    let firstRow = true;
    for await (const rows of rowsOf(db, table, member, pageSize)) {
      yield rows.map((row) => `${firstRow ? ((firstRow = false), "") : ","}\n   ${JSON.stringify(row)}`).join("");
    }
    yield firstRow ? "]" : "\n  ]";
  }
  yield "\n }\n}\n";
}

/** One table as CSV chunks: the header row, then a page of rows per chunk. */
export async function* memberDataCsv(
  table: MemberDataTable,
  member: MemberRef,
  { db = getPrisma(), pageSize = MEMBER_DATA_PAGE_SIZE }: StreamOptions = {},
): AsyncGenerator<string> {
  let columns: readonly string[] | null = table.columns.length > 0 ? table.columns : null;
  // The byte-order mark lets spreadsheet programs read the file as UTF-8 (names in Hindi).
  if (columns) yield `\uFEFF${stringify([columns])}`;
  for await (const rows of rowsOf(db, table, member, pageSize)) {
    if (!columns) {
      columns = Object.keys(rows[0]);
      yield `\uFEFF${stringify([columns])}`;
    }
    const header = columns;
    yield stringify(rows.map((row) => header.map((column) => csvCell(row[column]))));
  }
}

interface StreamOptions {
  db?: Tx;
  pageSize?: number;
  now?: Date;
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function amount(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(Math.abs(minor % 100)).padStart(2, "0")}`;
}

/**
 * Text chunks as a response body that reads the next page only when the client has taken the one
 * before (high-water mark 0, the server's drain), and stops when the client goes away.
 */
export function streamOf(
  chunks: AsyncGenerator<string>,
  { signal, ready }: { signal?: AbortSignal; ready?: () => Promise<void> } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          await ready?.();
          if (signal?.aborted) {
            await chunks.return(undefined);
            controller.close();
            return;
          }
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The file name of a download: the panel's data for this member on this day. */
export function memberDataFilename(
  memberId: number,
  extension: string,
  table?: string,
  now: Date = new Date(),
): string {
  const day = now.toISOString().slice(0, 10);
  return `my-data-${memberId}-${day}${table ? `-${table}` : ""}.${extension}`;
}

export const MEMBER_DATA_PAGE = "/details/data";

/**
 * A download as the resource routes answer it: counted against the member's limit first (a
 * redirect back to My data with a message when over it), then an attachment streamed page by page.
 */
export async function memberDataResponse(
  member: MemberRef,
  download: { format: "json" } | { format: "csv"; table: MemberDataTable },
  options: { signal?: AbortSignal; ready?: () => Promise<void>; t: TFunction },
): Promise<Response> {
  const limit = await consumeRateLimit(RATE_LIMITS.memberDataDownloads, member.id);
  if (limit.limited) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    // The toast names the minutes, so it is translated here, in the member's language.
    return redirectWithToast(MEMBER_DATA_PAGE, {
      type: "error",
      message: options.t("You have downloaded your data many times this hour. Try again in {{count}} minutes.", {
        count: minutes,
      }),
    });
  }
  const now = new Date();
  const [chunks, filename, type] =
    download.format === "json"
      ? [memberDataJson(member, { now }), memberDataFilename(member.id, "json", undefined, now), "application/json"]
      : [
          memberDataCsv(download.table, member),
          memberDataFilename(member.id, "csv", download.table.name, now),
          "text/csv",
        ];
  return new Response(streamOf(chunks, options), {
    headers: {
      "Content-Type": `${type}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
