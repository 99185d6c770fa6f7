import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArticlePage } from "~/components/content-sections";
import { SCALABILITY } from "~/content/marketing";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { translatedPage } from "~/content/pages.server";
import { requireGuest } from "~/domain/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.page ?? PUBLIC_PAGES.scalability);

// A marketing page: guest-only, so a signed-in member is sent to Landing (the route table). (The path keeps the spec's spelling.)
export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  return { page: await translatedPage(request, PUBLIC_PAGES.scalability) };
}

export default function Scalability() {
  const { t } = useTranslation();
  return (
    <ArticlePage title={SCALABILITY.title} lead={SCALABILITY.lead} sections={SCALABILITY.sections}>
      <p className="mt-10">
        <Link to="/custom-surveys" className="text-brand-700 underline">
          {t("Plan a custom survey")}
        </Link>
      </p>
    </ArticlePage>
  );
}
