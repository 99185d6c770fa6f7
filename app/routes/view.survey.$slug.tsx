import { getFormProps } from "@conform-to/react";
import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/forms";
import { endedMessage, pausedMessage, SurveyMessage, tooLateMessage } from "~/components/survey-message";
import { stepsFor, takeStep } from "~/domain/answer-drafts.server";
import { requireVerifiedMember } from "~/domain/auth.server";
import { hostedSurveyPath, isSurveySlug } from "~/domain/survey-catalogue-schema";
import { failedAttentionCheck } from "~/domain/survey-quality";
import { endAssignment, findHostedSurvey } from "~/domain/survey-taking.server";
import { formResult, readFormData } from "~/lib/forms.server";
import { PRODUCT_NAME } from "~/lib/product";
import { tr } from "~/i18n/mark";
import { redirectWithToast } from "~/lib/toast.server";
import { QuestionnaireFields, useQuestionnaireForm } from "~/questionnaire/form";
import { parseAnswers } from "~/questionnaire/schema";
import { QuestionnaireStepForm } from "~/questionnaire/step-form";
import { isStepped, pagePath } from "~/questionnaire/steps";
import { notFound } from "~/lib/http.server";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { surveyMessageFor } from "~/components/survey-message.server";

// SurveyPublic (/view/survey/{slug}): a hosted survey, answered by a member whose assignment is
// Started. A survey of one page is one form; one of several pages is answered a page at a time,
// each Next saved on the server as a draft, so the member resumes on the first page not yet saved
// after a dropped connection, from any browser (decision 075). Both work the same without
// JavaScript; a valid submit stores the answers, completes the assignment and credits its points
// in one transaction, then shows the thank-you page (decision 023).

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.kind === "form" ? data.survey.name : (data?.title ?? "Survey")} | ${PRODUCT_NAME}` },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

// Outside the member layout: the page loads the member's and the questionnaires' texts itself.
export const handle = { i18n: ["member", "questionnaire"] };

// Toasts are translated where they are shown; the marked texts are in the member's catalogue.
const ALREADY_SUBMITTED = tr("This survey is already submitted.");
const CLOSED = tr("This survey is no longer open for you.");
const ANSWER_MARKED = tr("Please answer the questions marked in red.");
const FORM_CLASS = "mt-6 rounded-md border border-slate-200 bg-white p-4";

async function findOrNotFound(request: Request, slug: string | undefined) {
  const { member } = await requireVerifiedMember(request);
  const found = slug && isSurveySlug(slug) ? await findHostedSurvey(member.id, slug) : null;
  if (!found || found.state.kind === "not_found") throw notFound();
  return { ...found, memberId: member.id };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { survey, state, memberId } = await findOrNotFound(request, params.slug);
  switch (state.kind) {
    case "start":
      throw redirect(`/survey/start/${state.surveyId}`);
    case "paused":
      return { kind: "message" as const, ...(await surveyMessageFor(request, pausedMessage)) };
    case "too_late":
      return { kind: "message" as const, ...(await surveyMessageFor(request, tooLateMessage)) };
    case "ended":
      return {
        kind: "message" as const,
        ...(await surveyMessageFor(request, endedMessage(state.status, state.outcome, state.points))),
      };
    case "open":
      return {
        kind: "form" as const,
        survey: { id: survey.id, name: survey.name, points: survey.points, lengthMinutes: survey.lengthMinutes },
        definition: state.definition,
        steps: isStepped(state.definition)
          ? await stepsFor(
              { memberId, questionnaireId: state.questionnaireId, assignmentId: state.assignmentId },
              state.definition,
              new URL(request.url).searchParams.get("page"),
            )
          : null,
      };
    default:
      throw notFound();
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { state, memberId } = await findOrNotFound(request, params.slug);
  const here = hostedSurveyPath(params.slug ?? "");
  // A submit after the end (a second click, an old tab, Back and submit again) changes nothing.
  if (state.kind !== "open") {
    const message = state.kind === "ended" && state.status === ASSIGNMENT_STATUS.complete ? ALREADY_SUBMITTED : CLOSED;
    return redirectWithToast(here, { type: "error", message });
  }
  const formData = await readFormData(request);
  const step = await takeStep(formData, state.definition, {
    memberId,
    questionnaireId: state.questionnaireId,
    assignmentId: state.assignmentId,
  });
  // Next and Previous: Post/Redirect/Get to the page, so a reload never posts the page again.
  if (step.kind === "moved") return redirect(pagePath(here, step.page));
  let answers;
  if (step.kind === "whole") {
    const submission = parseAnswers(formData, state.definition);
    // conform's validate intents are answered without saving anything.
    if (submission.status !== "success") {
      return formResult(submission.reply(), { status: submission.status === "error" ? 400 : 200 });
    }
    answers = submission.value;
  } else if (step.kind === "refused") {
    return formResult(step.submission.reply(), {
      status: step.submission.status === "error" ? 400 : 200,
      pageState: { page: step.page },
    });
  } else answers = step.answers;
  // A failed attention check ends the survey as a quality termination, without a reward (decision 071).
  // Ending the assignment deletes its draft, whatever the outcome.
  const outcome = failedAttentionCheck(state.definition, answers) ? "quality" : "complete";
  const ended = await endAssignment(state.assignmentId, outcome, {
    questionnaireId: state.questionnaireId,
    values: answers,
    definition: state.definition,
  });
  if (!ended.ok && ended.reason === "not_started") {
    const message = ended.status === ASSIGNMENT_STATUS.complete ? ALREADY_SUBMITTED : CLOSED;
    return redirectWithToast(here, { type: "error", message });
  }
  // Post/Redirect/Get: the page now shows the thank-you (or over-quota) message from the status.
  return redirect(here);
}

export default function SurveyPublic() {
  const page = useLoaderData<typeof loader>();
  if (page.kind === "message") return <SurveyMessage title={page.title} message={page.message} tone={page.tone} />;
  return <HostedSurveyForm key={page.survey.id} />;
}

function HostedSurveyForm() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  if (page.kind !== "form") throw new Error("The survey form needs an open survey");
  const [form] = useQuestionnaireForm({
    id: `hosted-survey-${page.survey.id}`,
    definition: page.definition,
    lastResult: actionData,
  });
  const hasErrors = Object.values(form.allErrors).some((messages) => messages.length > 0);
  const submitOnce = <p className="mb-3 text-sm text-slate-600">{t("You can submit this survey once.")}</p>;
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{page.survey.name}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {t("{{points}} points · Time: {{minutes}} min", {
          points: page.survey.points,
          minutes: page.survey.lengthMinutes,
        })}
      </p>
      {page.definition.description ? <p className="mt-2 text-slate-700">{page.definition.description}</p> : null}
      {page.steps ? (
        <QuestionnaireStepForm
          id={`hosted-survey-${page.survey.id}`}
          definition={page.definition}
          page={page.steps.page}
          saved={page.steps.saved}
          result={actionData}
          errorNote={t(ANSWER_MARKED)}
          lastPageNote={submitOnce}
          className={FORM_CLASS}
        />
      ) : (
        <Form method="post" {...getFormProps(form)} className={FORM_CLASS}>
          <QuestionnaireFields definition={page.definition} form={form} />
          {hasErrors ? (
            <p role="alert" className="mb-3 text-sm font-medium text-red-700">
              {t(ANSWER_MARKED)}
            </p>
          ) : null}
          {submitOnce}
          <SubmitButton pendingText={t("Submitting…")}>{t("Submit")}</SubmitButton>
        </Form>
      )}
    </main>
  );
}
