import type { Admin } from "~/generated/prisma/client";
import { getPrisma, isUniqueViolation, type Tx } from "~/lib/db.server";
import { queueAdminPasswordSetMail } from "./admin-notices.server";
import { recordAudit } from "./audit.server";
import { adminPasswordPolicyIssue, hashPassword, verifyPassword } from "./passwords.server";

// Admin management: register, revoke, grant, set a password, delete permanently. The rules (see
// docs/decisions/012-admin-rights.md): only super-admins manage other admins; any admin may set
// their own password; nobody revokes or deletes themself; the last active super-admin stays.
// Every change and its audit entry are written in one transaction; a refusal changes nothing.

export const NOT_AUTHORISED = "You are not authorised to manage admins.";
export const EMAIL_TAKEN = "The email has already been taken.";
export const SELF_REVOKE_REFUSED = "You cannot revoke your own admin rights.";
export const SELF_DELETE_REFUSED = "You cannot delete your own account.";
export const LAST_SUPER_ADMIN_REFUSED = "The last active super-admin cannot be revoked or deleted.";
export const ADMIN_NOT_FOUND = "This admin no longer exists.";
export const CONFIRMATION_REQUIRED = "Tick the box to confirm.";
export const CURRENT_PASSWORD_WRONG = "Your current password is not right.";
export const LAST_SUPER_ADMIN_DEMOTE_REFUSED = "The last active super-admin cannot stop being a super-admin.";

export type AdminChangeResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors?: Partial<Record<"email" | "password" | "current_password", string[]>> };

type Actor = Pick<Admin, "id" | "email" | "isSuperAdmin">;

/** Creating, revoking, granting and deleting admins, and setting other admins' passwords. */
export function mayManageAdmins(actor: Pick<Admin, "isSuperAdmin">): boolean {
  return actor.isSuperAdmin;
}

export function listAdmins() {
  return getPrisma().admin.findMany({
    orderBy: { id: "asc" },
    select: { id: true, name: true, email: true, revokedAt: true, isSuperAdmin: true },
  });
}

export function findAdmin(id: number) {
  return getPrisma().admin.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      email: true,
      revokedAt: true,
      isSuperAdmin: true,
      totpEnabledAt: true,
    },
  });
}

export async function registerAdmin(
  actor: Actor,
  input: { name: string; email: string; password: string },
): Promise<AdminChangeResult> {
  if (!mayManageAdmins(actor)) return { ok: false, message: NOT_AUTHORISED };
  const email = input.email.toLowerCase();
  // Both checks run, so the form shows every problem at once.
  const issue = adminPasswordPolicyIssue(input.password);
  const taken = (await getPrisma().admin.count({ where: { email } })) > 0;
  if (issue || taken) {
    return {
      ok: false,
      message: issue ?? EMAIL_TAKEN,
      fieldErrors: { ...(taken ? { email: [EMAIL_TAKEN] } : {}), ...(issue ? { password: [issue] } : {}) },
    };
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await getPrisma().$transaction(async (tx) => {
      const created = await tx.admin.create({
        data: { name: input.name, email, passwordHash, createdById: actor.id },
      });
      await recordAudit(tx, {
        admin: actor,
        action: "admin.created",
        targetType: "admin",
        targetId: created.id,
        details: { email, name: input.name },
      });
      return { ok: true, message: "Admin registered successfully" } as const;
    });
  } catch (error) {
    // Two registrations of one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) return { ok: false, message: EMAIL_TAKEN, fieldErrors: { email: [EMAIL_TAKEN] } };
    throw error;
  }
}

