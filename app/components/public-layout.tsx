import { Link, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { tr } from "~/i18n/mark";
import { LanguageForm } from "./language-form";
import { PRODUCT_NAME } from "~/lib/product";

export interface FooterData {
  supportEmail: string;
  year: number;
}

export interface PublicPageData extends FooterData {
  signedIn: boolean;
}

/** The public frame's header and footer data, for the pages inside it (app/routes/_public.tsx). */
export function usePublicPage(): PublicPageData {
  const page = useRouteLoaderData<PublicPageData>("routes/_public");
  if (!page) throw new Error("usePublicPage is for the pages inside the public frame (app/routes/_public.tsx)");
  return page;
}

/** The frame of Landing, the marketing pages and the info pages: header, content, footer. */
export function PublicLayout({ page, children }: { page: PublicPageData; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <SkipLink />
      <SiteHeader signedIn={page.signedIn} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter supportEmail={page.supportEmail} year={page.year} />
    </div>
  );
}

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
    >
      {t("Skip to content")}
    </a>
  );
}

/** The product's mark: inline SVG, so the logo costs a few hundred bytes and no request. */
export function Logo() {
  return (
    <Link to="/" className="inline-flex items-center gap-2 font-bold text-slate-900 no-underline">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7">
        <rect width="24" height="24" rx="6" fill="#1d4ed8" />
        <path d="M6 12.5l3.5 3.5L18 7.5" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      {PRODUCT_NAME}
    </Link>
  );
}

const SITE_LINKS = [
  { to: "/about-survey", label: tr("Paid Surveys") },
  { to: "/about-us", label: tr("About Us") },
];

function SiteHeader({ signedIn }: { signedIn: boolean }) {
  // On a phone the logo and the account buttons share the first row and the page links drop to a
  // second one, so nothing is hidden and nothing overflows at 320 px.
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-200">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-3 sm:gap-x-4">
        <Logo />
        <nav aria-label="Site" className="order-last flex w-full gap-4 text-sm sm:order-none sm:ml-auto sm:w-auto">
          {SITE_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="text-slate-700 hover:text-brand-700">
              {t(link.label)}
            </Link>
          ))}
        </nav>
        <LanguageForm className="ml-auto sm:ml-0" />
        <div className="flex gap-1.5 sm:gap-2">
          {signedIn ? (
            <Link to="/dashboard" className="btn-primary">
              {t("Dashboard")}
            </Link>
          ) : (
            <>
              <Link to="/login" className="btn-secondary px-2.5 sm:px-4">
                {t("Login")}
              </Link>
              <Link to="/register" className="btn-primary px-2.5 sm:px-4">
                {t("Sign Up")}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

const FOOTER_LINKS = [
  { to: "/about-us", label: tr("About Us") },
  { to: "/terms-and-conditions", label: tr("Terms") },
  { to: "/privacy-policies", label: tr("Privacy") },
  { to: "/cookie-policies", label: tr("Cookies") },
];

/** The footer of every public page (the spec's Landing footer). */
export function SiteFooter({ supportEmail, year }: FooterData) {
  const { t } = useTranslation();
  return (
    <footer className="bg-slate-900 text-sm text-slate-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 md:flex-row md:items-center md:justify-between">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-white hover:underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>
          {t("Contact support:")}{" "}
          <a href={`mailto:${supportEmail}`} className="text-white underline">
            {supportEmail}
          </a>
        </p>
        <p>
          © {year} {PRODUCT_NAME}. {t("All rights reserved.")}
        </p>
      </div>
    </footer>
  );
}
