import type { LoaderFunctionArgs } from "@remix-run/node";
import { SectionLayout } from "~/components/nav-links";
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
  return <SectionLayout label="Admin management" items={ADMIN_NAVIGATION} />;
}
