import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation();
  if (proof === "password") {
    return (
      <Field
        label={t("Your current password")}
        inputProps={{ id, name: "password", type: "password", autoComplete: "current-password", required: true }}
        errors={errors}
      />
    );
  }
  return (
    <Field
      label={t("Code from the email")}
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
      hint={codeSent ? t("The 6-digit code we emailed you.") : t("Use “Email me a code” above first.")}
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
  const { t } = useTranslation();
  const email = { email: signUpEmail };
  return (
    <Form
      method="post"
      className="mt-4 rounded-lg border border-slate-200 bg-white p-4"
      aria-label={t("Email me a code")}
    >
      <p className="text-sm text-slate-700">
        {codeSent
          ? t(
              "We emailed a code to {{email}}. Enter it below with the account details. No mail? Ask for a new code.",
              email,
            )
          : passwordIsRecent
            ? t(
                "Your password was set or changed recently, so for now we email a code to {{email}} instead of asking for it.",
                email,
              )
            : t("You sign in with Google, so we email a code to {{email}} instead of asking for a password.", email)}
      </p>
      <SubmitButton name="intent" value="send-code" pendingText={t("Sending…")} className="btn-secondary mt-3">
        {codeSent ? t("Email me a new code") : t("Email me a code")}
      </SubmitButton>
    </Form>
  );
}
