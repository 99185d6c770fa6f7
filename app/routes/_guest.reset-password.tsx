import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ForgotPasswordCard } from "~/components/password-reset";
import { requireGuest } from "~/domain/auth.server";
import { forgotPasswordAction } from "~/domain/password-reset-forms.server";
import { getT } from "~/i18n/i18n.server";
import { titleMeta } from "~/lib/page-title";

// The spec's ResetPassword screen (forgot password): one email field and Submit.
export const meta: MetaFunction<typeof loader> = titleMeta("Forgot Password");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  const t = await getT(request);
  return { title: t("Forgot Password") };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request);
  return forgotPasswordAction(request, { audience: "member", formPath: "/reset-password" });
}

export default function ForgotPassword() {
  return <ForgotPasswordCard lastResult={useActionData<typeof action>()} loginHref="/login" />;
}
