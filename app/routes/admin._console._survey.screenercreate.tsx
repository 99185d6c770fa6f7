import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BuilderPage } from "~/components/builder/builder-page";
import { builderShouldRevalidate } from "~/components/builder/survey-builder";
import { requireAdmin } from "~/domain/admin-auth.server";
import { handleBuilderPost, loadBuilderDraft } from "~/domain/builder.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `Create Screener | ${PRODUCT_NAME}` }];

// /admin/screenercreate (the spec's SurveyScreenerCreate): the survey builder whose Submit creates a
// screener. The builder itself is shared with /admin/survey/build.
const PURPOSE = "screener";

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  return loadBuilderDraft(admin.id, PURPOSE);
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  return handleBuilderPost(request, admin, PURPOSE);
}

export const shouldRevalidate = builderShouldRevalidate;

export default function CreateScreener() {
  const { draft, version } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return <BuilderPage purpose={PURPOSE} draft={draft} version={version} refused={refused} />;
}
