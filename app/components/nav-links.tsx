import { NavLink } from "@remix-run/react";

/** The look of a navigation link, highlighted on its own page: member sidebar, admin menus. */
export function navLinkClass({ isActive }: { isActive: boolean }): string {
  return `rounded-md px-3 py-2 text-sm ${
    isActive ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-100"
  }`;
}

export interface NavItem {
  to: string;
  label: string;
}

/** A row of plain links (no JavaScript needed), the current page's link highlighted. */
export function NavLinks({ label, items, className }: { label: string; items: NavItem[]; className: string }) {
  return (
    <nav aria-label={label} className={className}>
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} className={navLinkClass}>
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}
