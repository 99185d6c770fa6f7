import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyLayout } from "~/components/policy-layout";
import { termsSections, TERMS_LEAD } from "~/content/terms";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { footerData } from "~/domain/public-pages.server";

export const meta: MetaFunction = () => pageMeta(PUBLIC_PAGES.terms);

// Open to anyone, signed in or not: the policy bar carries only the logo, so no session lookup.
export function loader() {
  return footerData();
}

export default function TermsAndConditions() {
  const footer = useLoaderData<typeof loader>();
  return (
    <PolicyLayout
      title="Terms and Conditions"
      lead={TERMS_LEAD}
      sections={termsSections(footer.supportEmail)}
      footer={footer}
      // The spec asks this page's bar (only) to hide on scrolling down.
      hideBarOnScroll
    />
  );
}
