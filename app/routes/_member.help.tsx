import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentSections, QuickNav } from "~/components/content-sections";
import { requireVerifiedMember } from "~/domain/auth.server";
import { helpSections } from "~/content/help";
import { getEnv } from "~/lib/env.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `Help | ${PRODUCT_NAME}` }];

// A member page (route table: auth). Its guard is the layout's, requireVerifiedMember, not
// requireMemberWithDetails: a member whose details are incomplete may need help most of all.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireVerifiedMember(request);
  return { supportEmail: getEnv().SUPPORT_EMAIL };
}

export default function Help() {
  const { supportEmail } = useLoaderData<typeof loader>();
  const sections = helpSections(supportEmail);
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-semibold">Help</h1>
      <p className="mt-2 text-slate-700">How surveys, screeners, points and withdrawals work, and how to reach us.</p>
      <div className="mt-6">
        <QuickNav sections={sections} />
      </div>
      <ContentSections sections={sections} />
    </div>
  );
}
