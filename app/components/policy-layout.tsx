import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type ContentSection, ContentSections, QuickNav, slots, withElements } from "~/components/content-sections";
import { type FooterData, Logo, SiteFooter, SkipLink } from "~/components/public-layout";
import { POLICIES_LAST_UPDATED } from "~/content/pages";
import { DEFAULT_LANGUAGE } from "~/i18n/config";
import { useFormats } from "~/i18n/format";
import { PRODUCT_NAME } from "~/lib/product";

/**
 * Terms, Privacy and Cookies: a top bar with the logo, the date, quick navigation, the text, the footer.
 * The policy's text is English in every language (decision 074); in another language the page's
 * title, lead and frame are translated and a summary of the main points, with a note that the English
 * text governs, comes before it.
 */
export function PolicyLayout({
  title,
  lead,
  summary,
  sections,
  footer,
  hideBarOnScroll = false,
}: {
  /** English texts marked with tr(), translated here ({{product}} is the product's name). */
  title: string;
  lead: string;
  /** The main points, as English texts marked with tr(); {{email}} is the support address. */
  summary: string[];
  sections: ContentSection[];
  footer: FooterData;
  hideBarOnScroll?: boolean;
}) {
  const barHidden = useHiddenWhileScrollingDown(hideBarOnScroll);
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const translated = i18n.language !== DEFAULT_LANGUAGE;
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <SkipLink />
      {/* Sticky, so it stays in reach on a long policy. Hidden bars come back on keyboard focus. */}
      <header
        className={`sticky top-0 z-30 border-b border-slate-200 bg-white motion-safe:transition-transform ${
          barHidden ? "-translate-y-full focus-within:translate-y-0" : ""
        }`}
      >
        <div className="mx-auto flex max-w-6xl items-center px-4 py-3">
          <Logo />
        </div>
      </header>
      <main
        id="main"
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 lg:grid lg:grid-cols-[16rem_1fr] lg:grid-rows-[auto_1fr] lg:gap-x-10"
      >
        <div className="lg:col-start-2">
          <h1 className="text-3xl font-bold text-slate-900">{t(title)}</h1>
          <p className="mt-2 text-sm text-slate-600">
            {/* The English page keeps the date as the policy writes it; other languages format it. */}
            {withElements(t("Last updated {{date}}", slots({ date: null })), {
              date: (
                <time dateTime={POLICIES_LAST_UPDATED.iso}>
                  {translated ? formats.date(POLICIES_LAST_UPDATED.iso) : POLICIES_LAST_UPDATED.text}
                </time>
              ),
            })}
          </p>
          <p className="mt-4 text-lg text-slate-700">{t(lead, { product: PRODUCT_NAME })}</p>
          {translated ? <PolicySummary summary={summary} supportEmail={footer.supportEmail} /> : null}
        </div>
        <div className="mt-6 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:mt-0">
          <div className="lg:sticky lg:top-20">
            <QuickNav sections={sections} lang="en" />
          </div>
        </div>
        <article className="max-w-3xl lg:col-start-2">
          <ContentSections sections={sections} lang="en" />
        </article>
      </main>
      <SiteFooter {...footer} />
    </div>
  );
}

/** The policy's main points in the page's language, and the note that the English text governs. */
function PolicySummary({ summary, supportEmail }: { summary: string[]; supportEmail: string }) {
  const { t } = useTranslation();
  const email: Record<string, ReactNode> = { email: <a href={`mailto:${supportEmail}`}>{supportEmail}</a> };
  return (
    <section
      aria-labelledby="policy-summary"
      className="mt-6 rounded-lg border border-brand-100 bg-brand-50 p-5 text-slate-800 [&_a]:text-brand-700 [&_a]:underline"
    >
      <h2 id="policy-summary" className="text-lg font-semibold text-slate-900">
        {t("In short")}
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        {summary.map((point) => (
          <li key={point}>{withElements(t(point, { ...slots(email), product: PRODUCT_NAME }), email)}</li>
        ))}
      </ul>
      <p className="mt-4 text-sm font-medium">
        {t(
          "This summary is here to help you read the policy. The English text below is the one that governs: if the two ever differ, the English text applies.",
        )}
      </p>
    </section>
  );
}

// The terms page's bar slides away while the reader scrolls down and returns on the first scroll
// up. Only with JavaScript; without it the bar simply stays.
function useHiddenWhileScrollingDown(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      // Small jitters (touch scrolling, rubber-banding) should not flicker the bar.
      if (Math.abs(y - lastY) < 8) return;
      setHidden(y > lastY && y > 80);
      lastY = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [enabled]);
  return hidden;
}
