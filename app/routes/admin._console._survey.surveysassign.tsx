import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/domain/admin-auth.server";

// /admin/surveysassign, the spec's earlier assign page, redirects to Assign Surveys; guarded first,
// so that the redirect does not tell a stranger the back office exists.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/surveysassignv2");
}
