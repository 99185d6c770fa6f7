import { getFormProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { InputField, SubmitButton, FormAlert, useForm } from "~/components/forms";
import { requireVerifiedMember } from "~/domain/auth.server";
import { minutesToWait } from "~/domain/login.server";
import { changeMemberPassword, parsePasswordChange, TOO_MANY_WRONG_PASSWORDS } from "~/domain/member-password.server";
import { PASSWORD_MIN_LENGTH } from "~/domain/passwords.server";
import { getT } from "~/i18n/i18n.server";
import { readFormData } from "~/lib/forms.server";
import { titleMeta } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: MetaFunction<typeof loader> = titleMeta("Password");

// Passwords are never sent back to the browser, not even after a refused submission.
const PASSWORD_FIELDS = ["oldPassword", "newPassword", "newPassword_confirmation"];

export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireVerifiedMember(request);
  const t = await getT(request);
  return { title: t("Password"), hasPassword: member.passwordHash !== null, minimumLength: PASSWORD_MIN_LENGTH };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member, sessionId } = await requireVerifiedMember(request);
  const submission = parsePasswordChange(await readFormData(request), member);
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
  }
  const { oldPassword, newPassword } = submission.value;
  const result = await changeMemberPassword({ member, sessionId, oldPassword, newPassword });
  if (!result.ok) {
    // The wait names its minutes, so it is said here in the member's language.
    const t = await getT(request);
    return data(
      submission.reply({
        hideFields: PASSWORD_FIELDS,
        ...(result.field
          ? { fieldErrors: { [result.field]: [result.message] } }
          : { formErrors: [t(TOO_MANY_WRONG_PASSWORDS, { count: minutesToWait(result.retryAfterSeconds) })] }),
      }),
      { status: result.field ? 400 : 429 },
    );
  }
  return redirectWithToast("/details/password", { type: "success", message: result.message });
}

export default function PasswordPage() {
  const { hasPassword, minimumLength } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({ id: "password", lastResult });
  const { t } = useTranslation();
  return (
    <section aria-labelledby="password-heading">
      <h1 id="password-heading" className="text-2xl font-semibold">
        {hasPassword ? t("Change Password") : t("Set a Password")}
      </h1>
      {hasPassword ? null : (
        <p className="mt-2 text-slate-600">
          {t("You sign in with Google. Set a password to sign in with your email address as well.")}
        </p>
      )}
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 max-w-md rounded-md border border-slate-200 bg-white p-4"
      >
        {/* The server's message: red on failure here, green on success in the toast after the redirect. */}
        <FormAlert id={form.errorId} errors={form.errors} />
        {hasPassword ? (
          <InputField
            label={t("Current Password")}
            field={fields.oldPassword}
            type="password"
            autoComplete="current-password"
          />
        ) : null}
        <InputField
          label={t("New Password")}
          field={fields.newPassword}
          type="password"
          autoComplete="new-password"
          hint={t("At least {{min}} characters, not a common password.", { min: minimumLength })}
        />
        <InputField
          label={t("Confirm New Password")}
          field={fields.newPassword_confirmation}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton pendingText={t("Saving…")}>{t("Save")}</SubmitButton>
      </Form>
    </section>
  );
}
