import type { Admin } from "~/generated/prisma/client";
import { getT } from "~/i18n/i18n.server";
import { getEnv } from "~/lib/env.server";
import { PRODUCT_NAME } from "~/lib/product";
import { memberMail } from "./member-notices.server";
import type { Tx } from "~/lib/db.server";

// Notices to an admin about the security of their own account (decision 037): two-factor sign-in
// turned on, turned off or reset by a super-admin, and a password set by a super-admin. Each says
// what to do if it was not them. Queued (QueuedMail) in the transaction of the change, like the
// members' notices: a rolled-back change sends nothing, and a mail server that is down never fails
// the change; the mail worker sends them with retries.

type Recipient = Pick<Admin, "email" | "name">;
type Actor = Pick<Admin, "email">;

const signInPage = () => `${getEnv().APP_URL.replace(/\/$/, "")}/admin`;

export function queueTwoFactorEnabledMail(tx: Tx, admin: Recipient) {
  return queue(tx, admin, "Two-factor sign-in is on for your admin account", [
    `Two-factor sign-in was turned on for your ${PRODUCT_NAME} admin account. Every sign-in now needs a code from the authenticator app that was set up. Your other sessions were signed out.`,
    "",
    `If this was not you, someone knows your password and set up their own app: ask a super-admin at once to reset your two-factor sign-in, then set a new password with "Forgot Your Password?" at ${signInPage()}.`,
  ]);
}

export function queueTwoFactorDisabledMail(tx: Tx, admin: Recipient) {
  return queue(tx, admin, "Two-factor sign-in was turned off for your admin account", [
    `Two-factor sign-in was turned off for your ${PRODUCT_NAME} admin account. Your password alone now signs you in.`,
    "",
    `If this was not you, someone is signed in as you: set a new password at once with "Forgot Your Password?" at ${signInPage()} (that signs out every session), turn two-factor sign-in on again, and tell a super-admin.`,
  ]);
}

export function queueTwoFactorResetMail(tx: Tx, admin: Recipient, actor: Actor) {
  return queue(tx, admin, "Your two-factor sign-in was reset", [
    `A super-admin (${actor.email}) reset the two-factor sign-in of your ${PRODUCT_NAME} admin account: your authenticator app and recovery codes no longer work, and you were signed out everywhere. Set up two-factor sign-in again after your next sign-in.`,
    "",
    `If you did not ask for this, set a new password at once with "Forgot Your Password?" at ${signInPage()}, and tell another super-admin or ${getEnv().SUPPORT_EMAIL}.`,
  ]);
}

export function queueAdminPasswordSetMail(tx: Tx, admin: Recipient, actor: Actor) {
  return queue(tx, admin, "A super-admin set a new password on your admin account", [
    `A super-admin (${actor.email}) set a new password on your ${PRODUCT_NAME} admin account, and you were signed out everywhere. Ask them for it, or choose your own with "Forgot Your Password?" at ${signInPage()}.`,
    "",
    `If you did not ask for this, tell another super-admin or ${getEnv().SUPPORT_EMAIL} at once.`,
  ]);
}

async function queue(tx: Tx, admin: Recipient, subject: string, body: string[]) {
  // The back office is English (decision 074), and so are its mails, greeting included.
  const tMail = await getT("en", ["email"]);
  await tx.queuedMail.create({
    data: memberMail({ email: admin.email, firstName: admin.name }, subject, body, tMail),
  });
}
