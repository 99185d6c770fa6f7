import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import type { Admin, ReconciliationStatus } from "~/generated/prisma/client";
import { getPrisma, type Tx } from "~/lib/db.server";
import { ASSIGNMENT_STATUS, ASSIGNMENT_STATUS_LABEL, type AssignmentStatus } from "./assignment-status";
import { recordAudit } from "./audit.server";
import { creditPoints, currentRewardCredits, reversalStands, reverseEntry, type RewardCredit } from "./ledger.server";
import { pointsChangedMail, type PointsChangeNotice } from "./member-notices.server";
import {
  isReversalReason,
  MAX_RECONCILIATION_ROWS,
  RECONCILIATION_FILE_HELP,
  RECONCILIATION_MESSAGES,
  REVERSAL_REASON_CODES,
  REVERSAL_REASONS,
  type ReversalReason,
} from "./reconciliation-schema";

// Reconciliation (docs/decisions/061-reconciliation.md): the buyer's final word on a survey's
// completes, uploaded as a CSV of respondent tokens, each approved or reversed (with a reason code).
// A preview reads the file and says what applying it would do, changing nothing; applying it moves
// each complete whose status differs, in one transaction, under the assignments' row locks:
// - reversed: the reward's current credit is reversed through the ledger's reverseEntry (never
//   below zero: points already spent stay spent), with the reason's sentence as the remark the
//   member reads in Points History;
// - approved after a reversal: what that reversal took back is credited again, once, under the
//   source "assignment:{id}:recredit:{n}"; that credit is then the one a later reversal reverses.
// The status a complete has is its ReconciledComplete row, or without one what the ledger says
// (a reward reversed from the member page counts as reversed). Applying a file whose statuses are
// already in place changes nothing, so the same file applied twice, or twice at once, changes once.
// A granted appeal of a reversal gives the reward back through the same re-credit, under the same
// lock (recreditAppealedReversal), so a file approving it afterwards finds it approved, and an
// appeal granted after such a file finds the reward back: the reward is paid once in all.
// Each change that moves points is mailed to its member, queued in the same transaction.

type Actor = Pick<Admin, "id" | "email">;

/** One usable line of a file. */
export interface ReconciliationRow {
  line: number;
  token: string;
  status: ReconciliationStatus;
  reason: ReversalReason | null;
}

export interface RowError {
  line: number;
  message: string;
}

export type ParsedFile =
  | { ok: true; fileHash: string; total: number; rows: ReconciliationRow[]; errors: RowError[] }
  | { ok: false; message: string };

/** The file's identity: SHA-256 of its text with line ends as \n (a browser re-posting it sends \r\n). */
export function reconciliationFileHash(text: string): string {
  return createHash("sha256").update(normaliseLineEnds(text)).digest("hex");
}

const normaliseLineEnds = (text: string) => text.replace(/\r\n?/g, "\n");

// Column names as buyers write them, compared in lower case without spaces or punctuation.
const TOKEN_COLUMNS = ["token", "respondenttoken", "rid", "respondentid", "respondent"];
const STATUS_COLUMNS = ["status", "finalstatus", "reconciliation", "result"];
const REASON_COLUMNS = ["reason", "reasoncode", "reversalreason"];

/** What a respondent token looks like (ours are 32 hex digits; buyers echo them as given). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
const REASON_LIST = REVERSAL_REASON_CODES.join(", ");

/**
 * Reads a reconciliation file. A file that is not CSV, names no token or status column, or is too
 * long is refused as a whole; a bad line (an empty token, an unknown status or reason, a token
 * repeated) is reported with its line number and left out, and the other lines still count.
 */
