import { NavLink, Outlet } from "@remix-run/react";

// MyDetails: tabs for My Detail, Password and Profile Details. No loader of its own: each tab's
// loader and action run the guard it needs (My Detail and Password must not require complete
// details, or a member sent to fill them would loop).
const TABS = [
  { to: "/details/user", label: "My Detail" },
  { to: "/details/password", label: "Password" },
  { to: "/details/profiledetails", label: "Profile Details" },
];

export default function DetailsLayout() {
  return (
    <div className="max-w-3xl">
      <nav aria-label="My details" className="mb-6 border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {TABS.map((tab) => (
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
      <Outlet />
    </div>
  );
}
