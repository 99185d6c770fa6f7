import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyLayout } from "~/components/policy-layout";
import { termsSections, TERMS_LEAD, TERMS_SUMMARY } from "~/content/terms";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { translatedPage } from "~/content/pages.server";
import { footerData } from "~/domain/public-pages.server";
import { tr } from "~/i18n/mark";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.page ?? PUBLIC_PAGES.terms);

// Outside the public frame, so the page names the texts it needs (decision 074).
export const handle = { i18n: ["public"] };

// Open to anyone, signed in or not: the policy bar carries only the logo, so no session lookup.
export async function loader({ request }: LoaderFunctionArgs) {
  return { ...footerData(), page: await translatedPage(request, PUBLIC_PAGES.terms) };
}

export default function TermsAndConditions() {
  const footer = useLoaderData<typeof loader>();
  return (
    <PolicyLayout
      title={tr("Terms and Conditions")}
      lead={TERMS_LEAD}
      summary={TERMS_SUMMARY}
      sections={termsSections(footer.supportEmail)}
      footer={footer}
      // The spec asks this page's bar (only) to hide on scrolling down.
      hideBarOnScroll
    />
  );
}
