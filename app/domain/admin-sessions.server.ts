import type { Admin } from "~/generated/prisma/client";
import { getPrisma, type Tx } from "~/lib/db.server";
import { shareInFlight } from "~/lib/share-in-flight";
import { getEnv } from "~/lib/env.server";
import { clearCookie, newSessionId, readSessionId, sessionCookie } from "~/lib/session-cookie.server";

// Admin sessions: rows in AdminSession behind their own cookie, separate from members'. An admin
// session is a browser-session cookie and lasts at most 12 hours: the back office moves money.
// It also ends after ADMIN_IDLE_MINUTES without a request (decision 037): the row's lastSeenAt is
// checked on every request and refreshed at most once a minute, so a busy admin does not cost a
// write per page.
const ADMIN_SESSION_MS = 12 * 60 * 60 * 1000;
/** Between the password and the second factor: long enough to open an app and type a code. */
const SECOND_FACTOR_MS = 10 * 60 * 1000;
const LAST_SEEN_REFRESH_MS = 60 * 1000;
const adminCookie = () => sessionCookie("admin");

export interface AdminSession {
  sessionId: string;
  admin: Admin;
}

/**
 * What the admin cookie of a request stands for: a signed-in admin, an admin who gave the right
 * password and still owes the second factor, a session that ended for lack of activity, or nothing.
 */
export type AdminSessionState =
  | { state: "signed-in"; session: AdminSession }
  | { state: "awaiting-second-factor"; session: AdminSession }
  | { state: "idle" }
  | { state: "none" };

interface SessionOptions {
  /** The password was right; the second factor is still owed (10 minutes, not yet a sign-in). */
  awaitingSecondFactor?: boolean;
  /** The second factor was proved (a code, or confirming enrolment). */
  secondFactorPassed?: boolean;
  /** Keeps the absolute limit of the session this one replaces. */
  expiresAt?: Date;
}

/** Starts a session and returns its Set-Cookie value; awaiting the second factor it is not yet a sign-in. */
export async function startAdminSession(
  adminId: number,
  request: Request,
  options: SessionOptions = {},
): Promise<string> {
  return adminCookie().serialize(await createAdminSessionRow(getPrisma(), adminId, request, options));
}

/** The row of a new session, inside the caller's transaction when given one; returns its id. */
export async function createAdminSessionRow(
  db: Tx,
  adminId: number,
  request: Request,
  { awaitingSecondFactor = false, secondFactorPassed = false, expiresAt }: SessionOptions = {},
): Promise<string> {
  const id = newSessionId();
  await db.adminSession.create({
    data: {
      id,
      adminId,
      awaitingSecondFactor,
      secondFactorPassed,
      expiresAt: expiresAt ?? new Date(Date.now() + (awaitingSecondFactor ? SECOND_FACTOR_MS : ADMIN_SESSION_MS)),
      userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
    },
  });
  return id;
}

/** The Set-Cookie value for a session id made by createAdminSessionRow. */
export function adminSessionCookie(sessionId: string): Promise<string> {
  return adminCookie().serialize(sessionId);
}

/**
 * After the second factor: the half-open session is replaced by a signed-in one under a new id,
 * so an id seen before the code was typed is worth nothing afterwards.
 */
export async function completeSecondFactor(pending: AdminSession, request: Request): Promise<string> {
  await getPrisma().adminSession.deleteMany({ where: { id: pending.sessionId } });
  return startAdminSession(pending.admin.id, request, { secondFactorPassed: true });
}

export async function readAdminSession(request: Request): Promise<AdminSessionState> {
  const sessionId = await readSessionId(adminCookie(), request);
  if (!sessionId) return { state: "none" };
  const prisma = getPrisma();
  const row = await findAdminSession(sessionId);
  const now = Date.now();
  if (!row || row.expiresAt.getTime() <= now || row.admin.revokedAt) return { state: "none" };
  const session = { sessionId, admin: row.admin };
  if (row.awaitingSecondFactor) return { state: "awaiting-second-factor", session };
  if (row.admin.totpEnabledAt && !row.secondFactorPassed) {
    // Opened with the password alone before the admin turned two-factor on (confirming enrolment
    // ends such sessions; this catches one started while it was being confirmed): never a sign-in.
    await prisma.adminSession.deleteMany({ where: { id: sessionId } });
    return { state: "none" };
  }
  if (row.lastSeenAt.getTime() + getEnv().ADMIN_IDLE_MINUTES * 60 * 1000 <= now) {
    await prisma.adminSession.deleteMany({ where: { id: sessionId } });
    return { state: "idle" };
  }
  if (now - row.lastSeenAt.getTime() >= LAST_SEEN_REFRESH_MS) {
    await prisma.adminSession.updateMany({ where: { id: sessionId }, data: { lastSeenAt: new Date(now) } });
  }
  return { state: "signed-in", session };
}

/** The session's own columns that readAdminSession needs, named apart from the admin's. */
interface SessionColumns {
  sessionExpiresAt: Date;
  sessionLastSeenAt: Date;
  sessionAwaitingSecondFactor: boolean;
  sessionSecondFactorPassed: boolean;
}

/**
 * The session row and its admin in one statement: every admin page (layout and page alike) asks
 * this, and findUnique with include is two round trips and Prisma's query compiler each time
 * (issue 17, docs/performance.md). `admin` is the admin's own columns, as findUnique returns them.
 * The loaders of one page ask at the same moment and share one query, as Prisma's findUnique
 * batching did for them.
 */
async function findAdminSession(sessionId: string) {
  const row = await shareInFlight(inFlight, sessionId, async () => {
    const [found] = await getPrisma().$queryRaw<(Admin & SessionColumns)[]>`
      SELECT a.*, s."expiresAt" AS "sessionExpiresAt", s."lastSeenAt" AS "sessionLastSeenAt",
             s."awaitingSecondFactor" AS "sessionAwaitingSecondFactor",
             s."secondFactorPassed" AS "sessionSecondFactorPassed"
      FROM "AdminSession" s JOIN "Admin" a ON a."id" = s."adminId"
      WHERE s."id" = ${sessionId}`;
    return found ?? null;
  });
  if (!row) return null;
  const { sessionExpiresAt, sessionLastSeenAt, sessionAwaitingSecondFactor, sessionSecondFactorPassed, ...admin } = row;
  return {
    expiresAt: sessionExpiresAt,
    lastSeenAt: sessionLastSeenAt,
    awaitingSecondFactor: sessionAwaitingSecondFactor,
    secondFactorPassed: sessionSecondFactorPassed,
    admin: admin satisfies Admin,
  };
}

const inFlight = new Map<string, Promise<(Admin & SessionColumns) | null>>();

/** The signed-in admin of this request, or null (no cookie, ended, idle or half-open session, revoked admin). */
export async function getAdminSession(request: Request): Promise<AdminSession | null> {
  const current = await readAdminSession(request);
  return current.state === "signed-in" ? current.session : null;
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
  return clearAdminCookie();
}

export function clearAdminCookie(): Promise<string> {
  return clearCookie(adminCookie());
}
