import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContentSections, QuickNav } from "~/components/content-sections";
import { requireVerifiedMember } from "~/domain/auth.server";
import { helpSections } from "~/content/help";
import { getT } from "~/i18n/i18n.server";
import { getEnv } from "~/lib/env.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? `Help | ${PRODUCT_NAME}` }];

// Help's texts live with the public pages' (app/content/help.tsx).
export const handle = { i18n: ["public"] };

// A member page (route table: auth). Its guard is the layout's, requireVerifiedMember, not
// requireMemberWithDetails: a member whose details are incomplete may need help most of all.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireVerifiedMember(request);
  const t = await getT(request);
  return { supportEmail: getEnv().SUPPORT_EMAIL, title: t("Help | {{product}}", { product: PRODUCT_NAME }) };
}

export default function Help() {
  const { supportEmail } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const sections = helpSections(supportEmail);
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-semibold">{t("Help")}</h1>
      <p className="mt-2 text-slate-700">
        {t("How surveys, screeners, points and withdrawals work, and how to reach us.")}
      </p>
      <div className="mt-6">
        <QuickNav sections={sections} />
      </div>
      <ContentSections sections={sections} />
    </div>
  );
}
