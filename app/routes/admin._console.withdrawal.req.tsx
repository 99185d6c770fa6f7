import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { CELL, DataTable, PageLinks, pageParam, pageSummary, TablePage } from "~/components/data-table";
import { DownloadCsvLink } from "~/components/download-csv-link";
import { MemberLink } from "~/components/member-link";
import { requireAdmin } from "~/domain/admin-auth.server";
import { listWithdrawals } from "~/domain/withdrawals.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `Withdrawal Requests | ${PRODUCT_NAME}` }];

// /admin/withdrawal/req (the spec's WithdrawalRequest): every request, pending ones first, 20 a
// page. Proceed on a pending row opens its Payment Confirmation (the child route
// /admin/withdrawal/req/{referenceId}, rendered in the Outlet: a modal with JavaScript, a section of
// this page without). Success and Rejected rows keep a Proceed button that does nothing, as the
// spec shows it for Success. See docs/decisions/026-withdrawals.md.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return listWithdrawals(pageParam(new URL(request.url).searchParams.get("page")));
}

export default function WithdrawalRequests() {
  const { rows, page, pageCount, total } = useLoaderData<typeof loader>();
  return (
    <TablePage id="withdrawals" title="Withdrawal Requests" summary={pageSummary(total, "requests", page, pageCount)}>
      <Outlet />
      <DownloadCsvLink to="/admin/withdrawal/export.csv" keepCurrentQuery />
      <DataTable
        headings={["#", "User ID", "Reference ID", "Amount", "Status", "Action"]}
        className="mt-4"
        empty={rows.length === 0 ? "No withdrawal requests yet." : undefined}
      >
        {rows.map((row) => (
          <tr key={row.referenceId} className="border-t border-slate-200">
            <td className={CELL}>{row.serial}</td>
            <td className={CELL}>
              <MemberLink memberId={row.memberId}>{row.memberId}</MemberLink>
            </td>
            <td className={`${CELL} font-mono`}>{row.referenceId}</td>
            <td className={`${CELL} whitespace-nowrap`}>
              {row.amount} <span className="text-slate-500">({row.points} points)</span>
            </td>
            <td className={CELL}>{row.statusLabel}</td>
            <td className={CELL}>
              {row.status === "pending" ? (
                <Link
                  to={`/admin/withdrawal/req/${row.referenceId}?page=${page}`}
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
        ))}
      </DataTable>
      <PageLinks page={page} pageCount={pageCount} label="Withdrawal request pages" />
    </TablePage>
  );
}
