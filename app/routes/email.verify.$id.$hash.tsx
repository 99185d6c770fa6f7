import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CardPage } from "~/components/card-page";
import { ELEMENT, Sentence } from "~/components/sentence";
import { assertSameOrigin, getOptionalMember } from "~/domain/auth.server";
import { EMAIL_VERIFIED } from "~/domain/email-verification";
import {
  checkVerificationLink,
  confirmEmailVerification,
  type LinkCheck,
  TOO_MANY_ATTEMPTS,
  type VerificationLinkParts,
} from "~/domain/email-verification.server";
import { formErrorsOf, type FormResult } from "~/lib/form-result";
import { formResult, refuseForm } from "~/lib/forms.server";
import { getT } from "~/i18n/i18n.server";
import { titleMeta } from "~/lib/page-title";
import { clientAddress, consumeRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";

export const meta: MetaFunction<typeof loader> = titleMeta("Email verification");

// Outside the member layout (the link works signed out): the page loads the member texts itself.
export const handle = { i18n: ["member"] };

// The mailed link lands here. Opening it only checks it; the e-mail is marked verified by a POST,
// which the page sends by itself with JavaScript and with a button without it
// (docs/decisions/007-email-verification.md). The link carries the identity, so no sign-in is
// needed, but a different signed-in member is refused. The loader says what opening the link
// found; the POST answers a FormResult: a success once verified, or the refusal's message.
type Outcome = { state: "ready" | "verified" | "failed"; message: string | null };
/** What opening the link found, with the page's name in its language. */
type Opened = Outcome & { title: string };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await getT(request);
  const title = t("Email verification");
  const waitSeconds = await secondsToWait(request);
  if (waitSeconds !== null) {
    return data<Opened>({ state: "failed", message: TOO_MANY_ATTEMPTS, title }, tooManyInit(waitSeconds));
  }
  const check = await checkVerificationLink(linkParts(request, params), await signedIn(request));
  if (!check.ok)
    return data<Opened>({ state: "failed", message: check.message, title }, { status: failedStatus(check) });
  return data<Opened>(
    check.member.emailVerifiedAt
      ? { state: "verified", message: EMAIL_VERIFIED, title }
      : { state: "ready", message: null, title },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const waitSeconds = await secondsToWait(request);
  if (waitSeconds !== null) return refuseForm(TOO_MANY_ATTEMPTS, tooManyInit(waitSeconds));
  const check = await confirmEmailVerification(linkParts(request, params), await signedIn(request));
  if (!check.ok) return refuseForm(check.message, { status: failedStatus(check) });
  return formResult({ status: "success" });
}

/** Seconds until this address may check links again, or null while it may: opening and posting both count. */
async function secondsToWait(request: Request): Promise<number | null> {
  const limit = await consumeRateLimit(RATE_LIMITS.verifyLinkChecks, clientAddress(request));
  return limit.limited ? limit.retryAfterSeconds : null;
}

function tooManyInit(waitSeconds: number) {
  return { status: 429, headers: { "Retry-After": String(waitSeconds) } };
}

function linkParts(request: Request, params: LoaderFunctionArgs["params"]): VerificationLinkParts {
  const query = new URL(request.url).searchParams;
  return { id: params.id, hash: params.hash, expires: query.get("expires"), signature: query.get("signature") };
}

async function signedIn(request: Request) {
  return { signedInMemberId: (await getOptionalMember(request))?.id ?? null };
}

function failedStatus(check: Extract<LinkCheck, { ok: false }>): number {
  return check.failure === "expired" ? 410 : check.failure === "other-member" ? 403 : 400;
}

export default function EmailVerificationLanding() {
  const loaded = useLoaderData<typeof loader>() as Outcome;
  const confirmed = useActionData<typeof action>();
  const { state, message } = confirmed ? outcomeOf(confirmed) : loaded;
  const { t } = useTranslation();

  // The messages are the domain's fixed texts (marked with tr()), translated here.
  if (state === "verified") {
    return (
      <CardPage title={message ? t(message) : ""}>
        <p className="mt-2 text-slate-700">{t("Thank you. Your email address is confirmed.")}</p>
        <DashboardButton />
      </CardPage>
    );
  }
  if (state === "failed") {
    return (
      <CardPage title={t("Email verification failed")}>
        <p role="alert" className="mt-4 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
          {message ? t(message) : null}
        </p>
        <p className="mt-4 text-slate-700">
          <Sentence text={t("You can ask for a new link on the {{link}}.", { link: ELEMENT })}>
            <Link to="/email/verify" className="text-brand-600 underline">
              {t("verification page")}
            </Link>
          </Sentence>
        </p>
        <DashboardButton />
      </CardPage>
    );
  }
  return <Verifying />;
}

function Verifying() {
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (started.current || !form.current) return;
    started.current = true;
    submit(form.current);
  }, [submit]);

  const working = navigation.state !== "idle";
  const { t } = useTranslation();
  return (
    <CardPage title={t("Verifying your email")}>
      <p className="mt-2 text-slate-700" aria-live="polite">
        {working
          ? t("Verifying your email address, please wait…")
          : t("Press Verify Email to confirm your email address.")}
      </p>
      <Form method="post" ref={form} className="mt-6">
        <button type="submit" className="btn-primary" disabled={working}>
          {working ? t("Verifying…") : t("Verify Email")}
        </button>
      </Form>
    </CardPage>
  );
}

/** What the page shows after its POST: verified, or failed with the refusal's message. */
function outcomeOf(answer: FormResult): Outcome {
  if (answer.status === "success") return { state: "verified", message: EMAIL_VERIFIED };
  return { state: "failed", message: formErrorsOf(answer)?.[0] ?? null };
}

function DashboardButton() {
  const { t } = useTranslation();
  return (
    <div className="mt-6">
      <Link to="/dashboard" className="btn-primary">
        {t("Dashboard")}
      </Link>
    </div>
  );
}
