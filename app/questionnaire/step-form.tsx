import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { StepButtons } from "~/components/step-buttons";
import type { FormResult } from "~/lib/form-result";
import type { Answers, QuestionnaireDefinition } from "./definition";
import { QuestionnaireFields, useQuestionnaireForm } from "./form";
import { parseAnswers } from "./schema";
import { StepHiddenFields } from "./step-fields";
import { answersAsPosted, definitionThrough, postedValuesOf, type PostedValues } from "./steps";

// The form of a questionnaire of several pages, one page at a time (decision 075): each Next is an
// ordinary post that the server saves as a draft, so it works without JavaScript and survives a
// dropped connection. The other pages' answers travel as hidden inputs, so the page's schema (and
// conditions on earlier answers) check it the same in the browser and on the server.

export interface StepFormProps {
  id: string;
  definition: QuestionnaireDefinition;
  /** The page the server says to show (0-based): where the member resumes, or the one asked for. */
  page: number;
  /** The saved pages' answers. */
  saved: Answers;
  /** The action's answer to the last post: a refused page, with the page to show in pageState. */
  result: FormResult<{ page?: number }> | null | undefined;
  /** Shown above the buttons while the page has errors. */
  errorNote: string;
  submitLabel?: string;
  submitPendingText?: string;
  /** Shown on the last page above the buttons. */
  lastPageNote?: ReactNode;
  /** Beside the step buttons (Cancel). */
  extraButton?: ReactNode;
  /** With JavaScript, the page's own errors when the browser refuses it before posting. */
  onRefused?: (errors: Record<string, string[] | null | undefined>) => void;
  className?: string;
}

export function QuestionnaireStepForm(props: StepFormProps) {
  const page = props.result?.pageState?.page ?? props.page;
  // A fresh form for each page: conform keeps its state while the route stays mounted.
  return <StepPage key={page} {...props} page={page} />;
}

function StepPage({
  id,
  definition,
  page,
  saved,
  result,
  errorNote,
  submitLabel,
  submitPendingText,
  lastPageNote,
  extraButton,
  onRefused,
  className,
}: StepFormProps) {
  const { t } = useTranslation();
  const last = page === definition.pages.length - 1;
  const through = definitionThrough(definition, page);
  const [form] = useQuestionnaireForm({ id, definition: through, defaultValue: saved, lastResult: result });
  const formProps = getFormProps(form);
  // After a refused post, what was posted (the answers of this try); else the saved pages.
  const values: PostedValues = result ? postedValuesOf(result.initialValue) : answersAsPosted(saved);
  const hasErrors = Object.values(form.allErrors).some((messages) => messages.length > 0);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // Previous goes back with whatever is on the page, answered or not.
    if (submitter?.getAttribute("name") === "intent" && submitter.getAttribute("value") === "previous") return;
    formProps.onSubmit(event);
    if (!event.defaultPrevented || !onRefused) return;
    const submission = parseAnswers(new FormData(event.currentTarget), through);
    if (submission.status === "error") onRefused(submission.error ?? {});
  }

  return (
    <Form method="post" {...formProps} onSubmit={onSubmit} className={className}>
      <StepHiddenFields definition={definition} page={page} values={values} />
      <p className="mb-3 text-sm text-slate-600">
        {t("Page {{page}} of {{pages}}. Your answers are saved each time you press Next.", {
          page: page + 1,
          pages: definition.pages.length,
        })}
      </p>
      <QuestionnaireFields definition={definition} form={form} page={page} />
      {hasErrors ? (
        <p role="alert" className="mb-3 text-sm font-medium text-red-700">
          {errorNote}
        </p>
      ) : null}
      {last ? lastPageNote : null}
      <div className="flex flex-wrap items-center gap-3">
        {extraButton}
        <StepButtons page={page} last={last} submitLabel={submitLabel} submitPendingText={submitPendingText} />
      </div>
    </Form>
  );
}
