import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AudienceConfirmation } from "~/components/audience-confirmation";
import { FormErrors, InputField, SelectField, SubmitButton, useForm } from "~/components/forms";
import { assignSchema } from "~/domain/assignment-schema";

// The spec's assign modal: a searchable screener pick, points, and a user id or 'Assign to all
// Users'. The screener search is a GET form of its own (forms cannot nest) that narrows the list on
// the server; with JavaScript typing in it also hides the options that do not match, at once.

export interface AssignFormSurvey {
  id: number;
  name: string;
  points: number;
  screenerId: number | null;
  targetCount: number;
}

export function AssignSurveyForm({
  survey,
  screeners,
  screenerFilter,
  page,
  lastResult,
  pointsHint,
  audienceCount,
}: {
  survey: AssignFormSurvey;
  /** How many members 'Assign to all Users' reaches now. */
  audienceCount: number;
  /** The points cap as it applies to this admin (decision 038). */
  pointsHint: string;
  screeners: { id: number; title: string }[];
  screenerFilter: string;
  page: number;
  lastResult: (SubmissionResult<string[]> & { confirm?: number }) | null | undefined;
}) {
  if (lastResult?.confirm !== undefined) {
    const values = (lastResult.initialValue ?? {}) as Record<string, unknown>;
    const hidden = ["survey_id", "screener_id", "points", "all_users"]
      .filter((name) => typeof values[name] === "string" && values[name] !== "")
      .map((name): [string, string] => [name, values[name] as string]);
    return (
      <AudienceConfirmation count={lastResult.confirm} hidden={hidden} backHref={`?page=${page}&assign=${survey.id}`} />
    );
  }
  return (
    <AssignForm
      survey={survey}
      screeners={screeners}
      screenerFilter={screenerFilter}
      page={page}
      lastResult={lastResult}
      pointsHint={pointsHint}
      audienceCount={audienceCount}
    />
  );
}

function AssignForm({
  survey,
  screeners,
  screenerFilter,
  page,
  lastResult,
  pointsHint,
  audienceCount,
}: Parameters<typeof AssignSurveyForm>[0]) {
  const [form, fields] = useForm({
    id: `assign-${survey.id}`,
    lastResult,
    defaultValue: {
      survey_id: String(survey.id),
      screener_id: survey.screenerId ? String(survey.screenerId) : "",
      points: String(survey.points),
    },
    constraint: getZodConstraint(assignSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: assignSchema }),
  });
  const [filter, setFilter] = useState(screenerFilter);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const shown = (title: string) => !hydrated || title.toLowerCase().includes(filter.trim().toLowerCase());

  return (
    <div>
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-2" preventScrollReset>
        <input type="hidden" name="page" value={page} />
        <input type="hidden" name="assign" value={survey.id} />
        <div className="grow">
          <label htmlFor="screener-search" className="block text-sm font-medium text-slate-800">
            Search screeners
          </label>
          <input
            id="screener-search"
            name="screener_q"
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          />
        </div>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>

      <Form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input {...getInputProps(fields.survey_id, { type: "hidden" })} />
        <SelectField
          label="Screener"
          selectProps={getSelectProps(fields.screener_id)}
          errors={fields.screener_id.errors}
        >
          <option value="">No screener</option>
          {screeners.map((screener) => (
            <option key={screener.id} value={screener.id} hidden={!shown(screener.title)}>
              {screener.title} (#{screener.id})
            </option>
          ))}
        </SelectField>
        <InputField label="Points" field={fields.points} type="number" step={1} inputMode="numeric" hint={pointsHint} />
        <InputField label="User id" field={fields.user} type="number" step={1} inputMode="numeric" required={false} />
        <div className="mb-4 flex items-center gap-2">
          <input {...getInputProps(fields.all_users, { type: "checkbox" })} className="h-4 w-4" />
          <label htmlFor={fields.all_users.id} className="text-sm font-medium text-slate-800">
            Assign to all Users
          </label>
        </div>
        <p className="mb-4 text-sm text-slate-600">
          All Users means every active, verified member of the survey&apos;s country (when it has one)
          {survey.targetCount > 0 ? `, matching its ${survey.targetCount} demographic rows` : ""}, now and as members
          join or change their profile.{" "}
          <strong data-testid="audience-count" className="text-slate-900">
            {audienceCount.toLocaleString("en-US")} {audienceCount === 1 ? "member matches" : "members match"} now.
          </strong>
        </p>
        <SubmitButton pendingText="Assigning…" className="btn-primary w-full">
          Assign
        </SubmitButton>
      </Form>
    </div>
  );
}
