import { z } from "zod";
import { Prisma, type AssignmentOutcome, type QualitySignalKind } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { isCalendarDate, readFilterFields } from "~/lib/filter-fields";
import { allQuestions, CHOICE_TYPES, type QuestionType } from "~/questionnaire/definition";
import { loadQuestionnaire } from "~/questionnaire/storage.server";
import { ASSIGNMENT_STATUS_LABEL, type AssignmentStatus } from "./assignment-status";
import { QUALITY_SIGNAL_LABEL } from "./quality-signals";
import { formatNumber } from "./survey-results";

// The results of a hosted survey for the researchers (docs/decisions/058-survey-results.md):
// per question, in questionnaire order, the figures of the responses the filters keep, and the
// responses themselves, one row each. Respondents appear by their respondent token only: no query
// here reads a member's name, e-mail or id. Every figure is aggregated in SQL, so a page costs the
// same few queries however many questions and responses the survey has.

export const RESULT_OUTCOMES = ["complete", "terminate", "over_quota", "ended", "all"] as const;
export type ResultOutcome = (typeof RESULT_OUTCOMES)[number];

export const RESULT_OUTCOME_LABELS: Record<ResultOutcome, string> = {
  complete: "Completes",
  terminate: "Screen-outs (terminate)",
  over_quota: "Over quota",
  ended: "All ended",
  all: "All responses",
};

const OUTCOME_LABELS: Record<AssignmentOutcome, string> = {
  complete: "Complete",
  terminate: "Screen-out",
  over_quota: "Over quota",
  quality: "Quality termination",
  security: "Security termination",
};

export const RESULTS_FILTER_MESSAGES = {
  outcome: "Choose an outcome from the list.",
  date: "Enter a date as YYYY-MM-DD, such as 2026-11-25.",
  range: "The end date is before the start date: choose an end on or after the start.",
} as const;

/** Rows of the responses table on a page, and text answers on a page of one question. */
export const RESPONSES_PER_PAGE = 25;
export const TEXTS_PER_PAGE = 10;
/** A number question's distribution has at most this many bins. */
export const MAX_BINS = 10;

export interface ResultsFilters {
  outcome: ResultOutcome;
  /** Inclusive, UTC days as YYYY-MM-DD: the response's date. */
  from?: string;
  to?: string;
}

const FILTER_FIELDS = ["outcome", "from", "to"] as const;
type FilterField = (typeof FILTER_FIELDS)[number];

const day = z.string().refine(isCalendarDate, RESULTS_FILTER_MESSAGES.date);

const FILTER_SCHEMAS = {
  outcome: z.enum(RESULT_OUTCOMES, { errorMap: () => ({ message: RESULTS_FILTER_MESSAGES.outcome }) }),
  from: day,
  to: day,
} satisfies Record<FilterField, z.ZodTypeAny>;

export interface ReadResultsFilters {
  filters: ResultsFilters;
  /** The values as typed, to show back in the form and carry in page links. */
  values: Partial<Record<FilterField, string>>;
  errors: Partial<Record<FilterField, string[]>>;
}

/**
 * The filters of the results page's GET form. Completes are the default: they are the data a
 * researcher pays for. A value that makes no sense gets a message and no figures are shown until
 * it is fixed, rather than figures the admin did not ask for.
 */
export function readResultsFilters(params: URLSearchParams): ReadResultsFilters {
  const { parsed, values, errors } = readFilterFields(
    params,
    FILTER_SCHEMAS,
    { invalid: RESULTS_FILTER_MESSAGES.date, range: RESULTS_FILTER_MESSAGES.range },
    50,
  );
  return { filters: { outcome: parsed.outcome ?? "complete", from: parsed.from, to: parsed.to }, values, errors };
}

/** The query string of these filters, for links (pages, text answers) that keep them. */
export function resultsFilterQuery(values: ReadResultsFilters["values"]): string {
  const params = new URLSearchParams();
  for (const field of FILTER_FIELDS) {
    const value = values[field];
    if (value) params.set(field, value);
  }
  return params.toString();
}

