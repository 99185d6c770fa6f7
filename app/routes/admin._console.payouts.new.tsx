import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { CELL, DataTable } from "~/components/data-table";
import { FormErrors, SubmitButton } from "~/components/forms";
import { MemberLink } from "~/components/member-link";
import { requireAdmin } from "~/domain/admin-auth.server";
import { createPayoutBatchSchema, MAX_BATCH_SIZE, payoutMethodSchema } from "~/domain/payout-batch-schema";
import { createPayoutBatch, listBatchCandidates } from "~/domain/payout-batches.server";
import { PAYOUT_METHOD_LABEL } from "~/domain/payment-accounts";
import { formErrorsOf } from "~/lib/form-result";
import { formResult, readFormData, readIntent, refuseForm } from "~/lib/forms.server";
import { notFound } from "~/lib/http.server";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: `New payout batch | ${PRODUCT_NAME}` }];

// /admin/payouts/new?method=upi|bank|paypal: the approved withdrawals of one method that no batch
// holds yet, each with a checkbox (all ticked to start with); "Create batch" records the batch and
// marks the ticked ones Sent, then opens the batch's page with its file (decision 054). Withdrawals of
// suspended or closed members are on hold (decision 051): counted, not listed.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const method = methodParam(request);
  return { method, label: PAYOUT_METHOD_LABEL[method], ...(await listBatchCandidates(method)) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const formData = await readFormData(request);
  readIntent(formData, ["create"]);
  const submission = parseWithZod(formData, { schema: createPayoutBatchSchema });
  if (submission.status !== "success") {
    // The checkboxes' message, or the method's: either way the form's own message.
    const messages = Object.values(submission.reply().error ?? {}).flat();
    return refuseForm(messages[0] ?? "This form could not be read. Reload the page and try again.", {
      form: "create",
    });
  }
  const { method, withdrawals } = submission.value;
  const result = await createPayoutBatch(admin, method, withdrawals);
  if (!result.ok)
    return formResult(submission.reply({ formErrors: [result.message] }), { form: "create", status: 409 });
  return redirectWithToast(`/admin/payouts/${result.batchId}`, { type: "success", message: result.message });
}

export default function NewPayoutBatch() {
  const { method, label, rows, more, onHold } = useLoaderData<typeof loader>();
  const errors = formErrorsOf(useActionData<typeof action>());
  return (
    <section aria-labelledby="new-batch-heading">
      <h1 id="new-batch-heading" className="text-2xl font-semibold">
        New {label} payout batch
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        Approved {label} withdrawals awaiting payout. Untick any you do not want in this batch.{" "}
        <Link to="/admin/payouts" className="underline">
          Back to payout batches
        </Link>
      </p>
      {more ? (
        <p className="mt-2 text-sm">Only the first {MAX_BATCH_SIZE} are listed; make a second batch for the rest.</p>
      ) : null}
      {onHold > 0 ? (
        <p className="mt-2 text-sm" data-testid="batch-on-hold">
          {onHold} approved {label} withdrawal(s) of suspended or closed members are on hold and not listed: reinstate
          the member, or reject the withdrawal from its page in the withdrawals queue.
        </p>
      ) : null}
      <Form method="post" className="mt-4" id="create-batch">
        <input type="hidden" name="method" value={method} />
        <FormErrors id="create-batch-error" errors={errors} />
        <DataTable
          headings={["Send", "Reference ID", "User ID", "Beneficiary", "Pays to", "Amount"]}
          empty={rows.length === 0 ? `No approved ${label} withdrawals await payout.` : undefined}
        >
          {rows.map((row) => (
            <tr key={row.referenceId} className="border-t border-slate-200">
              <td className={CELL}>
                <input
                  type="checkbox"
                  name="withdrawals"
                  value={row.referenceId}
                  defaultChecked
                  aria-label={`Send ${row.referenceId}`}
                  className="h-4 w-4"
                />
              </td>
              <td className={`${CELL} font-mono`}>{row.referenceId}</td>
              <td className={CELL}>
                <MemberLink memberId={row.memberId}>{row.memberId}</MemberLink>
              </td>
              <td className={CELL}>{row.beneficiaryName}</td>
              <td className={`${CELL} break-all`}>{row.destination}</td>
              <td className={`${CELL} whitespace-nowrap`}>
                {row.amount} <span className="text-slate-500">({row.points} points)</span>
              </td>
            </tr>
          ))}
        </DataTable>
        {rows.length > 0 ? (
          <div className="mt-4">
            <SubmitButton name="intent" value="create" pendingText="Creating…">
              Create batch and mark Sent
            </SubmitButton>
          </div>
        ) : null}
      </Form>
    </section>
  );
}

/** The method of the address; anything else is the 404 page. */
function methodParam(request: Request) {
  const parsed = payoutMethodSchema.safeParse(new URL(request.url).searchParams.get("method"));
  if (!parsed.success) throw notFound();
  return parsed.data;
}
