import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DataTable, CELL, pageParam, PageLinks } from "~/components/data-table";
import { DemographicRows, type DemographicRowValue } from "~/components/demographic-rows";
import { Field, SubmitButton } from "~/components/forms";
import { UrlDialog } from "~/components/url-dialog";
import { requireAdmin } from "~/domain/admin-auth.server";
import { pointsCapHint } from "~/domain/points-cap.server";
import { AudienceConfirmation } from "~/components/audience-confirmation";
import { confirmedCount as confirmedCountSchema, points as pointsSchema } from "~/domain/assignment-schema";
import {
  assignByDemographics,
  findAssignSurvey,
  listAssignSurveys,
  listTargetableQuestions,
  previewTargeting,
  type PostedRow,
} from "~/domain/assignments.server";
import type { FormResult } from "~/lib/form-result";
import { formResult, readFormData, readIntent } from "~/lib/forms.server";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";
import { notFound } from "~/lib/http.server";
import { parseId } from "~/lib/ids";

export const meta: MetaFunction = () => [{ title: `Assign by Demographics | ${PRODUCT_NAME}` }];

/** More rows than any sensible targeting; it bounds what a crafted post can make the server do. */
const MAX_ROWS = 50;

// /admin/surveysassignv2/demographics (the spec's demographics variant): the paged survey grid and,
// for ?survey={id}, the Survey Demographics form. Add Demographics and Preview are posts that show
// the form again (so they work without JavaScript); Assign saves the targeting and the survey's
// audience in one transaction, after a confirmation step when the audience is large. See
// docs/decisions/021-assignment.md and 049-survey-audiences.md.
export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const url = new URL(request.url);
  const page = pageParam(url.searchParams.get("page"));
  const surveyId = parseId(url.searchParams.get("survey"));
  const [list, survey] = await Promise.all([listAssignSurveys(page), surveyId ? findAssignSurvey(surveyId) : null]);
  return {
    page,
    ...list,
    form: survey
      ? {
          survey: { id: survey.id, name: survey.name, points: survey.points, country: survey.country },
          questions: await listTargetableQuestions(survey.country),
          pointsHint: pointsCapHint(admin),
          // The saved targeting, or one empty row to start from.
          rows:
            survey.demographicTargets.length > 0
              ? survey.demographicTargets.map((target) => ({
                  question: String(target.questionId),
                  option: String(target.optionId),
                }))
              : [EMPTY_ROW],
        }
      : null,
  };
}

type FormState = {
  rows: DemographicRowValue[];
  points: string;
  errors: { rows: Record<number, string>; points?: string };
  count: number | null;
  /** Set when Assign needs the admin to confirm this count first (a large audience). */
  confirm?: number;
};

export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const survey = await findAssignSurvey(parseId(new URL(request.url).searchParams.get("survey")) ?? 0);
  if (!survey) throw notFound();
  const formData = await readFormData(request);
  const state: PostedState = {
    rows: postedRows(formData),
    points: String(formData.get("points") ?? ""),
    count: null,
  };
  const posted: PostedRow[] = state.rows.map((row) => ({
    questionId: parseId(row.question),
    optionId: parseId(row.option),
  }));
  const intent = readIntent(formData, ["add", "preview", "assign"]);

  // Every answer but the redirect is the form again, as posted, with what the intent adds: a
  // FormResult with the messages in error (400) and the rows, points and count in pageState.
  const reply = ({ errors, ...changes }: Partial<FormState>) =>
    formResult<PostedState>(errors ? { status: "error", error: errorOf(errors) } : { status: "success" }, {
      pageState: { ...state, ...changes },
    });

  if (intent === "add") {
    return reply({ rows: state.rows.length < MAX_ROWS ? [...state.rows, EMPTY_ROW] : state.rows });
  }
  if (intent === "preview") {
    const preview = await previewTargeting(survey, posted);
    return preview.ok ? reply({ count: preview.count }) : reply({ errors: { rows: preview.errors } });
  }
  const points = pointsSchema.safeParse(state.points.trim() === "" ? undefined : Number(state.points));
  if (!points.success) return reply({ errors: { rows: {}, points: points.error.issues[0].message } });
  const confirmed = confirmedCountSchema.safeParse(
    formData.has("confirmed_count") ? Number(formData.get("confirmed_count")) : undefined,
  );
  const result = await assignByDemographics(admin, survey, {
    rows: posted,
    points: points.data,
    confirmedCount: confirmed.success ? (confirmed.data ?? null) : null,
  });
  if (result.ok === "confirm") return reply({ confirm: result.count });
  if (!result.ok) return reply({ errors: result.errors });
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  return redirectWithToast(`/admin/surveysassignv2/demographics?page=${page}`, {
    type: "success",
    message: result.message,
  });
}

