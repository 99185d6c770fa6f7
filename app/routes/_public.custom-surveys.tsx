import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ArticlePage } from "~/components/content-sections";
import { usePublicPage } from "~/components/public-layout";
import { CUSTOM_SURVEYS } from "~/content/marketing";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { requireGuest } from "~/domain/auth.server";

export const meta: MetaFunction = () => pageMeta(PUBLIC_PAGES.customSurveys);

// A marketing page: guest-only, so a signed-in member is sent to Landing (the route table).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  return null;
}

export default function CustomSurveys() {
  const page = usePublicPage();
  return (
    <ArticlePage title={CUSTOM_SURVEYS.title} lead={CUSTOM_SURVEYS.lead} sections={CUSTOM_SURVEYS.sections}>
      <p className="mt-10">
        Interested in running a study? Write to us at{" "}
        <a href={`mailto:${page.supportEmail}`} className="text-brand-700 underline">
          {page.supportEmail}
        </a>
        .
      </p>
    </ArticlePage>
  );
}
