import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CELL, DataTable, PageLinks, pageParam, pageSummary, TablePage } from "~/components/data-table";
import { requireAdmin } from "~/domain/admin-auth.server";
import { listScreeners } from "~/domain/screeners.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `Screener List | ${PRODUCT_NAME}` }];

// /admin/screener/list (the spec's ScreenerListView): every screener, newest first, with links to
// view it and to add its rules; the page is a query parameter, so paging works without JavaScript.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  return { page, ...(await listScreeners(page)) };
}

const HEADINGS = [
  "S.No",
  "Screener Id",
  "Title",
  "Admin User Id",
  "Create Date",
  "View",
  "Add Validation",
  "Rules Added",
];

export default function ScreenerList() {
  const { screeners, page, pageCount, total } = useLoaderData<typeof loader>();
  return (
    <TablePage id="screener-list" title="Screener List" summary={pageSummary(total, "screeners", page, pageCount)}>
      <DataTable
        headings={HEADINGS}
        className="mt-4"
        empty={
          screeners.length === 0 ? (
            <>
              No screeners yet.{" "}
              <Link to="/admin/screenercreate" className="text-brand-700 underline">
                Create Screener
              </Link>
            </>
          ) : undefined
        }
      >
        {screeners.map((screener) => (
          <tr key={screener.id} className="border-t border-slate-200 align-top">
            <td className={CELL}>{screener.serial}</td>
            <td className={CELL}>{screener.id}</td>
            <td className={CELL}>{screener.title}</td>
            <td className={CELL}>{screener.adminUserId ?? "N/A"}</td>
            <td className={`whitespace-nowrap ${CELL}`}>{screener.createdAt.slice(0, 10)}</td>
            <td className={CELL}>
              <Link
                to={`/admin/screener/view/${screener.id}`}
                aria-label={`View screener ${screener.id}`}
                className="btn-secondary"
              >
                View
              </Link>
            </td>
            <td className={CELL}>
              {/* Rules are never replaced, so once they exist the action is shown but not offered. */}
              {screener.rulesAdded ? (
                <span
                  role="link"
                  aria-disabled="true"
                  aria-label={`Add Validation to screener ${screener.id}`}
                  className="btn-secondary cursor-not-allowed opacity-50"
                >
                  Add Validation
                </span>
              ) : (
                <Link
                  to={`/admin/screener/rules/${screener.id}`}
                  aria-label={`Add Validation to screener ${screener.id}`}
                  className="btn-primary"
                >
                  Add Validation
                </Link>
              )}
            </td>
            <td className={CELL}>{screener.rulesAdded ? "Yes" : "No"}</td>
          </tr>
        ))}
      </DataTable>
      <PageLinks page={page} pageCount={pageCount} label="Screener list pages" />
    </TablePage>
  );
}
