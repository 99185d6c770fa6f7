import { z } from "zod";
import { emailAddress, passwordText } from "~/lib/validation";

// The forgot-password and reset forms, shared by members and admins, on the server and (with
// JavaScript) in the browser. Field names follow the spec's reset payload: newPassword,
// newPassword_confirmation, email, token.

export const forgotPasswordSchema = z.object({
  email: emailAddress({
    required: "The email field is required.",
    invalid: "The email must be a valid email address.",
  }),
});

export const RESET_PASSWORD_FIELDS = ["newPassword", "newPassword_confirmation"];

/** The server adds the password policy (length, common passwords) to the browser's checks. */
export function resetPasswordSchema(policyIssue: (password: string) => string | null = () => null) {
  return z
    .object({
      newPassword: passwordText({ required: "The new password field is required." }),
      newPassword_confirmation: z
        .string({ required_error: "The new password confirmation field is required." })
        .max(200, "Must be at most 200 characters."),
    })
    .superRefine((value, context) => {
      const issue = policyIssue(value.newPassword);
      if (issue) context.addIssue({ code: z.ZodIssueCode.custom, path: ["newPassword"], message: issue });
      if (value.newPassword !== value.newPassword_confirmation) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["newPassword_confirmation"],
          message: "Password do not match",
        });
      }
    });
}
