import { useLocation } from "@remix-run/react";

/**
 * "Download CSV" for an export resource route (docs/decisions/055-csv-exports.md). A plain link,
 * not a Remix <Link>: the answer is a file, which a client-side navigation could not show. With
 * `keepCurrentQuery` it carries the page's own query string (its filters; an export ignores paging).
 */
export function DownloadCsvLink({ to, keepCurrentQuery = false }: { to: string; keepCurrentQuery?: boolean }) {
  const { search } = useLocation();
  const href = keepCurrentQuery && search ? `${to.split("?")[0]}${search}` : to;
  return (
    <a href={href} className="btn-secondary inline-block">
      Download CSV
    </a>
  );
}
