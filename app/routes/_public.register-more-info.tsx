import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ArticlePage } from "~/components/content-sections";
import { REGISTER_MORE_INFO } from "~/content/marketing";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { requireGuest } from "~/domain/auth.server";

export const meta: MetaFunction = () => pageMeta(PUBLIC_PAGES.registerMoreInfo);

// A marketing page: guest-only, so a signed-in member is sent to Landing (the route table).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  return null;
}

export default function RegisterMoreInfo() {
  return (
    <ArticlePage title={REGISTER_MORE_INFO.title} lead={REGISTER_MORE_INFO.lead} sections={REGISTER_MORE_INFO.sections}>
      <p className="mt-10">
        <Link to="/register" className="btn-primary">
          Join for free
        </Link>
      </p>
    </ArticlePage>
  );
}
