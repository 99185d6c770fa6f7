import { getFormProps, getInputProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/use-hydrated";
import { z } from "zod";
import { ErrorList, Field, InputField, SubmitButton, useClearedAfterSubmit, useForm } from "~/components/forms";
import { requireGuest } from "~/domain/auth.server";
import { isGoogleSignInEnabled } from "~/domain/google-auth.server";
import { attemptLogin, minutesToWait, safeRedirect, TOO_MANY_FAILED_ATTEMPTS } from "~/domain/login.server";
import { getT } from "~/i18n/i18n.server";
import { tr } from "~/i18n/mark";
import { readFormData } from "~/lib/forms.server";
import { recognizeDevice } from "~/domain/identity-signals.server";
import { signInCookies } from "~/domain/sessions.server";
import type { GuestPageHandle } from "~/lib/guest-page-cache.server";
import { PRODUCT_NAME } from "~/lib/product";
import { titleMeta } from "~/lib/page-title";
import { clientAddress } from "~/lib/rate-limit.server";
import { emailAddress, passwordText } from "~/lib/validation";

export const meta: MetaFunction<typeof loader> = titleMeta("Login");

// The same for every visitor, so visitors without a cookie may get it from the guest page cache
// (docs/decisions/050-guest-page-cache.md).
export const handle: GuestPageHandle = { guestPageCache: true };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const t = await getT(request);
  return { redirectTo: safeRedirect(redirectTo, ""), googleEnabled: isGoogleSignInEnabled(), title: t("Login") };
}

// Field names follow the spec's login payload: email, password, remeber (spelled so).
const loginSchema = z.object({
  email: emailAddress({
    required: tr("The email field is required."),
    invalid: tr("The email must be a valid email address."),
  }),
  password: passwordText({ required: tr("The password field is required.") }),
  remeber: z.boolean().default(false),
});

export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: loginSchema });
  // The password is never sent back into the page.
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, password, remeber } = submission.value;
  const result = await attemptLogin({ email, password, address: clientAddress(request) });
  if (!result.ok) {
    // A wait names its minutes, so it is translated here; the other refusals are fixed texts the
    // page translates where it shows them.
    const t = await getT(request);
    const message =
      result.status === 429
        ? t(TOO_MANY_FAILED_ATTEMPTS, { count: minutesToWait(result.retryAfterSeconds) })
        : result.message;
    return data(submission.reply({ formErrors: [message], hideFields: ["password"] }), {
      status: result.status,
    });
  }
  const headers = new Headers();
  for (const cookie of await signInCookies(result.memberId, { persistent: remeber, request })) {
    headers.append("Set-Cookie", cookie);
  }
  const device = await recognizeDevice(request, result.memberId);
  if (device) headers.append("Set-Cookie", device);
  return redirect(safeRedirect(formData.get("redirectTo")), { headers });
}

const SIDE_LINKS = [
  { to: "/about-us", label: tr("About Us") },
  { to: "/cookie-policies", label: tr("Cookies Policy") },
  { to: "/#faq", label: tr("FAQ") },
  { to: "/terms-and-conditions", label: tr("Terms") },
  { to: "/privacy-policies", label: tr("Privacy") },
];

export default function Login() {
  const { redirectTo, googleEnabled } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const [passwordShown, setPasswordShown] = useState(false);

  useClearedAfterSubmit(lastResult, fields.password.id);

  const formErrorId = form.errors?.length ? form.errorId : undefined;
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10 md:flex-row md:items-start">
      <section className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold">{t("Login")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("Sign in to answer surveys and earn points.")}</p>
        <Form method="post" {...getFormProps(form)} className="mt-6">
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <InputField label={t("Email")} field={fields.email} type="email" autoComplete="email" />
          <Field
            label={t("Password")}
            inputProps={{
              ...getInputProps(fields.password, { type: passwordShown ? "text" : "password", value: false }),
              autoComplete: "current-password",
            }}
            errors={fields.password.errors}
            hint={
              // The toggle needs JavaScript; without it the field is a plain password field.
              hydrated ? (
                <button
                  type="button"
                  className="text-brand-600 underline"
                  aria-pressed={passwordShown}
                  aria-controls={fields.password.id}
                  onClick={() => setPasswordShown((shown) => !shown)}
                >
                  {passwordShown ? t("Hide password") : t("Show password")}
                </button>
              ) : null
            }
          />
          <div role="alert" className="-mt-2 mb-4">
            <ErrorList id={formErrorId} errors={form.errors} />
          </div>
          <label className="tap-row mb-4 text-sm text-slate-700">
            <input {...getInputProps(fields.remeber, { type: "checkbox" })} />
            {t("Remember me")}
          </label>
          <SubmitButton pendingText={t("Logging in…")} className="btn-primary w-full">
            {t("Log In")}
          </SubmitButton>
        </Form>
        <p className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
          <Link to="/reset-password" className="text-brand-600 underline">
            {t("Forgot Password")}
          </Link>
          <span>
            {t("No account yet?")}{" "}
            <Link to="/register" className="text-brand-600 underline">
              {t("Sign Up")}
            </Link>
          </span>
        </p>
        {googleEnabled ? <GoogleSignInForm /> : null}
      </section>
      <aside className="text-sm text-slate-700">
        <h2 className="font-semibold">{PRODUCT_NAME}</h2>
        <p className="mt-1 text-slate-600">{t("Paid online surveys. Free to join.")}</p>
        <nav aria-label={t("About the panel")} className="mt-3">
          <ul className="space-y-1">
            {SIDE_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-brand-600 underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
    </main>
  );
}

/** The spec's message when login fails on the server's side (its 'Login 500'), typo included. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const message =
    isRouteErrorResponse(error) && error.status < 500
      ? t("We could not read that request. Please try again.")
      : t("Server not responsding. Please try again later");
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{t("Login")}</h1>
      <p role="alert" className="mt-4 text-red-700">
        {message}
      </p>
      <Link to="/login" className="btn-primary mt-6" reloadDocument>
        {t("Try again")}
      </Link>
    </main>
  );
}

/**
 * Google sign-in is a full page navigation to Google (or the mock), never a fetch, so the button
 * says it is working until the browser leaves the page.
 */
function GoogleSignInForm() {
  const [leaving, setLeaving] = useState(false);
  const { t } = useTranslation();
  return (
    <Form method="post" action="/auth/google" reloadDocument onSubmit={() => setLeaving(true)} className="mt-6">
      <p className="mb-3 text-center text-xs uppercase tracking-wide text-slate-500">{t("or")}</p>
      <button type="submit" className="btn-secondary w-full" disabled={leaving}>
        {leaving ? t("Signing you in. Please wait...") : t("Sign in with Google")}
      </button>
    </Form>
  );
}
