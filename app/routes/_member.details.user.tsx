import { getFormProps, getSelectProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  CheckboxField,
  CountryOptions,
  ErrorList,
  Field,
  groupOf,
  InputField,
  RadioGroupField,
  SelectField,
  SubmitButton,
  useForm,
} from "~/components/forms";
import { missingDetails, requireVerifiedMember } from "~/domain/auth.server";
import { INVITATION_CHOICE_INTENT, INVITATION_CHOICE_MESSAGES } from "~/domain/invitation-choice";
import { parseInvitationChoice, saveInvitationChoice } from "~/domain/invitation-choice.server";
import { MONTHS } from "~/domain/member-profile-rules";
import {
  GENDER_LABELS,
  genderOptions,
  memberDetailsFormValues,
  memberDetailsView,
  parseMemberDetails,
  saveMemberDetails,
} from "~/domain/member-details.server";
import { formatsFor } from "~/i18n/format";
import { getLanguage, getT } from "~/i18n/i18n.server";
import { tr } from "~/i18n/mark";
import { listCountries } from "~/lib/countries.server";
import { resultFor, type FormResult } from "~/lib/form-result";
import { formResult, readFormData, readIntent } from "~/lib/forms.server";
import { titleMeta } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: MetaFunction<typeof loader> = titleMeta("My Detail");

// My Detail is read-only until Edit (a link to ?edit, so it works without JavaScript), and opens
// for editing at once while a required detail is missing. Its guard is requireVerifiedMember, not
// requireMemberWithDetails: this is the page that guard sends members to.
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireVerifiedMember(request);
  const incomplete = missingDetails(member).length > 0;
  const editing = incomplete || new URL(request.url).searchParams.has("edit");
  const language = await getLanguage(request);
  const t = await getT(language);
  return {
    title: t("My Detail"),
    editing,
    incomplete,
    email: member.email,
    view: memberDetailsView(member, t, formatsFor(language)),
    values: memberDetailsFormValues(member),
    genders: genderOptions(member.gender).map((value) => ({ value, label: t(GENDER_LABELS[value]) })),
    countries: editing ? listCountries(language) : [],
    invitationMails: member.invitationMails,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireVerifiedMember(request);
  const formData = await readFormData(request);
  // The details form names no intent; the invitation choice (decision 068) does.
  const intent = readIntent(formData, ["save-details", INVITATION_CHOICE_INTENT], { whenMissing: "save-details" });
  if (intent === INVITATION_CHOICE_INTENT) return chooseInvitationMails(member.id, formData);
  const submission = parseMemberDetails(formData, member);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await saveMemberDetails(member.id, submission.value);
  return redirectWithToast("/details/user", { type: "success", message: tr("Details Saved Successfully") });
}

async function chooseInvitationMails(memberId: number, formData: FormData) {
  const submission = parseInvitationChoice(formData);
  if (submission.status !== "success") return formResult(submission.reply(), { form: INVITATION_CHOICE_INTENT });
  const wanted = submission.value.invitationMails === "on";
  await saveInvitationChoice(memberId, wanted);
  return redirectWithToast("/details/user", {
    type: "success",
    message: wanted ? INVITATION_CHOICE_MESSAGES.on : INVITATION_CHOICE_MESSAGES.off,
  });
}

/** The details form's answer: anything the action answered but the invitation choice's. */
function detailsResult(actionData: FormResult | undefined) {
  return actionData && actionData.form !== INVITATION_CHOICE_INTENT ? actionData : undefined;
}

export default function MyDetail() {
  const { editing, view } = useLoaderData<typeof loader>();
  const lastResult = detailsResult(useActionData<typeof action>());
  const { t } = useTranslation();
  return (
    <section aria-labelledby="my-detail-heading">
      <h1 id="my-detail-heading" className="text-2xl font-semibold">
        {t("My Detail")}
      </h1>
      {editing || lastResult ? (
        <DetailsForm />
      ) : (
        <>
          <dl className="mt-6 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
            {view.map((line) => (
              <div key={line.label} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
                <dt className="text-sm font-medium text-slate-600">{line.label}</dt>
                <dd className="break-words sm:col-span-2">{line.value || "—"}</dd>
              </div>
            ))}
          </dl>
          <Link to="?edit" className="btn-primary mt-6">
            {t("Edit")}
          </Link>
          <InvitationChoice />
          <section aria-labelledby="my-data-link-heading" className="mt-8">
            <h2 id="my-data-link-heading" className="text-lg font-semibold">
              {t("My data")}
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {t("Download everything we hold about you, as one JSON file or as spreadsheets (CSV).")}
            </p>
            <Link to="/details/data" className="btn-secondary mt-3">
              {t("Download my data")}
            </Link>
          </section>
        </>
      )}
    </section>
  );
}

