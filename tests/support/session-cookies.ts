import type { PrismaClient } from "~/generated/prisma/client";
import { newSessionId, sessionCookie } from "~/lib/session-cookie.server";

// Signed-in clients without a sign-in: session rows written straight into the database and the
// Cookie header values that carry them, signed with this process's SESSION_SECRET. A server started
// with the same secret takes them as its own (PGlite: write them before it opens the folder).

const DAY_MS = 24 * 60 * 60 * 1000;

/** One session per member; returns the Cookie header value ("__member=…") by member id. */
export async function memberSessionCookies(prisma: PrismaClient, memberIds: number[]): Promise<Map<number, string>> {
  const sessions = memberIds.map((memberId) => ({
    id: newSessionId(),
    memberId,
    expiresAt: new Date(Date.now() + DAY_MS),
  }));
  await prisma.memberSession.createMany({ data: sessions });
  const cookie = sessionCookie("member");
  const pairs = await Promise.all(
    sessions.map(async ({ id, memberId }) => [memberId, cookiePair(await cookie.serialize(id))] as const),
  );
  return new Map(pairs);
}

/** A session of this admin; returns the Cookie header value ("__admin=…"). */
export async function adminSessionCookie(prisma: PrismaClient, adminId: number): Promise<string> {
  const id = newSessionId();
  await prisma.adminSession.create({ data: { id, adminId, expiresAt: new Date(Date.now() + DAY_MS / 2) } });
  return cookiePair(await sessionCookie("admin").serialize(id));
}

/** "name=value" of a Set-Cookie value, as a browser sends it back. */
function cookiePair(setCookie: string): string {
  return setCookie.split(";")[0];
}
