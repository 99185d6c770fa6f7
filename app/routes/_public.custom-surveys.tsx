import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { ArticlePage, slots, withElements } from "~/components/content-sections";
import { usePublicPage } from "~/components/public-layout";
import { CUSTOM_SURVEYS } from "~/content/marketing";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { translatedPage } from "~/content/pages.server";
import { requireGuest } from "~/domain/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.page ?? PUBLIC_PAGES.customSurveys);

// A marketing page: guest-only, so a signed-in member is sent to Landing (the route table).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  return { page: await translatedPage(request, PUBLIC_PAGES.customSurveys) };
}

export default function CustomSurveys() {
  const page = usePublicPage();
  const { t } = useTranslation();
  const email = (
    <a href={`mailto:${page.supportEmail}`} className="text-brand-700 underline">
      {page.supportEmail}
    </a>
  );
  return (
    <ArticlePage title={CUSTOM_SURVEYS.title} lead={CUSTOM_SURVEYS.lead} sections={CUSTOM_SURVEYS.sections}>
      <p className="mt-10">
        {withElements(t("Interested in running a study? Write to us at {{email}}.", slots({ email })), { email })}
      </p>
    </ArticlePage>
  );
}