type DetailsFormValues = ReturnType<typeof memberDetailsFormValues> & { dob?: string };

function InvitationChoice() {
  const { invitationMails } = useLoaderData<typeof loader>();
  const result = resultFor(useActionData<typeof action>(), INVITATION_CHOICE_INTENT);
  const { t } = useTranslation();
  return (
    <section aria-labelledby="invitation-mails-heading" className="mt-8">
      <h2 id="invitation-mails-heading" className="text-lg font-semibold">
        {t("Invitation e-mails")}
      </h2>
      <Form method="post" className="mt-3 rounded-md border border-slate-200 bg-white p-4">
        <CheckboxField
          label={t("E-mail me when a new survey is waiting for me (at most one e-mail a day).")}
          hint={t("Without these e-mails, new surveys still appear on your dashboard.")}
          inputProps={{ id: "invitation-mails", name: "invitationMails", defaultChecked: invitationMails }}
          errors={result?.error?.invitationMails ?? undefined}
        />
        <SubmitButton name="intent" value={INVITATION_CHOICE_INTENT} pendingText={t("Saving…")}>
          {t("Update choice")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function DetailsForm() {
  const { incomplete, email, values, genders, countries } = useLoaderData<typeof loader>();
  const lastResult = detailsResult(useActionData<typeof action>());
  const [form, fields] = useForm<DetailsFormValues>({ id: "my-detail", lastResult, defaultValue: values });
  const { t } = useTranslation();
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 rounded-md border border-slate-200 bg-white p-4">
      {incomplete ? (
        <p className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("Some of your details are missing. Fill in every empty field to continue.")}
        </p>
      ) : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <InputField label={t("First Name")} field={fields.firstName} maxLength={50} autoComplete="given-name" />
        <InputField label={t("Last Name")} field={fields.lastName} maxLength={50} autoComplete="family-name" />
      </div>
      <Field
        label={t("Email")}
        inputProps={{ id: "my-detail-email", type: "email", value: email, readOnly: true, className: "bg-slate-100" }}
        hint={t("Your email address cannot be changed here.")}
      />
      <RadioGroupField legend={t("Gender")} {...groupOf(fields.gender)} choices={genders} />
      <fieldset className="mb-4">
        <legend className="text-sm font-medium text-slate-800">{t("Date Of Birth")}</legend>
        <div className="mt-1 grid grid-cols-[5.5rem_1fr_6.5rem] gap-2">
          <InputField
            label={t("Day")}
            field={fields.dobDay}
            inputMode="numeric"
            maxLength={2}
            autoComplete="bday-day"
          />
          <SelectField
            label={t("Month")}
            selectProps={{ ...getSelectProps(fields.dobMonth), autoComplete: "bday-month" }}
            errors={fields.dobMonth.errors}
          >
            <option value="">{t("Month")}</option>
            {MONTHS.map((month, index) => (
              <option key={month} value={String(index + 1)}>
                {t(month)}
              </option>
            ))}
          </SelectField>
          <InputField
            label={t("Year")}
            field={fields.dobYear}
            inputMode="numeric"
            maxLength={4}
            autoComplete="bday-year"
          />
        </div>
        <ErrorList id={fields.dob.errorId} errors={fields.dob.errors} />
      </fieldset>
      <SelectField
        label={t("Country")}
        selectProps={{ ...getSelectProps(fields.country), autoComplete: "country", required: true }}
        errors={fields.country.errors}
      >
        <CountryOptions countries={countries} />
      </SelectField>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <InputField label={t("State")} field={fields.state} maxLength={100} autoComplete="address-level1" />
        <InputField label={t("City")} field={fields.city} maxLength={100} autoComplete="address-level2" />
        <InputField label={t("ZIP / PIN Code")} field={fields.pin} maxLength={10} autoComplete="postal-code" />
        <InputField
          label={t("Phone / Mobile")}
          field={fields.mobile}
          type="tel"
          inputMode="numeric"
          maxLength={20}
          autoComplete="tel"
          hint={t("Optional.")}
        />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <SubmitButton pendingText={t("Saving…")}>{t("Save")}</SubmitButton>
        {incomplete ? null : (
          <Link to="/details/user" className="btn-secondary">
            {t("Cancel")}
          </Link>
        )}
      </div>
    </Form>
  );
}
