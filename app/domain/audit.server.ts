import type { Admin, Prisma } from "~/generated/prisma/client";
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
  | "points.adjusted";

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
) {
  await tx.auditEntry.create({
    data: { adminId: admin.id, adminEmail: admin.email, action, targetType, targetId: String(targetId), details },
  });
}

/** One page of the log, newest first; pages start at 1 and a page past the end is empty. */
export async function listAuditEntries(page: number) {
  const [entries, total] = await Promise.all([
    getPrisma().auditEntry.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * AUDIT_PAGE_SIZE,
      take: AUDIT_PAGE_SIZE,
    }),
    getPrisma().auditEntry.count(),
  ]);
  return { entries, total, pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) };
}
