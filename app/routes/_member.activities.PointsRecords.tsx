import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CELL, PagedHistory } from "~/components/data-table";
import { listPointsHistory } from "~/domain/ledger.server";
import { PRODUCT_NAME } from "~/lib/product";
import { loadMemberHistory } from "~/domain/member-lists.server";
import { withAppeals } from "~/domain/appeals.server";
import { AppealCell } from "~/components/appeal-cell";

export const meta: MetaFunction = () => [{ title: `Points History | ${PRODUCT_NAME}` }];

// /activities/PointsRecords: the member's ledger, newest first, 10 a page, with the spec's columns
// (Reference ID, Remark, Debit/Credit, Status). A failed load shows the 404 page, as the spec says;
// a page number out of range shows the nearest page.
export function loader({ request }: LoaderFunctionArgs) {
  return loadMemberHistory(request, "points history", async (memberId, page) =>
    withAppeals(memberId, await listPointsHistory(memberId, page)),
  );
}

export default function PointsHistory() {
  return (
    <PagedHistory
      id="points-history"
      title="Points History"
      history={useLoaderData<typeof loader>()}
      headings={["Reference ID", "Remark", "Debit/Credit", "Status", "Appeal"]}
      row={(row) => (
        <tr key={row.referenceId} className="border-t border-slate-100">
          <td className={`${CELL} font-mono`}>{row.referenceId}</td>
          <td className={CELL}>
            {row.remark}
            {row.holdReason ? <p className="mt-1 text-slate-600">{row.holdReason}</p> : null}
          </td>
          <td className={`${CELL} whitespace-nowrap ${row.change < 0 ? "text-red-700" : "text-green-800"}`}>
            {row.change > 0 ? `+${row.change}` : row.change}
          </td>
          <td className={CELL}>{row.status}</td>
          <td className={CELL}>
            <AppealCell event={row.appealEvent} appeal={row.appeal} />
          </td>
        </tr>
      )}
    />
  );
}
