/** The look of a navigation link, highlighted on its own page: member sidebar, admin menus. */
export function navLinkClass({ isActive }: { isActive: boolean }): string {
  return `rounded-md px-3 py-2 text-sm ${
    isActive ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-100"
  }`;
}
