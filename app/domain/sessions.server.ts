import { isLanguage } from "~/i18n/config";
import { rememberLanguage } from "~/i18n/i18n.server";
import type { Member } from "~/generated/prisma/client";
import { getPrisma, utc } from "~/lib/db.server";
import { shareInFlight } from "~/lib/share-in-flight";
import { carriesCookie, clearCookie, newSessionId, readSessionId, sessionCookie } from "~/lib/session-cookie.server";

// Member sessions live in the database, one row per signed-in device; the cookie holds only the
// signed session id. Ending a session deletes its row, so 'log out of all devices' is a deleteMany.
export const SESSION_DAYS = 7;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

const memberCookie = () => sessionCookie("member");

export interface MemberSession {
  sessionId: string;
  member: Member;
}

/**
 * Signs a member in on this device. 'Remember me' keeps the cookie for 7 days; otherwise it is a
 * browser-session cookie. Returns the Set-Cookie header value.
 */
export async function startMemberSession(
  memberId: number,
  { persistent, request }: { persistent: boolean; request: Request },
): Promise<string> {
  const id = newSessionId();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_MS);
  const userAgent = request.headers.get("User-Agent")?.slice(0, 300) ?? null;
  // One statement, not a transaction of two: a sign-in's path is a handful of round trips, and on
  // the embedded database each one runs on the event loop. The member is marked active and the
  // session row written together, or neither.
  const written = await getPrisma().$executeRaw`
    WITH touched AS (
      UPDATE "Member" SET "lastActiveAt" = ${utc(now)} WHERE "id" = ${memberId} RETURNING "id"
    )
    INSERT INTO "MemberSession" ("id", "memberId", "persistent", "userAgent", "expiresAt", "createdAt")
    SELECT ${id}, "id", ${persistent}, ${userAgent}, ${utc(expiresAt)}, ${utc(now)} FROM touched`;
  if (written !== 1) throw new Error(`No member ${memberId} to start a session for`);
  return memberCookie().serialize(id, persistent ? { expires: expiresAt } : {});
}

/**
 * Everything a sign-in sets: the session, and the language the member chose on another device
 * (decision 074), so that the site speaks it here too from the next page on.
 */
export async function signInCookies(
  memberId: number,
  options: { persistent: boolean; request: Request },
): Promise<string[]> {
  const session = await startMemberSession(memberId, options);
  const member = await getPrisma().member.findUnique({ where: { id: memberId }, select: { language: true } });
  return isLanguage(member?.language) ? [session, await rememberLanguage(member.language)] : [session];
}

/** The signed-in member of this request, or null (no cookie, unknown or expired session, closed account). */
export async function getMemberSession(request: Request): Promise<MemberSession | null> {
  const sessionId = await readSessionId(memberCookie(), request);
  if (!sessionId) return null;
  const row = await findSessionMember(sessionId);
  if (!row) return null;
  const { sessionExpiresAt, ...member } = row;
  if (sessionExpiresAt <= new Date() || member.status !== "active") return null;
  return { sessionId, member };
}

/**
 * The session row's expiry and its member's own columns (as findUnique returns them), in one
 * statement: every member page asks this first, where findUnique with include was two round trips
 * and Prisma's query compiler each time (issue 17, docs/performance.md). The loaders of one page
 * (layout and page) ask at the same moment and share one query, as Prisma's findUnique batching
 * did for them.
 */
function findSessionMember(sessionId: string) {
  return shareInFlight(inFlight, sessionId, async () => {
    const [row] = await getPrisma().$queryRaw<(Member & { sessionExpiresAt: Date })[]>`
      SELECT m.*, s."expiresAt" AS "sessionExpiresAt"
      FROM "MemberSession" s JOIN "Member" m ON m."id" = s."memberId"
      WHERE s."id" = ${sessionId}`;
    return row ?? null;
  });
}

const inFlight = new Map<string, Promise<(Member & { sessionExpiresAt: Date }) | null>>();

/** Ends this device's session, or every session of the member; returns the cookie-clearing header. */
export async function endMemberSession(request: Request, { allDevices }: { allDevices: boolean }) {
  const session = await getMemberSession(request);
  if (session) {
    await getPrisma().memberSession.deleteMany({
      where: allDevices ? { memberId: session.member.id } : { id: session.sessionId },
    });
  } else {
    const sessionId = await readSessionId(memberCookie(), request);
    if (sessionId) await getPrisma().memberSession.deleteMany({ where: { id: sessionId } });
  }
  return clearMemberCookie();
}

/** The Set-Cookie value that removes the member cookie from the browser. */
export function clearMemberCookie(): Promise<string> {
  return clearCookie(memberCookie());
}

/** Whether the request carries a member cookie at all, even one whose signature no longer checks out. */
export function hasMemberCookie(request: Request): boolean {
  return carriesCookie(memberCookie(), request);
}

/** After a password change or reset: every other device must sign in again. */
export async function endOtherMemberSessions(memberId: number, keepSessionId: string | null) {
  await getPrisma().memberSession.deleteMany({
    where: { memberId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
  });
}
