import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CardPage } from "~/components/card-page";
import { ELEMENT, Sentence } from "~/components/sentence";
import { requireMember } from "~/domain/auth.server";
import {
  secondsUntilResend,
  sendVerificationEmail,
  TOO_MANY_ATTEMPTS,
  type SendOutcome,
} from "~/domain/email-verification.server";
import { getLanguage, getT } from "~/i18n/i18n.server";
import { formErrorsOf } from "~/lib/form-result";
import { refuseForm } from "~/lib/forms.server";
import { titleMeta } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: MetaFunction<typeof loader> = titleMeta("Verify Email");

// Outside the member layout: the page loads the member texts itself.
export const handle = { i18n: ["member"] };

// VerifyEmail: the first visit mails a link by itself (unless one went out in the last 60 s), and
// Resend asks for another. Opening the page again within the cooldown sends nothing. A refused
// Resend answers a FormResult: the reason as the form's message, the countdown in pageState.
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const t = await getT(request);
  const title = t("Verify Email");
  if (member.emailVerifiedAt)
    return data({ verified: true, email: member.email, resendInSeconds: 0, notice: null, title });
  const waiting = await secondsUntilResend(member.id);
  if (waiting > 0) return data({ verified: false, email: member.email, resendInSeconds: waiting, notice: null, title });
  const outcome = await sendVerificationEmail(member, { pageLanguage: await getLanguage(request) });
  return data(
    {
      verified: false,
      email: member.email,
      resendInSeconds: cooldownAfter(outcome),
      notice: outcome.status === "sent" ? null : refusal(outcome, t),
      title,
    },
    { status: outcome.status === "too-many" ? 429 : 200 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  if (member.emailVerifiedAt) return redirect("/email/verify");
  const outcome = await sendVerificationEmail(member, { pageLanguage: await getLanguage(request) });
  // Both answers name a value (the address, the seconds), so they are translated here.
  const t = await getT(request);
  if (outcome.status === "sent") {
    return redirectWithToast("/email/verify", {
      type: "success",
      message: t("A new verification link has been sent to {{email}}.", { email: member.email }),
    });
  }
  return refuseForm<ResendState>(refusal(outcome, t), {
    status: 429,
    headers: { "Retry-After": String(outcome.retryAfterSeconds) },
    pageState: { resendInSeconds: cooldownAfter(outcome) },
  });
}

type ResendState = { resendInSeconds: number };

function refusal(outcome: Exclude<SendOutcome, { status: "sent" }>, t: TFunction): string {
  if (outcome.status === "too-many") return t(TOO_MANY_ATTEMPTS);
  return t("Please wait {{count}} seconds before requesting another link.", { count: outcome.retryAfterSeconds });
}

/** The Resend button's countdown: the cooldown only; after 'too many' the button stays usable. */
function cooldownAfter(outcome: SendOutcome): number {
  return outcome.status === "too-many" ? 0 : outcome.retryAfterSeconds;
}

export default function VerifyEmail() {
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const notice = formErrorsOf(refused)?.[0] ?? loaded.notice;
  const { t } = useTranslation();

  if (loaded.verified) {
    return (
      <CardPage title={t("Your email is verified")}>
        <p className="mt-2 text-slate-700">
          <Sentence text={t("{{email}} is verified. You can use every part of the member area.", { email: ELEMENT })}>
            <strong>{loaded.email}</strong>
          </Sentence>
        </p>
        <div className="mt-6">
          <Link to="/dashboard" className="btn-primary">
            {t("Dashboard")}
          </Link>
        </div>
      </CardPage>
    );
  }
  return (
    <CardPage title={t("Verify your email")}>
      <p className="mt-2 text-slate-700">
        <Sentence
          text={t(
            "We sent a verification link to {{email}}. Open it to verify your email address; it expires in 60 minutes. No mail? Check your spam folder, or ask for a new link.",
            { email: ELEMENT },
          )}
        >
          <strong>{loaded.email}</strong>
        </Sentence>
      </p>
      {notice ? (
        <p
          role="alert"
          id="verify-notice"
          className="mt-4 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          {t(notice)}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <Form method="post">
          <ResendButton
            seconds={refused?.pageState?.resendInSeconds ?? loaded.resendInSeconds}
            loadedAt={refused ?? loaded}
          />
        </Form>
        <Link to="/dashboard" className="btn-secondary">
          {t("Dashboard")}
        </Link>
      </div>
    </CardPage>
  );
}

/**
 * With JavaScript the button is disabled for the cooldown and counts down ('Resend link in N').
 * Without it, the button is always there and the server answers an early press with the seconds
 * left; the server's markup is also the first render in the browser, so hydration matches.
 */
function ResendButton({ seconds, loadedAt }: { seconds: number; loadedAt: object }) {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [remaining, setRemaining] = useState<number | null>(null);

  useEffect(() => {
    // A deadline on the browser's clock, from the seconds the server counted: no clock skew.
    const deadline = Date.now() + seconds * 1000;
    const tick = () => setRemaining(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
    // loadedAt: every answer from the server restarts the countdown, even with the same seconds.
  }, [seconds, loadedAt]);

  const sending = navigation.state === "submitting";
  const counting = remaining !== null && remaining > 0;
  return (
    <button type="submit" className="btn-primary" disabled={sending || counting}>
      {sending
        ? t("Sending…")
        : counting
          ? t("Resend link in {{seconds}}", { seconds: remaining })
          : t("Resend Verification Link")}
    </button>
  );
}
