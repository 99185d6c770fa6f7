import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The spec's 404 page, for unmatched paths and for non-admins opening the admin area. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-5xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{t("Page Not Found")}</h1>
      <p className="mt-2 text-slate-600">{t("The page you are looking for does not exist or has moved.")}</p>
      <Link to="/" className="btn-primary mt-6">
        {t("Go to home")}
      </Link>
    </main>
  );
}
