import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CardPage } from "~/components/card-page";
import { CheckboxField, SubmitButton, useForm } from "~/components/forms";
import { ELEMENT, Sentence } from "~/components/sentence";
import { TermsAgreementLabel } from "~/components/terms-agreement-label";
import { POLICIES_LAST_UPDATED, TERMS_CHANGES } from "~/content/pages";
import { requireMember } from "~/domain/auth.server";
import { safeRedirect } from "~/domain/login.server";
import { termsAgreementSchema } from "~/domain/terms-agreement";
import { needsTermsAgreement, recordTermsAgreement } from "~/domain/terms-agreement.server";
import { useFormats } from "~/i18n/format";
import { tr } from "~/i18n/mark";
import { getEnv } from "~/lib/env.server";
import { formResult, readFormData } from "~/lib/forms.server";
import { getT } from "~/i18n/i18n.server";
import { titleMeta } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";

// The member area's door when the terms changed, or when a member has never agreed to any recorded
// version (members from before agreements were recorded, Google sign-ups): read, tick, continue.
// Every member page's guard sends such a member here with the page asked for in redirectTo
// (docs/decisions/067-age-payment-account-terms.md). A plain form; signing out stays possible.

export const meta: MetaFunction<typeof loader> = titleMeta("Our terms");

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

// Outside the member layout; what changed in the terms is written with the public pages' texts.
export const handle = { i18n: ["member", "public"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (!needsTermsAgreement(member)) throw redirect(redirectTo);
  const t = await getT(request);
  return {
    title: t("Our terms"),
    redirectTo,
    neverAgreed: member.termsAgreedVersion === null,
    updated: POLICIES_LAST_UPDATED,
    changes: TERMS_CHANGES,
    supportEmail: getEnv().SUPPORT_EMAIL,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const formData = await readFormData(request);
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  if (!needsTermsAgreement(member)) return redirect(redirectTo);
  const submission = parseWithZod(formData, { schema: termsAgreementSchema });
  if (submission.status !== "success") return formResult(submission.reply(), { status: 400 });
  await recordTermsAgreement(member.id);
  return redirectWithToast(redirectTo, { type: "success", message: tr("Thank you. You have agreed to our terms.") });
}

export default function AgreeToTerms() {
  const { redirectTo, neverAgreed, updated, changes, supportEmail } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const formats = useFormats();
  const [form, fields] = useForm({
    id: "terms-agreement",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: termsAgreementSchema }),
  });
  return (
    <CardPage title={t("Please agree to our terms")}>
      <p className="mt-2 text-slate-700">
        {neverAgreed ? `${t("We now keep a record of each member's agreement to our terms.")} ` : ""}
        <Sentence
          text={t(
            "Our Terms and Conditions and Privacy Policy were updated on {{date}}. Please read them and agree to continue to your account.",
            { date: ELEMENT },
          )}
        >
          <time dateTime={updated.iso}>{formats.date(updated.iso)}</time>
        </Sentence>
      </p>
      <h2 className="mt-4 font-semibold">{t("What changed")}</h2>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {changes.map((change) => (
          <li key={change}>{t(change)}</li>
        ))}
      </ul>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <CheckboxField
          label={<TermsAgreementLabel />}
          inputProps={getInputProps(fields.terms, { type: "checkbox" })}
          errors={fields.terms.errors}
        />
        <SubmitButton pendingText={t("Saving…")}>{t("Agree and continue")}</SubmitButton>
      </Form>
      <p className="mt-6 text-sm text-slate-600">
        <Sentence
          text={t("If you do not agree, you can sign out, and write to {{email}} if you want your account closed.", {
            email: ELEMENT,
          })}
        >
          <a href={`mailto:${supportEmail}`} className="text-brand-600 underline">
            {supportEmail}
          </a>
        </Sentence>
      </p>
      <Form method="post" action="/logout" className="mt-3">
        <button type="submit" className="btn-secondary">
          {t("Logout")}
        </button>
      </Form>
    </CardPage>
  );
}
