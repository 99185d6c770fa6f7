import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";

// The tabs over a member area section (MyDetails, Activities): plain links, the current one marked.
// The labels come in English (marked with tr()) and are shown in the member's language.
export function TabNav({ label, tabs }: { label: string; tabs: ReadonlyArray<{ to: string; label: string }> }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t(label)} className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              className={({ isActive }) =>
                `inline-block border-b-2 px-3 py-2 text-sm ${
                  isActive
                    ? "border-brand-600 font-semibold text-brand-700"
                    : "border-transparent text-slate-600 hover:text-slate-900"
                }`
              }
            >
              {t(tab.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
