import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { getLanguage, getT } from "~/i18n/i18n.server";
import { readFormData } from "~/lib/forms.server";
import { clientAddress } from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import {
  isResetLinkUsable,
  PASSWORD_RESET_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  RESET_LINK_SENT_MESSAGE,
  requestPasswordReset,
  TOO_MANY_RESET_REQUESTS,
  resetPassword,
  type ResetAudience,
} from "./password-reset.server";
import { forgotPasswordSchema, RESET_PASSWORD_FIELDS, resetPasswordSchema } from "./password-reset-schema";
import { minutesToWait } from "./login.server";
import { adminPasswordPolicyIssue, passwordPolicyIssue } from "./passwords.server";

// The loaders and actions of the forgot-password and reset pages, the same for members (/reset-password,
// /resetpassword/{token}) and admins (/admin/forgot-password, /admin/reset-password/{token}); the
// routes add their own guard and say where to go next.

export async function forgotPasswordAction(
  request: Request,
  { audience, formPath }: { audience: ResetAudience; formPath: string },
) {
  const submission = parseWithZod(await readFormData(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await requestPasswordReset({
    email: submission.value.email,
    address: clientAddress(request),
    audience,
    // A member who never chose a language gets the mail in the page's (an admin's is English).
    pageLanguage: await getLanguage(request),
  });
  if (!result.ok) {
    // The wait names its minutes, so it is said here in the page's language (English on /admin).
    const t = await getT(request);
    const message = t(TOO_MANY_RESET_REQUESTS, { count: minutesToWait(result.retryAfterSeconds) });
    return data(submission.reply({ formErrors: [message] }), { status: 429 });
  }
  return redirectWithToast(formPath, { type: "success", message: RESET_LINK_SENT_MESSAGE });
}

export async function resetLinkLoader(request: Request, token: string, audience: ResetAudience) {
  const email = new URL(request.url).searchParams.get("email");
  const usable = await isResetLinkUsable(token, email, audience);
  // A used, expired or unknown link renders the explanation, never the form.
  return data(
    usable ? { usable, email, problem: null } : { usable, email: null, problem: RESET_LINK_INVALID_MESSAGE },
    { status: usable ? 200 : 410 },
  );
}

export async function resetPasswordAction(
  request: Request,
  { token, audience, loginPath }: { token: string; audience: ResetAudience; loginPath: string },
) {
  const formData = await readFormData(request);
  const policyIssue = audience === "admin" ? adminPasswordPolicyIssue : passwordPolicyIssue;
  const submission = parseWithZod(formData, { schema: resetPasswordSchema(policyIssue) });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: RESET_PASSWORD_FIELDS }), { status: 400 });
  }
  const email = formData.get("email");
  const result = await resetPassword({
    token,
    email: typeof email === "string" ? email : new URL(request.url).searchParams.get("email"),
    password: submission.value.newPassword,
    audience,
  });
  if (!result.ok) {
    return data(submission.reply({ formErrors: [result.message], hideFields: RESET_PASSWORD_FIELDS }), {
      status: 410,
    });
  }
  return redirectWithToast(loginPath, { type: "success", message: PASSWORD_RESET_MESSAGE });
}
