import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

// The tables of the site and their page links: one look for the back office's lists and the
// member's histories alike.

/** A page that is one list: its heading, an optional line of totals, then the table. */
export function TablePage({
  id,
  title,
  summary,
  children,
}: {
  /** Prefix of the heading's id (`${id}-heading`), which labels the section. */
  id: string;
  title: string;
  summary?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`} className="text-2xl font-semibold">
        {title}
      </h1>
      {summary ? <p className="mt-1 text-sm text-slate-600">{summary}</p> : null}
      {children}
    </section>
  );
}

/** "12 requests · page 1 of 2": the totals line of a paged list. */
export function pageSummary(total: number, noun: string, page: number, pageCount: number): string {
  return `${total} ${noun} · page ${page} of ${pageCount}`;
}

/**
 * A member's history as a whole page: its heading, then the message when there is nothing yet,
 * else the table and its page links. The empty message follows from the title ("No Points
 * History Found"); `row` draws one table row. The title, headings and the page links' label come in
 * English (marked with tr()) and are shown in the member's language.
 */
export function PagedHistory<Row>({
  id,
  title,
  pagesLabel,
  history,
  headings,
  row,
  stacked = false,
}: {
  /** Prefix of the heading's id, as for TablePage. */
  id: string;
  title: string;
  /** The name of the page links, e.g. "Points history pages". */
  pagesLabel: string;
  /** The loader's data: one page of rows, its number and the number of pages. */
  history: { rows: Row[]; page: number; pageCount: number };
  headings: string[];
  row: (row: Row) => ReactNode;
  /** On a phone, each row as a block of labelled lines (its cells are StackedCells). */
  stacked?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TablePage id={id} title={t(title)}>
      {history.rows.length === 0 ? (
        <p className="mt-4 rounded-md border border-slate-200 bg-white p-4">
          {t("No {{title}} Found", { title: t(title) })}
        </p>
      ) : (
        <>
          <DataTable headings={headings.map((heading) => t(heading))} className="mt-4" stacked={stacked}>
            {history.rows.map(row)}
          </DataTable>
          <PageLinks page={history.page} pageCount={history.pageCount} label={t(pagesLabel)} />
        </>
      )}
    </TablePage>
  );
}

/**
 * A scrollable table with one heading row; the rows are the children. `empty`, given only when
 * there are no rows, is shown instead in one row spanning every column.
 */
export function DataTable({
  headings,
  children,
  empty,
  className = "",
  stacked = false,
}: {
  headings: string[];
  children: ReactNode;
  empty?: ReactNode;
  className?: string;
  /** Below 640 px the rows stack as blocks, so a phone never scrolls the table sideways. */
  stacked?: boolean;
}) {
  return (
    <div className={`overflow-x-auto rounded-md border border-slate-200 bg-white ${className}`}>
      <table className={`min-w-full text-left text-sm ${stacked ? "max-sm:block" : ""}`}>
        <thead className={`bg-slate-50 text-slate-600 ${stacked ? "max-sm:sr-only" : ""}`}>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={stacked ? "max-sm:block" : undefined}>
          {empty ? (
            <tr>
              <td colSpan={headings.length} className={`${CELL} text-center text-slate-500`}>
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The padding of every cell of a DataTable. */
export const CELL = "px-3 py-2";

/** A row of a stacked DataTable: a block with a rule between rows on a phone. */
export const STACKED_ROW = "border-t border-slate-100 max-sm:block max-sm:py-2";

/**
 * A cell of a stacked DataTable. On a phone it is a line of its own, its column's heading in front
 * (the table's head is then read by screen readers only); an empty cell is left out there.
 */
export function StackedCell({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <td
      data-label={label}
      className={`${CELL} align-top max-sm:flex max-sm:gap-3 max-sm:py-1 max-sm:before:w-20 max-sm:before:shrink-0 max-sm:before:font-medium max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] max-sm:empty:hidden`}
    >
      {children === null || children === undefined ? null : <div className="min-w-0">{children}</div>}
    </td>
  );
}

/**
 * Numbered page links as plain links (they work without JavaScript): the first and last page and
 * two on each side of the current one, so a long list never sends a thousand links to a phone.
 */
export function PageLinks({
  page,
  pageCount,
  label,
  href = (number) => `?page=${number}`,
}: {
  page: number;
  pageCount: number;
  label: string;
  /** The link to a page; a page with several lists gives each its own parameter (`?ledger=2`). */
  href?: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const shown = Array.from({ length: pageCount }, (_, index) => index + 1).filter(
    (number) => number === 1 || number === pageCount || Math.abs(number - page) <= 2,
  );
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-1">
      {shown.map((number, index) => (
        <span key={number} className="contents">
          {index > 0 && number - shown[index - 1] > 1 ? <span className="px-1 text-slate-500">…</span> : null}
          <Link
            to={href(number)}
            aria-current={number === page ? "page" : undefined}
            className={`rounded-md border px-3 py-1 text-sm ${number === page ? "border-brand-600 bg-brand-50 font-semibold" : "border-slate-300"}`}
          >
            {number}
          </Link>
        </span>
      ))}
    </nav>
  );
}

/** Page 1 for anything that is not a sensible page number. */
export function pageParam(value: string | null): number {
  const page = /^\d{1,6}$/.test(value ?? "") ? Number(value) : 1;
  return page >= 1 ? page : 1;
}
