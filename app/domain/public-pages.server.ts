import { getOptionalMember, requireGuest } from "~/domain/auth.server";
import { getEnv } from "~/lib/env.server";
import type { FooterData, PublicPageData } from "~/components/public-layout";

// What every public page's header and footer need, read by each public route's loader.

/** The footer's facts: the configured support address, and the year from the server's clock so
 * the page renders the same with and without JavaScript. */
export function footerData(): FooterData {
  return { supportEmail: getEnv().SUPPORT_EMAIL, year: new Date().getFullYear() };
}

/**
 * 'guest' pages (the marketing pages) send a signed-in member to Landing, as the route table says;
 * 'anyone' pages render for everybody and show the Dashboard button to a signed-in member.
 */
export async function loadPublicPage(request: Request, access: "guest" | "anyone"): Promise<PublicPageData> {
  if (access === "guest") {
    await requireGuest(request);
    return { ...footerData(), signedIn: false };
  }
  return { ...footerData(), signedIn: (await getOptionalMember(request)) !== null };
}