export default function AssignByDemographics() {
  const { surveys, page, pageCount, total, form } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return (
    <section aria-labelledby="demographics-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="demographics-heading" className="text-2xl font-semibold">
          Assign by Demographics
        </h1>
        <Link to="/admin/surveysassignv2" className="btn-secondary">
          Assign Surveys
        </Link>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {total} surveys · page {page} of {pageCount}
      </p>

      {form ? (
        <UrlDialog headingId="survey-demographics-heading" title="Survey Demographics" closeHref={`?page=${page}`}>
          <DemographicsForm key={form.survey.id} {...form} state={stateOf(posted)} />
        </UrlDialog>
      ) : null}

      <DataTable
        headings={["Name", "Category", "Points", "Time", "Status", "Demographics"]}
        className="mt-4"
        empty={surveys.length === 0 ? "No surveys yet." : undefined}
      >
        {surveys.map((survey) => (
          <tr key={survey.id} className="border-t border-slate-200 align-top">
            <td className={CELL}>{survey.name}</td>
            <td className={CELL}>{survey.categoryName}</td>
            <td className={CELL}>{survey.points}</td>
            <td className={`whitespace-nowrap ${CELL}`}>{survey.lengthMinutes} min</td>
            <td className={`whitespace-nowrap ${CELL}`}>{survey.launched ? "Launched" : "Not Launched"}</td>
            <td className={CELL}>
              <Link
                to={`?page=${page}&survey=${survey.id}`}
                preventScrollReset
                aria-label={`Demographics of ${survey.name}`}
                className="text-brand-700 underline"
              >
                Assign
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
      <PageLinks page={page} pageCount={pageCount} label="Survey pages" />
    </section>
  );
}

function DemographicsForm({
  survey,
  questions,
  rows,
  state,
  pointsHint,
}: {
  survey: { id: number; name: string; points: number; country: string | null };
  pointsHint: string;
  questions: Awaited<ReturnType<typeof listTargetableQuestions>>;
  rows: DemographicRowValue[];
  state: FormState | null;
}) {
  const shownRows = state?.rows.length ? state.rows : rows;
  const errors = state?.errors ?? { rows: {} };
  if (state?.confirm !== undefined) {
    const hidden = shownRows.flatMap((row): [string, string][] => [
      ["question", row.question],
      ["option", row.option],
    ]);
    return (
      <AudienceConfirmation
        count={state.confirm}
        hidden={[...hidden, ["points", state.points]]}
        intent="assign"
        backHref={`?survey=${survey.id}`}
      />
    );
  }
  return (
    <Form method="post" preventScrollReset>
      <p className="font-medium">{survey.name}</p>
      <p className="mb-3 text-sm text-slate-600">
        Members who match every question (any of the options chosen for one question) get the survey
        {survey.country ? `; only members in ${survey.country}` : ""}, now and as members join or change their profile.
      </p>
      {questions.length === 0 ? (
        <p className="mb-3 text-sm text-slate-600">
          No profile question can be targeted for this survey&apos;s country.
        </p>
      ) : null}
      {/* Remounted with each answer, so the pickers show what the server kept. */}
      <DemographicRows key={JSON.stringify(shownRows)} questions={questions} rows={shownRows} errors={errors.rows} />
      <div className="mt-3">
        <Field
          label="Points"
          inputProps={{
            id: "demographics-points",
            name: "points",
            type: "number",
            min: 0,
            step: 1,
            required: true,
            defaultValue: state?.points ?? String(survey.points),
            className: "max-w-40",
          }}
          errors={errors.points ? [errors.points] : null}
          hint={pointsHint}
        />
      </div>
      {state?.count !== null && state?.count !== undefined ? (
        <p role="status" className="mt-3 rounded-md bg-brand-50 px-3 py-2 text-sm">
          {state.count.toLocaleString("en-US")} {state.count === 1 ? "member matches" : "members match"} now.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {/* Without a button (Enter in the points field) the browser sends the first one: Add, harmless. */}
        <SubmitButton name="intent" value="add" pendingText="Adding…" className="btn-secondary">
          Add Demographics
        </SubmitButton>
        <SubmitButton name="intent" value="preview" pendingText="Counting…" className="btn-secondary">
          Preview
        </SubmitButton>
        <SubmitButton name="intent" value="assign" pendingText="Assigning…" className="btn-primary">
          Assign
        </SubmitButton>
      </div>
    </Form>
  );
}

const EMPTY_ROW: DemographicRowValue = { question: "", option: "" };

/** The form as posted, without its messages: the FormResult's pageState. */
type PostedState = Omit<FormState, "errors">;

/** The form's messages as a FormResult's error: "points", and each row's under "rows[index]". */
function errorOf(errors: FormState["errors"]): Record<string, string[]> {
  const error: Record<string, string[]> = {};
  for (const [index, message] of Object.entries(errors.rows)) error[`rows[${index}]`] = [message];
  if (errors.points) error.points = [errors.points];
  return error;
}

/** The action's answer read back into the form's state, messages included. */
function stateOf(posted: FormResult<PostedState> | undefined): FormState | null {
  if (!posted?.pageState) return null;
  const errors: FormState["errors"] = { rows: {} };
  for (const [key, messages] of Object.entries(posted.error ?? {})) {
    const row = /^rows\[(\d+)\]$/.exec(key);
    if (!messages?.[0]) continue;
    if (row) errors.rows[Number(row[1])] = messages[0];
    else if (key === "points") errors.points = messages[0];
  }
  return { ...posted.pageState, errors };
}

/** The posted rows, paired by position; at most MAX_ROWS. */
function postedRows(formData: FormData): DemographicRowValue[] {
  const questions = formData.getAll("question").slice(0, MAX_ROWS);
  const options = formData.getAll("option");
  return questions.map((question, index) => {
    const option = options[index];
    return { question: typeof question === "string" ? question : "", option: typeof option === "string" ? option : "" };
  });
}
