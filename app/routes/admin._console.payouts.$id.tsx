import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CELL, DataTable } from "~/components/data-table";
import { FormErrors, SubmitButton } from "~/components/forms";
import { MemberLink } from "~/components/member-link";
import { requireAdmin } from "~/domain/admin-auth.server";
import {
  MAX_RETURN_REASON,
  PAYOUT_BATCH_MESSAGES,
  recordFailedSchema,
  recordPaidSchema,
  RESULT_FILE_HELP,
} from "~/domain/payout-batch-schema";
import {
  describeUpload,
  getPayoutBatch,
  recordPayoutResult,
  uploadPayoutResults,
} from "~/domain/payout-batches.server";
import { MAX_PAYOUT_REFERENCE } from "~/domain/withdrawal-schema";
import { formErrorsOf, resultFor } from "~/lib/form-result";
import { readFormData, readIntent, refuseForm } from "~/lib/forms.server";
import { notFound, requireId } from "~/lib/http.server";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: `Payout batch | ${PRODUCT_NAME}` }];

// /admin/payouts/{id}: one batch, its file (/admin/payouts/{id}/file) and its payouts. Each Sent
// payout's result is recorded here, one by one (paid with the provider's reference, or failed with
// the reason the member reads), or for many at once with the provider's result file (decision 054).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const batch = await getPayoutBatch(requireId(params));
  if (!batch) throw notFound();
  return { batch };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const id = requireId(params);
  const formData = await readFormData(request);
  const intent = readIntent(formData, ["paid", "failed", "upload"]);
  if (!(await getPayoutBatch(id))) throw notFound();
  const here = `/admin/payouts/${id}`;

  if (intent === "upload") {
    const file = formData.get("file");
    if (!(file instanceof File) || file.size === 0) {
      return refuseForm(PAYOUT_BATCH_MESSAGES.fileRequired, { form: "upload" });
    }
    const report = await uploadPayoutResults(admin, id, await file.text());
    if (!report.ok) return refuseForm(report.message, { form: "upload" });
    return redirectWithToast(here, { type: "success", message: describeUpload(report) });
  }

  const schema = intent === "paid" ? recordPaidSchema : recordFailedSchema;
  const submission = parseWithZod(formData, { schema });
  const form = `${intent}:${String(formData.get("withdrawal") ?? "")}`;
  if (submission.status !== "success") {
    const messages = Object.values(submission.reply().error ?? {}).flat();
    return refuseForm(messages[0] ?? "This form could not be read. Reload the page and try again.", { form });
  }
  const value = submission.value;
  const result = await recordPayoutResult(
    admin,
    id,
    value.withdrawal,
    "payoutReference" in value
      ? { paid: true, payoutReference: value.payoutReference }
      : { paid: false, reason: value.reason },
  );
  if (!result.ok) return refuseForm(result.message, { form, status: 409 });
  return redirectWithToast(here, { type: "success", message: result.message });
}

export default function PayoutBatch() {
  const { batch } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="batch-heading">
      <h1 id="batch-heading" className="text-2xl font-semibold">
        Payout batch #{batch.id}
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        {batch.methodLabel} · {batch.withdrawals.length} payouts · {batch.amount} · created {batch.createdAt} by{" "}
        {batch.createdBy} ·{" "}
        <Link to="/admin/payouts" className="underline">
          All batches
        </Link>
      </p>
      <p className="mt-4">
        {/* A plain link: the file is a download, and every download is audited, so never prefetched. */}
        <a href={`/admin/payouts/${batch.id}/file`} download className="btn-primary">
          Download the {batch.methodLabel} batch file (CSV)
        </a>
      </p>

      {batch.open ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-6 rounded-md border border-slate-200 bg-white p-4"
        >
          <h2 className="font-semibold">Upload the provider&apos;s result file</h2>
          <p className="mt-1 text-sm text-slate-600">
            {RESULT_FILE_HELP} Paid rows need the transaction id; failed rows may give the reason the member reads.
          </p>
          <FormErrors id="upload-error" errors={formErrorsOf(resultFor(actionData, "upload"))} />
          <label htmlFor="result-file" className="mt-2 block text-sm font-medium">
            Result file (CSV)
          </label>
          <input id="result-file" type="file" name="file" accept=".csv,text/csv" required className="mt-1 block" />
          <div className="mt-3">
            <SubmitButton name="intent" value="upload" pendingText="Uploading…">
              Upload results
            </SubmitButton>
          </div>
        </Form>
      ) : (
        <p role="status" className="mt-6 rounded-md bg-slate-100 px-3 py-2 text-sm">
          Every payout of this batch has its result.
        </p>
      )}

      <DataTable
        headings={["Reference ID", "User ID", "Beneficiary", "Pays to", "Amount", "Status", "Result"]}
        className="mt-6"
      >
        {batch.withdrawals.map((row) => (
          <tr
            key={row.referenceId}
            className="border-t border-slate-200 align-top"
            data-testid={`payout-${row.referenceId}`}
          >
            <td className={`${CELL} font-mono`}>{row.referenceId}</td>
            <td className={CELL}>
              <MemberLink memberId={row.memberId}>{row.memberId}</MemberLink>
            </td>
            <td className={CELL}>{row.beneficiaryName}</td>
            <td className={`${CELL} break-all`}>{row.destination}</td>
            <td className={`${CELL} whitespace-nowrap`}>{row.amount}</td>
            <td className={CELL}>{row.statusLabel}</td>
            <td className={CELL}>
              {row.status === "sent" ? (
                <ResultForms referenceId={row.referenceId} actionData={actionData} />
              ) : row.status === "success" ? (
                <span>Reference {row.payoutReference}</span>
              ) : row.status === "returned" ? (
                <span>{row.returnReason}</span>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function ResultForms({
  referenceId,
  actionData,
}: {
  referenceId: string;
  actionData: ReturnType<typeof useActionData<typeof action>>;
}) {
  const paidErrors = formErrorsOf(resultFor(actionData, `paid:${referenceId}`));
  const failedErrors = formErrorsOf(resultFor(actionData, `failed:${referenceId}`));
  return (
    <div className="flex min-w-64 flex-col gap-2">
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="withdrawal" value={referenceId} />
        <label className="text-sm">
          Payout reference
          <input
            name="payoutReference"
            required
            maxLength={MAX_PAYOUT_REFERENCE}
            autoComplete="off"
            aria-label={`Payout reference of ${referenceId}`}
            className="mt-1 block w-44 rounded-md border border-slate-300 px-2 py-1"
          />
        </label>
        <SubmitButton name="intent" value="paid" pendingText="Saving…" className="btn-secondary">
          Mark paid
        </SubmitButton>
        <FormErrors id={`paid-${referenceId}-error`} errors={paidErrors} />
      </Form>
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="withdrawal" value={referenceId} />
        <label className="text-sm">
          Failure reason (the member reads it)
          <input
            name="reason"
            required
            maxLength={MAX_RETURN_REASON}
            aria-label={`Failure reason of ${referenceId}`}
            className="mt-1 block w-44 rounded-md border border-slate-300 px-2 py-1"
          />
        </label>
        <SubmitButton
          name="intent"
          value="failed"
          pendingText="Saving…"
          className="btn-secondary border-red-600 text-red-700"
        >
          Mark failed
        </SubmitButton>
        <FormErrors id={`failed-${referenceId}-error`} errors={failedErrors} />
      </Form>
    </div>
  );
}
