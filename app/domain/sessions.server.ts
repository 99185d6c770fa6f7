import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import type { Member } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";

// Member sessions live in the database, one row per signed-in device; the cookie holds only the
// signed session id. Ending a session deletes its row, so 'log out of all devices' is a deleteMany.
export const SESSION_DAYS = 7;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

let cookie: ReturnType<typeof createCookie> | undefined;

function memberCookie() {
  const env = getEnv();
  cookie ??= createCookie("__member", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.NODE_ENV === "production" && env.APP_URL.startsWith("https:"),
    secrets: [env.SESSION_SECRET],
  });
  return cookie;
}

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
  const id = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_MS);
  await getPrisma().$transaction([
    getPrisma().memberSession.create({
      data: {
        id,
        memberId,
        persistent,
        expiresAt,
        userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
      },
    }),
    getPrisma().member.update({ where: { id: memberId }, data: { lastActiveAt: new Date() } }),
  ]);
  return memberCookie().serialize(id, persistent ? { expires: expiresAt } : {});
}

/** The signed-in member of this request, or null (no cookie, unknown or expired session, closed account). */
export async function getMemberSession(request: Request): Promise<MemberSession | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const session = await getPrisma().memberSession.findUnique({
    where: { id: sessionId },
    include: { member: true },
  });
  if (!session || session.expiresAt <= new Date() || session.member.status !== "active") return null;
  return { sessionId, member: session.member };
}

/** Ends this device's session, or every session of the member; returns the cookie-clearing header. */
export async function endMemberSession(request: Request, { allDevices }: { allDevices: boolean }) {
  const session = await getMemberSession(request);
  if (session) {
    await getPrisma().memberSession.deleteMany({
      where: allDevices ? { memberId: session.member.id } : { id: session.sessionId },
    });
  } else {
    const sessionId = await readSessionId(request);
    if (sessionId) await getPrisma().memberSession.deleteMany({ where: { id: sessionId } });
  }
  return clearMemberCookie();
}

/** The Set-Cookie value that removes the member cookie from the browser. */
export function clearMemberCookie(): Promise<string> {
  return memberCookie().serialize("", { expires: new Date(0) });
}

/** Whether the request carries a member cookie at all, even one whose signature no longer checks out. */
export function hasMemberCookie(request: Request): boolean {
  const prefix = `${memberCookie().name}=`;
  return (request.headers.get("Cookie") ?? "").split(";").some((part) => part.trim().startsWith(prefix));
}

/** After a password change or reset: every other device must sign in again. */
export async function endOtherMemberSessions(memberId: number, keepSessionId: string | null) {
  await getPrisma().memberSession.deleteMany({
    where: { memberId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
  });
}

async function readSessionId(request: Request): Promise<string | null> {
  const value: unknown = await memberCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}
