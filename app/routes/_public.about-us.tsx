import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArticlePage } from "~/components/content-sections";
import { PublicLayout } from "~/components/public-layout";
import { ABOUT_US } from "~/content/info";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { loadPublicPage } from "~/domain/public-pages.server";

export const meta: MetaFunction = () => pageMeta(PUBLIC_PAGES.aboutUs);

// Open to anyone; a signed-in member sees the Dashboard button in the header.
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPublicPage(request, "anyone");
}

export default function AboutUs() {
  const page = useLoaderData<typeof loader>();
  return (
    <PublicLayout page={page}>
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
    </PublicLayout>
  );
}
