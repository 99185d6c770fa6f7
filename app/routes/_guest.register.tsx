import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  CheckboxField,
  CountryOptions,
  ErrorList,
  errorAria,
  InputField,
  SelectField,
  SubmitButton,
  useForm,
} from "~/components/forms";
import { TermsAgreementLabel } from "~/components/terms-agreement-label";
import { requireGuest } from "~/domain/auth.server";
import { isGoogleSignInEnabled } from "~/domain/google-auth.server";
import {
  GENDERS,
  MONTHS,
  registrationBanner,
  stepOneSchema,
  stepTwoSchema,
  type StepOneInput,
} from "~/domain/registration-schema";
import { getLanguage, getT } from "~/i18n/i18n.server";
import { listCountries } from "~/lib/countries.server";
import { handleRegisterPost, registerPage, type StepOneValues } from "./_guest.register.server";
import { titleMeta } from "~/lib/page-title";

export const meta: MetaFunction<typeof loader> = titleMeta("Register");

// Step 2 shows the name and e-mail of this browser's draft: never stored by a cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  const { start, headers } = await registerPage(request);
  const language = await getLanguage(request);
  const t = await getT(language);
  return data(
    {
      title: t("Register"),
      countries: listCountries(language),
      thisYear: new Date().getUTCFullYear(),
      googleEnabled: isGoogleSignInEnabled(),
      start,
    },
    { headers },
  );
}

// Next, Previous and Register all post here; each is handled in _guest.register.server.ts. Step 1
// is kept on the server as this browser's draft for 24 hours, so the page itself shows step 2 again
// after a reload (docs/decisions/076-registration-drafts.md).
export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request);
  return handleRegisterPost(request);
}

export default function Register() {
  const { countries, thisYear, googleEnabled, start } = useLoaderData<typeof loader>();
  // A post's answer, else what the page shows for this browser's draft.
  const answer = useActionData<typeof action>() ?? start;
  const step = answer?.pageState;
  // conform's result for the step's fields; a step shown cleanly (Next passed, Previous) has none.
  const result = answer && answer.status !== "success" ? answer : null;
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{t("Register")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("Step {{step}} of 2", { step: step?.step === 2 ? 2 : 1 })}</p>
      <div className="mt-6 rounded-md border border-slate-200 bg-white p-4 sm:p-6">
        {step?.step === 2 ? (
          <StepTwo result={result} who={step.who} countries={countries} thisYear={thisYear} />
        ) : (
          <StepOne result={result} defaultValue={step?.defaultValue ?? null} />
        )}
      </div>
      <div className="mt-6 text-center">
        {googleEnabled ? <GoogleSignUpForm /> : null}
        <p className="mt-4 text-sm text-slate-600">
          {t("Already a member?")}{" "}
          <Link to="/login" className="text-brand-600 underline">
            {t("Log In")}
          </Link>
        </p>
      </div>
    </main>
  );
}

function StepOne({ result, defaultValue }: { result: SubmissionResult | null; defaultValue: StepOneValues | null }) {
  const [form, fields] = useForm<StepOneInput>({
    id: "register-step-1",
    lastResult: result,
    defaultValue: defaultValue ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: stepOneSchema() }),
  });
  const { t } = useTranslation();
  return (
    // noValidate: the spec's messages come from the schema, not from the browser's bubbles.
    <Form method="post" {...getFormProps(form)} noValidate>
      <Banner errors={form.allErrors} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <InputField label={t("First Name")} field={fields.fName} autoComplete="given-name" />
        <InputField label={t("Last Name")} field={fields.lName} autoComplete="family-name" />
      </div>
      <InputField label={t("Email")} field={fields.email} type="email" autoComplete="email" />
      <InputField
        label={t("Password")}
        field={fields.password}
        type="password"
        autoComplete="new-password"
        hint={t("At least 8 characters, and not a commonly used password.")}
      />
      <InputField
        label={t("Confirm Password")}
        field={fields.password_confirmation}
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton name="intent" value="next" pendingText={t("Checking…")}>
        {t("Next")}
      </SubmitButton>
    </Form>
  );
}

