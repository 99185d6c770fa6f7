import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyLayout } from "~/components/policy-layout";
import { privacySections, PRIVACY_LEAD } from "~/content/privacy";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { footerData } from "~/domain/public-pages.server";

export const meta: MetaFunction = () => pageMeta(PUBLIC_PAGES.privacy);

// Open to anyone, signed in or not: the policy bar carries only the logo, so no session lookup.
export function loader() {
  return footerData();
}

export default function PrivacyPolicy() {
  const footer = useLoaderData<typeof loader>();
  return (
    <PolicyLayout
      title="Privacy Policy"
      lead={PRIVACY_LEAD}
      sections={privacySections(footer.supportEmail)}
      footer={footer}
    />
  );
}
