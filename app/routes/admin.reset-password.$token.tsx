import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ResetPasswordCard } from "~/components/password-reset";
import { getAdminSession } from "~/domain/admin-sessions.server";
import { assertSameOrigin } from "~/domain/auth.server";
import { resetLinkLoader, resetPasswordAction } from "~/domain/password-reset-forms.server";
import { PRODUCT_NAME } from "~/lib/product";

// The reset link mailed by /admin/forgot-password: /admin/reset-password/{token}?email=…
export const meta: MetaFunction = () => [{ title: `Admin Reset Password | ${PRODUCT_NAME}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (await getAdminSession(request)) throw redirect("/admin/dash");
  return resetLinkLoader(request, params.token ?? "", "admin");
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  if (await getAdminSession(request)) throw redirect("/admin/dash");
  return resetPasswordAction(request, { token: params.token ?? "", audience: "admin", loginPath: "/admin" });
}

export default function AdminResetPassword() {
  return (
    <ResetPasswordCard
      link={useLoaderData<typeof loader>()}
      lastResult={useActionData<typeof action>()}
      requestHref="/admin/forgot-password"
      loginHref="/admin"
    />
  );
}
