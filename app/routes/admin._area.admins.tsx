import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { requireAdmin } from "~/domain/admin-auth.server";

// AdminControll: the wrapper of register, view and view/{id}, with its own small nav.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

const ADMIN_NAVIGATION = [
  { to: "/admin/admins/register", label: "Register a Admin" },
  { to: "/admin/admins/view", label: "View Admin" },
];

export default function AdminControll() {
  return (
    <div>
      <nav aria-label="Admin management" className="mb-6 flex gap-2 border-b border-slate-200 pb-3">
        {ADMIN_NAVIGATION.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            className={({ isActive }) =>
              `rounded-md px-3 py-2 text-sm ${isActive ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-100"}`
            }
          >
            {item.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
