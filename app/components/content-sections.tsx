import { Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PRODUCT_NAME } from "~/lib/product";

/** A titled part of a long page; its id is the anchor the quick navigation links to. */
export interface ContentSection {
  id: string;
  /** An English text marked with tr() (it may name the product as {{product}}), translated here. */
  heading: string;
  /** The section's text, given the page's translate function; plain elements for the English-only legal text. */
  body: ReactNode | ((t: TFunction) => ReactNode);
}

/**
 * "en" for sections whose text is English in every language (the legal text, decision 074): their
 * headings are not translated, and they are marked lang="en" on a page in another language, so
 * screen readers read them as English.
 */
type SectionLanguage = "en" | undefined;

// Long prose is plain elements in app/content; this gives them their spacing without a
// typography plugin. scroll-mt keeps an anchored heading clear of a sticky top bar.
const PROSE =
  "scroll-mt-20 [&_a]:text-brand-700 [&_a]:underline [&_h3]:mt-5 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6";

export function ContentSections({ sections, lang }: { sections: ContentSection[]; lang?: SectionLanguage }) {
  const { t, i18n } = useTranslation();
  const heading = useHeading(lang);
  return (
    <>
      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          lang={lang && lang !== i18n.language ? lang : undefined}
          className={`mt-10 ${PROSE}`}
        >
          <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-slate-900">
            {heading(section.heading)}
          </h2>
          <div className="leading-relaxed text-slate-700">
            {typeof section.body === "function" ? section.body(t) : section.body}
          </div>
        </section>
      ))}
    </>
  );
}

/**
 * Anchored links to the sections of the page. Without JavaScript they are plain fragment links.
 * With it they must be <Link>s: a plain fragment link makes a history entry without a key, and the
 * router's scroll restoration would put every such entry back at the first one's position.
 */
export function QuickNav({ sections, lang }: { sections: ContentSection[]; lang?: SectionLanguage }) {
  const { t, i18n } = useTranslation();
  const heading = useHeading(lang);
  return (
    <nav aria-label={t("Quick navigation")} className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
      <p className="font-semibold text-slate-900">{t("On this page")}</p>
      <ol className="mt-2 space-y-1" lang={lang && lang !== i18n.language ? lang : undefined}>
        {sections.map((section) => (
          <li key={section.id}>
            <Link to={`#${section.id}`} className="text-brand-700 hover:underline">
              {heading(section.heading)}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function useHeading(lang: SectionLanguage): (heading: string) => string {
  const { t } = useTranslation();
  return (heading) => (lang === "en" ? heading : t(heading, { product: PRODUCT_NAME }));
}

/** An info or marketing page: its heading and lead, optional quick navigation, then its sections. */
export function ArticlePage({
  title,
  lead,
  sections,
  quickNav = false,
  children,
}: {
  /** English texts marked with tr(), translated here; {{product}} is the product's name. */
  title: string;
  lead: string;
  sections: ContentSection[];
  quickNav?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t(title, { product: PRODUCT_NAME })}</h1>
      <p className="mt-3 text-lg text-slate-700">{t(lead, { product: PRODUCT_NAME })}</p>
      {quickNav ? (
        <div className="mt-6">
          <QuickNav sections={sections} />
        </div>
      ) : null}
      <ContentSections sections={sections} />
      {children}
    </div>
  );
}

/**
 * Values for a translated sentence that holds elements (links): pass them as t()'s options, and give
 * the translated text to withElements. Each element is a {{placeholder}} of the one sentence, so the
 * Hindi puts the link where Hindi grammar wants it (react-i18next's <Trans> would too, but the key
 * finder reads only t() and tr() calls).
 */
export function slots(elements: Record<string, ReactNode>): Record<string, string> {
  return Object.fromEntries(Object.keys(elements).map((name) => [name, `\u0001${name}\u0001`]));
}

/** The translated sentence with each slot replaced by its element. */
export function withElements(text: string, elements: Record<string, ReactNode>): ReactNode {
  return text
    .split("\u0001")
    .map((part, index) => (
      <Fragment key={index}>{index % 2 === 1 && part in elements ? elements[part] : part}</Fragment>
    ));
}
