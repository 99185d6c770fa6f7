import type { Admin, AppealStatus } from "~/generated/prisma/client";
import { tr } from "~/i18n/mark";
import { getPrisma, type Tx } from "~/lib/db.server";
import { recordAudit } from "./audit.server";
import { creditPoints, standingReversals } from "./ledger.server";
import { queueAppealDecidedMail, type AppealEventWords } from "./member-notices.server";
import { holdReasonOf } from "./withdrawal-statuses";
import { recreditAppealedReversal } from "./reconciliation.server";
import { releaseHeldWithdrawal } from "./withdrawals.server";
import { APPEAL_TITLES, appealEventKey, QUALITY_TERMINATION_REASON, type AppealKindName } from "./appeal-schema";
import { english } from "./english-text";
import { appealReturnRemark } from "./survey-history";

// Appeals (issue 20 point 4, decision 073): a member appeals a reversed complete, a quality
// termination or a held withdrawal once, with a short message; an admin upholds or grants it with
// a reply the member reads. Granting returns the points once:
// - a reversal: the points its counter-entry took are credited back as reconciliation's next
//   re-credit of the complete (recreditAppealedReversal), under the assignment's lock, so an
//   approving file and a granted appeal see each other and the reward is paid once in all; a
//   reversal whose reward is already back is granted with nothing returned, and cannot be appealed;
// - a quality termination: the survey's reward is credited (source "appeal:quality_termination:{id}");
// - a hold: the withdrawal is released to the approval queue (releaseHeldWithdrawal), if still held.
// Two gates make it exactly once: the appeal's conditional UPDATE (open → decided) and the ledger's
// unique source (the re-credit's number, taken under the assignment's lock, for a reversal).

export const APPEAL_REFUSALS = {
  notAppealable: tr(
    "There is nothing to appeal here: open your Points History or Survey History and choose Appeal beside the event.",
  ),
  alreadyAppealed: tr(
    "You have already appealed this. You can appeal each event once; the admin's reply will appear here.",
  ),
  alreadyReturned: tr(
    "These points are already back in your balance (see your Points History), so there is nothing to appeal.",
  ),
  notFound: "This appeal does not exist.",
  alreadyDecided: "This appeal has already been decided.",
} as const;

export interface AppealableEvent {
  kind: AppealKindName;
  subjectId: number;
  eventKey: string;
  /** What happened, in the member's words. */
  title: string;
  /** The same as a fixed text and its values, for the member's language (the decision's mail). */
  titleWords: AppealEventWords;
  /** Why, in the member's words. */
  reason: string;
  /**
   * Points a grant returns (0 for a hold: its points are already in the withdrawal; 0 for a
   * reversal whose reward is already back).
   */
  points: number;
  /** False for a reversal whose reward is already back: it can no longer be appealed. */
  open: boolean;
  assignmentId: number | null;
  /** A withdrawal's reference (a hold). */
  referenceId: string | null;
}

/** The member's event of this kind and id, when it is one that can be appealed. */
export async function findAppealableEvent(
  db: Tx,
  memberId: number,
  kind: AppealKindName,
  subjectId: number,
): Promise<AppealableEvent | null> {
  const base = { kind, subjectId, eventKey: appealEventKey(kind, subjectId) };
  if (kind === "reversal") {
    const entry = await db.pointsTransaction.findFirst({
      where: { id: subjectId, memberId, type: "completion_reversal" },
      select: { referenceId: true, remark: true, change: true, assignmentId: true, source: true },
    });
    if (!entry) return null;
    const open = (await standingReversals(db, [{ id: subjectId, memberId, ...entry }])).has(subjectId);
    return {
      ...base,
      title: english(APPEAL_TITLES.reversal, { points: -entry.change, reference: entry.referenceId }),
      titleWords: {
        text: tr("{{points}} points taken back ({{reference}})"),
        values: { points: -entry.change, reference: entry.referenceId },
      },
      reason: entry.remark,
      points: open ? -entry.change : 0,
      open,
      assignmentId: entry.assignmentId,
      referenceId: null,
    };
  }
  if (kind === "quality_termination") {
    const assignment = await db.assignment.findFirst({
      where: { id: subjectId, memberId, outcome: "quality" },
      select: { surveyId: true, points: true },
    });
    if (!assignment) return null;
    return {
      ...base,
      title: english(APPEAL_TITLES.qualityTermination, { survey: assignment.surveyId }),
      titleWords: { text: tr("Survey {{survey}} ended by a quality check"), values: { survey: assignment.surveyId } },
      reason: QUALITY_TERMINATION_REASON,
      points: assignment.points,
      open: true,
      assignmentId: subjectId,
      referenceId: null,
    };
  }
  const withdrawal = await db.withdrawalRequest.findFirst({
    where: { id: subjectId, memberId, holdReason: { not: null } },
    select: { referenceId: true, holdReason: true, points: true },
  });
  if (!withdrawal) return null;
  return {
    ...base,
    title: english(APPEAL_TITLES.hold, { reference: withdrawal.referenceId, points: withdrawal.points }),
    titleWords: {
      text: tr("Withdrawal {{reference}} of {{points}} points held for review"),
      values: { reference: withdrawal.referenceId, points: withdrawal.points },
    },
    reason: holdReasonOf(withdrawal.holdReason)?.member ?? tr("Held for review."),
    points: 0,
    open: true,
    assignmentId: null,
    referenceId: withdrawal.referenceId,
  };
}

