import { Form, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, type Language } from "~/i18n/config";

/**
 * The language choice on every member-side page (decision 074): one button per language, each named
 * in its own script, posting to /language, which remembers the choice and brings the member back
 * here. Without JavaScript the page reloads in the new language; with it, the texts change in place.
 */
export function LanguageForm({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const current = useRouteLoaderData<{ language: Language }>("root")?.language ?? DEFAULT_LANGUAGE;
  return (
    <Form method="post" action="/language" className={`flex items-center gap-1 ${className}`}>
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <span className="sr-only">{t("Language")}</span>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="submit"
          name="language"
          value={language}
          lang={language}
          aria-pressed={language === current}
          className={`rounded-md px-2 text-sm ${language === current ? "bg-slate-200 font-semibold" : "text-brand-700 underline"}`}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </Form>
  );
}
