import { redirect } from "@remix-run/node";

// The spec enters the admin area at /admin/home; its first page is the dashboard, whose guard
// shows everyone but an active admin the 404 page.
export function loader() {
  return redirect("/admin/dash");
}
