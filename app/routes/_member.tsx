import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { tr } from "~/i18n/mark";
import { LanguageForm } from "~/components/language-form";
import { navLinkClass } from "~/components/nav-links";
import { requireVerifiedMember } from "~/domain/auth.server";
import { PRODUCT_NAME } from "~/lib/product";

// The member area's layout: the sidebar on wide screens, a header with a <details> menu on phones
// (it opens without JavaScript). Each child route runs its own guard in its loader and action.
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireVerifiedMember(request);
  return { name: member.firstName };
}

// Member pages are private: never stored by the browser or a proxy, so Back after logging out
// cannot show them again. Child routes without their own headers inherit this.
export const handle = { i18n: ["member"] };

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const NAVIGATION = [
  { to: "/dashboard", label: tr("HomePage") },
  // Not in the spec's sidebar; the surveys list belongs in the menu all the same (decision 077).
  { to: "/survey", label: tr("Surveys") },
  { to: "/points", label: tr("Points") },
  { to: "/account", label: tr("Account") },
  { to: "/activities", label: tr("Activities") },
  { to: "/details", label: tr("MyDetails") },
  { to: "/help", label: tr("Help") },
];

export default function MemberLayout() {
  const { name } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <div className="min-h-screen md:flex">
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 md:hidden">
        <span className="font-semibold">{PRODUCT_NAME}</span>
        {/* Keyed by the page: with JavaScript, following a link in the menu closes it. */}
        <details key={pathname} className="relative">
          <summary className="flex cursor-pointer list-none items-center rounded-md border border-slate-300 px-4 text-sm">
            {t("Menu")}
          </summary>
          <div className="absolute right-0 z-40 mt-2 w-60 rounded-md border border-slate-200 bg-white p-3 shadow-lg">
            <p className="mb-2 font-semibold">{t("Hi, {{name}}", { name })}</p>
            <MemberNavigation />
            <LanguageForm className="mt-4" />
            <LogoutForm />
          </div>
        </details>
      </header>
      <aside className="hidden w-56 shrink-0 border-r border-slate-200 bg-white p-4 md:block">
        <p className="mb-4 font-semibold">{PRODUCT_NAME}</p>
        <p className="mb-4 text-sm text-slate-600">{t("Hi, {{name}}", { name })}</p>
        <MemberNavigation />
        <LanguageForm className="mt-4" />
        <LogoutForm />
      </aside>
      <main className="min-w-0 flex-1 px-4 py-6 md:px-8">
        <Outlet />
      </main>
    </div>
  );
}

function MemberNavigation() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("Member")}>
      <ul className="space-y-1">
        {NAVIGATION.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={(state) => `flex items-center ${navLinkClass(state)}`}>
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function LogoutForm() {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/logout" className="mt-4 border-t border-slate-200 pt-4">
      <label className="tap-row text-sm text-slate-700">
        <input type="checkbox" name="allDevices" value="on" />
        {t("Log Out of all Devices")}
      </label>
      <button type="submit" className="btn-secondary mt-2 w-full">
        {t("Logout")}
      </button>
    </Form>
  );
}
