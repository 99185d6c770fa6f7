import { Form } from "@remix-run/react";
import { ConfirmationField, Field, FilterSelect, SubmitButton } from "~/components/forms";
import { UrlDialog } from "~/components/url-dialog";
import { useHydrated } from "~/components/use-hydrated";
import type { QueueFilterKey } from "~/domain/withdrawal-queue";
import { PAYMENT_CONFIRM_TEXT } from "~/domain/withdrawal-schema";

// The withdrawals queue's filter form and the confirmation step of Approve selected
// (/admin/withdrawal/req; docs/decisions/052-withdrawals-queue.md).

/** The filter form's values as typed (shown back whether valid or not), and their messages. */
export type FilterValues = Record<QueueFilterKey, string>;
export type FilterErrors = Partial<Record<QueueFilterKey, string[]>>;

/** What the confirmation step shows, computed by the action from the database. */
export interface BulkConfirmationSummary {
  referenceIds: string[];
  count: number;
  /** The total amount, formatted (₹ 1,234.50). */
  total: string;
  /** Selected but no longer pending. */
  skipped: number;
}

/** The GET form of filters: works without JavaScript, and its values stay in the URL. */
export function FilterForm({
  values,
  errors,
  options,
}: {
  values: FilterValues;
  errors: FilterErrors;
  options: { statuses: { value: string; label: string }[]; methods: { value: string; label: string }[] };
}) {
  const input = (id: QueueFilterKey, label: string, type: string, extra: Record<string, string> = {}) => (
    <Field
      label={label}
      errors={errors[id]}
      inputProps={{ id, name: id, type, defaultValue: values[id], autoComplete: "off", ...extra }}
    />
  );
  return (
    <Form method="get" role="search" aria-label="Filter withdrawal requests" className="mt-4">
      <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
        <FilterSelect
          id="status"
          label="Status"
          any="Any status"
          choices={options.statuses}
          value={values.status}
          errors={errors.status}
        />
        <FilterSelect
          id="method"
          label="Method"
          any="Any method"
          choices={options.methods}
          value={values.method}
          errors={errors.method}
        />
        <div />
        {input("from", "Requested from", "date")}
        {input("to", "Requested to", "date")}
        <div />
        {input("minAmount", "Amount from (₹)", "text", { inputMode: "decimal", maxLength: "11" })}
        {input("maxAmount", "Amount to (₹)", "text", { inputMode: "decimal", maxLength: "11" })}
      </div>
      <button type="submit" className="btn-primary">
        Filter
      </button>
    </Form>
  );
}

/**
 * The confirmation step of Approve selected: the count and total of the selected requests still
 * pending. A section of the page without JavaScript (with the required box), a modal with it.
 */
export function BulkConfirmation({
  confirm,
  errors,
  closeHref,
}: {
  confirm: BulkConfirmationSummary;
  errors: string[] | undefined;
  closeHref: string;
}) {
  const hydrated = useHydrated();
  const noun = confirm.count === 1 ? "withdrawal request" : "withdrawal requests";
  return (
    <UrlDialog headingId="bulk-confirmation-heading" title="Approve selected withdrawals" closeHref={closeHref}>
      <p data-testid="bulk-summary">
        Approve {confirm.count} {noun} for a total of {confirm.total}?
      </p>
      <p className="mt-1 font-mono text-xs text-slate-600">{confirm.referenceIds.join(", ")}</p>
      {confirm.skipped > 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          {confirm.skipped} of the selected {confirm.skipped === 1 ? "is" : "are"} no longer pending and will be left as{" "}
          {confirm.skipped === 1 ? "it is" : "they are"}.
        </p>
      ) : null}
      <p className="mt-2 text-sm text-slate-700">
        A request that needs two approvals (four eyes) is recorded as your first approval; a second, different admin
        pays it.
      </p>
      <Form method="post" className="mt-4 border-t border-slate-200 pt-4">
        {confirm.referenceIds.map((referenceId) => (
          <input key={referenceId} type="hidden" name="referenceId" value={referenceId} />
        ))}
        <input type="hidden" name="step" value="confirm" />
        {hydrated ? <p className="mb-3 text-sm font-medium">{PAYMENT_CONFIRM_TEXT}</p> : null}
        <ConfirmationField
          id="bulk-confirmed"
          label={PAYMENT_CONFIRM_TEXT}
          errors={errors}
          confirmedElsewhere={hydrated}
        />
        <SubmitButton name="intent" value="approve-selected" pendingText="Approving…">
          Approve {confirm.count} {noun}
        </SubmitButton>
      </Form>
    </UrlDialog>
  );
}
