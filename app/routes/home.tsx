import { redirect } from "@remix-run/node";

// The spec's member area is entered at /home; its first page is the dashboard.
export function loader() {
  return redirect("/dashboard");
}
