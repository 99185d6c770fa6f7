import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ResetPasswordCard } from "~/components/password-reset";
import { requireGuest } from "~/domain/auth.server";
import { resetLinkLoader, resetPasswordAction } from "~/domain/password-reset-forms.server";
import { PRODUCT_NAME } from "~/lib/product";

// The reset link mailed by /reset-password: /resetpassword/{token}?email=…
export const meta: MetaFunction = () => [{ title: `Reset Password | ${PRODUCT_NAME}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireGuest(request);
  return resetLinkLoader(request, params.token ?? "", "member");
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
