import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { BarChart, chartSummary, type Bar } from "~/components/bar-chart";
import { CELL, DataTable, PageLinks, pageParam, pageSummary } from "~/components/data-table";
import { Field, FilterSelect } from "~/components/forms";
import { requireAdmin } from "~/domain/admin-auth.server";
import { formatDuration, formatNumber } from "~/domain/survey-results";
import {
  loadSurveyResults,
  readResultsFilters,
  RESULT_OUTCOME_LABELS,
  RESULT_OUTCOMES,
  resultsFilterQuery,
  type QuestionResult,
  type ResponseRow,
} from "~/domain/survey-results.server";
import { notFound } from "~/lib/http.server";
import { parseId } from "~/lib/ids";
import { PRODUCT_NAME } from "~/lib/product";
import { utcMinute } from "~/lib/utc-minute";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `Results: ${loaded?.survey.name ?? "Survey"} | ${PRODUCT_NAME}` },
];

// /admin/survey/{id}/results: what a hosted survey's respondents answered, per question, with the
// responses table under it (docs/decisions/058-survey-results.md). The filters are a GET form and
// every paging link carries them, so the page works without JavaScript and can be bookmarked.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const surveyId = parseId(params.id);
  if (surveyId === null) throw notFound();
  const query = new URL(request.url).searchParams;
  const { filters, values, errors } = readResultsFilters(query);
  const invalid = Object.keys(errors).length > 0;
  const textQuestion = parseId(query.get("text"));
  const results = await loadSurveyResults(surveyId, {
    filters,
    page: pageParam(query.get("page")),
    text: textQuestion === null ? undefined : { questionId: textQuestion, page: pageParam(query.get("textPage")) },
  });
  if (results.kind === "not_found") throw notFound();
  return {
    survey: results.survey,
    outcomes: RESULT_OUTCOMES.map((value) => ({ value, label: RESULT_OUTCOME_LABELS[value] })),
    outcome: filters.outcome,
    values,
    errors,
    filterQuery: resultsFilterQuery(values),
    // A filter that makes no sense shows no figures at all rather than figures nobody asked for.
    results: results.kind === "hosted" && !invalid ? results : null,
    message: results.kind === "hosted" ? null : results.kind,
  };
}

