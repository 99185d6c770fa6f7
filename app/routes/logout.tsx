import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { assertSameOrigin } from "~/domain/auth.server";
import { endMemberSession } from "~/domain/sessions.server";
import { readFormData } from "~/lib/forms.server";

// Logout ends this device's session, or every session of the member with 'Log Out of all Devices',
// and clears the cookie, so no member state stays in the browser.
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readFormData(request);
  const clearCookie = await endMemberSession(request, { allDevices: form.get("allDevices") === "on" });
  return redirect("/login", { headers: { "Set-Cookie": clearCookie } });
}

export function loader() {
  return redirect("/");
}
