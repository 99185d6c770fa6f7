import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import type { Member } from "~/generated/prisma/client";
import { tr } from "~/i18n/mark";
import { getPrisma } from "~/lib/db.server";
import { clearRateLimit, consumeRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import { passwordText } from "~/lib/validation";
import { queuePasswordChangedMail, queueSafely } from "./member-notices.server";
import { hashPassword, passwordPolicyIssue, verifyPassword } from "./passwords.server";
import { endOtherMemberSessions } from "./sessions.server";

// The Password page: a member changes their password, or a member who only ever signed in with
// Google sets a first one. Changing it signs out every other device, as a reset does.

const PASSWORD_MISMATCH = tr("Password do not match");
const WRONG_CURRENT_PASSWORD = tr("The current password is incorrect.");
/** The refusal over the limit, said by the page in the member's language (English forms in locales/en). */
export const TOO_MANY_WRONG_PASSWORDS = tr("Too many wrong passwords. Try again in {{count}} minutes.");

/** The spec's payload names: oldPassword (only when the account has a password), newPassword, newPassword_confirmation. */
function passwordChangeSchema(hasPassword: boolean) {
  return z
    .object({
      // A member without a password sets a first one: there is nothing to check.
      oldPassword: hasPassword ? passwordText({ required: tr("Enter your current password") }) : z.string().optional(),
      newPassword: passwordText({ required: tr("Enter a new password") }),
      newPassword_confirmation: passwordText({ required: tr("Confirm the new password") }),
    })
    .superRefine((value, context) => {
      if (value.newPassword === "") return;
      const issue = passwordPolicyIssue(value.newPassword);
      if (issue) context.addIssue({ code: z.ZodIssueCode.custom, path: ["newPassword"], message: issue });
      if (value.newPassword_confirmation !== "" && value.newPassword !== value.newPassword_confirmation) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["newPassword_confirmation"],
          message: PASSWORD_MISMATCH,
        });
      }
    });
}

/** Parses a Password post; conform's coercion is off so that "" stays a value (see requiredPassword). */
export function parsePasswordChange(formData: FormData, member: Pick<Member, "passwordHash">) {
  return parseWithZod(formData, {
    schema: passwordChangeSchema(member.passwordHash !== null),
    disableAutoCoercion: true,
  });
}

export type PasswordChangeResult =
  | { ok: true; message: string }
  | { ok: false; field: "oldPassword"; message: string }
  | { ok: false; field: null; message: string; retryAfterSeconds: number };

/**
 * Checks the current password (when there is one), stores the new one and ends the member's other
 * sessions; the session that made the change stays signed in.
 */
export async function changeMemberPassword({
  member,
  sessionId,
  oldPassword,
  newPassword,
}: {
  member: Member;
  sessionId: string;
  oldPassword?: string;
  newPassword: string;
}): Promise<PasswordChangeResult> {
  if (member.passwordHash) {
    // Counted before the check (RATE_LIMITS.passwordChange): someone holding a stolen session
    // cannot guess the current password for long, not even with parallel posts.
    const limit = await consumeRateLimit(RATE_LIMITS.passwordChange, member.id);
    if (limit.limited) {
      const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
      return {
        ok: false,
        field: null,
        message: `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        retryAfterSeconds: limit.retryAfterSeconds,
      };
    }
    if (!oldPassword || !(await verifyPassword(oldPassword, member.passwordHash))) {
      return { ok: false, field: "oldPassword", message: WRONG_CURRENT_PASSWORD };
    }
  }
  const passwordHash = await hashPassword(newPassword);
  // Stamped: for a while a payout change asks for a mailed code, not this new password (decision 039).
  await getPrisma().member.update({ where: { id: member.id }, data: { passwordHash, passwordChangedAt: new Date() } });
  await endOtherMemberSessions(member.id, sessionId);
  await queueSafely(
    () => queuePasswordChangedMail(getPrisma(), member, member.passwordHash ? "changed" : "set"),
    "password change",
  );
  await clearRateLimit(RATE_LIMITS.passwordChange, member.id);
  return {
    ok: true,
    message: member.passwordHash ? tr("Password Changed Successfully") : tr("Password Set Successfully"),
  };
}
