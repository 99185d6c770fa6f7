import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
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
      details: entry.details === null ? "" : JSON.stringify(entry.details),
    })),
  };
}

export default function AuditLog() {
  const { entries, page, pageCount, total } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading" className="text-2xl font-semibold">
        Audit Log
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        {total} entries · page {page} of {pageCount}
      </p>
      <div className="mt-4 overflow-x-auto rounded-md border border-slate-200 bg-white">
        <table className="min-w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th className="px-3 py-2">When (UTC)</th>
              <th className="px-3 py-2">Admin</th>
              <th className="px-3 py-2">Action</th>
              <th className="px-3 py-2">Target</th>
              <th className="px-3 py-2">Details</th>
            </tr>
          </thead>
          <tbody>
            {entries.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-4 text-center text-slate-500">
                  No entries.
                </td>
              </tr>
            ) : (
              entries.map((entry) => (
                <tr key={entry.id} className="border-t border-slate-200 align-top">
                  <td className="whitespace-nowrap px-3 py-2">{entry.when}</td>
                  <td className="px-3 py-2">{entry.adminEmail}</td>
                  <td className="px-3 py-2">{entry.action}</td>
                  <td className="whitespace-nowrap px-3 py-2">{entry.target}</td>
                  <td className="break-all px-3 py-2 font-mono text-xs">{entry.details}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pageCount > 1 ? (
        <nav aria-label="Audit log pages" className="mt-4 flex flex-wrap gap-1">
          {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
            <Link
              key={number}
              to={`?page=${number}`}
              aria-current={number === page ? "page" : undefined}
              className={`rounded-md border px-3 py-1 text-sm ${number === page ? "border-brand-600 bg-brand-50 font-semibold" : "border-slate-300"}`}
            >
              {number}
            </Link>
          ))}
        </nav>
      ) : null}
    </section>
  );
}

/** Page 1 for anything that is not a sensible page number. */
function pageParam(value: string | null): number {
  const page = /^\d{1,6}$/.test(value ?? "") ? Number(value) : 1;
  return page >= 1 ? page : 1;
}
