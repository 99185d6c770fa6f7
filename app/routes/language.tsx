import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { getOptionalMember } from "~/domain/auth.server";
import { safeRedirect } from "~/domain/login.server";
import { isLanguage } from "~/i18n/config";
import { rememberLanguage } from "~/i18n/i18n.server";
import { getPrisma } from "~/lib/db.server";
import { readFormData } from "~/lib/forms.server";

// The language form of every member-side page posts here (decision 074): the choice is remembered in
// this browser's cookie and, for a signed-in member, in the profile (so their other devices and their
// mails follow it); then the member is back on the page they were reading.
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const back = safeRedirect(form.get("redirectTo"), "/");
  const language = form.get("language");
  // An unknown code changes nothing: the page again, as it was.
  if (!isLanguage(language)) return redirect(back);
  const member = await getOptionalMember(request);
  if (member && member.language !== language) {
    await getPrisma().member.update({ where: { id: member.id }, data: { language } });
  }
  return redirect(back, { headers: { "Set-Cookie": await rememberLanguage(language) } });
}

export function loader() {
  return redirect("/");
}
