import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { PublicLayout } from "~/components/public-layout";
import { getOptionalMember } from "~/domain/auth.server";
import { footerData } from "~/domain/public-pages.server";

// The frame of Landing, the marketing pages and the info pages (every `_public.*` route): header,
// content, footer. A signed-in member sees the Dashboard button instead of Login and Sign Up. Pages
// that are for guests only keep their own requireGuest: this loader guards nothing.
export async function loader({ request }: LoaderFunctionArgs) {
  return { ...footerData(), signedIn: (await getOptionalMember(request)) !== null };
}

export const handle = { i18n: ["public"] };

export default function PublicPages() {
  return (
    <PublicLayout page={useLoaderData<typeof loader>()}>
      <Outlet />
    </PublicLayout>
  );
}
