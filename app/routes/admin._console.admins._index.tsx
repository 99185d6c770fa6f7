import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/domain/admin-auth.server";

// /admin/admins opens the admin table.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  throw redirect("/admin/admins/view");
}
