import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyLayout } from "~/components/policy-layout";
import { cookieSections, COOKIES_LEAD, COOKIES_SUMMARY } from "~/content/cookies";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { translatedPage } from "~/content/pages.server";
import { footerData } from "~/domain/public-pages.server";
import { tr } from "~/i18n/mark";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.page ?? PUBLIC_PAGES.cookies);

// Outside the public frame, so the page names the texts it needs (decision 074).
export const handle = { i18n: ["public"] };

// Open to anyone, signed in or not: the policy bar carries only the logo, so no session lookup.
export async function loader({ request }: LoaderFunctionArgs) {
  return { ...footerData(), page: await translatedPage(request, PUBLIC_PAGES.cookies) };
}

export default function CookiePolicy() {
  const footer = useLoaderData<typeof loader>();
  return (
    <PolicyLayout
      title={tr("Cookie Policy")}
      lead={COOKIES_LEAD}
      summary={COOKIES_SUMMARY}
      sections={cookieSections(footer.supportEmail)}
      footer={footer}
    />
  );
}