function StepTwo({
  result,
  who,
  countries,
  thisYear,
}: {
  result: SubmissionResult | null;
  who: { name: string; email: string };
  countries: { code: string; name: string }[];
  thisYear: number;
}) {
  const [form, fields] = useForm({
    id: "register-step-2",
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: stepTwoSchema({
          today: new Date(),
          isCountry: (code) => countries.some((country) => country.code === code),
        }),
      }),
  });
  const { t } = useTranslation();
  const navigation = useNavigation();
  const goingBack = navigation.state === "submitting" && navigation.formData?.get("intent") === "previous";
  const dobErrors = [fields.day, fields.month, fields.year].flatMap((field) => field.errors ?? []);
  dobErrors.push(...(form.allErrors.dob ?? []));
  const dobAria = errorAria(dobErrors.length ? "dob-error" : undefined);
  const dobBorder = dobErrors.length ? "border-red-600" : "border-slate-300";
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">
        {t("Registering")} <strong>{who.name}</strong> ({who.email})
      </p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <Banner errors={form.allErrors} />
        <SelectField label={t("Country")} selectProps={getSelectProps(fields.country)} errors={fields.country.errors}>
          <CountryOptions countries={countries} />
        </SelectField>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <InputField label={t("State / Region")} field={fields.state} autoComplete="address-level1" />
          <InputField label={t("City")} field={fields.city} autoComplete="address-level2" />
        </div>
        <InputField label={t("ZIP / PIN Code")} field={fields.pin} autoComplete="postal-code" maxLength={10} />
        <fieldset className="mb-4">
          <legend className="block text-sm font-medium text-slate-800">{t("Date of Birth")}</legend>
          <div className="mt-1 grid grid-cols-[4rem_1fr_5rem] gap-2">
            <input
              {...getInputProps(fields.day, { type: "text" })}
              aria-label={t("Day")}
              placeholder={t("DD")}
              inputMode="numeric"
              maxLength={2}
              onInput={(event) => clampDigits(event, 2, 31)}
              {...dobAria}
              className={`rounded-md border px-3 py-2 ${dobBorder}`}
            />
            <select
              {...getSelectProps(fields.month)}
              aria-label={t("Month")}
              {...dobAria}
              className={`rounded-md border bg-white px-2 py-2 ${dobBorder}`}
            >
              <option value="">{t("Month")}</option>
              {MONTHS.map((name, index) => (
                <option key={name} value={String(index + 1)}>
                  {t(name)}
                </option>
              ))}
            </select>
            <input
              {...getInputProps(fields.year, { type: "text" })}
              aria-label={t("Year")}
              placeholder={t("YYYY")}
              inputMode="numeric"
              maxLength={4}
              onInput={(event) => clampDigits(event, 4, thisYear)}
              {...dobAria}
              className={`rounded-md border px-3 py-2 ${dobBorder}`}
            />
          </div>
          <ErrorList id="dob-error" errors={dobErrors} />
        </fieldset>
        <SelectField label={t("Gender")} selectProps={getSelectProps(fields.gender)} errors={fields.gender.errors}>
          <option value="">{t("Select gender")}</option>
          {GENDERS.map((gender) => (
            <option key={gender.value} value={gender.value}>
              {t(gender.label)}
            </option>
          ))}
        </SelectField>
        <InputField
          label={t("Phone / Mobile (optional)")}
          field={fields.mobile}
          type="tel"
          autoComplete="tel"
          maxLength={20}
        />
        <CheckboxField
          label={<TermsAgreementLabel />}
          inputProps={getInputProps(fields.terms, { type: "checkbox" })}
          errors={fields.terms.errors}
        />
        <div className="flex flex-wrap gap-3">
          {/* Previous posts the separate form below, so it skips this form's validation and Enter
              in a field still means Register. */}
          <button type="submit" form="register-previous" className="btn-secondary" disabled={goingBack}>
            {goingBack ? t("Going back…") : t("Previous")}
          </button>
          <SubmitButton name="intent" value="register" pendingText={t("Registering…")}>
            {t("Register")}
          </SubmitButton>
        </div>
      </Form>
      <Form method="post" id="register-previous">
        <input type="hidden" name="intent" value="previous" />
      </Form>
    </>
  );
}

/** Google sign-up leaves the app (a full page load), so the button stays busy until the page goes. */
function GoogleSignUpForm() {
  const [leaving, setLeaving] = useState(false);
  const { t } = useTranslation();
  return (
    <Form method="post" action="/auth/google" reloadDocument onSubmit={() => setLeaving(true)}>
      <button type="submit" className="btn-secondary" disabled={leaving}>
        {leaving ? t("Please wait...") : t("Sign up with Google")}
      </button>
    </Form>
  );
}

function Banner({ errors }: { errors: Record<string, string[] | null | undefined> }) {
  const { t } = useTranslation();
  const message = registrationBanner(errors, (text, values) => t(text, values));
  if (!message) return null;
  return (
    <p
      id="register-message"
      role="alert"
      className="mb-4 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      {message}
    </p>
  );
}

/** The spec's day and year inputs: digits only, cut to their length and capped (31, this year). */
function clampDigits(event: FormEvent<HTMLInputElement>, length: number, max: number) {
  const input = event.currentTarget;
  let digits = input.value.replace(/\D/g, "").slice(0, length);
  if (digits.length === length && Number(digits) > max) digits = String(max);
  if (digits !== input.value) input.value = digits;
}