export async function revokeAdmin(actor: Actor, targetId: number): Promise<AdminChangeResult> {
  if (!mayManageAdmins(actor)) return { ok: false, message: NOT_AUTHORISED };
  if (targetId === actor.id) return { ok: false, message: SELF_REVOKE_REFUSED };
  return getPrisma().$transaction(async (tx) => {
    const activeSuperAdmins = await lockActiveSuperAdmins(tx);
    const target = await tx.admin.findUnique({ where: { id: targetId } });
    if (!target) return { ok: false, message: ADMIN_NOT_FOUND };
    if (target.revokedAt) return { ok: false, message: "This admin's rights are already revoked." };
    if (isLastActiveSuperAdmin(target, activeSuperAdmins)) return { ok: false, message: LAST_SUPER_ADMIN_REFUSED };
    await tx.admin.update({ where: { id: target.id }, data: { revokedAt: new Date() } });
    // The revoked admin is signed out everywhere at once, not at their sessions' expiry.
    const { count } = await tx.adminSession.deleteMany({ where: { adminId: target.id } });
    await recordAudit(tx, {
      admin: actor,
      action: "admin.revoked",
      targetType: "admin",
      targetId: target.id,
      details: { email: target.email, sessionsEnded: count },
    });
    return { ok: true, message: `Admin rights revoked from ${target.email}` };
  });
}

export async function grantAdmin(actor: Actor, targetId: number): Promise<AdminChangeResult> {
  if (!mayManageAdmins(actor)) return { ok: false, message: NOT_AUTHORISED };
  return getPrisma().$transaction(async (tx) => {
    const target = await tx.admin.findUnique({ where: { id: targetId } });
    if (!target) return { ok: false, message: ADMIN_NOT_FOUND };
    if (!target.revokedAt) return { ok: false, message: "This admin already has admin rights." };
    await tx.admin.update({ where: { id: target.id }, data: { revokedAt: null } });
    await recordAudit(tx, {
      admin: actor,
      action: "admin.granted",
      targetType: "admin",
      targetId: target.id,
      details: { email: target.email },
    });
    return { ok: true, message: `Admin rights granted to ${target.email}` };
  });
}

export async function deleteAdmin(actor: Actor, targetId: number): Promise<AdminChangeResult> {
  if (!mayManageAdmins(actor)) return { ok: false, message: NOT_AUTHORISED };
  if (targetId === actor.id) return { ok: false, message: SELF_DELETE_REFUSED };
  return getPrisma().$transaction(async (tx) => {
    const activeSuperAdmins = await lockActiveSuperAdmins(tx);
    const target = await tx.admin.findUnique({ where: { id: targetId } });
    if (!target) return { ok: false, message: ADMIN_NOT_FOUND };
    if (isLastActiveSuperAdmin(target, activeSuperAdmins)) return { ok: false, message: LAST_SUPER_ADMIN_REFUSED };
    // Sessions and tokens go with the row (ON DELETE CASCADE); audit entries keep the actor's email.
    await tx.admin.delete({ where: { id: target.id } });
    await recordAudit(tx, {
      admin: actor,
      action: "admin.deleted",
      targetType: "admin",
      targetId: target.id,
      details: { email: target.email, name: target.name },
    });
    return { ok: true, message: `Admin ${target.email} deleted permanently` };
  });
}

/**
 * Sets an admin's password. One's own needs the current password (a session left open must not be
 * enough to take the account); a super-admin setting another admin's does not. Their other
 * sessions end: after a change by a super-admin every session of the target, after one's own
 * change every session but the one that made it.
 */
export async function setAdminPassword(
  actor: Actor & Pick<Admin, "passwordHash">,
  {
    targetId,
    password,
    currentPassword,
    currentSessionId,
  }: { targetId: number; password: string; currentPassword?: string; currentSessionId: string },
): Promise<AdminChangeResult> {
  const own = targetId === actor.id;
  if (!own && !mayManageAdmins(actor)) return { ok: false, message: NOT_AUTHORISED };
  if (own && !(await verifyPassword(currentPassword ?? "", actor.passwordHash))) {
    return { ok: false, message: CURRENT_PASSWORD_WRONG, fieldErrors: { current_password: [CURRENT_PASSWORD_WRONG] } };
  }
  const issue = adminPasswordPolicyIssue(password);
  if (issue) return { ok: false, message: issue, fieldErrors: { password: [issue] } };
  const passwordHash = await hashPassword(password);
  return getPrisma().$transaction(async (tx) => {
    const target = await tx.admin.findUnique({ where: { id: targetId } });
    if (!target) return { ok: false, message: ADMIN_NOT_FOUND };
    await tx.admin.update({ where: { id: target.id }, data: { passwordHash } });
    await tx.adminSession.deleteMany({ where: { adminId: target.id, id: { not: currentSessionId } } });
    await recordAudit(tx, {
      admin: actor,
      action: "admin.password_changed",
      targetType: "admin",
      targetId: target.id,
      details: { email: target.email, own: target.id === actor.id },
    });
    // Set by someone else: the admin learns of it even though they can no longer sign in with the old one.
    if (target.id !== actor.id) await queueAdminPasswordSetMail(tx, target, actor);
    return { ok: true, message: "Password updated successfully" };
  });
}

