import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { FormEvent, MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationField } from "~/components/forms";
import { ScreenerPageHeading } from "~/components/screener-pager";
import { StepButtons } from "~/components/step-buttons";
import { useHydrated } from "~/components/use-hydrated";
import { CONFIRM_MESSAGE, PRESCREENER_FAILED, surveyStartPath, type FormValues } from "~/domain/prescreener";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { QuestionnaireFields, useQuestionnaireForm } from "~/questionnaire/form";
import { StepHiddenFields } from "~/questionnaire/step-fields";
import { definitionThrough } from "~/questionnaire/steps";

// The pre-screener's form and results (decision 022). The form shows one page at a time; the
// answers of the other pages travel as hidden inputs, so each step is an ordinary post that works
// without JavaScript. With JavaScript the same schema checks the page before it is posted.

interface FormProps {
  definition: QuestionnaireDefinition;
  page: number;
  values: FormValues;
  result: SubmissionResult<string[]> | null;
  confirmError: string | null;
}

export function PrescreenerForm(props: FormProps) {
  // A fresh form for each page, with the answers the server sent back as its defaults.
  return <PageForm key={props.page} {...props} />;
}

/** Form values as conform's defaults: one string for a single answer, a list for a checkbox group. */
function defaults(values: FormValues) {
  return Object.fromEntries(
    Object.entries(values).map(([key, chosen]) => [key, chosen.length === 1 ? chosen[0] : chosen]),
  );
}

function PageForm({ definition, page, values, result, confirmError }: FormProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const last = page === definition.pages.length - 1;
  const [form] = useQuestionnaireForm({
    id: "prescreener",
    definition: definitionThrough(definition, page),
    defaultValue: defaults(values),
    lastResult: result,
  });
  const formProps = getFormProps(form);
  const hasErrors = Object.values(form.allErrors).some((messages) => messages.length > 0);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = submitter?.getAttribute("name") === "intent" ? submitter.getAttribute("value") : null;
    // Previous keeps whatever is on the page, answered or not.
    if (intent === "previous") return;
    formProps.onSubmit(event);
    if (event.defaultPrevented || intent === "next") return;
    if (!window.confirm(t(CONFIRM_MESSAGE))) event.preventDefault();
  }

  return (
    <Form
      method="post"
      {...formProps}
      onSubmit={onSubmit}
      className="mt-6 rounded-md border border-slate-200 bg-white p-4"
    >
      <StepHiddenFields definition={definition} page={page} values={values} />
      {definition.pages.length > 1 ? <ScreenerPageHeading index={page} count={definition.pages.length} /> : null}
      <QuestionnaireFields definition={definition} form={form} page={page} />
      {hasErrors || confirmError ? (
        <p role="alert" className="mb-3 text-sm font-medium text-red-700">
          {t("Correct the marked answers, then try again.")}
        </p>
      ) : null}
      {last ? (
        // With JavaScript the browser's confirm dialog asks instead of the box.
        <ConfirmationField
          id="prescreener-confirm"
          label={t("This action cannot be Repeated: I want to submit my answers.")}
          errors={confirmError ? [confirmError] : null}
          confirmedElsewhere={hydrated}
        />
      ) : null}
      <StepButtons page={page} last={last} />
      <p className="mt-4 text-sm text-slate-600">
        {t("Note: the screener must be submitted before the survey, to check your eligibility for it.")}
      </p>
    </Form>
  );
}

export function PrescreenerResult({ state, surveyId }: { state: "passed" | "failed"; surveyId: number }) {
  const { t } = useTranslation();
  if (state === "passed") {
    return (
      <div role="status" className="mt-6 rounded-md border border-green-300 bg-green-50 p-4">
        <p className="text-lg font-semibold text-green-900">{t("Screener Check Succesfull")}</p>
        {/* A document request: the survey may be on another site. */}
        <a href={surveyStartPath(surveyId)} className="btn-primary mt-4">
          {t("Proceed")}
        </a>
      </div>
    );
  }
  return (
    <div role="status" className="mt-6 rounded-md border border-slate-300 bg-white p-4">
      <p className="text-lg font-semibold text-slate-900">{t(PRESCREENER_FAILED.title)}</p>
      <p className="mt-2 text-slate-700">{t(PRESCREENER_FAILED.message)}</p>
      <a href="/dashboard" onClick={closeSurveyWindow} className="btn-secondary mt-4">
        {t("Close")}
      </a>
    </div>
  );
}

/**
 * Close closes the survey window the dashboard opened. A window the script did not open (a tab
 * opened without JavaScript) cannot be closed by script, so the link leads to the dashboard.
 */
function closeSurveyWindow(event: MouseEvent<HTMLAnchorElement>) {
  if (!window.opener) return;
  event.preventDefault();
  window.close();
}

export function SomethingWentWrong() {
  const { t } = useTranslation();
  return (
    <div className="py-8 text-center">
      <h1 className="text-2xl font-semibold">{t("Something went wrong")}</h1>
      <p className="mt-2 text-slate-600">
        {t("This screener is not available to you. Go back to your surveys to choose another one.")}
      </p>
      <a href="/dashboard" className="btn-primary mt-6">
        {t("Go to Dashboard")}
      </a>
    </div>
  );
}
