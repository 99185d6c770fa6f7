import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { CELL, DataTable } from "~/components/data-table";
import { FormErrors, SubmitButton, TextareaField, useForm } from "~/components/forms";
import { clearSignalForm, clearSignalSchema, MAX_ACTION_REASON } from "~/domain/member-actions-schema";
import { resultFor, type FormResult } from "~/lib/form-result";

// The member page's quality section (issue 20, decision 069): the score, and every signal in plain
// words; an open one can be cleared with a reason (audited), by a plain form that works without
// JavaScript.

export interface SignalView {
  id: number;
  label: string;
  sentence: string;
  raisedAt: string;
  cleared: { at: string; by: string | null; reason: string } | null;
}

export function QualitySignals({
  score,
  signals,
  actionData,
}: {
  score: number;
  signals: SignalView[];
  actionData: FormResult<unknown> | undefined;
}) {
  const open = signals.filter((signal) => !signal.cleared).length;
  return (
    <>
      <p>
        Quality score: <strong data-testid="quality-score">{score} of 100</strong>
        {open > 0 ? ` (${open} open signal${open === 1 ? "" : "s"})` : " (no open signals)"}
      </p>
      <DataTable
        headings={["Raised (UTC)", "Signal", "What the panel saw", "State"]}
        empty={signals.length === 0 ? "No quality signals." : undefined}
      >
        {signals.map((signal) => (
          <tr key={signal.id} className="border-t border-slate-200 align-top" data-testid="quality-signal">
            <td className={`whitespace-nowrap ${CELL}`}>{signal.raisedAt}</td>
            <td className={CELL}>{signal.label}</td>
            <td className={CELL}>{signal.sentence}</td>
            <td className={CELL}>
              {signal.cleared ? (
                <>
                  Cleared {signal.cleared.at}
                  {signal.cleared.by ? ` by ${signal.cleared.by}` : ""}: {signal.cleared.reason}
                </>
              ) : (
                <ClearSignalForm
                  signal={signal}
                  lastResult={resultFor(actionData, clearSignalForm(signal.id)) as SubmissionResult<string[]>}
                />
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

function ClearSignalForm({
  signal,
  lastResult,
}: {
  signal: SignalView;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: `clear-signal-${signal.id}`,
    lastResult,
    constraint: getZodConstraint(clearSignalSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: clearSignalSchema }),
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="min-w-64">
      <p className="mb-2">Open</p>
      <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.signalId.errors ?? [])]} />
      <input type="hidden" name={fields.signalId.name} value={signal.id} />
      <TextareaField
        label={`Why clear this ${signal.label.toLowerCase()} signal? (kept in the audit log)`}
        textareaProps={{ ...getTextareaProps(fields.reason), rows: 2, maxLength: MAX_ACTION_REASON }}
        errors={fields.reason.errors}
      />
      <SubmitButton name="intent" value="clear-signal" pendingText="Clearing…" className="btn-secondary">
        Clear the signal
      </SubmitButton>
    </Form>
  );
}
