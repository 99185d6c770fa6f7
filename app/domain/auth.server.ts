import { redirect } from "@remix-run/node";
import type { Member } from "~/generated/prisma/client";
import { tr } from "~/i18n/mark";
import { assertSameOrigin } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { clearMemberCookie, getMemberSession, hasMemberCookie, type MemberSession } from "./sessions.server";
import { TERMS_AGREEMENT_PATH } from "./terms-agreement";
import { needsTermsAgreement } from "./terms-agreement.server";

// The member guards, called by every member route's loader *and* action (a layout's loader does
// not run before a child's action). They throw the redirect the spec asks for.

/** Fields a member must have before using the member area (the spec's 'Details Required'). */
export const REQUIRED_DETAILS = ["firstName", "country", "gender", "dob", "state", "pin", "city"] as const;

export function missingDetails(member: Member): string[] {
  return REQUIRED_DETAILS.filter((field) => {
    const value = member[field];
    return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
  });
}

/** Any signed-in member; visitors go to /login and come back afterwards. */
export async function requireMember(request: Request): Promise<MemberSession> {
  assertSameOrigin(request);
  const session = await getMemberSession(request);
  if (!session) {
    const url = new URL(request.url);
    const login = `/login?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`;
    // A visitor who never signed in (or signed out on this device) just meets Login.
    if (!hasMemberCookie(request)) throw redirect(login);
    // A cookie whose session has ended (logged out elsewhere, expired, deleted, account closed) is
    // cleared, so no member state stays in the browser, and Login says why with the spec's toast
    // (decision 077).
    throw await redirectWithToast(login, SESSION_ENDED_TOAST, { headers: { "Set-Cookie": await clearMemberCookie() } });
  }
  return session;
}

/** The spec's toast for a 401: the member's session ended, so they are asked to sign in again. */
export const SESSION_ENDED_TOAST = { type: "error", message: tr("Unauthenticated") } as const;

/**
 * A signed-in member with a verified email who has agreed to the current terms; others go to
 * /email/verify, or to /terms/agree and back here afterwards (docs/decisions/067).
 */
export async function requireVerifiedMember(request: Request): Promise<MemberSession> {
  const session = await requireMember(request);
  if (!session.member.emailVerifiedAt) {
    throw await redirectWithToast("/email/verify", { type: "error", message: tr("Email Not Verified") });
  }
  if (needsTermsAgreement(session.member)) throw redirect(termsAgreementUrl(request));
  return session;
}

/** The agreement page, coming back afterwards to the page asked for (a post's page, for an action). */
function termsAgreementUrl(request: Request): string {
  const url = new URL(request.url);
  return `${TERMS_AGREEMENT_PATH}?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`;
}

/** A verified member whose required details are filled in; others go to My Detail to fill them. */
export async function requireMemberWithDetails(request: Request): Promise<MemberSession> {
  const session = await requireVerifiedMember(request);
  if (missingDetails(session.member).length > 0) {
    throw await redirectWithToast("/details/user", {
      type: "error",
      message: tr("Please fill all empty fields to continue"),
    });
  }
  return session;
}

/** Guest-only pages (other than Landing): a signed-in member is sent to Landing. */
export async function requireGuest(request: Request): Promise<void> {
  assertSameOrigin(request);
  if (await getMemberSession(request)) throw redirect("/");
}

export async function getOptionalMember(request: Request): Promise<Member | null> {
  return (await getMemberSession(request))?.member ?? null;
}

// The origin check lives with readFormData, which runs it too; the guards run it before they read a
// session, so every action refuses a cross-origin post even before it reads its form.
export { assertSameOrigin };
