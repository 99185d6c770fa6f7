import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { endAdminSession } from "~/domain/admin-sessions.server";
import { assertSameOrigin } from "~/domain/auth.server";
import { readFormData } from "~/lib/forms.server";

// LOGOUT ends this device's admin session, or every one with 'Log Out of all Devices', then back
// to the admin login.
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readFormData(request);
  const clearCookie = await endAdminSession(request, { allDevices: form.get("allDevices") === "on" });
  return redirect("/admin", { headers: { "Set-Cookie": clearCookie } });
}

export function loader() {
  return redirect("/admin");
}
