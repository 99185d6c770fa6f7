import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CELL, DataTable, PageLinks, pageParam, pageSummary, TablePage } from "~/components/data-table";
import { DownloadCsvLink } from "~/components/download-csv-link";
import { Field, FilterSelect } from "~/components/forms";
import { requireAdmin } from "~/domain/admin-auth.server";
import { filterQuery, readAuditFilters } from "~/domain/audit-filters";
import { AUDIT_ACTIONS, auditSentence } from "~/domain/audit-sentences";
import { listAuditAdmins, listAuditEntries } from "~/domain/audit.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `Audit Log | ${PRODUCT_NAME}` }];

// The audit log, read-only, newest first, 50 a page, each entry as a sentence with what changed.
// The filters are a GET form: their values are in the address, so they work without JavaScript,
// can be bookmarked, and the page links carry them. A filter that makes no sense gets a message
// and the log lists nothing until it is fixed (docs/decisions/053-audit-log-filters-and-sentences.md).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const page = pageParam(params.get("page"));
  const { filters, values, errors } = readAuditFilters(params);
  const invalid = Object.keys(errors).length > 0;
  const [{ entries, pageCount, total }, admins] = await Promise.all([
    invalid ? { entries: [], pageCount: 1, total: 0 } : listAuditEntries(page, filters),
    listAuditAdmins(),
  ]);
  return {
    page,
    pageCount,
    total,
    invalid,
    values,
    errors,
    query: filterQuery(values),
    admins,
    actions: AUDIT_ACTIONS,
    entries: entries.map((entry) => ({
      id: entry.id,
      when: entry.createdAt.toISOString().replace("T", " ").slice(0, 19),
      adminEmail: entry.adminEmail,
      action: entry.action,
      target: `${entry.targetType} #${entry.targetId}`,
      sentence: auditSentence({
        ...entry,
        actor: entry.adminName ? `${entry.adminName} (${entry.adminEmail})` : entry.adminEmail,
      }),
      details: entry.details === null ? "" : JSON.stringify(entry.details),
    })),
  };
}

export default function AuditLog() {
  const data = useLoaderData<typeof loader>();
  const { entries, page, pageCount, total, values, errors } = data;
  return (
    <TablePage id="audit" title="Audit Log" summary={pageSummary(total, "entries", page, pageCount)}>
      <Form method="get" className="mt-4 grid gap-x-4 rounded-md border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <FilterSelect
          id="audit-admin"
          name="admin"
          label="Admin"
          any="Any admin"
          choices={data.admins.map((admin) => ({ value: String(admin.id), label: `${admin.name} (${admin.email})` }))}
          value={values.admin}
          errors={errors.admin}
        />
        <FilterSelect
          id="audit-action"
          name="action"
          label="Action"
          any="Any action"
          choices={data.actions.map((action) => ({ value: action, label: action }))}
          value={values.action}
          errors={errors.action}
        />
        <Field
          label="Member number"
          inputProps={{ id: "audit-member", name: "member", inputMode: "numeric", defaultValue: values.member ?? "" }}
          errors={errors.member}
        />
        <Field
          label="From (UTC)"
          inputProps={{ id: "audit-from", name: "from", type: "date", defaultValue: values.from ?? "" }}
          errors={errors.from}
        />
        <Field
          label="To (UTC, inclusive)"
          inputProps={{ id: "audit-to", name: "to", type: "date", defaultValue: values.to ?? "" }}
          errors={errors.to}
        />
        <div className="flex items-end gap-3 pb-4">
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">
            Filter
          </button>
          <Link to="/admin/audit" className="text-sm underline">
            Clear filters
          </Link>
          {data.invalid ? null : (
            <DownloadCsvLink to={data.query ? `/admin/audit/export.csv?${data.query}` : "/admin/audit/export.csv"} />
          )}
        </div>
      </Form>
      <DataTable
        headings={["When (UTC)", "What happened", "Action and target"]}
        className="mt-4"
        empty={
          entries.length > 0
            ? undefined
            : data.invalid
              ? "Fix the filters above to see entries."
              : data.query
                ? "No entries match these filters."
                : "No entries."
        }
      >
        {entries.map((entry) => (
          <tr key={entry.id} className="border-t border-slate-200 align-top">
            <td className={`whitespace-nowrap ${CELL}`}>{entry.when}</td>
            <td className={CELL}>
              <p>
                {entry.sentence.parts.map((part, index) =>
                  typeof part === "string" ? (
                    part
                  ) : (
                    <Link key={index} to={part.href} className="underline">
                      {part.text}
                    </Link>
                  ),
                )}
                .
              </p>
              {entry.sentence.changes.length > 0 ? (
                <ul className="mt-1 text-xs text-slate-600">
                  {entry.sentence.changes.map((change) => (
                    <li key={change.field}>
                      {change.field}: {change.before === undefined ? "" : `${change.before} → `}
                      {change.after}
                    </li>
                  ))}
                </ul>
              ) : null}
            </td>
            <td className={`text-xs ${CELL}`}>
              <p className="whitespace-nowrap">{entry.action}</p>
              <p className="whitespace-nowrap text-slate-600">{entry.target}</p>
              {entry.details ? (
                <details className="mt-1">
                  <summary className="cursor-pointer text-slate-600">Stored details</summary>
                  <p className="mt-1 break-all font-mono">{entry.details}</p>
                </details>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
      <PageLinks
        page={page}
        pageCount={pageCount}
        label="Audit log pages"
        href={(number) => `?${data.query ? `${data.query}&` : ""}page=${number}`}
      />
    </TablePage>
  );
}
