import { redirect } from "@remix-run/node";
import { getEnv } from "~/lib/env.server";
import { redirectWithToast } from "~/lib/toast.server";
import { assertSameOrigin } from "./auth.server";
import { clearAdminCookie, readAdminSession, type AdminSession } from "./admin-sessions.server";
import { adminMfaRequired, hasTwoFactor } from "./admin-two-factor.server";
import { notFound } from "~/lib/http.server";

/** Where an admin who must enrol in two-factor sign-in is sent, and the only page they may open. */
export const TWO_FACTOR_PATH = "/admin/two-factor";

/**
 * Every admin loader *and* action calls this (a layout's loader does not run before a child's
 * action). Anyone who is not an active admin gets the 404 page, as the spec says, so the back
 * office does not even admit it exists. A session that ended for lack of activity goes to the
 * sign-in with a message; where two-factor is required, an admin without it goes to enrolment.
 */
export async function requireAdmin(request: Request): Promise<AdminSession> {
  const session = await requireAdminSignedIn(request);
  if (adminMfaRequired() && !hasTwoFactor(session.admin)) throw redirect(TWO_FACTOR_PATH);
  return session;
}

/** The guard of the two-factor page itself: signed in, whether or not enrolled. */
export async function requireAdminSignedIn(request: Request): Promise<AdminSession> {
  assertSameOrigin(request);
  const current = await readAdminSession(request);
  if (current.state === "idle") {
    const minutes = getEnv().ADMIN_IDLE_MINUTES;
    throw await redirectWithToast(
      "/admin",
      {
        type: "error",
        message: `You were signed out after ${minutes} minutes without activity. Please sign in again.`,
      },
      { headers: { "Set-Cookie": await clearAdminCookie() } },
    );
  }
  if (current.state !== "signed-in") throw notFound();
  return current.session;
}
