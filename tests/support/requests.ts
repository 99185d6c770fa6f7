import { startMemberSession } from "~/domain/sessions.server";
import { getToast, type Toast } from "~/lib/toast.server";
import { adminCookie, ORIGIN } from "./admin-requests";
import { createTestAdmin, createTestMember } from "./factories";

// Requests for calling loaders and actions directly, as a signed-in member, a signed-in admin or a
// guest, and for reading what a response set (its toast, its cookies). Shared by the integration
// tests so that none keeps its own copy (docs/testing.md).

export { ORIGIN };

/** Form fields as a browser sends them: an object, or pairs when a field repeats (checkbox groups). */
export type FormFields = Record<string, string> | [string, string][];

/** The arguments Remix passes a loader or an action. */
export function routeArgs(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: {} };
}

/** A GET of this path (or absolute URL), with the session cookie when given. */
export function getRequest(path: string, cookie?: string): Request {
  return new Request(new URL(path, ORIGIN), { headers: cookie ? { Cookie: cookie } : {} });
}

/** A urlencoded form POST of this path (or absolute URL), with the session cookie when given. */
export function formRequest(path: string, cookie: string | undefined, fields: FormFields): Request {
  return new Request(new URL(path, ORIGIN), {
    method: "POST",
    headers: { ...(cookie ? { Cookie: cookie } : {}), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The Cookie header value ("__member=…") of a new session of this member. */
export async function memberCookie(memberId: number, { persistent = false } = {}): Promise<string> {
  const setCookie = await startMemberSession(memberId, { persistent, request: new Request(ORIGIN) });
  return cookiePair(setCookie);
}

/** A new member (the factory's defaults, or these overrides) and a signed-in session's cookie. */
export async function signedInMember(overrides: Parameters<typeof createTestMember>[0] = {}) {
  const member = await createTestMember(overrides);
  return { member, cookie: await memberCookie(member.id) };
}

/** A new admin (the factory's defaults, or these overrides) and a signed-in session's cookie. */
export async function signedInAdmin(overrides: Parameters<typeof createTestAdmin>[0] = {}) {
  const admin = await createTestAdmin(overrides);
  return { admin, cookie: await adminCookie(admin.id) };
}

/** Every cookie a response sets, as a browser would send them back ("a=1; b=2"). */
export function cookiesOf(response: Response): string {
  return response.headers.getSetCookie().map(cookiePair).join("; ");
}

/** The flash toast a response sets (shown by the next page), or null. */
export async function toastOf(response: Response): Promise<Toast | null> {
  return (await getToast(getRequest("/", cookiesOf(response)))).toast;
}

/** "name=value" of a Set-Cookie value, as a browser sends it back. */
export function cookiePair(setCookie: string): string {
  return setCookie.split(";")[0];
}
