import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArticlePage } from "~/components/content-sections";
import { usePublicPage } from "~/components/public-layout";
import { ABOUT_US } from "~/content/info";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { translatedPage } from "~/content/pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.page ?? PUBLIC_PAGES.aboutUs);

// Open to anyone: the loader gives only the page's title and description, in the visitor's language.
export async function loader({ request }: LoaderFunctionArgs) {
  return { page: await translatedPage(request, PUBLIC_PAGES.aboutUs) };
}

// Open to anyone: the header and footer come from the public frame (app/routes/_public.tsx).
export default function AboutUs() {
  const page = usePublicPage();
  const { t } = useTranslation();
  return (
    <ArticlePage title={ABOUT_US.title} lead={ABOUT_US.lead} sections={ABOUT_US.sections}>
      {/* A member already belongs; /register would only send them back to Landing. */}
      {page.signedIn ? null : (
        <p className="mt-10">
          <Link to="/register" className="btn-primary">
            {t("Join Here")}
          </Link>
        </p>
      )}
    </ArticlePage>
  );
}
