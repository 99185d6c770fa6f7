import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  CheckboxField,
  FormErrors,
  groupOf,
  InputField,
  RadioGroupField,
  SelectField,
  SubmitButton,
  TextareaField,
  useForm,
} from "~/components/forms";
import {
  MAX_LENGTH_MINUTES,
  MAX_SLUG_LENGTH,
  surveySchema,
  TOKEN_PLACEHOLDER,
  type SurveyDeliveryChoice,
} from "~/domain/survey-catalogue-schema";

// The create and edit form of a survey (/admin/survey/new and /admin/survey/{id}). Both delivery
// sections are in the page, so the form works without JavaScript; with it, only the chosen one shows.

const DELIVERY_CHOICES: { value: SurveyDeliveryChoice; label: string }[] = [
  { value: "hosted", label: "Hosted on the panel" },
  { value: "external", label: "External (a vendor's URL)" },
];

export interface SurveyFormChoices {
  categories: { id: number; name: string }[];
  screeners: { id: number; title: string }[];
  questionnaires: { id: number; title: string }[];
  countries: { code: string; name: string }[];
}

export type SurveyFormValues = Partial<
  Record<
    | "name"
    | "slug"
    | "description"
    | "categoryId"
    | "points"
    | "lengthMinutes"
    | "screenerId"
    | "quota"
    | "country"
    | "delivery"
    | "questionnaireId"
    | "externalUrl"
    | "requireCallback"
    | "screenOutPoints"
    | "closesAt"
    | "closeWhenQuotaFull",
    string
  >
>;