export type AppealResult = { ok: true; message: string } | { ok: false; message: string };

/** The member appeals an event once; a second appeal of the same event is refused. */
export async function fileAppeal(
  memberId: number,
  { kind, subjectId, message }: { kind: AppealKindName; subjectId: number; message: string },
): Promise<AppealResult> {
  return getPrisma().$transaction(async (tx) => {
    const event = await findAppealableEvent(tx, memberId, kind, subjectId);
    if (!event) return { ok: false, message: APPEAL_REFUSALS.notAppealable };
    if (!event.open) return { ok: false, message: APPEAL_REFUSALS.alreadyReturned };
    // ON CONFLICT DO NOTHING: a second appeal (or two at once) is an answer, not an aborted transaction.
    const { count } = await tx.appeal.createMany({
      data: [{ memberId, kind, subjectId, eventKey: event.eventKey, message }],
      skipDuplicates: true,
    });
    if (count === 0) return { ok: false, message: APPEAL_REFUSALS.alreadyAppealed };
    return {
      ok: true,
      message: tr("Your appeal is sent. An admin will reply; you will see the reply here and by e-mail."),
    };
  });
}

export interface MemberAppeal {
  status: AppealStatus;
  message: string;
  reply: string | null;
  createdAt: string;
}

/** The member's appeals of these events, by event key. */
export async function memberAppeals(memberId: number, eventKeys: string[]): Promise<Record<string, MemberAppeal>> {
  if (eventKeys.length === 0) return {};
  const rows = await getPrisma().appeal.findMany({
    where: { memberId, eventKey: { in: eventKeys } },
    select: { eventKey: true, status: true, message: true, reply: true, createdAt: true },
  });
  return Object.fromEntries(
    rows.map(({ eventKey, createdAt, ...appeal }) => [eventKey, { ...appeal, createdAt: createdAt.toISOString() }]),
  );
}

export const APPEALS_PAGE_SIZE = 50;

/** The back office's list: open appeals first (oldest first), then the latest decided ones. */
export async function listAppeals() {
  const prisma = getPrisma();
  const select = {
    id: true,
    kind: true,
    subjectId: true,
    message: true,
    status: true,
    reply: true,
    createdAt: true,
    decidedAt: true,
    decidedBy: { select: { name: true } },
    member: {
      select: {
        id: true,
        firstName: true,
        lastName: true,
        qualityScore: true,
        _count: { select: { qualitySignals: { where: { clearedAt: null } } } },
      },
    },
  } as const;
  const [open, decided] = await Promise.all([
    prisma.appeal.findMany({
      where: { status: "open" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: APPEALS_PAGE_SIZE,
      select,
    }),
    prisma.appeal.findMany({
      where: { status: { not: "open" } },
      orderBy: [{ decidedAt: "desc" }, { id: "desc" }],
      take: APPEALS_PAGE_SIZE,
      select,
    }),
  ]);
  const describe = async (appeal: (typeof open)[number]) => {
    const event = await findAppealableEvent(prisma, appeal.member.id, appeal.kind, appeal.subjectId);
    return {
      ...appeal,
      createdAt: appeal.createdAt.toISOString(),
      decidedAt: appeal.decidedAt?.toISOString() ?? null,
      event: event ? { title: event.title, reason: event.reason, points: event.points, open: event.open } : null,
    };
  };
  return { open: await Promise.all(open.map(describe)), decided: await Promise.all(decided.map(describe)) };
}

export const APPEAL_DECISIONS = ["grant", "uphold"] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];

