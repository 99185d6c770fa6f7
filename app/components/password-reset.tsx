import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CardPage } from "~/components/card-page";
import { ErrorList, InputField, SubmitButton, useForm } from "~/components/forms";
import { ELEMENT, Sentence } from "~/components/sentence";
import { forgotPasswordSchema, resetPasswordSchema } from "~/domain/password-reset-schema";

// The forgot-password and reset screens, the same markup for members and admins. Their texts are
// translated for members; the admin pages are always English (decision 074).

export function ForgotPasswordCard({
  lastResult,
  loginHref,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  loginHref: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  return (
    <CardPage title={t("Forgot Password")}>
      <p className="mt-1 text-sm text-slate-600">
        {t("Enter the email you registered with and we will send you a link to choose a new password.")}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6">
        <InputField label={t("Email")} field={fields.email} type="email" autoComplete="email" />
        <div role="alert" className="-mt-2 mb-4">
          <ErrorList id={form.errors?.length ? form.errorId : undefined} errors={form.errors} />
        </div>
        <SubmitButton pendingText={t("Sending…")} className="btn-primary w-full">
          {t("Submit")}
        </SubmitButton>
      </Form>
      <p className="mt-4 text-sm">
        {t("Remembered it?")}{" "}
        <Link to={loginHref} className="text-brand-600 underline">
          {t("Log In")}
        </Link>
      </p>
    </CardPage>
  );
}

export function ResetPasswordCard({
  link,
  lastResult,
  requestHref,
  loginHref,
}: {
  link: { usable: boolean; email: string | null; problem: string | null };
  lastResult: SubmissionResult<string[]> | undefined;
  requestHref: string;
  loginHref: string;
}) {
  const { t } = useTranslation();
  const clientSchema = resetPasswordSchema();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    constraint: getZodConstraint(clientSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: clientSchema }),
  });
  return (
    <CardPage title={t("Reset Password")}>
      {link.usable ? (
        <>
          <p className="mt-1 break-words text-sm text-slate-600">
            <Sentence text={t("Choose a new password for {{email}}.", { email: ELEMENT })}>
              <strong>{link.email}</strong>
            </Sentence>
          </p>
          <Form method="post" {...getFormProps(form)} className="mt-6">
            <input type="hidden" name="email" value={link.email ?? ""} />
            <InputField
              label={t("New Password")}
              field={fields.newPassword}
              type="password"
              hideValue
              autoComplete="new-password"
            />
            <InputField
              label={t("Confirm Password")}
              field={fields.newPassword_confirmation}
              type="password"
              hideValue
              autoComplete="new-password"
            />
            <div role="alert" className="-mt-2 mb-4">
              <ErrorList id={form.errors?.length ? form.errorId : undefined} errors={form.errors} />
            </div>
            <SubmitButton pendingText={t("Saving…")} className="btn-primary w-full">
              {t("Reset Password")}
            </SubmitButton>
          </Form>
        </>
      ) : (
        <>
          <p role="alert" className="mt-4 text-red-700">
            {link.problem ? t(link.problem) : null}
          </p>
          <p className="mt-4">
            <Link to={requestHref} className="btn-primary">
              {t("Request a new link")}
            </Link>
          </p>
        </>
      )}
      <p className="mt-4 text-sm">
        <Link to={loginHref} className="text-brand-600 underline">
          {t("Log In")}
        </Link>
      </p>
    </CardPage>
  );
}