// ——— The figures ———

export interface ChoiceFigure {
  value: string;
  label: string;
  count: number;
  /** count ÷ the respondents who answered the question, 0 to 1. */
  share: number;
}

export interface NumberBin {
  label: string;
  count: number;
}

interface QuestionBase {
  id: number;
  key: string;
  label: string;
  type: QuestionType;
  /** Responses (of those the filters keep) with an answer to this question. */
  answered: number;
}

export type QuestionResult =
  | (QuestionBase & {
      kind: "choice";
      multiple: boolean;
      options: ChoiceFigure[];
      /** An attention check (decision 071): the option that passes it. */
      attentionCheck?: { passLabel: string };
    })
  | (QuestionBase & { kind: "switch"; options: ChoiceFigure[] })
  | (QuestionBase & {
      kind: "number";
      stats: { count: number; min: number; median: number; max: number } | null;
      bins: NumberBin[];
    })
  | (QuestionBase & {
      kind: "text";
      texts: { text: string; submittedAt: string }[];
      page: number;
      pageCount: number;
    });

export interface ResponseRow {
  token: string;
  outcome: string;
  startedAt: string | null;
  endedAt: string | null;
  /** Length of interview in whole seconds (ended − started), or null while either is missing. */
  lengthSeconds: number | null;
  submittedAt: string;
  /** The open quality signals of this response (decision 071), by label: "Speeder", "Straight answers"… */
  flags: string[];
}

export type SurveyResults =
  | { kind: "not_found" }
  | { kind: "external"; survey: { id: number; name: string } }
  | { kind: "no_questionnaire"; survey: { id: number; name: string } }
  | {
      kind: "hosted";
      survey: { id: number; name: string };
      /** Responses the filters keep: the base of every figure. */
      respondents: number;
      questions: QuestionResult[];
      responses: { rows: ResponseRow[]; page: number; pageCount: number };
    };

export interface ResultsRequest {
  filters: ResultsFilters;
  /** The responses table's page. */
  page: number;
  /** The text question whose answers are paged, and its page; the others show their first page. */
  text?: { questionId: number; page: number };
}

/**
 * A survey's results. An external survey's answers live with its vendor, and a hosted survey
 * whose questionnaire was deleted has nothing to count; both say so instead of empty figures.
 */
