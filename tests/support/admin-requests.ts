import { startAdminSession } from "~/domain/admin-sessions.server";

// Requests for calling admin loaders and actions directly, as a signed-in admin or as anyone.
export const ORIGIN = "http://localhost";

/** The Cookie header value of a new session of this admin. */
export async function adminCookie(adminId: number): Promise<string> {
  return (await startAdminSession(adminId, new Request(ORIGIN))).split(";")[0];
}

/** A GET, or a form POST when `form` is given, from one fixed client address. */
export function adminRequest(path: string, { cookie, form }: { cookie?: string; form?: Record<string, string> } = {}) {
  return new Request(`${ORIGIN}${path}`, {
    method: form ? "POST" : "GET",
    headers: { ...(cookie ? { Cookie: cookie } : {}), "X-Panel-Client-Address": "198.51.100.7" },
    body: form ? new URLSearchParams(form) : undefined,
  });
}

/** The status of the Response a guard threw (a 404 for non-admins, say). */
export async function thrownStatus(work: Promise<unknown>): Promise<number> {
  try {
    await work;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
  throw new Error("Expected a thrown Response");
}
