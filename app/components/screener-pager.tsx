import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

// The page header and Previous / next links of a screener shown one page at a time (ScreenerView).
// Plain links to ?page=N, so they work without JavaScript.

export function ScreenerPageHeading({ index, count }: { index: number; count: number }) {
  const { t } = useTranslation();
  return <p className="mb-3 text-sm text-slate-600">{t("Page {{page}} of {{count}}", { page: index + 1, count })}</p>;
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
