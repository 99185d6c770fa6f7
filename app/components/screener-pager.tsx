import { Link } from "@remix-run/react";

// The page header and Previous / next links of a screener shown one page at a time (ScreenerView).
// Plain links to ?page=N, so they work without JavaScript.

export function ScreenerPageHeading({ index, count }: { index: number; count: number }) {
  return (
    <p className="mb-3 text-sm text-slate-600">
      Page {index + 1} of {count}
    </p>
  );
}

export function ScreenerPageLinks({ index, count }: { index: number; count: number }) {
  return (
    <nav aria-label="Screener pages" className="mt-4 flex flex-wrap gap-3">
      {index > 0 ? (
        <Link to={`?page=${index}`} className="btn-secondary">
          Previous
        </Link>
      ) : null}
      {index < count - 1 ? (
        <Link to={`?page=${index + 2}`} className="btn-primary">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
