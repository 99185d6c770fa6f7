import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmationField, SubmitButton } from "~/components/forms";
import { CallbackGuide } from "~/components/survey-callback-guide";
import { LifecycleActions, LifecycleBadges } from "~/components/lifecycle-actions";
import { SurveyClosingSummary } from "~/components/survey-closing";
import { SurveyDescription } from "~/components/survey-description";
import { SurveyForm, type SurveyFormValues } from "~/components/survey-form";
import { requireAdmin } from "~/domain/admin-auth.server";
import { pointsCapHint } from "~/domain/points-cap.server";
import { closeDateValue, hostedSurveyPath, surveySchema } from "~/domain/survey-catalogue-schema";
import { callbackGuide } from "~/domain/survey-callbacks.server";
import { compensationPaid } from "~/domain/survey-taking.server";
import { surveyClosing } from "~/domain/survey-live.server";
import {
  findSurvey,
  ROTATE_SECRET_MESSAGES,
  rotateReturnSecret,
  setSurveyLaunched,
  surveyFormChoices,
  updateSurvey,
  type CatalogueSurvey,
} from "~/domain/survey-catalogue.server";
import {
  RETURN_STATUSES,
  returnLinkTemplate,
  signReturnUrl,
  type ReturnStatus,
} from "~/domain/survey-return-links.server";
import { listCountries } from "~/lib/countries.server";
import { getPrisma } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { formResult, readFormData, readIntent, refuseForm } from "~/lib/forms.server";
import { formErrorsOf, resultFor } from "~/lib/form-result";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";
import { utcMinute } from "~/lib/utc-minute";
import { notFound } from "~/lib/http.server";
import { parseId } from "~/lib/ids";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded?.survey.name ?? "Survey"} | ${PRODUCT_NAME}` },
];

// /admin/survey/{id}: a survey's edit form, its Launch / Unlaunch button (a form of its own), and
// where members reach it: the public address of a hosted survey, or the signed return links an
// external survey's vendor needs. The signing secret (and a signed example) reaches super-admins
// only, who can also rotate it (decision 038): the confirmation is a required checkbox, so it
// works without JavaScript.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const survey = await surveyOr404(params.id);
  const choices = {
    ...(await surveyFormChoices({ keepQuestionnaireId: survey.questionnaireId, keepScreenerId: survey.screenerId })),
    countries: listCountries(),
  };
  return {
    survey: {
      id: survey.id,
      name: survey.name,
      launched: survey.launched,
      closed: survey.closedAt !== null,
      archived: survey.archivedAt !== null,
      descriptionHtml: survey.descriptionHtml,
    },
    choices,
    defaultValue: formValues(survey),
    delivery: deliveryDetails(survey, admin.isSuperAdmin),
    pointsHint: pointsCapHint(admin),
    callbacks: survey.delivery === "external" ? await callbackGuide(survey, admin.isSuperAdmin) : null,
    compensation: { points: survey.screenOutPoints, ...(await compensationPaid(survey.id)) },
    closing: await surveyClosing(getPrisma(), survey),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const survey = await surveyOr404(params.id);
  const formData = await readFormData(request);
  const intent = readIntent(formData, ["rotate-secret", "launch", "unlaunch", "save"]);
  if (intent === "rotate-secret") {
    if (formData.get("confirm") !== "on") return refuseForm(ROTATE_SECRET_MESSAGES.confirmRequired, { form: intent });
    const result = await rotateReturnSecret(admin, survey);
    if (!result.ok) return refuseForm(result.message, { form: intent, status: 403 });
    return redirectWithToast(`/admin/survey/${survey.id}`, { type: "success", message: result.message });
  }
  if (intent === "launch" || intent === "unlaunch") {
    const result = await setSurveyLaunched(admin, survey, intent === "launch");
    return redirectWithToast(`/admin/survey/${survey.id}`, {
      type: result.ok ? "success" : "error",
      message: result.message,
    });
  }
  const submission = parseWithZod(formData, { schema: surveySchema });
  if (submission.status !== "success") return formResult(submission.reply(), { form: intent });
  const result = await updateSurvey(admin, survey, submission.value);
  if (!result.ok) {
    const { form, ...fieldErrors } = result.fieldErrors;
    return formResult(submission.reply({ formErrors: form, fieldErrors }), { form: intent });
  }
  return redirectWithToast(`/admin/survey/${survey.id}`, { type: "success", message: result.message });
}

export default function EditSurvey() {
  const { survey, choices, defaultValue, delivery, pointsHint, callbacks, compensation, closing } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const rotateError = formErrorsOf(resultFor(actionData, "rotate-secret"))?.[0] ?? null;
  const lastResult = resultFor(actionData, "save");
  return (
    <section aria-labelledby="survey-heading">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/survey" aria-label="Back to Surveys" className="btn-secondary">
          ←
        </Link>
        <h1 id="survey-heading" className="text-2xl font-semibold">
          {survey.name}
        </h1>
        <Link to={`/admin/survey/${survey.id}/results`} className="text-sm underline">
          Results
        </Link>
        <Link to={`/admin/survey/${survey.id}/reconcile`} className="text-sm underline">
          Reconcile
        </Link>
        <Link to={`/admin/survey/${survey.id}/field`} className="text-sm underline">
          Field report
        </Link>
        <span
          className={`rounded-full px-3 py-1 text-sm ${survey.launched ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700"}`}
        >
          {survey.launched ? "Launched" : "Not Launched"}
        </span>
        <LifecycleBadges closed={survey.closed} archived={survey.archived} />
        <Form method="post" className="ml-auto">
          <SubmitButton
            name="intent"
            value={survey.launched ? "unlaunch" : "launch"}
            pendingText={survey.launched ? "Unlaunching…" : "Launching…"}
            className={survey.launched ? "btn-secondary" : "btn-primary"}
          >
            {survey.launched ? "Unlaunch" : "Launch"}
          </SubmitButton>
        </Form>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        Only launched surveys reach members, and only while they are neither closed nor archived.
      </p>
      <LifecycleActions kind="survey" id={survey.id} closed={survey.closed} archived={survey.archived} />
      <p className="mt-2 text-sm text-slate-700" data-testid="screen-out-compensation">
        {compensation.points > 0
          ? `Screen-out compensation: ${compensation.points} points for a screen-out or over quota inside the survey.`
          : "No screen-out compensation."}{" "}
        {compensation.members > 0
          ? `Paid so far: ${compensation.total.toLocaleString("en-US")} points to ${compensation.members} member(s).`
          : ""}
      </p>
      <SurveyClosingSummary closing={closing} />

      {delivery.kind === "hosted" ? (
        <HostedDetails {...delivery} />
      ) : (
        <ExternalDetails {...delivery} rotateError={rotateError} />
      )}
      {callbacks ? <CallbackGuide {...callbacks} requireCallback={defaultValue.requireCallback === "on"} /> : null}

      {survey.descriptionHtml ? (
        <section aria-labelledby="description-heading" className="mt-6 max-w-2xl">
          <h2 id="description-heading" className="text-lg font-semibold">
            Description as members see it
          </h2>
          <SurveyDescription
            html={survey.descriptionHtml}
            className="mt-2 rounded-md border border-slate-200 bg-white p-3"
          />
        </section>
      ) : null}

      <h2 className="mt-6 text-lg font-semibold">Edit Survey</h2>
      <div className="mt-2">
        <SurveyForm
          // Remounted after a save, so the fields show what was stored (the sanitised description).
          key={JSON.stringify(defaultValue)}
          id="edit-survey"
          pointsHint={pointsHint}
          lastResult={lastResult}
          defaultValue={defaultValue}
          choices={choices}
          submitLabel="Save Survey"
          pendingText="Saving…"
        />
      </div>
    </section>
  );
}

