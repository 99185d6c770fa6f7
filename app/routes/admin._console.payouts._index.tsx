import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CELL, DataTable, PageLinks, pageParam, pageSummary, TablePage } from "~/components/data-table";
import { requireAdmin } from "~/domain/admin-auth.server";
import { listPayoutBatches } from "~/domain/payout-batches.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `Payout batches | ${PRODUCT_NAME}` }];

// /admin/payouts: every payout batch, newest first, with how far its results have come, and the
// way to a new batch of each method (decision 054).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return listPayoutBatches(pageParam(new URL(request.url).searchParams.get("page")));
}

const NEW_BATCH_LINKS = [
  { method: "upi", label: "New UPI batch" },
  { method: "bank", label: "New bank batch" },
  { method: "paypal", label: "New PayPal batch" },
] as const;

export default function PayoutBatches() {
  const { rows, page, pageCount, total } = useLoaderData<typeof loader>();
  return (
    <TablePage id="payout-batches" title="Payout batches" summary={pageSummary(total, "batches", page, pageCount)}>
      <p className="mt-2 text-sm text-slate-700">
        A batch sends approved withdrawals of one method in one file the provider takes for bulk payment. Record each
        payout&apos;s result on the batch&apos;s page, by hand or with the provider&apos;s result file.{" "}
        <Link to="/admin/withdrawal/req" className="underline">
          Withdrawal requests
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {NEW_BATCH_LINKS.map((link) => (
          <Link key={link.method} to={`/admin/payouts/new?method=${link.method}`} className="btn-primary">
            {link.label}
          </Link>
        ))}
      </div>
      <DataTable
        headings={["Batch", "Method", "Created", "By", "Payouts", "Amount", "Sent", "Paid", "Returned"]}
        className="mt-4"
        empty={rows.length === 0 ? "No payout batches yet." : undefined}
      >
        {rows.map((row) => (
          <tr key={row.id} className="border-t border-slate-200">
            <td className={CELL}>
              <Link to={`/admin/payouts/${row.id}`} className="underline">
                Batch #{row.id}
              </Link>
            </td>
            <td className={CELL}>{row.method}</td>
            <td className={`${CELL} whitespace-nowrap`}>{row.createdAt}</td>
            <td className={CELL}>{row.createdBy}</td>
            <td className={CELL}>{row.count}</td>
            <td className={`${CELL} whitespace-nowrap`}>{row.amount}</td>
            <td className={CELL}>{row.sent}</td>
            <td className={CELL}>{row.paid}</td>
            <td className={CELL}>{row.returned}</td>
          </tr>
        ))}
      </DataTable>
      <PageLinks page={page} pageCount={pageCount} label="Payout batch pages" />
    </TablePage>
  );
}
