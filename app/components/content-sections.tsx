import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A titled part of a long page; its id is the anchor the quick navigation links to. */
export interface ContentSection {
  id: string;
  heading: string;
  body: ReactNode;
}

// Long prose is plain elements in app/content; this gives them their spacing without a
// typography plugin. scroll-mt keeps an anchored heading clear of a sticky top bar.
const PROSE =
  "scroll-mt-20 [&_a]:text-brand-700 [&_a]:underline [&_h3]:mt-5 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6";

export function ContentSections({ sections }: { sections: ContentSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          className={`mt-10 ${PROSE}`}
        >
          <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-slate-900">
            {section.heading}
          </h2>
          <div className="leading-relaxed text-slate-700">{section.body}</div>
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
export function QuickNav({ sections }: { sections: ContentSection[] }) {
  return (
    <nav aria-label="Quick navigation" className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
      <p className="font-semibold text-slate-900">On this page</p>
      <ol className="mt-2 space-y-1">
        {sections.map((section) => (
          <li key={section.id}>
            <Link to={`#${section.id}`} className="text-brand-700 hover:underline">
              {section.heading}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** An info or marketing page: its heading and lead, optional quick navigation, then its sections. */
export function ArticlePage({
  title,
  lead,
  sections,
  quickNav = false,
  children,
}: {
  title: string;
  lead: ReactNode;
  sections: ContentSection[];
  quickNav?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-lg text-slate-700">{lead}</p>
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