export async function loadSurveyResults(surveyId: number, request: ResultsRequest): Promise<SurveyResults> {
  const prisma = getPrisma();
  const found = await prisma.survey.findUnique({
    where: { id: surveyId },
    select: { id: true, name: true, delivery: true, questionnaireId: true },
  });
  if (!found) return { kind: "not_found" };
  const survey = { id: found.id, name: found.name };
  if (found.delivery === "external") return { kind: "external", survey };
  const stored = found.questionnaireId === null ? null : await loadQuestionnaire(prisma, found.questionnaireId);
  if (!stored) return { kind: "no_questionnaire", survey };

  const kept = keptResponses(survey.id, stored.id, request.filters);
  const [{ respondents }] = await prisma.$queryRaw<{ respondents: number }[]>`
    WITH kept AS (${kept}) SELECT count(*)::int AS "respondents" FROM kept`;
  const counts = await answerCounts(kept);
  const numbers = await numberFigures(kept);

  const questions = allQuestions(stored.definition).map((question) => ({
    question,
    id: stored.questionIds[question.key],
    optionIds: stored.optionIds[question.key] ?? {},
  }));
  const textQuestions = questions.filter(({ question }) => question.type === "text" || question.type === "paragraph");
  const textPages = new Map(
    textQuestions.map(({ id }) => {
      const pageCount = Math.max(1, Math.ceil((counts.answered.get(id) ?? 0) / TEXTS_PER_PAGE));
      const wanted = request.text?.questionId === id ? request.text.page : 1;
      return [id, { page: Math.min(wanted, pageCount), pageCount }] as const;
    }),
  );
  const texts = await textAnswers(kept, textPages);
  const responses = await responsePage(kept, respondents, request.page);

  const share = (count: number, answered: number) => (answered === 0 ? 0 : count / answered);
  const results: QuestionResult[] = questions.map(({ question, id, optionIds }) => {
    const answered = counts.answered.get(id) ?? 0;
    const base = { id, key: question.key, label: question.label, type: question.type, answered };
    if (CHOICE_TYPES.includes(question.type)) {
      const pass = question.options.find((option) => option.passesCheck);
      return {
        ...base,
        kind: "choice",
        multiple: question.type === "checkbox",
        options: question.options.map((option) => {
          const count = counts.byOption.get(optionIds[option.value]) ?? 0;
          return { value: option.value, label: option.label, count, share: share(count, answered) };
        }),
        ...(pass ? { attentionCheck: { passLabel: pass.label } } : {}),
      };
    }
    if (question.type === "switch") {
      const yes = counts.bySwitch.get(`${id}:true`) ?? 0;
      const no = counts.bySwitch.get(`${id}:false`) ?? 0;
      return {
        ...base,
        kind: "switch",
        options: [
          { value: "yes", label: "Yes", count: yes, share: share(yes, answered) },
          { value: "no", label: "No", count: no, share: share(no, answered) },
        ],
      };
    }
    if (question.type === "number") {
      const figures = numbers.get(id);
      return { ...base, kind: "number", stats: figures?.stats ?? null, bins: figures?.bins ?? [] };
    }
    const paging = textPages.get(id) ?? { page: 1, pageCount: 1 };
    return { ...base, kind: "text", texts: texts.get(id) ?? [], ...paging };
  });

  return { kind: "hosted", survey, respondents, questions: results, responses };
}

/**
 * The responses the filters keep, as a query to put in a WITH: a response of this survey's
 * questionnaire, belonging to an assignment of this survey, with the outcome and date asked for.
 */
export function keptResponses(surveyId: number, questionnaireId: number, filters: ResultsFilters): Prisma.Sql {
  const conditions = [
    Prisma.sql`r."questionnaireId" = ${questionnaireId}`,
    Prisma.sql`a."surveyId" = ${surveyId}`,
    ...outcomeCondition(filters.outcome),
    ...(filters.from ? [Prisma.sql`r."submittedAt" >= ${filters.from}::date`] : []),
    ...(filters.to ? [Prisma.sql`r."submittedAt" < ${filters.to}::date + 1`] : []),
  ];
  return Prisma.sql`
    SELECT r."id", r."submittedAt", a."respondentToken", a."outcome", a."status", a."startedAt", a."endedAt",
      a."id" AS "assignmentId", a."memberId"
    FROM "QuestionnaireResponse" r JOIN "Assignment" a ON a."id" = r."assignmentId"
    WHERE ${Prisma.join(conditions, " AND ")}`;
}

function outcomeCondition(outcome: ResultOutcome): Prisma.Sql[] {
  switch (outcome) {
    case "complete":
    case "terminate":
    case "over_quota":
      return [Prisma.sql`a."outcome" = ${outcome}::"AssignmentOutcome"`];
    case "ended":
      return [Prisma.sql`a."outcome" IS NOT NULL`];
    case "all":
      return [];
  }
}

/** One query: per question the responses that answered it, per option and per switch value the responses that chose it. */
async function answerCounts(kept: Prisma.Sql) {
  const rows = await getPrisma().$queryRaw<
    { questionId: number; optionId: number | null; valueBool: boolean | null; detail: boolean; count: number }[]
  >`
    WITH kept AS (${kept})
    SELECT ans."questionId", ans."optionId", ans."valueBool",
      GROUPING(ans."optionId", ans."valueBool") = 0 AS "detail",
      count(DISTINCT ans."responseId")::int AS "count"
    FROM "Answer" ans JOIN kept ON kept."id" = ans."responseId"
    GROUP BY GROUPING SETS ((ans."questionId"), (ans."questionId", ans."optionId", ans."valueBool"))`;
  const answered = new Map<number, number>();
  const byOption = new Map<number, number>();
  const bySwitch = new Map<string, number>();
  for (const row of rows) {
    if (!row.detail) answered.set(row.questionId, row.count);
    else if (row.optionId !== null) byOption.set(row.optionId, row.count);
    else if (row.valueBool !== null) bySwitch.set(`${row.questionId}:${row.valueBool}`, row.count);
  }
  return { answered, byOption, bySwitch };
}

