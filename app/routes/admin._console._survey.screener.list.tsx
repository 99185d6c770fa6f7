import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CELL, DataTable, PageLinks, pageParam, pageSummary, TablePage } from "~/components/data-table";
import { ShowArchivedFilter, showArchivedParam } from "~/components/lifecycle-actions";
import { requireAdmin } from "~/domain/admin-auth.server";
import { listScreeners } from "~/domain/screeners.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `Screener List | ${PRODUCT_NAME}` }];

// /admin/screener/list (the spec's ScreenerListView): every screener, newest first, with links to
// view it and to add (or, until a member answers, replace) its rules; the page is a query
// parameter, so paging works without JavaScript. Archived screeners only with ?archived=1.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const showArchived = showArchivedParam(request.url);
  return { page, showArchived, ...(await listScreeners(page, { showArchived })) };
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
  const { screeners, page, pageCount, total, showArchived } = useLoaderData<typeof loader>();
  return (
    <TablePage id="screener-list" title="Screener List" summary={pageSummary(total, "screeners", page, pageCount)}>
      <ShowArchivedFilter showArchived={showArchived} what="screeners" />
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
            <td className={CELL}>
              {screener.title}
              {screener.closed ? " · Closed" : ""}
              {screener.archived ? " · Archived" : ""}
            </td>
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
              {/* Rules can be replaced until a member answers; then the action is shown but not offered. */}
              {screener.rulesAdded && !screener.answered ? (
                <Link
                  to={`/admin/screener/rules/${screener.id}`}
                  aria-label={`Replace the rules of screener ${screener.id}`}
                  className="btn-secondary"
                >
                  Replace Rules
                </Link>
              ) : screener.rulesAdded ? (
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
      <PageLinks
        page={page}
        pageCount={pageCount}
        label="Screener list pages"
        href={(number) => `?page=${number}${showArchived ? "&archived=1" : ""}`}
      />
    </TablePage>
  );
}
