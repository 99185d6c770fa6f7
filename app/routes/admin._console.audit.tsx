import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CELL, DataTable, PageLinks, pageParam, pageSummary, TablePage } from "~/components/data-table";
import { MemberLink } from "~/components/member-link";
import { requireAdmin } from "~/domain/admin-auth.server";
import { listAuditEntries } from "~/domain/audit.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `Audit Log | ${PRODUCT_NAME}` }];

// The audit log, read-only, newest first, 50 a page; the page is a query parameter, so the page
// links are plain links that work without JavaScript.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const { entries, pageCount, total } = await listAuditEntries(page);
  return {
    page,
    pageCount,
    total,
    entries: entries.map((entry) => ({
      id: entry.id,
      when: entry.createdAt.toISOString().replace("T", " ").slice(0, 19),
      adminEmail: entry.adminEmail,
      action: entry.action,
      target: `${entry.targetType} #${entry.targetId}`,
      memberId: entry.targetType === "member" ? entry.targetId : null,
      details: entry.details === null ? "" : JSON.stringify(entry.details),
    })),
  };
}

export default function AuditLog() {
  const { entries, page, pageCount, total } = useLoaderData<typeof loader>();
  return (
    <TablePage id="audit" title="Audit Log" summary={pageSummary(total, "entries", page, pageCount)}>
      <DataTable
        headings={["When (UTC)", "Admin", "Action", "Target", "Details"]}
        className="mt-4"
        empty={entries.length === 0 ? "No entries." : undefined}
      >
        {entries.map((entry) => (
          <tr key={entry.id} className="border-t border-slate-200 align-top">
            <td className={`whitespace-nowrap ${CELL}`}>{entry.when}</td>
            <td className={CELL}>{entry.adminEmail}</td>
            <td className={CELL}>{entry.action}</td>
            <td className={`whitespace-nowrap ${CELL}`}>
              {entry.memberId ? <MemberLink memberId={entry.memberId}>{entry.target}</MemberLink> : entry.target}
            </td>
            <td className={`break-all font-mono text-xs ${CELL}`}>{entry.details}</td>
          </tr>
        ))}
      </DataTable>
      <PageLinks page={page} pageCount={pageCount} label="Audit log pages" />
    </TablePage>
  );
}
