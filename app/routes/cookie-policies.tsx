import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyLayout } from "~/components/policy-layout";
import { cookieSections, COOKIES_LEAD } from "~/content/cookies";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { footerData } from "~/domain/public-pages.server";

export const meta: MetaFunction = () => pageMeta(PUBLIC_PAGES.cookies);

// Open to anyone, signed in or not: the policy bar carries only the logo, so no session lookup.
export function loader() {
  return footerData();
}

export default function CookiePolicy() {
  const footer = useLoaderData<typeof loader>();
  return (
    <PolicyLayout
      title="Cookie Policy"
      lead={COOKIES_LEAD}
      sections={cookieSections(footer.supportEmail)}
      footer={footer}
    />
  );
}
