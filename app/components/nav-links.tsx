import { NavLink, Outlet } from "@remix-run/react";

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

/**
 * A back-office section with its own small menu above its pages (the survey section, admin
 * management): the menu, then the child route. `wrap` lets a long menu run onto a second line.
 */
export function SectionLayout({ label, items, wrap = false }: { label: string; items: NavItem[]; wrap?: boolean }) {
  return (
    <div>
      <NavLinks
        label={label}
        items={items}
        className={`mb-6 flex ${wrap ? "flex-wrap " : ""}gap-2 border-b border-slate-200 pb-3`}
      />
      <Outlet />
    </div>
  );
}