function HostedDetails({ publicUrl, hasQuestionnaire }: { publicUrl: string; hasQuestionnaire: boolean }) {
  return (
    <section
      aria-labelledby="hosted-heading"
      className="mt-6 max-w-2xl rounded-md border border-slate-200 bg-white p-4"
    >
      <h2 id="hosted-heading" className="text-lg font-semibold">
        Hosted on the panel
      </h2>
      <p className="mt-1 text-sm text-slate-700">Members who start this survey answer it at:</p>
      <p className="mt-1 break-all font-mono text-sm">{publicUrl}</p>
      {hasQuestionnaire ? null : (
        <p className="mt-2 text-sm text-red-700">
          Its questionnaire was deleted: choose another one below before launching.
        </p>
      )}
    </section>
  );
}

function ExternalDetails({
  externalUrl,
  returnLinks,
  signing,
  rotateError,
}: {
  externalUrl: string;
  returnLinks: { status: ReturnStatus; label: string; url: string }[];
  signing: Signing | null;
  rotateError: string | null;
}) {
  return (
    <section
      aria-labelledby="return-links-heading"
      className="mt-6 max-w-3xl rounded-md border border-slate-200 bg-white p-4"
    >
      <h2 id="return-links-heading" className="text-lg font-semibold">
        Return links for the vendor
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Members are sent to <span className="break-all font-mono">{externalUrl}</span> with {"{token}"} replaced by
        their respondent token. Give the vendor these four links; at the end of the survey the vendor sends the member
        back through the one that fits, signed.
      </p>
      <dl className="mt-3 grid gap-2 text-sm">
        {returnLinks.map((link) => (
          <div key={link.status}>
            <dt className="font-medium">{link.label}</dt>
            <dd className="break-all font-mono text-xs">{link.url}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 font-semibold">Signing</h3>
      <ol className="mt-1 list-decimal pl-5 text-sm text-slate-700">
        <li>Replace {"{token}"} with the respondent token the survey was opened with.</li>
        <li>
          Compute the HMAC-SHA256 of that URL with the survey&apos;s secret as the key (its 64 characters, as text). If
          you add parameters of your own, sign the URL with every parameter except signature sorted by name.
        </li>
        <li>Append &amp;signature= and the digest as lowercase hex, and redirect the member there.</li>
      </ol>
      <p className="mt-2 text-sm text-slate-700">
        A link with a missing or wrong signature changes nothing and is recorded as a security outcome without reward.
      </p>
      {signing ? (
        <SigningSecret {...signing} rotateError={rotateError} />
      ) : (
        <p className="mt-3 text-sm text-slate-700" data-testid="secret-hidden">
          The signing secret is shown to super-admins only: ask a super-admin to give it to the vendor.
        </p>
      )}
    </section>
  );
}

interface Signing {
  secret: string;
  example: { token: string; url: string };
  rotatedAt: string | null;
  previousValidUntil: string | null;
}

function SigningSecret({
  secret,
  example,
  rotatedAt,
  previousValidUntil,
  rotateError,
}: Signing & { rotateError: string | null }) {
  return (
    <>
      {/* Keyed by the secret: after a rotation the new one starts hidden, as on a fresh page. */}
      <details key={secret} className="mt-3" open={rotateError ? true : undefined}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">Show the signing secret</summary>
        <p className="mt-2 break-all rounded-md bg-slate-100 p-2 font-mono text-xs" data-testid="return-secret">
          {secret}
        </p>
        <p className="mt-2 text-sm text-slate-700">
          Example: with the token <span className="font-mono">{example.token}</span> the signed complete link is
        </p>
        <p className="mt-1 break-all font-mono text-xs">{example.url}</p>
        {rotatedAt ? (
          <p className="mt-2 text-sm text-slate-700">
            Rotated {utcMinute(rotatedAt)}.
            {previousValidUntil
              ? ` Links signed with the previous secret work until ${utcMinute(previousValidUntil)}.`
              : ""}
          </p>
        ) : null}
      </details>
      <Form method="post" className="mt-3 border-t border-slate-200 pt-3">
        <h3 className="font-semibold">Rotate the signing secret</h3>
        <p className="mt-1 text-sm text-slate-700">
          A new secret replaces this one. Links signed with this one keep working for a grace period only, so give the
          vendor the new secret at once. A secret rotated earlier and still in its grace period stops working now.
        </p>
        <ConfirmationField
          id="rotate-secret"
          name="confirm"
          label="I will give the vendor the new secret."
          errors={rotateError ? [rotateError] : null}
        />
        <SubmitButton name="intent" value="rotate-secret" pendingText="Rotating…" className="btn-secondary mt-2">
          Rotate secret
        </SubmitButton>
      </Form>
    </>
  );
}

const RETURN_LABELS: Record<ReturnStatus, string> = {
  complete: "Complete",
  terminate: "Terminate",
  over_quota: "Over quota",
  quality: "Quality",
};

function deliveryDetails(survey: CatalogueSurvey, superAdmin: boolean) {
  if (survey.delivery === "hosted") {
    return {
      kind: "hosted" as const,
      publicUrl: new URL(hostedSurveyPath(survey.slug), getEnv().APP_URL).href,
      hasQuestionnaire: survey.questionnaireId !== null,
    };
  }
  const exampleToken = "EXAMPLE-TOKEN";
  return {
    kind: "external" as const,
    externalUrl: survey.externalUrl ?? "",
    returnLinks: RETURN_STATUSES.map((status) => ({
      status,
      label: RETURN_LABELS[status],
      url: returnLinkTemplate(status),
    })),
    signing: superAdmin
      ? {
          secret: survey.returnSecret,
          example: {
            token: exampleToken,
            url: signReturnUrl(returnLinkTemplate("complete").replace("{token}", exampleToken), survey.returnSecret),
          },
          rotatedAt: survey.returnSecretRotatedAt?.toISOString() ?? null,
          previousValidUntil:
            survey.previousSecretExpiresAt && survey.previousSecretExpiresAt > new Date()
              ? survey.previousSecretExpiresAt.toISOString()
              : null,
        }
      : null,
  };
}

function formValues(survey: CatalogueSurvey): SurveyFormValues {
  const text = (value: number | string | null) => (value === null ? "" : String(value));
  return {
    name: survey.name,
    slug: survey.slug,
    description: survey.descriptionHtml,
    categoryId: text(survey.categoryId),
    points: text(survey.points),
    lengthMinutes: text(survey.lengthMinutes),
    screenerId: text(survey.screenerId),
    quota: text(survey.quota),
    country: text(survey.country),
    delivery: survey.delivery,
    questionnaireId: text(survey.questionnaireId),
    externalUrl: text(survey.externalUrl),
    requireCallback: survey.requireCallback ? "on" : "",
    screenOutPoints: text(survey.screenOutPoints),
    closesAt: closeDateValue(survey.closesAt),
    closeWhenQuotaFull: survey.closeWhenQuotaFull ? "on" : "",
  };
}

async function surveyOr404(param: string | undefined): Promise<CatalogueSurvey> {
  const id = parseId(param);
  const survey = id === null ? null : await findSurvey(id);
  if (!survey) throw notFound();
  return survey;
}