export function SurveyForm({
  id,
  lastResult,
  defaultValue,
  choices,
  submitLabel,
  pendingText,
  pointsHint,
}: {
  id: string;
  /** The points cap as it applies to this admin (decision 038). */
  pointsHint: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue: SurveyFormValues;
  choices: SurveyFormChoices;
  submitLabel: string;
  pendingText: string;
}) {
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(surveySchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: surveySchema }),
  });
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const delivery = fields.delivery.value as SurveyDeliveryChoice | undefined;

  return (
    <Form method="post" {...getFormProps(form)} className="max-w-2xl">
      <input type="hidden" name="intent" value="save" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <InputField label="Name" field={fields.name} autoComplete="off" />
      <InputField
        label="Slug"
        field={fields.slug}
        autoComplete="off"
        spellCheck={false}
        hint={`The survey's address on the panel. Leave it empty to make one from the name. Lowercase letters, digits and hyphens, at most ${MAX_SLUG_LENGTH} characters.`}
      />
      <TextareaField
        label="Description"
        textareaProps={{ ...getTextareaProps(fields.description), rows: 6, className: "font-mono text-sm" }}
        errors={fields.description.errors}
        hint={
          <>
            Limited HTML: &lt;p&gt;, &lt;br&gt;, &lt;strong&gt;, &lt;em&gt;, lists (&lt;ul&gt;, &lt;ol&gt;, &lt;li&gt;),
            headings &lt;h3&gt; and &lt;h4&gt;, and links &lt;a href&gt; to http, https or mailto addresses. Anything
            else is removed when the survey is saved.
          </>
        }
      />
      <SelectField label="Category" selectProps={getSelectProps(fields.categoryId)} errors={fields.categoryId.errors}>
        <option value="">Select category</option>
        {choices.categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <InputField
          label="Points"
          field={fields.points}
          type="number"
          step={1}
          inputMode="numeric"
          hint={`Credited to a member for a complete. ${pointsHint}`}
        />
        <InputField
          label="Length (minutes)"
          field={fields.lengthMinutes}
          type="number"
          step={1}
          inputMode="numeric"
          hint={`How long the survey takes, 1 to ${MAX_LENGTH_MINUTES} minutes.`}
        />
      </div>
      <InputField
        label="Screen-out compensation (points, optional)"
        field={fields.screenOutPoints}
        type="number"
        step={1}
        min={0}
        inputMode="numeric"
        hint="Credited once to a member screened out or over quota inside the survey (a vendor's terminate or over quota, or a full quota at the end); never for failing the pre-screener. At most a fifth of the points. Empty or 0: none."
      />
      <ChoiceField
        label="Screener (optional)"
        field={fields.screenerId}
        none="No screener"
        options={choices.screeners.map((screener) => ({
          value: screener.id,
          label: `#${screener.id} ${screener.title}`,
        }))}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <InputField
          label="Quota of completes (optional)"
          field={fields.quota}
          type="number"
          step={1}
          inputMode="numeric"
          hint="Once this many members completed, later starters get over quota. Empty: no quota."
        />
        <ChoiceField
          label="Country (optional)"
          field={fields.country}
          none="Any country"
          options={choices.countries.map((country) => ({ value: country.code, label: country.name }))}
        />
      </div>

      {/* Survey close (decision 062). */}
      <fieldset className="mb-4 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-800">Closing</legend>
        <InputField
          label="Close date (UTC, optional)"
          field={fields.closesAt}
          type="datetime-local"
          hint="From this moment (UTC) members no longer see the survey; members who started it may still finish within its length plus the grace period. Empty: no close date."
        />
        <CheckboxField
          label="Close when the quota is full"
          inputProps={getInputProps(fields.closeWhenQuotaFull, { type: "checkbox" })}
          errors={fields.closeWhenQuotaFull.errors}
          hint="Members no longer see the survey while its completes plus the starts still in progress fill the quota. Needs a quota."
        />
      </fieldset>

      <RadioGroupField legend="Delivery" {...groupOf(fields.delivery)} choices={DELIVERY_CHOICES} />

      <fieldset
        hidden={hydrated && delivery !== "hosted"}
        className="mb-4 rounded-md border border-slate-200 bg-slate-50 p-3"
      >
        <legend className="px-1 text-sm font-medium text-slate-800">Hosted survey</legend>
        <ChoiceField
          label="Questionnaire"
          field={fields.questionnaireId}
          none="Select questionnaire"
          options={choices.questionnaires.map((questionnaire) => ({
            value: questionnaire.id,
            label: `#${questionnaire.id} ${questionnaire.title}`,
          }))}
        />
        <p className="text-sm text-slate-600">
          Only hosted survey questionnaires no other survey uses are listed.{" "}
          <Link to="/admin/survey/build" className="text-brand-700 underline">
            Build a new hosted questionnaire
          </Link>
        </p>
      </fieldset>

      <fieldset
        hidden={hydrated && delivery !== "external"}
        className="mb-4 rounded-md border border-slate-200 bg-slate-50 p-3"
      >
        <legend className="px-1 text-sm font-medium text-slate-800">External survey</legend>
        <InputField
          label="Survey URL"
          field={fields.externalUrl}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          hint={`The vendor's http(s) address with ${TOKEN_PLACEHOLDER} where the respondent token goes, e.g. https://vendor.example/s/123?rid=${TOKEN_PLACEHOLDER}`}
        />
        <CheckboxField
          label="Require the server callback"
          inputProps={getInputProps(fields.requireCallback, { type: "checkbox" })}
          errors={fields.requireCallback.errors}
          hint="A complete counts only when the vendor's server confirms it with a signed callback; the member's return link alone then credits nothing and tells the member it is being confirmed."
        />
      </fieldset>

      <SubmitButton pendingText={pendingText}>{submitLabel}</SubmitButton>
    </Form>
  );
}

/** A select of the form's choices (screeners, countries, questionnaires), led by the option that picks none. */
function ChoiceField({
  label,
  field,
  none,
  options,
}: {
  label: string;
  field: Parameters<typeof getSelectProps>[0];
  none: string;
  options: { value: string | number; label: string }[];
}) {
  return (
    <SelectField label={label} selectProps={getSelectProps(field)} errors={field.errors}>
      <option value="">{none}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
