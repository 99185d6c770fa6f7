import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PrescreenerForm, PrescreenerResult, SomethingWentWrong } from "~/components/prescreener";
import { requireMemberWithDetails } from "~/domain/auth.server";
import { numberedDefinition, type FormValues } from "~/domain/prescreener";
import { loadPrescreener, prescreenerStep, submitPrescreener } from "~/domain/prescreener.server";
import { formResult, readFormData, refuseForm } from "~/lib/forms.server";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";
import { parseId } from "~/lib/ids";
import { tr } from "~/i18n/mark";
import { getT } from "~/i18n/i18n.server";
import { useTranslation } from "react-i18next";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.pageTitle ?? "Pre-Screener"} | ${PRODUCT_NAME}` },
];

// /prescreener/{survey}: the screener of the member's open assignment of a survey. It runs in the
// survey window, so it stands alone, without the member area's sidebar. Every Previous, Next and
// Submit is a post that carries the answers so far; the result is shown by the loader after a
// redirect, so opening the page again shows it again (decision 022).

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

// Outside the member layout: the survey window loads the member's and the questionnaires' texts itself.
export const handle = { i18n: ["member", "questionnaire"] };

async function prescreenerOf(request: Request, param: string | undefined) {
  const { member } = await requireMemberWithDetails(request);
  const surveyId = parseId(param);
  const prescreener = surveyId === null ? ({ state: "missing" } as const) : await loadPrescreener(member.id, surveyId);
  return { member, prescreener };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { prescreener } = await prescreenerOf(request, params.survey);
  const t = await getT(request);
  const pageTitle = t("Pre-Screener");
  if (prescreener.state === "missing") return data({ prescreener, pageTitle }, { status: 404 });
  if (prescreener.state !== "form") return { prescreener, pageTitle };
  return { prescreener: { ...prescreener, definition: numberedDefinition(prescreener.definition) }, pageTitle };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, prescreener } = await prescreenerOf(request, params.survey);
  const here = new URL(request.url).pathname;
  // Answered already (another tab, a second submit) or gone: the page shows what there is.
  if (prescreener.state !== "form") return redirect(here);
  const step = prescreenerStep(prescreener.definition, await readFormData(request));
  if (step.kind === "page") {
    // The page to show and the answers so far ride in the page's state; a missing confirmation is
    // the message of the `confirmed` box, and a clean Previous or Next is a success.
    const pageState: StepState = { page: step.page, values: step.values };
    if (step.confirmError !== null) return refuseForm(step.confirmError, { field: "confirmed", pageState });
    if (step.result === null) return formResult<StepState>({ status: "success" }, { pageState });
    return formResult(step.result, { status: step.result.status === "error" ? 400 : 200, pageState });
  }
  const saved = await submitPrescreener(member.id, prescreener.assignmentId, step.answers);
  if (!saved.ok && saved.reason === "already_answered") {
    return redirectWithToast(here, { type: "error", message: tr("This screener has already been answered.") });
  }
  return redirect(here);
}

type StepState = { page: number; values: FormValues };

export default function PrescreenerPage() {
  const { prescreener } = useLoaderData<typeof loader>();
  const step = useActionData<typeof action>();
  const confirmError = step?.error?.confirmed?.[0] ?? null;
  // The questionnaire's own result, for its fields; a success or the box's message is not one.
  const result = step && step.status !== "success" && confirmError === null ? step : null;
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      {prescreener.state === "missing" ? (
        <SomethingWentWrong />
      ) : (
        <>
          <h1 className="text-2xl font-semibold">{t("Pre-Screener for Survey")}</h1>
          <p className="mt-1 text-lg text-slate-700">{prescreener.title}</p>
          {prescreener.state === "form" ? (
            <PrescreenerForm
              key={prescreener.assignmentId}
              definition={prescreener.definition}
              page={step?.pageState?.page ?? 0}
              values={step?.pageState?.values ?? prescreener.prefill}
              result={result}
              confirmError={confirmError}
            />
          ) : (
            <PrescreenerResult state={prescreener.state} surveyId={prescreener.surveyId} />
          )}
        </>
      )}
    </main>
  );
}
