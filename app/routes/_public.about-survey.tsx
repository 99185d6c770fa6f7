import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ArticlePage } from "~/components/content-sections";
import { ABOUT_SURVEY } from "~/content/info";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { translatedPage } from "~/content/pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.page ?? PUBLIC_PAGES.aboutSurvey);

// Open to anyone: the loader gives only the page's title and description, in the visitor's language.
export async function loader({ request }: LoaderFunctionArgs) {
  return { page: await translatedPage(request, PUBLIC_PAGES.aboutSurvey) };
}

// Open to anyone: the header and footer come from the public frame (app/routes/_public.tsx).
export default function AboutSurvey() {
  return <ArticlePage title={ABOUT_SURVEY.title} lead={ABOUT_SURVEY.lead} sections={ABOUT_SURVEY.sections} quickNav />;
}
