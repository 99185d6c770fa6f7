import { Form } from "@remix-run/react";
import { Field, SubmitButton, useClearedAfterSubmit } from "~/components/forms";

// The account page's proof that it is the member adding a payout account: the current password,
// or for a member without one (Google sign-in) a code mailed in a first step.
// See docs/decisions/039-payout-account-changes.md.

export type Proof = "password" | "code";

/** The current password, or the mailed code. The answer never carries either back; with JavaScript the field is emptied too. */
export function ProofField({
  id,
  proof,
  codeSent,
  errors,
  lastResult,
}: {
  id: string;
  proof: Proof;
  codeSent: boolean;
  errors: string[] | undefined;
  lastResult: unknown;
}) {
  useClearedAfterSubmit(lastResult, id);
  if (proof === "password") {
    return (
      <Field
        label="Your current password"
        inputProps={{ id, name: "password", type: "password", autoComplete: "current-password", required: true }}
        errors={errors}
      />
    );
  }
  return (
    <Field
      label="Code from the email"
      inputProps={{
        id,
        name: "code",
        type: "text",
        inputMode: "numeric",
        autoComplete: "one-time-code",
        maxLength: 6,
        required: true,
      }}
      errors={errors}
      hint={codeSent ? "The 6-digit code we emailed you." : "Use “Email me a code” above first."}
    />
  );
}

/** Step one for a member without a password (or with one set just now): a code by mail, good for one account. */
export function SendCodeForm({
  signUpEmail,
  codeSent,
  passwordIsRecent,
}: {
  signUpEmail: string;
  codeSent: boolean;
  passwordIsRecent: boolean;
}) {
  return (
    <Form method="post" className="mt-4 rounded-lg border border-slate-200 bg-white p-4" aria-label="Email me a code">
      <p className="text-sm text-slate-700">
        {codeSent
          ? `We emailed a code to ${signUpEmail}. Enter it below with the account details. No mail? Ask for a new code.`
          : passwordIsRecent
            ? `Your password was set or changed recently, so for now we email a code to ${signUpEmail} instead of asking for it.`
            : `You sign in with Google, so we email a code to ${signUpEmail} instead of asking for a password.`}
      </p>
      <SubmitButton name="intent" value="send-code" pendingText="Sending…" className="btn-secondary mt-3">
        {codeSent ? "Email me a new code" : "Email me a code"}
      </SubmitButton>
    </Form>
  );
}