/**
 * One query for every number question: count, min, median and max, and the counts of at most
 * MAX_BINS bins of equal width. Whole numbers get whole-number bins (one per value when the range
 * is at most MAX_BINS wide), so a bin's label never splits a value.
 */
async function numberFigures(kept: Prisma.Sql) {
  const rows = await getPrisma().$queryRaw<
    {
      questionId: number;
      n: number;
      lo: number;
      hi: number;
      median: number;
      whole: boolean;
      width: number;
      bin: number;
      count: number;
    }[]
  >`
    WITH kept AS (${kept}),
    vals AS (
      SELECT ans."questionId", ans."valueNumber"::float8 AS "v"
      FROM "Answer" ans JOIN kept ON kept."id" = ans."responseId"
      WHERE ans."valueNumber" IS NOT NULL),
    stats AS (
      SELECT "questionId", count(*)::int AS "n", min("v") AS "lo", max("v") AS "hi",
        percentile_cont(0.5) WITHIN GROUP (ORDER BY "v") AS "median", bool_and("v" = trunc("v")) AS "whole"
      FROM vals GROUP BY "questionId"),
    sized AS (
      SELECT *, CASE WHEN "whole" THEN GREATEST(1, ceil(("hi" - "lo" + 1) / ${MAX_BINS}::float8))
        ELSE ("hi" - "lo") / ${MAX_BINS}::float8 END AS "width"
      FROM stats),
    binned AS (
      SELECT vals."questionId",
        CASE WHEN sized."width" = 0 THEN 0
          ELSE LEAST(floor((vals."v" - sized."lo") / sized."width")::int, ${MAX_BINS - 1}) END AS "bin",
        count(*)::int AS "count"
      FROM vals JOIN sized ON sized."questionId" = vals."questionId"
      GROUP BY 1, 2)
    SELECT sized."questionId", sized."n", sized."lo", sized."hi", sized."median", sized."whole", sized."width",
      binned."bin", binned."count"
    FROM sized JOIN binned ON binned."questionId" = sized."questionId"
    ORDER BY sized."questionId", binned."bin"`;
  const figures = new Map<
    number,
    { stats: { count: number; min: number; median: number; max: number }; bins: NumberBin[] }
  >();
  for (const row of rows) {
    let figure = figures.get(row.questionId);
    if (!figure) {
      const binCount = row.width === 0 ? 1 : row.whole ? Math.ceil((row.hi - row.lo + 1) / row.width) : MAX_BINS;
      figure = {
        stats: { count: row.n, min: row.lo, median: row.median, max: row.hi },
        bins: Array.from({ length: binCount }, (_, index) => ({ label: binLabel(row, index, binCount), count: 0 })),
      };
      figures.set(row.questionId, figure);
    }
    figure.bins[row.bin].count = row.count;
  }
  return figures;
}

function binLabel(row: { lo: number; hi: number; whole: boolean; width: number }, index: number, binCount: number) {
  if (row.width === 0) return formatNumber(row.lo);
  if (row.whole) {
    const from = row.lo + index * row.width;
    const to = Math.min(from + row.width - 1, row.hi);
    return from === to ? formatNumber(from) : `${formatNumber(from)}–${formatNumber(to)}`;
  }
  const from = row.lo + index * row.width;
  const to = index === binCount - 1 ? row.hi : from + row.width;
  return `${formatNumber(from)}–${formatNumber(to)}`;
}

