import { Prisma, type Admin } from "~/generated/prisma/client";
import type { AuditFilters } from "./audit-filters";
import { getPrisma, type Tx } from "~/lib/db.server";

// The audit log: one row per admin action that changes something. It is written with the same
// transaction client as the change itself, so a change never lands without its entry (or the
// entry without the change), and a refused action writes nothing.

export type AuditAction =
  | "admin.created"
  | "admin.revoked"
  | "admin.granted"
  | "admin.password_changed"
  | "admin.password_reset"
  | "admin.deleted"
  | "admin.super_admin_granted"
  | "admin.super_admin_revoked"
  | "admin.two_factor_enabled"
  | "admin.two_factor_disabled"
  | "admin.two_factor_reset"
  | "admin.recovery_code_used"
  | "profile_survey.created"
  | "profile_survey.updated"
  | "screener.created"
  | "screener.rules_added"
  | "survey.created"
  | "survey.updated"
  | "survey.launched"
  | "survey.unlaunched"
  | "survey.return_secret_rotated"
  | "assignment.created"
  | "audience.saved_all"
  | "audience.saved_by_demographics"
  | "audience.deleted"
  | "assignment.reassigned"
  | "assignment.deleted"
  | "withdrawal.first_approved"
  | "withdrawal.approved"
  | "withdrawal.rejected"
  | "points.adjusted"
  // Issue 18 point 2: actions on a member (docs/decisions/051-member-actions.md).
  | "member.suspended"
  | "member.reinstated"
  | "member.closed"
  | "member.email_verified"
  | "member.signed_out"
  | "assignment.completion_reversed"
  | "survey.closed"
  | "survey.reopened"
  | "survey.archived"
  | "survey.unarchived"
  | "survey.cloned"
  | "screener.closed"
  | "screener.reopened"
  | "screener.archived"
  | "screener.unarchived"
  | "screener.cloned"
  | "profile_survey.closed"
  | "profile_survey.reopened"
  | "profile_survey.archived"
  | "profile_survey.unarchived"
  | "profile_survey.cloned"
  | "screener.rules_replaced"
  | "payout_batch.created"
  | "payout_batch.downloaded"
  | "payout_batch.results_uploaded"
  | "payout.paid"
  | "payout.returned"
  | "export.downloaded"
  // Issue 19 point 6: reconciliation uploads (docs/decisions/061-reconciliation.md).
  | "survey.reconciled"
  // Issue 20: quality signals (docs/decisions/069-quality-signals.md).
  | "quality_signal.cleared"
  | "withdrawal.released"
  // Issue 20 point 4: appeals (docs/decisions/073-appeals.md).
  | "appeal.granted"
  | "appeal.upheld";

export const AUDIT_PAGE_SIZE = 50;

export async function recordAudit(
  tx: Tx,
  {
    admin,
    action,
    targetType,
    targetId,
    details,
  }: {
    admin: Pick<Admin, "id" | "email">;
    action: AuditAction;
    targetType: string;
    targetId: string | number;
    details?: Prisma.InputJsonObject;
  },
): Promise<number> {
  const entry = await tx.auditEntry.create({
    data: { adminId: admin.id, adminEmail: admin.email, action, targetType, targetId: String(targetId), details },
    select: { id: true },
  });
  return entry.id;
}

/**
 * Adds what is known only later to an entry's details (an export's row count once it has streamed),
 * keeping what the entry already says.
 */
export async function addAuditDetails(tx: Tx, entryId: number, extra: Prisma.InputJsonObject) {
  await tx.$executeRaw`
    UPDATE "AuditEntry" SET "details" = coalesce("details", '{}'::jsonb) || ${JSON.stringify(extra)}::jsonb
    WHERE "id" = ${entryId}`;
}

export interface AuditLogEntry {
  id: number;
  adminEmail: string;
  /** The acting admin's name, while that admin still exists. */
  adminName: string | null;
  action: string;
  targetType: string;
  targetId: string;
  details: Prisma.JsonValue | null;
  createdAt: Date;
}

/**
 * The conditions of the filters, each backed by an index (migration 20261125205000_audit_filters):
 * an entry is about a member when the member is its target (points.adjusted) or its details name
 * the member (withdrawals, assignments).
 */
export function auditWhere(filters: AuditFilters): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (filters.adminId !== undefined) conditions.push(Prisma.sql`e."adminId" = ${filters.adminId}`);
  if (filters.action !== undefined) conditions.push(Prisma.sql`e."action" = ${filters.action}`);
  if (filters.memberId !== undefined) {
    const memberId = String(filters.memberId);
    conditions.push(
      Prisma.sql`((e."targetType" = 'member' AND e."targetId" = ${memberId}) OR (e."details"->>'memberId') = ${memberId})`,
    );
  }
  // Whole days as text cast to timestamps (stored in UTC, without a zone), so the server's time
  // zone never shifts them.
  if (filters.from !== undefined) conditions.push(Prisma.sql`e."createdAt" >= ${filters.from}::date::timestamp`);
  if (filters.to !== undefined) conditions.push(Prisma.sql`e."createdAt" < (${filters.to}::date + 1)::timestamp`);
  return conditions.length === 0 ? Prisma.sql`TRUE` : Prisma.join(conditions, " AND ");
}

/**
 * One page of the log, newest first, with only the entries the filters let through; pages start
 * at 1 and a page past the end is empty.
 */
export async function listAuditEntries(page: number, filters: AuditFilters = {}) {
  const where = auditWhere(filters);
  const [rows, [{ total }]] = await Promise.all([
    getPrisma().$queryRaw<AuditLogEntry[]>`
      SELECT e."id", e."adminEmail", a."name" AS "adminName", e."action", e."targetType", e."targetId",
             e."details", e."createdAt"
      FROM "AuditEntry" e LEFT JOIN "Admin" a ON a."id" = e."adminId"
      WHERE ${where}
      ORDER BY e."createdAt" DESC, e."id" DESC
      LIMIT ${AUDIT_PAGE_SIZE} OFFSET ${(page - 1) * AUDIT_PAGE_SIZE}`,
    getPrisma().$queryRaw<{ total: number }[]>`SELECT count(*)::int AS "total" FROM "AuditEntry" e WHERE ${where}`,
  ]);
  const entries = rows.map((row) => ({
    ...row,
    details: typeof row.details === "string" ? (JSON.parse(row.details) as Prisma.JsonValue) : row.details,
    createdAt: new Date(row.createdAt),
  }));
  return { entries, total, pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) };
}

/** The admins the filter offers, by name. */
export function listAuditAdmins() {
  return getPrisma().admin.findMany({
    select: { id: true, name: true, email: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}
