import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArticlePage } from "~/components/content-sections";
import { PublicLayout } from "~/components/public-layout";
import { SCALABILITY } from "~/content/marketing";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { loadPublicPage } from "~/domain/public-pages.server";

export const meta: MetaFunction = () => pageMeta(PUBLIC_PAGES.scalability);

// A marketing page: guest-only, so a signed-in member is sent to Landing (the route table). (The path keeps the spec's spelling.)
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPublicPage(request, "guest");
}

export default function Scalability() {
  const page = useLoaderData<typeof loader>();
  return (
    <PublicLayout page={page}>
      <ArticlePage title={SCALABILITY.title} lead={SCALABILITY.lead} sections={SCALABILITY.sections}>
        <p className="mt-10">
          <Link to="/custom-surveys" className="text-brand-700 underline">
            Plan a custom survey
          </Link>
        </p>
      </ArticlePage>
    </PublicLayout>
  );
}
