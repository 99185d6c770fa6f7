import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArticlePage } from "~/components/content-sections";
import { PublicLayout } from "~/components/public-layout";
import { REGISTER_MORE_INFO } from "~/content/marketing";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { loadPublicPage } from "~/domain/public-pages.server";

export const meta: MetaFunction = () => pageMeta(PUBLIC_PAGES.registerMoreInfo);

// A marketing page: guest-only, so a signed-in member is sent to Landing (the route table).
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPublicPage(request, "guest");
}

export default function RegisterMoreInfo() {
  const page = useLoaderData<typeof loader>();
  return (
    <PublicLayout page={page}>
      <ArticlePage title={REGISTER_MORE_INFO.title} lead={REGISTER_MORE_INFO.lead} sections={REGISTER_MORE_INFO.sections}>
        <p className="mt-10">
          <Link to="/register" className="btn-primary">
            Join for free
          </Link>
        </p>
      </ArticlePage>
    </PublicLayout>
  );
}
