import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  CountryOptions,
  ErrorList,
  Field,
  groupOf,
  InputField,
  RadioGroupField,
  SelectField,
  SubmitButton,
} from "~/components/forms";
import { missingDetails, requireVerifiedMember } from "~/domain/auth.server";
import { MONTHS } from "~/domain/member-profile-rules";
import {
  GENDER_LABELS,
  genderOptions,
  memberDetailsFormValues,
  memberDetailsView,
  parseMemberDetails,
  saveMemberDetails,
} from "~/domain/member-details.server";
import { listCountries } from "~/lib/countries.server";
import { readFormData } from "~/lib/forms.server";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: `My Detail | ${PRODUCT_NAME}` }];

// My Detail is read-only until Edit (a link to ?edit, so it works without JavaScript), and opens
// for editing at once while a required detail is missing. Its guard is requireVerifiedMember, not
// requireMemberWithDetails: this is the page that guard sends members to.
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireVerifiedMember(request);
  const incomplete = missingDetails(member).length > 0;
  const editing = incomplete || new URL(request.url).searchParams.has("edit");
  return {
    editing,
    incomplete,
    email: member.email,
    view: memberDetailsView(member),
    values: memberDetailsFormValues(member),
    genders: genderOptions(member.gender).map((value) => ({ value, label: GENDER_LABELS[value] })),
    countries: editing ? listCountries() : [],
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireVerifiedMember(request);
  const submission = parseMemberDetails(await readFormData(request), member);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await saveMemberDetails(member.id, submission.value);
  return redirectWithToast("/details/user", { type: "success", message: "Details Saved Successfully" });
}

export default function MyDetail() {
  const { editing, view } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="my-detail-heading">
      <h1 id="my-detail-heading" className="text-2xl font-semibold">
        My Detail
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
            Edit
          </Link>
        </>
      )}
    </section>
  );
}

type DetailsFormValues = ReturnType<typeof memberDetailsFormValues> & { dob?: string };

function DetailsForm() {
  const { incomplete, email, values, genders, countries } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<DetailsFormValues>({ id: "my-detail", lastResult, defaultValue: values });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 rounded-md border border-slate-200 bg-white p-4">
      {incomplete ? (
        <p className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Some of your details are missing. Fill in every empty field to continue.
        </p>
      ) : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <InputField label="First Name" field={fields.firstName} maxLength={50} autoComplete="given-name" />
        <InputField label="Last Name" field={fields.lastName} maxLength={50} autoComplete="family-name" />
      </div>
      <Field
        label="Email"
        inputProps={{ id: "my-detail-email", type: "email", value: email, readOnly: true, className: "bg-slate-100" }}
        hint="Your email address cannot be changed here."
      />
      <RadioGroupField legend="Gender" {...groupOf(fields.gender)} choices={genders} />
      <fieldset className="mb-4">
        <legend className="text-sm font-medium text-slate-800">Date Of Birth</legend>
        <div className="mt-1 grid grid-cols-[5.5rem_1fr_6.5rem] gap-2">
          <InputField label="Day" field={fields.dobDay} inputMode="numeric" maxLength={2} autoComplete="bday-day" />
          <SelectField
            label="Month"
            selectProps={{ ...getSelectProps(fields.dobMonth), autoComplete: "bday-month" }}
            errors={fields.dobMonth.errors}
          >
            <option value="">Month</option>
            {MONTHS.map((month, index) => (
              <option key={month} value={String(index + 1)}>
                {month}
              </option>
            ))}
          </SelectField>
          <InputField label="Year" field={fields.dobYear} inputMode="numeric" maxLength={4} autoComplete="bday-year" />
        </div>
        <ErrorList id={fields.dob.errorId} errors={fields.dob.errors} />
      </fieldset>
      <SelectField
        label="Country"
        selectProps={{ ...getSelectProps(fields.country), autoComplete: "country", required: true }}
        errors={fields.country.errors}
      >
        <CountryOptions countries={countries} />
      </SelectField>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <InputField label="State" field={fields.state} maxLength={100} autoComplete="address-level1" />
        <InputField label="City" field={fields.city} maxLength={100} autoComplete="address-level2" />
        <InputField label="ZIP / PIN Code" field={fields.pin} maxLength={10} autoComplete="postal-code" />
        <InputField
          label="Phone / Mobile"
          field={fields.mobile}
          type="tel"
          inputMode="numeric"
          maxLength={20}
          autoComplete="tel"
          hint="Optional."
        />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <SubmitButton pendingText="Saving…">Save</SubmitButton>
        {incomplete ? null : (
          <Link to="/details/user" className="btn-secondary">
            Cancel
          </Link>
        )}
      </div>
    </Form>
  );
}
