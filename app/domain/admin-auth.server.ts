import { assertSameOrigin } from "./auth.server";
import { getAdminSession, type AdminSession } from "./admin-sessions.server";

/**
 * Every admin loader *and* action calls this (a layout's loader does not run before a child's
 * action). Anyone who is not an active admin gets the 404 page, as the spec says, so the back
 * office does not even admit it exists.
 */
export async function requireAdmin(request: Request): Promise<AdminSession> {
  assertSameOrigin(request);
  const session = await getAdminSession(request);
  if (!session) throw new Response("Not Found", { status: 404 });
  return session;
}
