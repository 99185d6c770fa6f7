import type { Admin } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { clearCookie, newSessionId, readSessionId, sessionCookie } from "~/lib/session-cookie.server";

// Admin sessions: rows in AdminSession behind their own cookie, separate from members'. An admin
// session is a browser-session cookie and lasts at most 12 hours: the back office moves money.
const ADMIN_SESSION_MS = 12 * 60 * 60 * 1000;
const adminCookie = () => sessionCookie("admin");

export interface AdminSession {
  sessionId: string;
  admin: Admin;
}

export async function startAdminSession(adminId: number, request: Request): Promise<string> {
  const id = newSessionId();
  await getPrisma().adminSession.create({
    data: {
      id,
      adminId,
      expiresAt: new Date(Date.now() + ADMIN_SESSION_MS),
      userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
    },
  });
  return adminCookie().serialize(id);
}

/** The signed-in admin of this request, or null (no cookie, ended or expired session, revoked admin). */
export async function getAdminSession(request: Request): Promise<AdminSession | null> {
  const sessionId = await readSessionId(adminCookie(), request);
  if (!sessionId) return null;
  const session = await getPrisma().adminSession.findUnique({ where: { id: sessionId }, include: { admin: true } });
  if (!session || session.expiresAt <= new Date() || session.admin.revokedAt) return null;
  return { sessionId, admin: session.admin };
}

/** Ends this device's session, or every session of the admin; returns the cookie-clearing header. */
export async function endAdminSession(request: Request, { allDevices }: { allDevices: boolean }) {
  const sessionId = await readSessionId(adminCookie(), request);
  if (sessionId) {
    const session = await getPrisma().adminSession.findUnique({ where: { id: sessionId } });
    await getPrisma().adminSession.deleteMany({
      where: allDevices && session ? { adminId: session.adminId } : { id: sessionId },
    });
  }
  return clearCookie(adminCookie());
}
