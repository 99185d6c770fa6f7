import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { NavLinks } from "~/components/nav-links";
import { requireAdmin } from "~/domain/admin-auth.server";
import { PRODUCT_NAME } from "~/lib/product";

// The back office's layout: the top navigation and the 'Hi, {name}' menu with LOGOUT. Every child
// route runs requireAdmin in its own loader and action as well.
export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  return { name: admin.name };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const NAVIGATION = [
  { to: "/admin/dash", label: "AdminDashboard" },
  { to: "/admin/survey", label: "AdminSurvey" },
  { to: "/admin/users", label: "AdminUser" },
  { to: "/admin/audit", label: "Audit Log" },
  { to: "/admin/withdrawal/req", label: "Withdrawals" },
  { to: "/admin/appeals", label: "Appeals" },
];

export default function AdminLayout() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <span className="font-semibold">{PRODUCT_NAME} Admin</span>
          <NavLinks label="Admin" items={NAVIGATION} className="flex flex-wrap gap-1" />
          <details className="relative ml-auto">
            <summary className="cursor-pointer list-none rounded-md border border-slate-300 px-3 py-1 text-sm">
              Hi, {name}
            </summary>
            <div className="absolute right-0 z-40 mt-2 w-64 rounded-md border border-slate-200 bg-white p-3 shadow-lg">
              <NavLink
                to="/admin/admins"
                className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100"
              >
                AdminControll
              </NavLink>
              <NavLink
                to="/admin/two-factor"
                className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100"
              >
                Two-factor sign-in
              </NavLink>
              <Form method="post" action="/admin/logout" className="mt-3 border-t border-slate-200 pt-3">
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" name="allDevices" value="on" />
                  Log Out of all Devices
                </label>
                <button type="submit" className="btn-secondary mt-2 w-full">
                  LOGOUT
                </button>
              </Form>
            </div>
          </details>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
