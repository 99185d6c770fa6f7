import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ArticlePage } from "~/components/content-sections";
import { usePublicPage } from "~/components/public-layout";
import { ABOUT_US } from "~/content/info";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";

export const meta: MetaFunction = () => pageMeta(PUBLIC_PAGES.aboutUs);

// Open to anyone: the header and footer come from the public frame (app/routes/_public.tsx).
export default function AboutUs() {
  const page = usePublicPage();
  return (
    <ArticlePage title={ABOUT_US.title} lead={ABOUT_US.lead} sections={ABOUT_US.sections}>
      {/* A member already belongs; /register would only send them back to Landing. */}
      {page.signedIn ? null : (
        <p className="mt-10">
          <Link to="/register" className="btn-primary">
            Join Here
          </Link>
        </p>
      )}
    </ArticlePage>
  );
}
