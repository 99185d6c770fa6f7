import { z } from "zod";
import { passwordText } from "~/lib/validation";

// The Delete Account form, shared by the action (server validation) and the page (the same checks
// in the browser with JavaScript). Safe for the browser: nothing here reads the database.

/** What a member without a password (Google only) types instead of a password. */
export const DELETION_WORD = "DELETE";

export const DELETION_MESSAGES = {
  passwordRequired: "Enter your password to confirm.",
  wordRequired: `Type ${DELETION_WORD} to confirm.`,
  understood: "Tick the box to confirm that you understand.",
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
