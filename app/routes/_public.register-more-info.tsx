import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArticlePage } from "~/components/content-sections";
import { REGISTER_MORE_INFO } from "~/content/marketing";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { translatedPage } from "~/content/pages.server";
import { requireGuest } from "~/domain/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.page ?? PUBLIC_PAGES.registerMoreInfo);

// A marketing page: guest-only, so a signed-in member is sent to Landing (the route table).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  return { page: await translatedPage(request, PUBLIC_PAGES.registerMoreInfo) };
}

export default function RegisterMoreInfo() {
  const { t } = useTranslation();
  return (
    <ArticlePage title={REGISTER_MORE_INFO.title} lead={REGISTER_MORE_INFO.lead} sections={REGISTER_MORE_INFO.sections}>
      <p className="mt-10">
        <Link to="/register" className="btn-primary">
          {t("Join for free")}
        </Link>
      </p>
    </ArticlePage>
  );
}
