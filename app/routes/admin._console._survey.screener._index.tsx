import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/domain/admin-auth.server";

// /admin/screener redirects to the list, as the spec's route table says; guarded first, so that
// the redirect does not tell a stranger the back office exists.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/screener/list");
}
