import { z } from "zod";
import { tr } from "~/i18n/mark";
import { emailAddress, passwordText } from "~/lib/validation";

// The forgot-password and reset forms, shared by members and admins, on the server and (with
// JavaScript) in the browser. Field names follow the spec's reset payload: newPassword,
// newPassword_confirmation, email, token.

export const forgotPasswordSchema = z.object({
  email: emailAddress({
    required: tr("The email field is required."),
    invalid: tr("The email must be a valid email address."),
  }),
});

export const RESET_PASSWORD_FIELDS = ["newPassword", "newPassword_confirmation"];

/** The server adds the password policy (length, common passwords) to the browser's checks. */
export function resetPasswordSchema(policyIssue: (password: string) => string | null = () => null) {
  return z
    .object({
      newPassword: passwordText({ required: tr("The new password field is required.") }),
      newPassword_confirmation: z
        .string({ required_error: tr("The new password confirmation field is required.") })
        .max(200, tr("Must be at most 200 characters.")),
    })
    .superRefine((value, context) => {
      const issue = policyIssue(value.newPassword);
      if (issue) context.addIssue({ code: z.ZodIssueCode.custom, path: ["newPassword"], message: issue });
      if (value.newPassword !== value.newPassword_confirmation) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["newPassword_confirmation"],
          message: tr("Password do not match"),
        });
      }
    });
}
