import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CardPage } from "~/components/card-page";
import { Field, SubmitButton } from "~/components/forms";
import { requireAdminSignedIn } from "~/domain/admin-auth.server";
import {
  adminMfaRequired,
  confirmEnrolment,
  disableTwoFactor,
  hasTwoFactor,
  startEnrolment,
  takeRecoveryCodesToShow,
  unusedRecoveryCodeCount,
} from "~/domain/admin-two-factor.server";
import { readFormData, readIntent, refuseForm } from "~/lib/forms.server";
import { formErrorsOf } from "~/lib/form-result";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";

// An admin's own two-factor sign-in (decision 037): enrol with a QR code drawn on the server (or
// the secret typed into the app), confirm with a code, and keep the recovery codes shown once (on
// the page the confirmation redirects to, which is read with the session's new id).
// Where ADMIN_MFA is required this is the only admin page an admin without two-factor can open,
// so it lives outside the back office's layout.
export const meta: MetaFunction = () => [{ title: `Two-factor sign-in | ${PRODUCT_NAME}` }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireAdminSignedIn(request);
  const { admin } = session;
  const required = adminMfaRequired();
  if (hasTwoFactor(admin)) {
    return {
      enrolled: true as const,
      required,
      enabledAt: admin.totpEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: await unusedRecoveryCodeCount(admin.id),
      recoveryCodes: await takeRecoveryCodesToShow(session.sessionId),
    };
  }
  const { secret, qrSvg } = await startEnrolment(session);
  return { enrolled: false as const, required, secret, qrSvg };
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireAdminSignedIn(request);
  const { admin } = session;
  const form = await readFormData(request);
  const intent = readIntent(form, ["enrol", "disable"]);
  if (intent === "enrol") {
    const code = String(form.get("code") ?? "").trim();
    if (!code) return refuseForm("Enter the 6-digit code your app shows now.");
    const result = await confirmEnrolment(session, code, request);
    if (!result.ok) return refuseForm(result.message);
    // The session goes on under a new id (the others have ended): a redirect, so the page showing
    // the recovery codes is loaded with the new cookie, with or without JavaScript.
    return redirect("/admin/two-factor", { headers: { "Set-Cookie": result.cookie } });
  }
  const result = await disableTwoFactor(admin, String(form.get("password") ?? ""));
  if (!result.ok) return refuseForm(result.message);
  return redirectWithToast("/admin/two-factor", { type: "success", message: result.message });
}

export default function TwoFactor() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (page.enrolled && page.recoveryCodes) return <RecoveryCodes codes={page.recoveryCodes} />;
  return (
    <CardPage title="Two-factor sign-in">
      {page.enrolled ? (
        <>
          <p className="mt-2 text-sm text-slate-700">
            Two-factor sign-in is on
            {page.enabledAt ? ` since ${new Date(page.enabledAt).toISOString().slice(0, 10)}` : ""}. You have{" "}
            {page.recoveryCodesLeft} unused recovery {page.recoveryCodesLeft === 1 ? "code" : "codes"}.
          </p>
          {page.required ? (
            <p className="mt-2 text-sm text-slate-700">
              This panel requires two-factor sign-in for every admin. If you lose your phone, a super-admin can reset
              it.
            </p>
          ) : (
            <Form method="post" className="mt-4 border-t border-slate-200 pt-4">
              <h2 className="text-lg font-semibold">Turn off two-factor sign-in</h2>
              <Field
                label="Your password"
                inputProps={{
                  id: "disable-password",
                  name: "password",
                  type: "password",
                  required: true,
                  autoComplete: "current-password",
                }}
              />
              <FormError message={formErrorsOf(actionData)?.[0]} />
              <SubmitButton name="intent" value="disable" pendingText="Turning off…" className="btn-secondary">
                Turn off two-factor
              </SubmitButton>
            </Form>
          )}
          <BackToDashboard />
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">
            {page.required
              ? "This panel requires two-factor sign-in for every admin. Set it up to continue."
              : "Protect your admin account with a code from an authenticator app at every sign-in."}
          </p>
          <ol className="mt-4 list-decimal space-y-3 pl-5 text-sm text-slate-700">
            <li>
              Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).
              <div
                role="img"
                aria-label="QR code for your authenticator app"
                className="mt-2 h-48 w-48 [&>svg]:h-full [&>svg]:w-full"
                // Drawn on the server by the qrcode package from our own otpauth address: no user input.
                dangerouslySetInnerHTML={{ __html: page.qrSvg }}
              />
            </li>
            <li>
              Or type this key into the app instead:{" "}
              <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-1 font-mono">
                {page.secret}
              </code>
            </li>
            <li>Enter the 6-digit code the app shows to finish.</li>
          </ol>
          <Form method="post" className="mt-4">
            <Field
              label="Code from the app"
              inputProps={{
                id: "enrol-code",
                name: "code",
                type: "text",
                inputMode: "numeric",
                autoComplete: "one-time-code",
                required: true,
                pattern: "[0-9 ]{6,7}",
              }}
            />
            <FormError message={formErrorsOf(actionData)?.[0]} />
            <SubmitButton name="intent" value="enrol" pendingText="Checking…" className="btn-primary w-full">
              Turn on two-factor
            </SubmitButton>
          </Form>
          {page.required ? null : <BackToDashboard />}
        </>
      )}
    </CardPage>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <CardPage title="Two-factor sign-in is on">
      <p className="mt-2 text-sm text-slate-700">
        Save these recovery codes somewhere safe, away from your phone. Each one signs you in once if you lose the app.
        They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <BackToDashboard />
    </CardPage>
  );
}

function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="mb-2 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

function BackToDashboard() {
  return (
    <p className="mt-6 text-sm">
      <Link to="/admin/dash" className="text-brand-600 underline">
        Continue to the dashboard
      </Link>
    </p>
  );
}
