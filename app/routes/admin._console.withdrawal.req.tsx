import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { CELL, DataTable, PageLinks, pageParam, pageSummary, TablePage } from "~/components/data-table";
import { DownloadCsvLink } from "~/components/download-csv-link";
import { FormErrors, SubmitButton, TextareaField } from "~/components/forms";
import { MemberLink } from "~/components/member-link";
import { BulkConfirmation, FilterForm, type FilterErrors, type FilterValues } from "~/components/withdrawal-queue";
import { useHydrated } from "~/components/use-hydrated";
import { requireAdmin } from "~/domain/admin-auth.server";
import {
  approveWithdrawals,
  bulkApproveSchema,
  bulkOutcomeToast,
  bulkRejectSchema,
  METHOD_OPTIONS,
  QUEUE_MESSAGES,
  queueFilterSchema,
  queueWhere,
  rejectWithdrawals,
  summariseSelection,
  withdrawalStatusOptions,
} from "~/domain/withdrawal-queue.server";
import { QUEUE_FILTER_KEYS } from "~/domain/withdrawal-queue";
import { MAX_REJECT_REASON, WITHDRAWAL_MESSAGES } from "~/domain/withdrawal-schema";
import { listWithdrawals } from "~/domain/withdrawals.server";
import type { FormResult } from "~/lib/form-result";
import { formResult, readFormData, readIntent, refuseForm } from "~/lib/forms.server";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";
import { utcMinute } from "~/lib/utc-minute";

export const meta: MetaFunction = () => [{ title: `Withdrawal Requests | ${PRODUCT_NAME}` }];

// /admin/withdrawal/req (the spec's WithdrawalRequest), the operator's withdrawals queue: every
// request, pending ones first, 20 a page, narrowed by a GET form of filters kept in the URL.
// Proceed on a pending row (or an approved one, to reject it) opens its Payment Confirmation (the
// child route, in the Outlet: a modal with JavaScript, a section of this page without). The table is
// also a POST form: the boxes of pending rows select them for Approve selected (which first answers
// a confirmation step with the count and total) or Reject selected (one reason for all). Each
// selected withdrawal goes through the single approve or reject. See docs/decisions/026-withdrawals.md
// and 052-withdrawals-queue.md.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  // What was typed, shown back in the form (and kept by the page links) whether valid or not.
  const values = Object.fromEntries(QUEUE_FILTER_KEYS.map((key) => [key, params.get(key) ?? ""])) as FilterValues;
  const options = { statuses: withdrawalStatusOptions(), methods: METHOD_OPTIONS };
  const filters = queueFilterSchema.safeParse(
    Object.fromEntries(QUEUE_FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined])),
  );
  if (!filters.success) {
    const errors = filters.error.flatten().fieldErrors as FilterErrors;
    return { values, options, errors, rows: [], page: 1, pageCount: 1, total: 0 };
  }
  const list = await listWithdrawals(pageParam(params.get("page")), queueWhere(filters.data));
  return { values, options, errors: {} as FilterErrors, ...list };
}

type ConfirmState = { confirm: Awaited<ReturnType<typeof summariseSelection>> };

export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const formData = await readFormData(request);
  const url = new URL(request.url);
  // Back to the same list: the same filters and page.
  const back = `${url.pathname}${url.search}`;
  if (readIntent(formData, ["approve-selected", "reject-selected"]) === "reject-selected") {
    const submission = parseWithZod(formData, { schema: bulkRejectSchema });
    if (submission.status !== "success") return formResult(submission.reply(), { form: "bulk" });
    const outcome = await rejectWithdrawals(admin, submission.value.referenceId, submission.value.reason);
    return redirectWithToast(back, bulkOutcomeToast(outcome));
  }
  const submission = parseWithZod(formData, { schema: bulkApproveSchema });
  if (submission.status !== "success") {
    return formResult(submission.reply(), { form: "bulk" });
  }
  const { referenceId, confirmed, step } = submission.value;
  if (!confirmed) {
    // The confirmation step: what would be approved, from the database now, not from the page.
    const confirm = await summariseSelection(referenceId);
    if (confirm.count === 0) return refuseForm(QUEUE_MESSAGES.noneStillPending, { form: "bulk", status: 409 });
    const error = step === "confirm" ? { confirmed: [WITHDRAWAL_MESSAGES.confirmRequired] } : undefined;
    return formResult<ConfirmState>(
      { status: error ? "error" : "success", ...(error ? { error } : {}) },
      { form: "confirm", status: error ? 400 : 200, pageState: { confirm } },
    );
  }
  const outcome = await approveWithdrawals(admin, referenceId);
  return redirectWithToast(back, bulkOutcomeToast(outcome));
}

