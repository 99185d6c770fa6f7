import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ForgotPasswordCard } from "~/components/password-reset";
import { getAdminSession } from "~/domain/admin-sessions.server";
import { assertSameOrigin } from "~/domain/auth.server";
import { forgotPasswordAction } from "~/domain/password-reset-forms.server";
import { PRODUCT_NAME } from "~/lib/product";

// 'Forgot Your Password' on the admin sign-in: the member flow's rules with admin accounts,
// admin links and admin counters. A signed-in admin has no use for it.
export const meta: MetaFunction = () => [{ title: `Admin Forgot Password | ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getAdminSession(request)) throw redirect("/admin/dash");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  if (await getAdminSession(request)) throw redirect("/admin/dash");
  return forgotPasswordAction(request, { audience: "admin", formPath: "/admin/forgot-password" });
}

export default function AdminForgotPassword() {
  return <ForgotPasswordCard lastResult={useActionData<typeof action>()} loginHref="/admin" />;
}
