import { NavLink } from "@remix-run/react";

// The tabs over a member area section (MyDetails, Activities): plain links, the current one marked.
export function TabNav({ label, tabs }: { label: string; tabs: ReadonlyArray<{ to: string; label: string }> }) {
  return (
    <nav aria-label={label} className="mb-6 border-b border-slate-200">
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
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
