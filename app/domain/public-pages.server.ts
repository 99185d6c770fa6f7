import { getEnv } from "~/lib/env.server";
import type { FooterData } from "~/components/public-layout";

// What every public page's footer needs: read by the public frame (app/routes/_public.tsx) and by
// the policy pages, which have a frame of their own.

/** The footer's facts: the configured support address, and the year from the server's clock so
 * the page renders the same with and without JavaScript. */
export function footerData(): FooterData {
  return { supportEmail: getEnv().SUPPORT_EMAIL, year: new Date().getFullYear() };
}