export default function SurveyResults() {
  const data = useLoaderData<typeof loader>();
  const { survey, results, values, errors } = data;
  const textPageHref = (questionId: number) => (page: number) =>
    `?${join(data.filterQuery, `text=${questionId}&textPage=${page}`)}#question-${questionId}`;
  return (
    <section aria-labelledby="results-heading">
      <div className="flex flex-wrap items-center gap-3">
        <Link to={`/admin/survey/${survey.id}`} aria-label="Back to the survey" className="btn-secondary">
          ←
        </Link>
        <h1 id="results-heading" className="text-2xl font-semibold">
          Results: {survey.name}
        </h1>
      </div>

      {data.message === "external" ? (
        <p className="mt-4 max-w-2xl rounded-md border border-slate-200 bg-white p-4" data-testid="results-message">
          This survey is hosted by an external vendor, so its answers live with the vendor: ask the vendor for the
          results. The panel records only each respondent&apos;s outcome; the survey&apos;s field report will show it.
        </p>
      ) : data.message === "no_questionnaire" ? (
        <p className="mt-4 max-w-2xl rounded-md border border-slate-200 bg-white p-4" data-testid="results-message">
          This survey&apos;s questionnaire was deleted, so there are no answers to show.
        </p>
      ) : (
        <>
          <Form
            method="get"
            key={data.filterQuery}
            className="mt-4 grid max-w-3xl gap-x-4 rounded-md border border-slate-200 bg-white p-4 sm:grid-cols-3"
          >
            <FilterSelect
              id="results-outcome"
              name="outcome"
              label="Outcome"
              choices={data.outcomes}
              value={values.outcome ?? data.outcome}
              errors={errors.outcome}
            />
            <Field
              label="Answered from (UTC)"
              inputProps={{ id: "results-from", name: "from", type: "date", defaultValue: values.from ?? "" }}
              errors={errors.from}
            />
            <Field
              label="Answered to (UTC, inclusive)"
              inputProps={{ id: "results-to", name: "to", type: "date", defaultValue: values.to ?? "" }}
              errors={errors.to}
            />
            <div className="flex items-center gap-3 sm:col-span-3">
              <button type="submit" className="btn-primary">
                Filter
              </button>
              <Link to={`/admin/survey/${survey.id}/results`} className="text-sm underline">
                Clear filters
              </Link>
            </div>
          </Form>

          {results === null ? (
            <p className="mt-4 rounded-md border border-slate-200 bg-white p-4" role="status">
              Fix the filters above to see the results.
            </p>
          ) : (
            <>
              <p className="mt-4 text-sm text-slate-700" data-testid="respondents">
                {results.respondents} {results.respondents === 1 ? "response" : "responses"} match these filters. Shares
                are of the respondents who answered each question.
              </p>
              <DownloadResults surveyId={survey.id} outcome={data.outcome} from={values.from} to={values.to} />
              {results.questions.map((question) => (
                <QuestionSection key={question.id} question={question} textPageHref={textPageHref(question.id)} />
              ))}
              <ResponsesTable
                responses={results.responses}
                total={results.respondents}
                href={(page) => `?${join(data.filterQuery, `page=${page}`)}#responses`}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}

function QuestionSection({
  question,
  textPageHref,
}: {
  question: QuestionResult;
  textPageHref: (page: number) => string;
}) {
  const headingId = `question-${question.id}-heading`;
  return (
    <section
      id={`question-${question.id}`}
      aria-labelledby={headingId}
      className="mt-6 max-w-3xl rounded-md border border-slate-200 bg-white p-4"
      data-question={question.key}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {question.label}
      </h2>
      <p className="text-sm text-slate-600">
        {KIND_NOTE[question.kind === "choice" && question.multiple ? "multiple" : question.kind]} Answered by{" "}
        {question.answered}.
      </p>
      {question.kind === "choice" && question.attentionCheck ? (
        <p className="text-sm text-slate-600">
          Attention check: it passes with “{question.attentionCheck.passLabel}”; any other answer ended the survey as a
          quality termination (those responses are under “All responses”).
        </p>
      ) : null}
      {question.kind === "choice" || question.kind === "switch" ? (
        <ChoiceFigures question={question} />
      ) : question.kind === "number" ? (
        <NumberFigures question={question} />
      ) : (
        <TextAnswers question={question} href={textPageHref} />
      )}
    </section>
  );
}

const KIND_NOTE = {
  choice: "One choice.",
  multiple: "Several choices: shares can add up to more than 100%.",
  switch: "Yes or no.",
  number: "A number.",
  text: "Text answers, newest first.",
} as const;

function ChoiceFigures({ question }: { question: Extract<QuestionResult, { kind: "choice" | "switch" }> }) {
  const bars: Bar[] = question.options.map((option) => ({
    label: option.label,
    count: option.count,
    note: percent(option.share),
  }));
  return (
    <>
      <BarChart bars={bars} summary={chartSummary(question.label, bars)} />
      <DataTable headings={["Answer", "Respondents", "Share"]} className="mt-2">
        {question.options.map((option) => (
          <tr key={option.value} className="border-t border-slate-200">
            <td className={CELL}>{option.label}</td>
            <td className={CELL}>{option.count}</td>
            <td className={CELL}>{percent(option.share)}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

function NumberFigures({ question }: { question: Extract<QuestionResult, { kind: "number" }> }) {
  const { stats, bins } = question;
  if (!stats) return <p className="mt-2 text-sm text-slate-700">No answers yet.</p>;
  const bars: Bar[] = bins.map((bin) => ({ label: bin.label, count: bin.count }));
  return (
    <>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="number-stats">
        {(
          [
            ["Count", stats.count],
            ["Min", stats.min],
            ["Median", stats.median],
            ["Max", stats.max],
          ] as const
        ).map(([name, value]) => (
          <div key={name} className="flex gap-1">
            <dt className="text-slate-600">{name}</dt>
            <dd className="font-semibold">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      <BarChart bars={bars} summary={chartSummary(`${question.label}, distribution`, bars)} />
      <DataTable headings={["Range", "Respondents"]} className="mt-2">
        {bins.map((bin) => (
          <tr key={bin.label} className="border-t border-slate-200">
            <td className={CELL}>{bin.label}</td>
            <td className={CELL}>{bin.count}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

function TextAnswers({
  question,
  href,
}: {
  question: Extract<QuestionResult, { kind: "text" }>;
  href: (page: number) => string;
}) {
  if (question.texts.length === 0) return <p className="mt-2 text-sm text-slate-700">No answers yet.</p>;
  return (
    <>
      <ul className="mt-2 divide-y divide-slate-200 text-sm">
        {question.texts.map((answer, index) => (
          <li key={index} className="py-2">
            <p className="whitespace-pre-wrap break-words">{answer.text}</p>
            <p className="text-xs text-slate-500">{utcMinute(answer.submittedAt)}</p>
          </li>
        ))}
      </ul>
      <PageLinks
        page={question.page}
        pageCount={question.pageCount}
        label={`Pages of answers to ${question.label}`}
        href={href}
      />
    </>
  );
}

function ResponsesTable({
  responses,
  total,
  href,
}: {
  responses: { rows: ResponseRow[]; page: number; pageCount: number };
  total: number;
  href: (page: number) => string;
}) {
  return (
    <section id="responses" aria-labelledby="responses-heading" className="mt-8">
      <h2 id="responses-heading" className="text-lg font-semibold">
        Responses
      </h2>
      <p className="text-sm text-slate-600">{pageSummary(total, "responses", responses.page, responses.pageCount)}</p>
      <DataTable
        headings={[
          "Respondent token",
          "Outcome",
          "Started (UTC)",
          "Ended (UTC)",
          "Length of interview",
          "Quality flags",
        ]}
        className="mt-2"
        empty={responses.rows.length === 0 ? "No responses match these filters." : undefined}
      >
        {responses.rows.map((row) => (
          <tr key={row.token} className="border-t border-slate-200">
            <td className={`font-mono text-xs ${CELL}`}>{row.token}</td>
            <td className={CELL}>{row.outcome}</td>
            <td className={`whitespace-nowrap ${CELL}`}>{row.startedAt ? utcMinute(row.startedAt) : "–"}</td>
            <td className={`whitespace-nowrap ${CELL}`}>{row.endedAt ? utcMinute(row.endedAt) : "–"}</td>
            <td className={CELL}>{row.lengthSeconds === null ? "–" : formatDuration(row.lengthSeconds)}</td>
            <td className={CELL}>{row.flags.length > 0 ? row.flags.join(", ") : "–"}</td>
          </tr>
        ))}
      </DataTable>
      <PageLinks page={responses.page} pageCount={responses.pageCount} label="Pages of responses" href={href} />
    </section>
  );
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

function join(...parts: string[]): string {
  return parts.filter(Boolean).join("&");
}

/**
 * The results as CSV (issue 19 point 2): a plain GET form, since the answer is a file, carrying the
 * filters above; the respondents' country and targeted profile answers only when ticked.
 */
function DownloadResults({
  surveyId,
  outcome,
  from,
  to,
}: {
  surveyId: number;
  outcome: string;
  from?: string;
  to?: string;
}) {
  return (
    <form
      method="get"
      action={`/admin/survey/${surveyId}/results.csv`}
      className="mt-3 flex max-w-3xl flex-wrap items-center gap-3 rounded-md border border-slate-200 bg-white p-3 text-sm"
    >
      <input type="hidden" name="outcome" value={outcome} />
      {from ? <input type="hidden" name="from" value={from} /> : null}
      {to ? <input type="hidden" name="to" value={to} /> : null}
      <label className="flex items-center gap-2">
        <input type="checkbox" name="profile" value="1" />
        Include each respondent&apos;s country and the profile answers this survey was targeted on
      </label>
      <button type="submit" className="btn-secondary">
        Download CSV
      </button>
    </form>
  );
}
