import type { MemberStatus, PointsStatus, PointsType, Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { ASSIGNMENT_STATUS_LABEL, type AssignmentStatus } from "./assignment-status";
import { memberStatus } from "./ledger.server";
import type { MemberPagePages, Paged } from "./member-page";
import { formatRupees } from "./member-records.server";
import { PAYOUT_METHOD_LABEL, paymentAccountSummary } from "./payment-accounts";
import { listSignals } from "./quality-signals.server";
import { withdrawalStatusLabel } from "./withdrawals.server";

// The admin's page of one member (/admin/users/{id}, issue 18 point 1): everything the panel holds
// about them, read-only. A fixed number of queries whatever the member holds: the member, then the
// counts, then one page of each list; never a query per row.

/** Rows per page of each list on the page. */
export const MEMBER_PAGE_SIZE = 10;

/** "2026-11-25 20:12" in UTC, as the audit log shows times. */
function utcMinute(date: Date): string {
  return date.toISOString().replace("T", " ").slice(0, 16);
}

/**
 * The member's status in the admin's words. A closed account with a deletion request is "Deletion
 * pending" until the inactivity job erases it; one closed by an admin stays "Closed".
 */
function memberStatusLabel(member: {
  status: MemberStatus;
  deletionRequestedAt: Date | null;
  erasedAt: Date | null;
}): string {
  if (member.erasedAt) return "Erased";
  if (member.status === "closed") return member.deletionRequestedAt ? "Deletion pending" : "Closed";
  if (member.status === "suspended") return "Suspended";
  return member.status === "inactive" ? "Inactive" : "Active";
}

/**
 * Where a complete's money stands now, from its ledger entries (newest first): its current credit is
 * the newest survey_completion credit (the first one, or reconciliation's latest re-credit, decision
 * 061). Paid (`credited`) or paid again after a reversal (`recredited`), both of which can be
 * reversed; `reversed`; or none (not completed, or 0 points).
 */
export function rewardState(
  entries: { type: PointsType; status: PointsStatus }[],
): "credited" | "recredited" | "reversed" | null {
  const credits = entries.filter((entry) => entry.type === "survey_completion");
  const current = credits[0];
  if (current?.status === "completed") return credits.length > 1 ? "recredited" : "credited";
  return current?.status === "reversed" ? "reversed" : null;
}

function pageOf(requested: number, total: number) {
  const pageCount = Math.max(1, Math.ceil(total / MEMBER_PAGE_SIZE));
  const page = Math.min(requested, pageCount);
  return { page, pageCount, skip: (page - 1) * MEMBER_PAGE_SIZE, take: MEMBER_PAGE_SIZE };
}

/** Entries about this member: aimed at them, or about something of theirs (an assignment, a withdrawal). */
function auditAbout(memberId: number): Prisma.AuditEntryWhereInput {
  return {
    OR: [{ targetType: "member", targetId: String(memberId) }, { details: { path: ["memberId"], equals: memberId } }],
  };
}

/** The member page's data, or null when there is no such member. */
export async function loadMemberPage(memberId: number, requested: MemberPagePages) {
  const prisma = getPrisma();
  const member = await prisma.member.findUnique({
    where: { id: memberId },
    select: {
      id: true,
      firstName: true,
      lastName: true,
      email: true,
      emailVerifiedAt: true,
      passwordHash: true,
      mobile: true,
      country: true,
      state: true,
      city: true,
      pin: true,
      dob: true,
      gender: true,
      status: true,
      pointsBalance: true,
      qualityScore: true,
      lastActiveAt: true,
      inactivityWarnedAt: true,
      deletionRequestedAt: true,
      erasedAt: true,
      createdAt: true,
    },
  });
  if (!member) return null;

  const now = new Date();
  const [ledgerTotal, assignmentTotal, withdrawalTotal, auditTotal, accounts, sessions, google, signals] =
    await Promise.all([
      prisma.pointsTransaction.count({ where: { memberId } }),
      prisma.assignment.count({ where: { memberId } }),
      prisma.withdrawalRequest.count({ where: { memberId } }),
      prisma.auditEntry.count({ where: auditAbout(memberId) }),
      prisma.paymentAccount.findMany({ where: { memberId }, orderBy: { method: "asc" } }),
      // The session id is the cookie's secret: never selected, so it can never reach the page.
      prisma.memberSession.findMany({
        where: { memberId, expiresAt: { gt: now } },
        orderBy: [{ createdAt: "desc" }],
        take: 50,
        select: { userAgent: true, persistent: true, createdAt: true, expiresAt: true },
      }),
      prisma.oAuthConnection.count({ where: { memberId } }),
      listSignals(prisma, memberId),
    ]);

  const ledgerPage = pageOf(requested.ledger, ledgerTotal);
  const assignmentPage = pageOf(requested.assignments, assignmentTotal);
  const withdrawalPage = pageOf(requested.withdrawals, withdrawalTotal);
  const auditPage = pageOf(requested.audit, auditTotal);
  const [ledger, assignments, withdrawals, audit] = await Promise.all([
    prisma.pointsTransaction.findMany({
      where: { memberId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: ledgerPage.skip,
      take: ledgerPage.take,
      select: {
        id: true,
        referenceId: true,
        remark: true,
        change: true,
        status: true,
        type: true,
        createdAt: true,
        // A withdrawal's entry reads as the member's Points History reads it: Sent, Paid out (ref), Returned.
        withdrawal: { select: { status: true, payoutReference: true } },
      },
    }),
    prisma.assignment.findMany({
      where: { memberId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: assignmentPage.skip,
      take: assignmentPage.take,
      select: {
        id: true,
        status: true,
        points: true,
        createdAt: true,
        endedAt: true,
        survey: { select: { id: true, name: true } },
        // The complete's credits (whether "Reverse" applies, issue 18 point 2) and a screen-out's
        // compensation (decision 063): a handful of entries per assignment at most.
        pointsLedger: {
          where: { type: { in: ["survey_completion", "screenout_compensation"] } },
          orderBy: { id: "desc" },
          select: { type: true, status: true, change: true },
        },
      },
    }),
    prisma.withdrawalRequest.findMany({
      where: { memberId },
      orderBy: [{ requestedAt: "desc" }, { id: "desc" }],
      skip: withdrawalPage.skip,
      take: withdrawalPage.take,
      select: {
        referenceId: true,
        points: true,
        amountMinor: true,
        method: true,
        status: true,
        firstApprovedById: true,
        requestedAt: true,
      },
    }),
    prisma.auditEntry.findMany({
      where: auditAbout(memberId),
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: auditPage.skip,
      take: auditPage.take,
      select: {
        id: true,
        adminEmail: true,
        action: true,
        targetType: true,
        targetId: true,
        details: true,
        createdAt: true,
      },
    }),
  ]);

  const paged = <Row>(rows: Row[], total: number, at: { page: number; pageCount: number }): Paged<Row> => ({
    rows,
    total,
    page: at.page,
    pageCount: at.pageCount,
  });

  return {
    member: {
      id: member.id,
      name: `${member.firstName} ${member.lastName}`.trim() || "N/A",
      email: member.email,
      mobile: member.mobile,
      country: member.country,
      state: member.state,
      city: member.city,
      pin: member.pin,
      dob: member.dob ? member.dob.toISOString().slice(0, 10) : null,
      gender: member.gender,
      status: memberStatusLabel(member),
      /** The stored status, which decides the actions offered. */
      statusCode: member.status,
      verified: member.emailVerifiedAt !== null,
      verifiedAt: member.emailVerifiedAt ? utcMinute(member.emailVerifiedAt) : null,
      signIn: [member.passwordHash ? "Password" : null, google > 0 ? "Google" : null].filter(Boolean).join(", "),
      signedUpAt: utcMinute(member.createdAt),
      lastSignInAt: utcMinute(member.lastActiveAt),
      inactivityWarnedAt: member.inactivityWarnedAt ? utcMinute(member.inactivityWarnedAt) : null,
      deletionRequestedAt: member.deletionRequestedAt ? utcMinute(member.deletionRequestedAt) : null,
      balance: member.pointsBalance,
      qualityScore: member.qualityScore,
    },
    signals: signals.map((signal) => ({
      id: signal.id,
      label: signal.label,
      sentence: signal.sentence,
      raisedAt: utcMinute(signal.raisedAt),
      cleared: signal.cleared
        ? { at: utcMinute(signal.cleared.at), by: signal.cleared.by, reason: signal.cleared.reason }
        : null,
    })),
    ledger: paged(
      ledger.map((entry) => ({
        id: entry.id,
        referenceId: entry.referenceId,
        when: utcMinute(entry.createdAt),
        remark: entry.remark,
        change: entry.change,
        status: memberStatus(entry.type, entry.status, entry.withdrawal),
      })),
      ledgerTotal,
      ledgerPage,
    ),
    assignments: paged(
      assignments.map((assignment) => ({
        id: assignment.id,
        surveyId: assignment.survey.id,
        surveyName: assignment.survey.name,
        status: ASSIGNMENT_STATUS_LABEL[assignment.status as AssignmentStatus] ?? String(assignment.status),
        points: assignment.points,
        assignedAt: utcMinute(assignment.createdAt),
        endedAt: assignment.endedAt ? utcMinute(assignment.endedAt) : null,
        reward: rewardState(assignment.pointsLedger),
        compensation: assignment.pointsLedger
          .filter((entry) => entry.type === "screenout_compensation")
          .reduce((sum, entry) => sum + entry.change, 0),
      })),
      assignmentTotal,
      assignmentPage,
    ),
    // Masked as on the member's own account page: a bank account number shows its last 4 digits.
    paymentAccounts: accounts.map((account) => ({
      id: account.id,
      method: PAYOUT_METHOD_LABEL[account.method],
      holderName: account.holderName,
      summary: paymentAccountSummary(account),
      addedAt: utcMinute(account.createdAt),
      usableAt: account.usableAt > now ? utcMinute(account.usableAt) : null,
    })),
    withdrawals: paged(
      withdrawals.map((withdrawal) => ({
        referenceId: withdrawal.referenceId,
        requestedAt: utcMinute(withdrawal.requestedAt),
        points: withdrawal.points,
        amount: formatRupees(withdrawal.amountMinor),
        method: PAYOUT_METHOD_LABEL[withdrawal.method],
        status: withdrawalStatusLabel(withdrawal.status, withdrawal.firstApprovedById),
      })),
      withdrawalTotal,
      withdrawalPage,
    ),
    sessions: sessions.map((session) => ({
      device: session.userAgent ?? "Unknown device",
      signedInAt: utcMinute(session.createdAt),
      expiresAt: utcMinute(session.expiresAt),
      rememberMe: session.persistent,
    })),
    audit: paged(
      audit.map((entry) => ({
        id: entry.id,
        when: utcMinute(entry.createdAt),
        adminEmail: entry.adminEmail,
        action: entry.action,
        target: `${entry.targetType} #${entry.targetId}`,
        details: entry.details === null ? "" : JSON.stringify(entry.details),
      })),
      auditTotal,
      auditPage,
    ),
  };
}

export type MemberPage = NonNullable<Awaited<ReturnType<typeof loadMemberPage>>>;
