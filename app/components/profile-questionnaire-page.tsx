import { getFormProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useEffect, useState, type FormEvent } from "react";
import { SubmitButton } from "~/components/forms";
import { Toasts, type ToastMessage } from "~/components/toasts";
import { allQuestions, type QuestionnaireDefinition } from "~/questionnaire/definition";
import { QuestionnaireFields, useQuestionnaireForm } from "~/questionnaire/form";
import { parseAnswers, translateAnswerError } from "~/questionnaire/schema";
import { QuestionnaireStepForm } from "~/questionnaire/step-form";
import { definitionText, useQuestionnaireTranslation } from "~/questionnaire/texts";
import { useFormats, type Formats } from "~/i18n/format";
import { tr } from "~/i18n/mark";
import { PRODUCT_NAME } from "~/lib/product";
import type {
  loadProfileQuestionnaire,
  questionnaireLoader,
  submitProfileQuestionnaire,
} from "~/domain/profile-questionnaire-page.server";

// The page of one profile questionnaire (a built-in or an admin-made set): title, the engine's
// fields, Cancel and Save; read-only with the spec's banner once submitted. A questionnaire of
// several pages is answered a page at a time, each Next saved on the server (decision 075).

const HUB = "/details/profiledetails";
const FORM_CLASS = "mt-6 rounded-md border border-slate-200 bg-white p-4";

/** The route meta of a questionnaire page: its title, or "Profile Details" on the 404 page. */
export const questionnaireMeta: MetaFunction<ReturnType<typeof questionnaireLoader>> = ({ data }) => [
  { title: `${data?.pageTitle ?? "Profile Details"} | ${PRODUCT_NAME}` },
];

/**
 * The toast of a refused save. The spec toasts 'Failed!' for every profile form except About You,
 * whose server sent its error text instead; here that is the first field's message with its
 * question, in the form's order (decision 015). Said in the page's language (`t`, `formats`): the
 * question and its message are two sentences, each translated, side by side.
 */
export function failureToast(
  definition: QuestionnaireDefinition,
  errors: Record<string, string[] | null | undefined> | null | undefined,
  aboutYou: boolean,
  t: TFunction,
  formats: Pick<Formats, "number">,
): ToastMessage {
  const failed = tr("Failed!");
  if (!aboutYou) return { type: "error", message: failed };
  for (const question of allQuestions(definition)) {
    const message = errors?.[question.key]?.[0];
    if (message) {
      const said = translateAnswerError(t, formats.number, question, message);
      return { type: "error", message: `${definitionText(t, question.label)} ${said}` };
    }
  }
  return { type: "error", message: errors?.[""]?.[0] ?? failed };
}

export function ProfileQuestionnairePage() {
  const survey = useLoaderData<typeof loadProfileQuestionnaire>();
  // A fresh form for each questionnaire: conform keeps its state while the route stays mounted.
  return <QuestionnaireForm key={survey.id} />;
}

function QuestionnaireForm() {
  const survey = useLoaderData<typeof loadProfileQuestionnaire>();
  const actionData = useActionData<typeof submitProfileQuestionnaire>();
  const { t } = useQuestionnaireTranslation();
  const formats = useFormats();
  const [form] = useQuestionnaireForm({
    id: `profile-survey-${survey.id}`,
    definition: survey.definition,
    defaultValue: survey.answers,
    lastResult: actionData,
  });
  // A refused save re-renders this page instead of redirecting, so its toast comes with the
  // action's data (rendered by the server too, without JavaScript) rather than the flash cookie.
  const [toast, setToast] = useState<ToastMessage | null>(actionData?.pageState?.toast ?? null);
  useEffect(() => setToast(actionData?.pageState?.toast ?? null), [actionData]);
  const formProps = getFormProps(form);
  const hasErrors = Object.values(form.allErrors).some((messages) => messages.length > 0);
  const cancel = (
    <Link to={HUB} className="btn-secondary">
      {t("Cancel")}
    </Link>
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    formProps.onSubmit(event);
    // With JavaScript the same schema refuses the form before it is posted; it toasts the same.
    if (!event.defaultPrevented) return;
    const submission = parseAnswers(new FormData(event.currentTarget), survey.definition);
    if (submission.status === "error")
      setToast(failureToast(survey.definition, submission.error, survey.aboutYou, t, formats));
  }

  return (
    <section aria-labelledby="profile-questionnaire-heading">
      <Toasts toast={toast} />
      <h1 id="profile-questionnaire-heading" className="text-2xl font-semibold">
        {definitionText(t, survey.title)}
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        {t("{{points}} points · Time: {{minutes}} min", {
          points: formats.points(survey.points),
          minutes: formats.number(survey.minutes),
        })}
      </p>
      {survey.description ? <p className="mt-2 text-slate-700">{definitionText(t, survey.description)}</p> : null}
      {survey.submitted ? (
        <p role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
          {t(survey.submittedBanner)}
        </p>
      ) : null}
      {survey.steps ? (
        <QuestionnaireStepForm
          id={`profile-survey-${survey.id}`}
          definition={survey.definition}
          page={survey.steps.page}
          saved={survey.steps.saved}
          result={actionData}
          errorNote={t("* Please Fill all required Data")}
          submitLabel={tr("Save")}
          submitPendingText={tr("Saving…")}
          extraButton={cancel}
          onRefused={(errors) => setToast(failureToast(survey.definition, errors, survey.aboutYou, t, formats))}
          className={FORM_CLASS}
        />
      ) : (
        <Form method="post" {...formProps} onSubmit={onSubmit} className={FORM_CLASS}>
          <QuestionnaireFields definition={survey.definition} form={form} readOnly={survey.submitted} />
          {hasErrors ? (
            <p className="mb-3 text-sm font-medium text-red-700">{t("* Please Fill all required Data")}</p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            {cancel}
            {survey.submitted ? (
              <button type="submit" className="btn-primary" disabled>
                {t("Save")}
              </button>
            ) : (
              <SubmitButton pendingText={t("Saving…")}>{t("Save")}</SubmitButton>
            )}
          </div>
        </Form>
      )}
    </section>
  );
}
