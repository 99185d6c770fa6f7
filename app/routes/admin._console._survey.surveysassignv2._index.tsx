import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { pageParam, PageLinks } from "~/components/data-table";
import { AssignSurveyForm } from "~/components/assign-survey-form";
import { SurveyDescription } from "~/components/survey-description";
import { UrlDialog } from "~/components/url-dialog";
import { requireAdmin } from "~/domain/admin-auth.server";
import { pointsCapHint } from "~/domain/points-cap.server";
import { assignSchema } from "~/domain/assignment-schema";
import {
  assignSurvey,
  assignToAll,
  findAssignSurvey,
  listAssignSurveys,
  listScreenerChoices,
} from "~/domain/assignments.server";
import { countAudience } from "~/domain/audiences.server";
import { readFormData } from "~/lib/forms.server";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";
import { parseId } from "~/lib/ids";

export const meta: MetaFunction = () => [{ title: `Assign Surveys | ${PRODUCT_NAME}` }];

// /admin/surveysassignv2 (the spec's AllSurveysV2): survey cards with pagination, and the assign
// form of one survey, opened by ?assign={id} (a modal with JavaScript, a section of the page
// without). See docs/decisions/021-assignment.md.
export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const url = new URL(request.url);
  const page = pageParam(url.searchParams.get("page"));
  // PostgreSQL refuses a NUL in a text comparison: control characters in a typed filter are dropped,
  // or a crafted address would be a 500.
  const screenerFilter = (url.searchParams.get("screener_q") ?? "")
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u001F\u007F]/g, "")
    .trim()
    .slice(0, 100);
  const assignId = parseId(url.searchParams.get("assign"));
  const [list, survey] = await Promise.all([listAssignSurveys(page), assignId ? findAssignSurvey(assignId) : null]);
  return {
    page,
    ...list,
    screenerFilter,
    assign: survey
      ? {
          survey: {
            id: survey.id,
            name: survey.name,
            points: survey.points,
            screenerId: survey.screenerId,
            targetCount: survey.demographicTargets.length,
          },
          screeners: await listScreenerChoices(screenerFilter),
          // What 'Assign to all Users' would reach now, shown before the admin assigns.
          audienceCount: await countAudience(survey.country, survey.demographicTargets),
          pointsHint: pointsCapHint(admin),
        }
      : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: assignSchema });
  // Validation intents and refused input come back to the form; nothing is written.
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const input = submission.value;
  const survey = await findAssignSurvey(input.survey_id);
  if (!survey) return data(submission.reply({ formErrors: ["This survey no longer exists."] }), { status: 400 });
  const choice = { screenerId: input.screener_id ?? null, points: input.points };
  const result = input.all_users
    ? await assignToAll(admin, survey, { ...choice, confirmedCount: input.confirmed_count ?? null })
    : await assignSurvey(admin, survey, { ...choice, memberId: input.user ?? 0 });
  // A large audience: the form comes back as a confirmation of the count, nothing saved yet.
  if (result.ok === "confirm") return { ...submission.reply(), confirm: result.count };
  if (!result.ok) return data(submission.reply({ fieldErrors: result.fieldErrors }), { status: 400 });
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  return redirectWithToast(`/admin/surveysassignv2?page=${page}`, { type: "success", message: result.message });
}

export default function AssignSurveys() {
  const { surveys, page, pageCount, total, assign, screenerFilter } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="assign-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="assign-heading" className="text-2xl font-semibold">
          Assign Surveys
        </h1>
        <Link to="/admin/surveysassignv2/demographics" className="btn-secondary">
          Assign by Demographics
        </Link>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {total} surveys · page {page} of {pageCount}
      </p>

      {assign ? (
        <UrlDialog headingId="assign-form-heading" title={`Assign: ${assign.survey.name}`} closeHref={`?page=${page}`}>
          <AssignSurveyForm
            key={assign.survey.id}
            survey={assign.survey}
            audienceCount={assign.audienceCount}
            screeners={assign.screeners}
            pointsHint={assign.pointsHint}
            screenerFilter={screenerFilter}
            page={page}
            lastResult={lastResult}
          />
        </UrlDialog>
      ) : null}

      {surveys.length === 0 ? (
        <p className="mt-6 text-slate-600">No surveys yet. Create one under Surveys first.</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {surveys.map((survey) => (
            <li key={survey.id}>
              <article
                aria-labelledby={`survey-${survey.id}`}
                className="flex h-full flex-col rounded-md border border-slate-200 bg-white p-4"
              >
                <div className="flex items-start justify-between gap-2">
                  <h2 id={`survey-${survey.id}`} className="text-lg font-semibold">
                    {survey.name}
                  </h2>
                  <span
                    className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${survey.launched ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700"}`}
                  >
                    {survey.launched ? "Launched" : "Not Launched"}
                  </span>
                </div>
                <SurveyDescription html={survey.descriptionHtml} className="mt-2" />
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                  <dt className="text-slate-600">Category</dt>
                  <dd>{survey.categoryName}</dd>
                  <dt className="text-slate-600">Point</dt>
                  <dd>{survey.points}</dd>
                  <dt className="text-slate-600">Time</dt>
                  <dd>{survey.lengthMinutes} min</dd>
                  <dt className="text-slate-600">Audience</dt>
                  <dd>{survey.hasAudience ? "Everyone who matches" : "None"}</dd>
                </dl>
                <div className="mt-auto flex flex-wrap gap-2 pt-4">
                  <Link
                    to={`?page=${page}&assign=${survey.id}`}
                    preventScrollReset
                    aria-label={`Assign ${survey.name}`}
                    className="btn-primary"
                  >
                    Assign
                  </Link>
                  <Link
                    to={`/admin/surveysassignv2/${survey.id}`}
                    aria-label={`Assignments of ${survey.name}`}
                    className="btn-secondary"
                  >
                    Assignments
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <PageLinks page={page} pageCount={pageCount} label="Survey pages" />
    </section>
  );
}
