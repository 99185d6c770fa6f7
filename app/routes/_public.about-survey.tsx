import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ArticlePage } from "~/components/content-sections";
import { PublicLayout } from "~/components/public-layout";
import { ABOUT_SURVEY } from "~/content/info";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { loadPublicPage } from "~/domain/public-pages.server";

export const meta: MetaFunction = () => pageMeta(PUBLIC_PAGES.aboutSurvey);

// Open to anyone; the quick navigation links to each section by its anchor.
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPublicPage(request, "anyone");
}

export default function AboutSurvey() {
  const page = useLoaderData<typeof loader>();
  return (
    <PublicLayout page={page}>
      <ArticlePage title={ABOUT_SURVEY.title} lead={ABOUT_SURVEY.lead} sections={ABOUT_SURVEY.sections} quickNav />
    </PublicLayout>
  );
}
