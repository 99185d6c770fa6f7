import type { MetaFunction } from "@remix-run/node";
import { ArticlePage } from "~/components/content-sections";
import { ABOUT_SURVEY } from "~/content/info";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";

export const meta: MetaFunction = () => pageMeta(PUBLIC_PAGES.aboutSurvey);

// Open to anyone: the header and footer come from the public frame (app/routes/_public.tsx).
export default function AboutSurvey() {
  return <ArticlePage title={ABOUT_SURVEY.title} lead={ABOUT_SURVEY.lead} sections={ABOUT_SURVEY.sections} quickNav />;
}
