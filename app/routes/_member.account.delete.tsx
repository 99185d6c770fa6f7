import { getFormProps, getInputProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ELEMENT, Sentence } from "~/components/sentence";
import { CheckboxField, InputField, SubmitButton, useClearedAfterSubmit, FormAlert, useForm } from "~/components/forms";
import { accountDeletionSchema, DELETION_WORD } from "~/domain/account-deletion-schema";
import {
  ACCOUNT_CLOSED_MESSAGE,
  hasWithdrawalInFlight,
  requestAccountDeletion,
  TOO_MANY_PASSWORDS,
} from "~/domain/account-deletion.server";
import { translateKnown, translateWith } from "~/domain/member-texts";
import { getT } from "~/i18n/i18n.server";
import { requireVerifiedMember } from "~/domain/auth.server";
import { clearMemberCookie } from "~/domain/sessions.server";
import { readFormData } from "~/lib/forms.server";
import { titleMeta } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";

// /account/delete: the member asks for their account to be deleted (docs/decisions/027). The
// account closes at once and the member is signed out; the inactivity job erases it later.

export const meta: MetaFunction<typeof loader> = titleMeta("Delete Account");

export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireVerifiedMember(request);
  const t = await getT(request);
  return {
    title: t("Delete Account"),
    hasPassword: member.passwordHash !== null,
    points: member.pointsBalance,
    pendingWithdrawal: await hasWithdrawalInFlight(member.id),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireVerifiedMember(request);
  const submission = parseWithZod(await readFormData(request), {
    schema: accountDeletionSchema(member.passwordHash !== null),
  });
  // Passwords are never sent back to the browser. A conform 'validate' post ends here too.
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const result = await requestAccountDeletion(member.id, submission.value);
  if (!result.ok) {
    const message = translateKnown(
      translateWith(await getT(request)),
      result.message,
      Object.values(TOO_MANY_PASSWORDS),
    );
    const errors = result.field ? { fieldErrors: { [result.field]: [message] } } : { formErrors: [message] };
    return data(submission.reply({ hideFields: ["password"], ...errors }), { status: result.status });
  }
  // Every session of the member is already gone; this clears this browser's cookie as well.
  return redirectWithToast(
    "/login",
    { type: "success", message: ACCOUNT_CLOSED_MESSAGE },
    { headers: { "Set-Cookie": await clearMemberCookie() } },
  );
}

export default function DeleteAccountPage() {
  const { hasPassword, points, pendingWithdrawal } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const schema = accountDeletionSchema(hasPassword);
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  useClearedAfterSubmit(lastResult, fields.password.id);
  const { t } = useTranslation();

  return (
    <section aria-labelledby="delete-account-heading" className="max-w-2xl">
      <h1 id="delete-account-heading" className="text-2xl font-semibold">
        {t("Delete Account")}
      </h1>
      <p className="mt-2 text-slate-700">{t("Deleting your account cannot be undone. This is what happens:")}</p>
      <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700">
        <li>{t("Your account is closed at once: you are signed out on every device and cannot sign in again.")}</li>
        <li>
          {t("Your personal details, profile answers, payout accounts and sign-in methods are erased within 30 days.")}
        </li>
        <li>
          {points > 0 ? (
            // The balance stands out, in bold, inside the sentence of either language.
            <Sentence
              text={t("Your {{points}} are lost. To keep their value, request a withdrawal first.", {
                points: ELEMENT,
              })}
            >
              <strong>{t("{{points}} points", { points })}</strong>
            </Sentence>
          ) : (
            t("Any points you earn from now on are lost.")
          )}
        </li>
        <li>
          {t(
            "Records of your withdrawals (amounts, dates and the payout account used) are kept, as the law requires for payments.",
          )}
        </li>
      </ul>

      {pendingWithdrawal ? (
        <p role="alert" className="mt-6 rounded-md bg-amber-50 px-3 py-2 text-amber-900">
          {t("You have a withdrawal in progress. You can delete your account once it has been paid or rejected.")}
        </p>
      ) : (
        <Form
          method="post"
          {...getFormProps(form)}
          className="mt-6 max-w-md rounded-md border border-red-200 bg-white p-4"
        >
          <FormAlert id={form.errorId} errors={form.errors} />
          {hasPassword ? (
            <InputField
              label={t("Password")}
              field={fields.password}
              type="password"
              hideValue
              autoComplete="current-password"
            />
          ) : (
            <InputField
              label={t("Type {{word}} to confirm", { word: DELETION_WORD })}
              field={fields.confirmation}
              autoComplete="off"
              hint={t("You sign in with Google, so there is no password to ask for.")}
            />
          )}
          <CheckboxField
            label={t("I understand that my account is closed now, my points are lost and my data is erased.")}
            inputProps={getInputProps(fields.understood, { type: "checkbox" })}
            errors={fields.understood.errors}
          />
          <div className="flex flex-wrap items-center gap-4">
            <SubmitButton pendingText={t("Deleting…")} className="btn bg-red-700 text-white hover:bg-red-800">
              {t("Delete my account")}
            </SubmitButton>
            <Link to="/account" className="text-brand-600 underline">
              {t("Keep my account")}
            </Link>
          </div>
        </Form>
      )}
    </section>
  );
}
