import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArticlePage } from "~/components/content-sections";
import { LEARN_MORE } from "~/content/marketing";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { translatedPage } from "~/content/pages.server";
import { requireGuest } from "~/domain/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.page ?? PUBLIC_PAGES.learnMore);

// A marketing page: guest-only, so a signed-in member is sent to Landing (the route table).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  return { page: await translatedPage(request, PUBLIC_PAGES.learnMore) };
}

export default function LearnMore() {
  const { t } = useTranslation();
  return (
    <ArticlePage title={LEARN_MORE.title} lead={LEARN_MORE.lead} sections={LEARN_MORE.sections}>
      <p className="mt-10">
        <Link to="/register" className="btn-primary">
          {t("Join for free")}
        </Link>
      </p>
    </ArticlePage>
  );
}
