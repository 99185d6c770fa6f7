import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataTable, CELL, PageLinks, pageParam } from "~/components/data-table";
import { requireMemberWithDetails } from "~/domain/auth.server";
import { listPointsHistory } from "~/domain/ledger.server";
import { PRODUCT_NAME } from "~/lib/product";
import { notFoundOnFailure } from "~/domain/member-lists.server";

export const meta: MetaFunction = () => [{ title: `Points History | ${PRODUCT_NAME}` }];

// /activities/PointsRecords: the member's ledger, newest first, 10 a page, with the spec's columns
// (Reference ID, Remark, Debit/Credit, Status). A failed load shows the 404 page, as the spec says;
// a page number out of range shows the nearest page.
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMemberWithDetails(request);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const history = await notFoundOnFailure("points history", () => listPointsHistory(member.id, page));
  return { rows: history.rows, page: history.page, pageCount: history.pageCount };
}

export default function PointsHistory() {
  const { rows, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="points-history-heading">
      <h1 id="points-history-heading" className="text-2xl font-semibold">
        Points History
      </h1>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-md border border-slate-200 bg-white p-4">No Points History Found</p>
      ) : (
        <>
          <DataTable headings={["Reference ID", "Remark", "Debit/Credit", "Status"]} className="mt-4">
            {rows.map((row) => (
              <tr key={row.referenceId} className="border-t border-slate-100">
                <td className={`${CELL} font-mono`}>{row.referenceId}</td>
                <td className={CELL}>{row.remark}</td>
                <td className={`${CELL} whitespace-nowrap ${row.change < 0 ? "text-red-700" : "text-green-800"}`}>
                  {row.change > 0 ? `+${row.change}` : row.change}
                </td>
                <td className={CELL}>{row.status}</td>
              </tr>
            ))}
          </DataTable>
          <PageLinks page={page} pageCount={pageCount} label="Points history pages" />
        </>
      )}
    </section>
  );
}
