import { useEffect, useState } from "react";
import { type ContentSection, ContentSections, QuickNav } from "~/components/content-sections";
import { type FooterData, Logo, SiteFooter, SkipLink } from "~/components/public-layout";
import { POLICIES_LAST_UPDATED } from "~/content/pages";

/** Terms, Privacy and Cookies: a top bar with the logo, the date, quick navigation, the text, the footer. */
export function PolicyLayout({
  title,
  lead,
  sections,
  footer,
  hideBarOnScroll = false,
}: {
  title: string;
  lead: string;
  sections: ContentSection[];
  footer: FooterData;
  hideBarOnScroll?: boolean;
}) {
  const barHidden = useHiddenWhileScrollingDown(hideBarOnScroll);
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
          <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
          <p className="mt-2 text-sm text-slate-600">
            Last updated <time dateTime={POLICIES_LAST_UPDATED.iso}>{POLICIES_LAST_UPDATED.text}</time>
          </p>
          <p className="mt-4 text-lg text-slate-700">{lead}</p>
        </div>
        <div className="mt-6 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:mt-0">
          <div className="lg:sticky lg:top-20">
            <QuickNav sections={sections} />
          </div>
        </div>
        <article className="max-w-3xl lg:col-start-2">
          <ContentSections sections={sections} />
        </article>
      </main>
      <SiteFooter {...footer} />
    </div>
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