export function parseReconciliationFile(text: string): ParsedFile {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(normaliseLineEnds(text), {
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return {
      ok: false,
      message: `This file could not be read as CSV${line ? ` (line ${line})` : ""}. ${RECONCILIATION_FILE_HELP} Nothing was changed.`,
    };
  }
  if (records.length === 0) return { ok: false, message: `The file is empty. ${RECONCILIATION_FILE_HELP}` };
  const header = records[0].record.map(normalise);
  const column = (names: string[]) => header.findIndex((name) => names.includes(name));
  const at = { token: column(TOKEN_COLUMNS), status: column(STATUS_COLUMNS), reason: column(REASON_COLUMNS) };
  if (at.token < 0 || at.status < 0) {
    return {
      ok: false,
      message: `This is not a reconciliation file: its first row does not name the columns it needs. ${RECONCILIATION_FILE_HELP} Nothing was changed.`,
    };
  }
  const lines = records.slice(1);
  if (lines.length === 0) {
    return { ok: false, message: `The file has a header row and no completes. ${RECONCILIATION_FILE_HELP}` };
  }
  if (lines.length > MAX_RECONCILIATION_ROWS) {
    return {
      ok: false,
      message: `The file has more than ${MAX_RECONCILIATION_ROWS.toLocaleString("en-US")} rows. Split it into smaller files and reconcile them one after another.`,
    };
  }
  const rows: ReconciliationRow[] = [];
  const errors: RowError[] = [];
  const firstLine = new Map<string, number>();
  for (const { record, info } of lines) {
    const line = info.lines;
    const token = (record[at.token] ?? "").trim();
    const status = normalise(record[at.status] ?? "");
    const reasonText = at.reason < 0 ? "" : normalise(record[at.reason] ?? "");
    const refuse = (message: string) => errors.push({ line, message });
    if (token === "") {
      refuse("The token is empty.");
      continue;
    }
    if (!TOKEN_PATTERN.test(token)) {
      refuse(`"${shown(token)}" is not a respondent token.`);
      continue;
    }
    const earlier = firstLine.get(token);
    if (earlier !== undefined) {
      refuse(`${token} is already on line ${earlier}; a token may appear once.`);
      continue;
    }
    firstLine.set(token, line);
    if (status !== "approved" && status !== "reversed") {
      refuse(`The status of ${token}, "${shown(record[at.status] ?? "")}", is neither approved nor reversed.`);
      continue;
    }
    if (status === "approved") {
      rows.push({ line, token, status, reason: null });
      continue;
    }
    if (reasonText === "") {
      refuse(`The reversal of ${token} has no reason code (one of ${REASON_LIST}).`);
      continue;
    }
    if (!isReversalReason(reasonText)) {
      refuse(
        `The reason "${shown(record[at.reason] ?? "")}" of ${token} is not a reason code (one of ${REASON_LIST}).`,
      );
      continue;
    }
    rows.push({ line, token, status, reason: reasonText });
  }
  return { ok: true, fileHash: reconciliationFileHash(text), total: lines.length, rows, errors };
}

/** A value from the file, short enough to quote in a message. */
const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/** A line whose complete will change, or did. */
export interface PlannedChange {
  line: number;
  token: string;
  from: ReconciliationStatus;
  to: ReconciliationStatus;
  reason: ReversalReason | null;
}

export interface ReconciliationSummary {
  fileHash: string;
  /** Lines of the file after its header. */
  total: number;
  changes: PlannedChange[];
  unchanged: { line: number; token: string; status: ReconciliationStatus }[];
  unknown: { line: number; token: string }[];
  errors: RowError[];
}

interface CompleteState {
  assignmentId: number;
  memberId: number;
  status: AssignmentStatus;
  reconciled: { status: ReconciliationStatus } | null;
  /** The reward's current credit in the ledger, or null when it has none (no points). */
  credit: RewardCredit | null;
}

/** The status a complete has now: its reconciliation, or what the ledger says of its reward. */
const statusOf = (state: CompleteState): ReconciliationStatus =>
  state.reconciled?.status ?? (state.credit?.status === "reversed" ? "reversed" : "approved");

/** This survey's assignments with the file's tokens, with where each stands. */
async function readStates(db: Tx, surveyId: number, tokens: string[]) {
  const assignments = await db.assignment.findMany({
    where: { surveyId, respondentToken: { in: tokens } },
    select: {
      id: true,
      memberId: true,
      status: true,
      respondentToken: true,
      reconciled: { select: { status: true } },
    },
  });
  const credits = await currentRewardCredits(
    db,
    assignments.map((row) => ({ assignmentId: row.id, memberId: row.memberId })),
  );
  return new Map(
    assignments.map((row): [string, CompleteState] => [
      row.respondentToken,
      {
        assignmentId: row.id,
        memberId: row.memberId,
        status: row.status as AssignmentStatus,
        reconciled: row.reconciled,
        credit: credits.get(row.id) ?? null,
      },
    ]),
  );
}

/** Sorts the file's rows by what applying them would do now. Tokens of other surveys are unknown. */
function summarise(
  parsed: Extract<ParsedFile, { ok: true }>,
  states: Map<string, CompleteState>,
): ReconciliationSummary {
  const summary: ReconciliationSummary = {
    fileHash: parsed.fileHash,
    total: parsed.total,
    changes: [],
    unchanged: [],
    unknown: [],
    errors: [...parsed.errors],
  };
  for (const row of parsed.rows) {
    const state = states.get(row.token);
    if (!state) {
      summary.unknown.push({ line: row.line, token: row.token });
      continue;
    }
    if (state.status !== ASSIGNMENT_STATUS.complete) {
      summary.errors.push({
        line: row.line,
        message: `${row.token} is not a complete (its status is ${ASSIGNMENT_STATUS_LABEL[state.status]}); only completes are reconciled.`,
      });
      continue;
    }
    const from = statusOf(state);
    if (from === row.status) summary.unchanged.push({ line: row.line, token: row.token, status: from });
    else summary.changes.push({ line: row.line, token: row.token, from, to: row.status, reason: row.reason });
  }
  summary.errors.sort((a, b) => a.line - b.line);
  return summary;
}

export type PreviewResult =
  | {
      ok: true;
      summary: ReconciliationSummary;
      /** The text to re-post with Apply (line ends as \n). */
      content: string;
      /** When this same file was last applied to this survey, if ever. */
      lastApplied: { appliedAt: Date; adminEmail: string } | null;
    }
  | { ok: false; message: string };

/** What applying the file would do now; changes nothing. */
export async function previewReconciliation(surveyId: number, text: string): Promise<PreviewResult> {
  const parsed = parseReconciliationFile(text);
  if (!parsed.ok) return parsed;
  const prisma = getPrisma();
  const states = await readStates(
    prisma,
    surveyId,
    parsed.rows.map((row) => row.token),
  );
  const lastApplied = await prisma.reconciliation.findFirst({
    where: { surveyId, fileHash: parsed.fileHash },
    orderBy: { id: "desc" },
    select: { appliedAt: true, adminEmail: true },
  });
  return { ok: true, summary: summarise(parsed, states), content: normaliseLineEnds(text), lastApplied };
}

/** What one apply did, beside the summary of its rows. */
export interface ReconciliationReport {
  ok: true;
  reconciliationId: number;
  summary: ReconciliationSummary;
  reversed: number;
  approved: number;
  pointsTaken: number;
  pointsRecredited: number;
  /** Points of reversed completes the members had already spent, and keep. */
  shortfall: number;
  message: string;
}

/**
 * Applies a previewed file: `fileHash` is the preview's, so what is applied is what the admin saw.
 * One transaction: the matched assignments are locked (in id order, so two applies at once queue
 * rather than deadlock), their states read again, and each change made; then the reconciliation is
 * recorded and audited. An apply that changes nothing is recorded too.
 */
export async function applyReconciliation(
  admin: Actor,
  surveyId: number,
  text: string,
  fileHash: string,
): Promise<ReconciliationReport | { ok: false; message: string }> {
  const parsed = parseReconciliationFile(text);
  if (!parsed.ok) return parsed;
  if (parsed.fileHash !== fileHash) return { ok: false, message: RECONCILIATION_MESSAGES.changedSincePreview };
  const tokens = parsed.rows.map((row) => row.token);
  return getPrisma().$transaction(
    async (tx) => {
      const survey = await tx.survey.findUniqueOrThrow({ where: { id: surveyId }, select: { name: true } });
      if (tokens.length > 0) {
        await tx.$queryRaw`
          SELECT "id" FROM "Assignment" WHERE "surveyId" = ${surveyId} AND "respondentToken" = ANY(${tokens})
          ORDER BY "id" FOR NO KEY UPDATE`;
      }
      const states = await readStates(tx, surveyId, tokens);
      const summary = summarise(parsed, states);
      const reconciliation = await tx.reconciliation.create({
        data: {
          surveyId,
          adminId: admin.id,
          adminEmail: admin.email,
          fileHash,
          rows: summary.total,
          matched: summary.changes.length + summary.unchanged.length,
          changed: summary.changes.length,
          unchanged: summary.unchanged.length,
          unknown: summary.unknown.length,
          errors: summary.errors.length,
          reversed: summary.changes.filter((change) => change.to === "reversed").length,
          approved: summary.changes.filter((change) => change.to === "approved").length,
        },
        select: { id: true },
      });
      const totals = { pointsTaken: 0, pointsRecredited: 0, shortfall: 0 };
      const notices: { memberId: number; notice: PointsChangeNotice }[] = [];
      for (const change of summary.changes) {
        const state = states.get(change.token)!;
        const moved =
          change.to === "reversed"
            ? await reverseReward(tx, admin, survey.name, state, change.reason!)
            : await recreditReward(
                tx,
                admin,
                state,
                () => `Reward for "${survey.name}" given back: the researcher approved your complete`,
              );
        totals.pointsTaken += moved.taken;
        totals.pointsRecredited += moved.recredited;
        totals.shortfall += moved.shortfall;
        if (moved.notice) notices.push({ memberId: state.memberId, notice: moved.notice });
        await tx.reconciledComplete.upsert({
          where: { assignmentId: state.assignmentId },
          create: {
            assignmentId: state.assignmentId,
            status: change.to,
            reasonCode: change.reason,
            recredits: moved.recredits,
            reconciliationId: reconciliation.id,
          },
          update: {
            status: change.to,
            reasonCode: change.reason,
            recredits: moved.recredits,
            reconciliationId: reconciliation.id,
          },
        });
      }
      await queueNotices(tx, notices);
      const reversed = summary.changes.filter((change) => change.to === "reversed").length;
      const approved = summary.changes.length - reversed;
      await recordAudit(tx, {
        admin,
        action: "survey.reconciled",
        targetType: "survey",
        targetId: surveyId,
        details: {
          name: survey.name,
          reconciliationId: reconciliation.id,
          fileHash,
          rows: summary.total,
          matched: summary.changes.length + summary.unchanged.length,
          changed: summary.changes.length,
          unchanged: summary.unchanged.length,
          unknown: summary.unknown.length,
          errors: summary.errors.length,
          reversed,
          approved,
          ...totals,
        },
      });
      return {
        ok: true as const,
        reconciliationId: reconciliation.id,
        summary,
        reversed,
        approved,
        ...totals,
        message: describeApply(summary, reversed, approved, totals),
      };
    },
    // A thousand rows of ledger work on a busy machine: more than Prisma's 5 s default.
    { timeout: 60_000, maxWait: 20_000 },
  );
}

interface Moved {
  taken: number;
  recredited: number;
  shortfall: number;
  /** The complete's re-credit count after this change. */
  recredits: number;
  /** What the member is told, when points moved. */
  notice: PointsChangeNotice | null;
}

/**
 * Each change of points is mailed to its member, queued with it: a file of a thousand changes is
 * one read of their members and one insert of a thousand mails, not a thousand of each.
 */
async function queueNotices(tx: Tx, notices: { memberId: number; notice: PointsChangeNotice }[]) {
  if (notices.length === 0) return;
  const members = await tx.member.findMany({
    where: { id: { in: [...new Set(notices.map((entry) => entry.memberId))] } },
    select: { id: true, email: true, firstName: true, language: true },
  });
  const byId = new Map(members.map((member) => [member.id, member]));
  const mails = await Promise.all(
    notices.map(({ memberId, notice }) => pointsChangedMail(byId.get(memberId)!, notice)),
  );
  await tx.queuedMail.createMany({ data: mails });
}

/** Takes the reward's current credit back, as far as the balance allows, with the reason as its remark. */
async function reverseReward(
  tx: Tx,
  admin: Actor,
  surveyName: string,
  state: CompleteState,
  reason: ReversalReason,
): Promise<Moved> {
  const recredits = state.credit?.recredits ?? 0;
  // No credit to reverse (a complete without points): the status changes, no points move.
  if (!state.credit) return { taken: 0, recredited: 0, shortfall: 0, recredits, notice: null };
  const remark = `Reward for "${surveyName}" taken back: ${REVERSAL_REASONS[reason]}`;
  const reversal = await reverseEntry(tx, { source: state.credit.source, remark, adminId: admin.id });
  // A credit already reversed (a re-credit of nothing, after a reversal that found the points
  // spent): the status changes, no points move.
  if (!reversal.ok) return { taken: 0, recredited: 0, shortfall: 0, recredits, notice: null };
  return {
    taken: reversal.points,
    recredited: 0,
    shortfall: reversal.shortfall,
    recredits,
    // A zero balance took nothing: no change of points to tell.
    notice: reversal.reversal
      ? {
          change: reversal.reversal.change,
          balance: reversal.balance,
          remark,
          kept: reversal.shortfall,
          reversal: true,
        }
      : null,
  };
}

/**
 * Credits again what the last reversal took back, once, as the reward's new current credit. Points
 * the member had spent before that reversal were never taken, so they are not credited again: the
 * member is paid the reward once in all. The caller holds the assignment's lock.
 */
async function recreditReward(
  tx: Tx,
  admin: Actor,
  state: Pick<CompleteState, "assignmentId" | "memberId" | "credit">,
  remark: (points: number) => string,
): Promise<Moved> {
  const recredits = state.credit?.recredits ?? 0;
  if (state.credit?.status !== "reversed") return { taken: 0, recredited: 0, shortfall: 0, recredits, notice: null };
  const taken = await tx.pointsTransaction.findUnique({
    where: { source: `${state.credit.source}:reversal` },
    select: { change: true },
  });
  const points = taken ? -taken.change : 0;
  if (points <= 0) return { taken: 0, recredited: 0, shortfall: 0, recredits, notice: null };
  const text = remark(points);
  const credited = await creditPoints(tx, {
    memberId: state.memberId,
    points,
    type: "survey_completion",
    source: `assignment:${state.assignmentId}:recredit:${recredits + 1}`,
    remark: text,
    assignmentId: state.assignmentId,
    adminId: admin.id,
  });
  // Under the assignment's lock the next number is free; an entry already there means broken data.
  if (!credited.ok) throw new Error(`The re-credit ${recredits + 1} of assignment ${state.assignmentId} exists`);
  return {
    taken: 0,
    recredited: points,
    shortfall: 0,
    recredits: recredits + 1,
    notice: { change: points, balance: credited.balance, remark: text },
  };
}

/**
 * A granted appeal of a reversal (decision 073) gives the reward back as an approving file would:
 * under the assignment's lock, as the next re-credit of what the reversal took, and a reconciled
 * complete becomes approved. Only while that reversal still stands: when the reward is already back
 * (a file approved it) or was credited again and reversed anew (another event, with its own
 * appeal), nothing is paid and `points` is 0.
 */
export async function recreditAppealedReversal(
  tx: Tx,
  admin: Actor,
  { reversalId, remark }: { reversalId: number; remark: (points: number) => string },
): Promise<{ points: number }> {
  const reversal = await tx.pointsTransaction.findUniqueOrThrow({
    where: { id: reversalId },
    select: { source: true, memberId: true, assignmentId: true },
  });
  const { assignmentId, memberId } = reversal;
  if (assignmentId === null) return { points: 0 };
  // The lock reconciliation and an admin's Reverse take: a file applied at the same moment is
  // wholly before this (and the reward is back) or after it (and finds the complete approved).
  await tx.$queryRaw`SELECT 1 FROM "Assignment" WHERE "id" = ${assignmentId} FOR NO KEY UPDATE`;
  const credit = (await currentRewardCredits(tx, [{ assignmentId, memberId }])).get(assignmentId) ?? null;
  if (!reversalStands(credit, reversal.source)) return { points: 0 };
  // The appeal's own decision mail tells the member (decision 073): no second mail of the change.
  const moved = await recreditReward(tx, admin, { assignmentId, memberId, credit }, remark);
  if (moved.recredited > 0) {
    await tx.reconciledComplete.updateMany({
      where: { assignmentId },
      data: { status: "approved", reasonCode: null, recredits: moved.recredits },
    });
  }
  return { points: moved.recredited };
}

const pointsText = (points: number) => `${points.toLocaleString("en-US")} points`;

function describeApply(
  summary: ReconciliationSummary,
  reversed: number,
  approved: number,
  totals: { pointsTaken: number; pointsRecredited: number; shortfall: number },
): string {
  if (summary.changes.length === 0) {
    return `Reconciliation applied: nothing changed. ${summary.unchanged.length} complete(s) already had their status.`;
  }
  const parts = [
    `Reconciliation applied: ${reversed} complete(s) reversed (${pointsText(totals.pointsTaken)} taken back), ${approved} approved again (${pointsText(totals.pointsRecredited)} credited).`,
  ];
  if (totals.shortfall > 0) {
    parts.push(`${pointsText(totals.shortfall)} had already been spent by the members and could not be taken back.`);
  }
  if (summary.unchanged.length > 0) parts.push(`${summary.unchanged.length} unchanged.`);
  if (summary.unknown.length > 0) parts.push(`${summary.unknown.length} unknown token(s) not applied.`);
  if (summary.errors.length > 0) parts.push(`${summary.errors.length} line(s) with errors not applied.`);
  return parts.join(" ");
}

export const RECONCILIATIONS_SHOWN = 10;

/** The survey's latest applied reconciliations, newest first. */
export async function listReconciliations(surveyId: number) {
  return getPrisma().reconciliation.findMany({
    where: { surveyId },
    orderBy: { id: "desc" },
    take: RECONCILIATIONS_SHOWN,
    select: {
      id: true,
      adminEmail: true,
      fileHash: true,
      rows: true,
      matched: true,
      changed: true,
      unchanged: true,
      unknown: true,
      errors: true,
      reversed: true,
      approved: true,
      appliedAt: true,
    },
  });
}

/** The survey a reconciliation page is about, or null for an unknown id. */
export async function findSurveyToReconcile(id: number) {
  return getPrisma().survey.findUnique({ where: { id }, select: { id: true, name: true } });
}