/** One query: a page of each text question's answers, newest first. */
async function textAnswers(kept: Prisma.Sql, pages: Map<number, { page: number }>) {
  const byQuestion = new Map<number, { text: string; submittedAt: string }[]>();
  if (pages.size === 0) return byQuestion;
  const offsets = [...pages].map(([questionId, { page }]) => ({ questionId, offset: (page - 1) * TEXTS_PER_PAGE }));
  const rows = await getPrisma().$queryRaw<{ questionId: number; valueText: string; submittedAt: Date }[]>`
    WITH kept AS (${kept}),
    wanted ("questionId", "offset") AS (VALUES ${Prisma.join(
      offsets.map(({ questionId, offset }) => Prisma.sql`(${questionId}::int, ${offset}::int)`),
    )}),
    numbered AS (
      SELECT ans."questionId", ans."valueText", kept."submittedAt",
        row_number() OVER (PARTITION BY ans."questionId" ORDER BY kept."submittedAt" DESC, kept."id" DESC) AS "rn"
      FROM "Answer" ans JOIN kept ON kept."id" = ans."responseId"
      WHERE ans."valueText" IS NOT NULL AND ans."questionId" IN (SELECT "questionId" FROM wanted))
    SELECT numbered."questionId", numbered."valueText", numbered."submittedAt"
    FROM numbered JOIN wanted ON wanted."questionId" = numbered."questionId"
    WHERE numbered."rn" > wanted."offset" AND numbered."rn" <= wanted."offset" + ${TEXTS_PER_PAGE}
    ORDER BY numbered."questionId", numbered."rn"`;
  for (const row of rows) {
    const list = byQuestion.get(row.questionId) ?? [];
    list.push({ text: row.valueText, submittedAt: row.submittedAt.toISOString() });
    byQuestion.set(row.questionId, list);
  }
  return byQuestion;
}

/** One query: a page of the responses table, newest first. */
async function responsePage(kept: Prisma.Sql, total: number, wanted: number) {
  const pageCount = Math.max(1, Math.ceil(total / RESPONSES_PER_PAGE));
  const page = Math.min(wanted, pageCount);
  const rows = await getPrisma().$queryRaw<
    {
      respondentToken: string;
      outcome: AssignmentOutcome | null;
      status: number;
      startedAt: Date | null;
      endedAt: Date | null;
      submittedAt: Date;
      kinds: QualitySignalKind[] | null;
    }[]
  >`
    WITH kept AS (${kept})
    SELECT "respondentToken", "outcome", "status"::int AS "status", "startedAt", "endedAt", "submittedAt",
      (SELECT array_agg(q."kind"::text ORDER BY q."kind") FROM "QualitySignal" q
        WHERE q."memberId" = kept."memberId" AND q."subject" = 'assignment:' || kept."assignmentId"
          AND q."clearedAt" IS NULL) AS "kinds"
    FROM kept ORDER BY "submittedAt" DESC, "id" DESC
    LIMIT ${RESPONSES_PER_PAGE} OFFSET ${(page - 1) * RESPONSES_PER_PAGE}`;
  return {
    page,
    pageCount,
    rows: rows.map((row): ResponseRow => ({
      token: row.respondentToken,
      outcome: row.outcome
        ? OUTCOME_LABELS[row.outcome]
        : (ASSIGNMENT_STATUS_LABEL[row.status as AssignmentStatus] ?? "Unknown"),
      startedAt: row.startedAt?.toISOString() ?? null,
      endedAt: row.endedAt?.toISOString() ?? null,
      lengthSeconds:
        row.startedAt && row.endedAt
          ? Math.max(0, Math.round((row.endedAt.getTime() - row.startedAt.getTime()) / 1000))
          : null,
      submittedAt: row.submittedAt.toISOString(),
      flags: (row.kinds ?? []).map((kind) => QUALITY_SIGNAL_LABEL[kind]),
    })),
  };
}