export default function WithdrawalRequests() {
  const { values, options, errors, rows, page, pageCount, total } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormResult<ConfirmState> | undefined;
  const location = useLocation();
  const kept = QUEUE_FILTER_KEYS.filter((key) => values[key] !== "").map((key) => [key, values[key]]);
  const pageHref = (number: number) => `?${new URLSearchParams([...kept, ["page", String(number)]])}`;
  const filtered = kept.length > 0;
  const invalid = Object.keys(errors).length > 0;
  const confirm = actionData?.pageState?.confirm;
  return (
    <TablePage id="withdrawals" title="Withdrawal Requests" summary={pageSummary(total, "requests", page, pageCount)}>
      <p className="mt-2 text-sm">
        <Link to="/admin/payouts" className="underline">
          Payout batches
        </Link>
      </p>
      <Outlet />
      <DownloadCsvLink to="/admin/withdrawal/export.csv" keepCurrentQuery />
      <FilterForm key={JSON.stringify(values)} values={values} errors={errors} options={options} />
      {confirm ? (
        <BulkConfirmation
          confirm={confirm}
          errors={actionData?.error?.confirmed ?? undefined}
          closeHref={`${location.pathname}${location.search}`}
        />
      ) : null}
      {invalid ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          Some filters are not valid: correct them above to see the list.
        </p>
      ) : (
        <BulkForm
          rows={rows}
          detailQuery={new URLSearchParams([...kept, ["page", String(page)]]).toString()}
          result={actionData?.form === "bulk" ? actionData : undefined}
          empty={filtered ? "No withdrawal requests match these filters." : "No withdrawal requests yet."}
        />
      )}
      <PageLinks page={page} pageCount={pageCount} label="Withdrawal request pages" href={pageHref} />
      {filtered ? (
        <Link to="/admin/withdrawal/req" className="mt-3 inline-block text-sm text-brand-600 underline">
          All withdrawal requests
        </Link>
      ) : null}
    </TablePage>
  );
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

/**
 * The table as one POST form: a box on each pending row, then Approve selected and Reject
 * selected (with its reason). Without JavaScript the boxes are the form's own inputs; with it a
 * "Select all on this page" box ticks them all.
 */
function BulkForm({
  rows,
  detailQuery,
  result,
  empty,
}: {
  rows: Row[];
  /** The list's filters and page, kept by Proceed so the list behind the confirmation stays as it is. */
  detailQuery: string;
  result: FormResult<unknown> | undefined;
  empty: string;
}) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const pendingRows = rows.filter((row) => row.status === "pending");
  const formErrors = Object.entries(result?.error ?? {})
    .filter(([key]) => key !== "reason")
    .flatMap(([, messages]) => messages ?? []);
  return (
    <Form method="post" ref={form} id="bulk-withdrawals" aria-label="Selected withdrawal requests" className="mt-4">
      <FormErrors id="bulk-withdrawals-error" errors={[...new Set(formErrors)]} />
      {hydrated && pendingRows.length > 0 ? (
        <label className="mb-2 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            onChange={(event) => {
              for (const box of form.current?.querySelectorAll<HTMLInputElement>('input[name="referenceId"]') ?? []) {
                box.checked = event.currentTarget.checked;
              }
            }}
          />
          Select all on this page
        </label>
      ) : null}
      <DataTable
        headings={[
          "Select",
          "#",
          "Requested",
          "Member e-mail",
          "Country",
          "Method",
          "Points",
          "Amount",
          "Status",
          "Reference",
          "Action",
        ]}
        empty={rows.length === 0 ? empty : undefined}
      >
        {rows.map((row) => (
          <QueueRow key={row.referenceId} row={row} detailQuery={detailQuery} />
        ))}
      </DataTable>
      {pendingRows.length > 0 ? (
        <fieldset className="mt-4 rounded-md border border-slate-200 bg-white p-4">
          <legend className="px-1 text-sm font-semibold">With the selected pending requests</legend>
          <SubmitButton name="intent" value="approve-selected" pendingText="Checking…">
            Approve selected
          </SubmitButton>
          <div className="mt-4 border-t border-slate-200 pt-4">
            <TextareaField
              label="Reason for rejection (shown to each member)"
              textareaProps={{ id: "bulk-reason", name: "reason", rows: 2, maxLength: MAX_REJECT_REASON }}
              errors={result?.error?.reason}
            />
            <SubmitButton
              name="intent"
              value="reject-selected"
              pendingText="Rejecting…"
              className="btn-secondary mt-2 border-red-600 text-red-700"
            >
              Reject selected and return the points
            </SubmitButton>
          </div>
        </fieldset>
      ) : null}
    </Form>
  );
}

function QueueRow({ row, detailQuery }: { row: Row; detailQuery: string }) {
  const pending = row.status === "pending";
  // An approved request awaiting its payout batch opens too: it can still be rejected.
  const open = pending || row.status === "approved";
  return (
    <tr className="border-t border-slate-200">
      <td className={CELL}>
        {pending ? (
          <input
            type="checkbox"
            name="referenceId"
            value={row.referenceId}
            aria-label={`Select ${row.referenceId}`}
            className="h-4 w-4"
          />
        ) : null}
      </td>
      <td className={CELL}>{row.serial}</td>
      <td className={`${CELL} whitespace-nowrap`}>
        <time dateTime={row.requestedAt}>{utcMinute(row.requestedAt)}</time>
      </td>
      <td className={CELL}>
        <MemberLink memberId={row.memberId}>{row.email}</MemberLink>
      </td>
      <td className={CELL}>{row.country ?? "N/A"}</td>
      <td className={CELL}>{row.method}</td>
      <td className={CELL}>{row.points}</td>
      <td className={`${CELL} whitespace-nowrap`}>{row.amount}</td>
      <td className={CELL}>{row.statusLabel}</td>
      <td className={`${CELL} font-mono`}>{row.referenceId}</td>
      <td className={CELL}>
        {open ? (
          <Link
            to={`/admin/withdrawal/req/${row.referenceId}?${detailQuery}`}
            preventScrollReset
            aria-label={`Proceed ${row.referenceId}`}
            className="btn-primary"
          >
            Proceed
          </Link>
        ) : (
          <button
            type="button"
            disabled
            aria-label={`Proceed ${row.referenceId} (${row.statusLabel})`}
            className="btn-secondary opacity-60"
          >
            Proceed
          </button>
        )}
      </td>
    </tr>
  );
}
