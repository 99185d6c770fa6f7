import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SurveyForm } from "~/components/survey-form";
import { requireAdmin } from "~/domain/admin-auth.server";
import { pointsCapHint } from "~/domain/points-cap.server";
import { surveySchema } from "~/domain/survey-catalogue-schema";
import { createSurvey, surveyFormChoices } from "~/domain/survey-catalogue.server";
import { listCountries } from "~/lib/countries.server";
import { readFormData } from "~/lib/forms.server";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";
import { parseId } from "~/lib/ids";

export const meta: MetaFunction = () => [{ title: `Create Survey | ${PRODUCT_NAME}` }];

// /admin/survey/new: the create form. The builder sends the admin here with ?questionnaire={id}
// after making a hosted survey's questionnaire, which pre-selects hosted delivery with it.
export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const wanted = parseId(new URL(request.url).searchParams.get("questionnaire"));
  const choices = { ...(await surveyFormChoices()), countries: listCountries() };
  const available = wanted !== null && choices.questionnaires.some((questionnaire) => questionnaire.id === wanted);
  return {
    choices,
    defaultValue: available ? { delivery: "hosted", questionnaireId: String(wanted) } : {},
    unavailableQuestionnaire: wanted !== null && !available ? wanted : null,
    pointsHint: pointsCapHint(admin),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const submission = parseWithZod(await readFormData(request), { schema: surveySchema });
  // Only a real submit creates a survey; conform's validate intents come back as errors or nothing.
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await createSurvey(admin, submission.value);
  if (!result.ok) {
    const { form, ...fieldErrors } = result.fieldErrors;
    return data(submission.reply({ formErrors: form, fieldErrors }), { status: 400 });
  }
  return redirectWithToast(`/admin/survey/${result.id}`, { type: "success", message: result.message });
}

export default function CreateSurvey() {
  const { choices, defaultValue, unavailableQuestionnaire, pointsHint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="create-survey-heading">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/survey" aria-label="Back to Surveys" className="btn-secondary">
          ←
        </Link>
        <h1 id="create-survey-heading" className="text-2xl font-semibold">
          Create Survey
        </h1>
        <Link to="/admin/survey/build" className="btn-secondary ml-auto">
          Build a hosted questionnaire
        </Link>
      </div>
      {unavailableQuestionnaire !== null ? (
        <p role="status" className="mt-3 text-sm text-red-700">
          Questionnaire #{unavailableQuestionnaire} cannot be chosen: it is not a hosted survey questionnaire, or
          another survey already uses it.
        </p>
      ) : null}
      <p className="mt-2 text-sm text-slate-600">
        A new survey is Not Launched: members see it only after you launch it from its page.
      </p>
      <div className="mt-4">
        <SurveyForm
          id="create-survey"
          pointsHint={pointsHint}
          lastResult={lastResult}
          defaultValue={defaultValue}
          choices={choices}
          submitLabel="Create Survey"
          pendingText="Creating…"
        />
      </div>
    </section>
  );
}