/**
 * Makes another admin a super-admin or takes it back. The last active super-admin stays one, so
 * the panel always has someone who can manage admins.
 */
export async function setSuperAdmin(actor: Actor, targetId: number, superAdmin: boolean): Promise<AdminChangeResult> {
  if (!mayManageAdmins(actor)) return { ok: false, message: NOT_AUTHORISED };
  return getPrisma().$transaction(async (tx) => {
    const activeSuperAdmins = await lockActiveSuperAdmins(tx);
    const target = await tx.admin.findUnique({ where: { id: targetId } });
    if (!target) return { ok: false, message: ADMIN_NOT_FOUND };
    if (target.isSuperAdmin === superAdmin) {
      return { ok: false, message: `${target.email} ${superAdmin ? "is already" : "is not"} a super-admin.` };
    }
    if (superAdmin && target.revokedAt) {
      return { ok: false, message: "Grant this admin's rights back before making them a super-admin." };
    }
    if (!superAdmin && isLastActiveSuperAdmin(target, activeSuperAdmins)) {
      return { ok: false, message: LAST_SUPER_ADMIN_DEMOTE_REFUSED };
    }
    await tx.admin.update({ where: { id: target.id }, data: { isSuperAdmin: superAdmin } });
    await recordAudit(tx, {
      admin: actor,
      action: superAdmin ? "admin.super_admin_granted" : "admin.super_admin_revoked",
      targetType: "admin",
      targetId: target.id,
      details: { email: target.email },
    });
    return {
      ok: true,
      message: superAdmin ? `${target.email} is now a super-admin` : `${target.email} is no longer a super-admin`,
    };
  });
}

/**
 * Locks the rows of the active super-admins for the transaction, so that two requests can never
 * each remove one of the last two (the second waits and then sees the first one's change).
 */
async function lockActiveSuperAdmins(tx: Tx): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT "id" FROM "Admin" WHERE "isSuperAdmin" AND "revokedAt" IS NULL FOR UPDATE`;
  return rows.map((row) => row.id);
}

function isLastActiveSuperAdmin(target: Admin, activeSuperAdmins: number[]): boolean {
  return activeSuperAdmins.length <= 1 && activeSuperAdmins.includes(target.id);
}

/**
 * A super-admin created by the operator from the command line (`npm run admin:create`): how a real
 * panel gets its first admin, since `npm start` creates none. Audited as done by the command line.
 */
export async function createAdminFromCommandLine(input: {
  name: string;
  email: string;
  password: string;
}): Promise<{ ok: true; id: number } | { ok: false; message: string }> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  if (!name || name.length > 100) return { ok: false, message: "Give a name of 1 to 100 characters with --name." };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    return { ok: false, message: "Give a valid e-mail address with --email." };
  }
  const issue = adminPasswordPolicyIssue(input.password);
  if (issue) return { ok: false, message: issue };
  const passwordHash = await hashPassword(input.password);
  try {
    return await getPrisma().$transaction(async (tx) => {
      const created = await tx.admin.create({ data: { name, email, passwordHash, isSuperAdmin: true } });
      await recordAudit(tx, {
        admin: { id: created.id, email: "command line (npm run admin:create)" },
        action: "admin.created",
        targetType: "admin",
        targetId: created.id,
        details: { email, name, superAdmin: true },
      });
      return { ok: true, id: created.id } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: `An admin with the e-mail ${email} already exists.` };
    throw error;
  }
}
