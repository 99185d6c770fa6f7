import { z } from "zod";
import { tr } from "~/i18n/mark";
import { passwordText } from "~/lib/validation";

// The Delete Account form, shared by the action (server validation) and the page (the same checks
// in the browser with JavaScript). Safe for the browser: nothing here reads the database.

/** What a member without a password (Google only) types instead of a password. */
export const DELETION_WORD = "DELETE";

export const DELETION_MESSAGES = {
  passwordRequired: tr("Enter your password to confirm."),
  // DELETION_WORD spelled out: a text to translate is a fixed one.
  wordRequired: tr("Type DELETE to confirm."),
  understood: tr("Tick the box to confirm that you understand."),
} as const;

/**
 * A member with a password proves it is them with the password; a Google-only member has none, so
 * typing the word is the deliberate act instead (their session already proves who they are).
 */
export function accountDeletionSchema(hasPassword: boolean) {
  return z.object({
    password: hasPassword ? passwordText({ required: DELETION_MESSAGES.passwordRequired }) : z.string().optional(),
    confirmation: hasPassword
      ? z.string().optional()
      : z
          .string({ required_error: DELETION_MESSAGES.wordRequired })
          .trim()
          .refine((value) => value.toUpperCase() === DELETION_WORD, DELETION_MESSAGES.wordRequired),
    understood: z
      .boolean({ required_error: DELETION_MESSAGES.understood })
      .refine((value) => value, DELETION_MESSAGES.understood),
  });
}