/**
 * An admin decides an open appeal with a reply the member reads. Granting returns the points once
 * (see the top of this module). Audited; the member is mailed the reply.
 */
export async function decideAppeal(
  admin: Pick<Admin, "id" | "email">,
  { appealId, decision, reply }: { appealId: number; decision: AppealDecision; reply: string },
): Promise<AppealResult> {
  return getPrisma().$transaction(async (tx) => {
    const status = decision === "grant" ? "granted" : "upheld";
    // The gate: of two clicks or two admins, one finds the appeal open; the other waits on the
    // row lock, then finds it decided.
    const [appeal] = await tx.appeal.updateManyAndReturn({
      where: { id: appealId, status: "open" },
      data: { status, reply, decidedById: admin.id, decidedAt: new Date() },
      select: { id: true, memberId: true, kind: true, subjectId: true, eventKey: true },
    });
    if (!appeal) {
      const exists = await tx.appeal.findUnique({ where: { id: appealId }, select: { id: true } });
      return { ok: false, message: exists ? APPEAL_REFUSALS.alreadyDecided : APPEAL_REFUSALS.notFound };
    }
    const event = await findAppealableEvent(tx, appeal.memberId, appeal.kind, appeal.subjectId);
    let returned = 0;
    let outcome = "";
    if (decision === "grant" && event) {
      if (event.kind === "hold" && event.referenceId) {
        const released = await releaseHeldWithdrawal(tx, admin, event.referenceId, `Appeal granted: ${reply}`);
        outcome = released.ok ? ` ${event.referenceId} is released to the approval queue.` : ` ${released.message}`;
      } else if (event.kind === "reversal") {
        // Under the assignment's lock: whether the reward is still taken back is read again there.
        const { points } = await recreditAppealedReversal(tx, admin, {
          reversalId: event.subjectId,
          remark: (points) => appealReturnRemark(points, event.title),
        });
        returned = points;
        outcome =
          points > 0
            ? ` ${points} points returned to member #${appeal.memberId}.`
            : ` No points were returned: the reward of this complete is already back in member #${appeal.memberId}'s balance (given back after this reversal), and paying it again would pay it twice.`;
      } else if (event.points > 0) {
        const credited = await creditPoints(tx, {
          memberId: appeal.memberId,
          points: event.points,
          type: "admin_adjustment",
          source: `appeal:${appeal.eventKey}`,
          remark: appealReturnRemark(event.points, event.title),
          assignmentId: event.assignmentId,
          adminId: admin.id,
        });
        if (credited.ok) returned = event.points;
        outcome = credited.ok ? ` ${event.points} points returned to member #${appeal.memberId}.` : "";
      }
    }
    await recordAudit(tx, {
      admin,
      action: decision === "grant" ? "appeal.granted" : "appeal.upheld",
      targetType: "member",
      targetId: appeal.memberId,
      details: {
        appealId: appeal.id,
        kind: appeal.kind,
        event: event?.title ?? appeal.eventKey,
        points: returned,
        reason: reply,
        before: { Appeal: "open" },
        after: { Appeal: status },
      },
    });
    const member = await tx.member.findUniqueOrThrow({
      where: { id: appeal.memberId },
      select: { email: true, firstName: true, language: true },
    });
    await queueAppealDecidedMail(tx, member, {
      granted: decision === "grant",
      event: event?.titleWords ?? null,
      reply,
      points: returned,
    });
    return {
      ok: true,
      message: `Appeal #${appeal.id} ${decision === "grant" ? "granted" : "upheld"}.${outcome}`,
    };
  });
}

/** A history page's rows with the member's appeal of each row's event, if any. */
export async function withAppeals<Row extends { appealEvent: { kind: AppealKindName; subjectId: number } | null }>(
  memberId: number,
  history: { rows: Row[]; page: number; pageCount: number },
) {
  const keyOf = (row: Row) =>
    row.appealEvent ? appealEventKey(row.appealEvent.kind, row.appealEvent.subjectId) : null;
  const appeals = await memberAppeals(
    memberId,
    history.rows.map(keyOf).filter((key): key is string => key !== null),
  );
  return {
    ...history,
    rows: history.rows.map((row) => {
      const key = keyOf(row);
      return { ...row, appeal: key ? (appeals[key] ?? null) : null };
    }),
  };
}
