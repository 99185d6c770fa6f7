import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ResetPasswordCard } from "~/components/password-reset";
import { requireGuest } from "~/domain/auth.server";
import { resetLinkLoader, resetPasswordAction } from "~/domain/password-reset-forms.server";
import { getT } from "~/i18n/i18n.server";
import { titleMeta } from "~/lib/page-title";

// The reset link mailed by /reset-password: /resetpassword/{token}?email=…
export const meta: MetaFunction<typeof loader> = titleMeta("Reset Password");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireGuest(request);
  const link = await resetLinkLoader(request, params.token ?? "", "member");
  const t = await getT(request);
  return data({ ...link.data, title: t("Reset Password") }, link.init ?? undefined);
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireGuest(request);
  return resetPasswordAction(request, { token: params.token ?? "", audience: "member", loginPath: "/login" });
}

export default function ResetPasswordChange() {
  return (
    <ResetPasswordCard
      link={useLoaderData<typeof loader>()}
      lastResult={useActionData<typeof action>()}
      requestHref="/reset-password"
      loginHref="/login"
    />
  );
}
