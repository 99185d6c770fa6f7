import { Prisma } from "~/generated/prisma/client";
import { getPrisma, type Tx } from "~/lib/db.server";
import { allQuestions, type QuestionDefinition } from "~/questionnaire/definition";
import { loadQuestionnaire } from "~/questionnaire/storage.server";
import type { AnyExportPlan, PlanResult } from "./exports.server";
import { keptResponses, readResultsFilters } from "./survey-results.server";

// The results of a hosted survey as CSV (issue 19 point 2, docs/decisions/058-survey-results.md):
// one row per response the results page's filters keep, one column per question and one per option
// of a multiple-choice question, coded with the questionnaire's option codes, under two header
// rows: the codes, then the labels. Streamed in keyset batches by the exports module (decision
// 055), one query a batch. Respondents appear by their respondent token only. Their country and the
// profile answers the survey was targeted on come only when the admin ticks "profile", and the
// export's audit entry records that choice with the filters.

/**
 * Responses a batch: a row holds every answer of a response (about 25 for 20 questions), so a batch
 * of the exports' usual 5,000 held 100,000+ answers in memory at once; 1,000 keeps the heap of a
 * 100,000-response export under a 64 MB cap (docs/performance.md, "Results export").
 */
export const RESULTS_BATCH_SIZE = 1_000;

interface ExportAnswer {
  q: number;
  o: number | null;
  t: string | null;
  n: string | number | null;
  b: boolean | null;
}

/**
 * An answer as the batch query sends it: [question, option, text, number, switch]. An array, not an
 * object: json_build_array costs the database half what json_build_object does (the bench of
 * docs/performance.md, "Results export"), and the rows are shorter.
 */
type AnswerTuple = [number, number | null, string | null, string | number | null, boolean | null];

interface ResultsRow {
  id: number;
  respondentToken: string;
  outcome: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  submittedAt: Date;
  answers: AnswerTuple[] | null;
  country?: string | null;
  profile?: { q: number; o: number }[] | null;
}

/** A column: its code (first header row), its label (second) and the cell of a response. */
interface Column {
  code: string;
  label: string;
  cell: (answers: Map<number, ExportAnswer[]>, row: ResultsRow) => unknown;
}

const FIXED_COLUMNS: Column[] = [
  { code: "token", label: "Respondent token", cell: (_, row) => row.respondentToken },
  { code: "outcome", label: "Outcome", cell: (_, row) => row.outcome ?? "in progress" },
  { code: "started_at", label: "Started at", cell: (_, row) => row.startedAt?.toISOString() ?? "" },
  { code: "ended_at", label: "Ended at", cell: (_, row) => row.endedAt?.toISOString() ?? "" },
  {
    code: "loi_seconds",
    label: "Length of interview (seconds)",
    cell: (_, row) =>
      row.startedAt && row.endedAt ? Math.round((row.endedAt.getTime() - row.startedAt.getTime()) / 1000) : "",
  },
  { code: "submitted_at", label: "Submitted at", cell: (_, row) => row.submittedAt.toISOString() },
];

/** The columns of one question: one for most types, one per option (1 chosen, 0 not) for multiple choice. */
function questionColumns(question: QuestionDefinition, id: number, optionIds: Record<string, number>): Column[] {
  const of = (answers: Map<number, ExportAnswer[]>) => answers.get(id) ?? [];
  if (question.type === "checkbox") {
    return question.options.map((option) => ({
      code: `${question.key}_${option.value}`,
      label: `${question.label}: ${option.label}`,
      // Blank when the question was not answered (not shown, or skipped), 0 when answered without it.
      cell: (answers) => {
        const given = of(answers);
        return given.length === 0 ? "" : given.some((answer) => answer.o === optionIds[option.value]) ? 1 : 0;
      },
    }));
  }
  const codes = new Map(Object.entries(optionIds).map(([value, optionId]) => [optionId, value]));
  return [
    {
      code: question.key,
      label: question.label,
      cell: (answers) => {
        const [answer] = of(answers);
        if (!answer) return "";
        if (answer.o !== null) return codes.get(answer.o) ?? "";
        if (answer.b !== null) return answer.b ? 1 : 0;
        if (answer.n !== null) return String(answer.n);
        return answer.t ?? "";
      },
    },
  ];
}

/**
 * The results CSV of a survey, with the results page's filters (outcome, from, to) and `profile=1`
 * for the country and the targeted profile answers. Null when the survey has no results to export
 * (unknown, external, or its questionnaire deleted).
 */
export async function surveyResultsPlan(surveyId: number, params: URLSearchParams): Promise<PlanResult | null> {
  const prisma = getPrisma();
  const survey = await prisma.survey.findUnique({
    where: { id: surveyId },
    select: { id: true, slug: true, delivery: true, questionnaireId: true },
  });
  if (!survey || survey.delivery !== "hosted" || survey.questionnaireId === null) return null;
  const stored = await loadQuestionnaire(prisma, survey.questionnaireId);
  if (!stored) return null;
  const { filters, errors } = readResultsFilters(params);
  const messages = Object.values(errors).flatMap((list) => list ?? []);
  if (messages.length > 0) return { ok: false, messages };
  const withProfile = params.get("profile") === "1";
  const targeted = withProfile ? await targetedQuestionIds(surveyId) : [];

  const columns = [
    ...FIXED_COLUMNS,
    ...allQuestions(stored.definition).flatMap((question) =>
      questionColumns(question, stored.questionIds[question.key], stored.optionIds[question.key] ?? {}),
    ),
    ...(withProfile ? await profileColumns(targeted) : []),
  ];
  const kept = keptResponses(survey.id, stored.id, filters);

  const plan: AnyExportPlan = {
    name: "results",
    filters: {
      survey: survey.id,
      outcome: filters.outcome,
      ...(filters.from ? { from: filters.from } : {}),
      ...(filters.to ? { to: filters.to } : {}),
      profile: withProfile ? "included" : "not included",
    },
    filename: `results-${survey.slug}-${new Date().toISOString().slice(0, 10)}.csv`,
    headers: columns.map((column) => column.code),
    labels: columns.map((column) => column.label),
    batchSize: RESULTS_BATCH_SIZE,
    cells: (row) => {
      const results = row as unknown as ResultsRow;
      const answers = new Map<number, ExportAnswer[]>();
      for (const [q, o, t, n, b] of results.answers ?? []) {
        const answer: ExportAnswer = { q, o, t, n, b };
        const given = answers.get(q);
        if (given) given.push(answer);
        else answers.set(q, [answer]);
      }
      return columns.map((column) => column.cell(answers, results));
    },
    batch: (tx: Tx, last: { id: number } | null, limit: number) =>
      tx.$queryRaw<ResultsRow[]>`
        WITH kept AS (${kept})
        SELECT kept."id", kept."respondentToken", kept."outcome"::text AS "outcome", kept."startedAt",
               kept."endedAt", kept."submittedAt",
               (SELECT json_agg(json_build_array(ans."questionId", ans."optionId", ans."valueText",
                                                 ans."valueNumber", ans."valueBool"))
                FROM "Answer" ans WHERE ans."responseId" = kept."id") AS "answers"
               ${withProfile ? profileSelect(targeted) : Prisma.empty}
        FROM kept
        ${last === null ? Prisma.empty : Prisma.sql`WHERE kept."id" > ${last.id}`}
        ORDER BY kept."id"
        LIMIT ${limit}` as unknown as Promise<{ id: number }[]>,
  };
  return { ok: true, plan };
}

/** The member's country and their answers to the targeted profile questions, never who they are. */
function profileSelect(questionIds: number[]): Prisma.Sql {
  const answers =
    questionIds.length === 0
      ? Prisma.sql`NULL::json`
      : Prisma.sql`(SELECT json_agg(json_build_object('q', pa."questionId", 'o', pa."optionId"))
           FROM "Answer" pa WHERE pa."memberId" = a."memberId" AND pa."optionId" IS NOT NULL
             AND pa."questionId" IN (${Prisma.join(questionIds)}))`;
  return Prisma.sql`,
    (SELECT m."country" FROM "QuestionnaireResponse" r JOIN "Assignment" a ON a."id" = r."assignmentId"
       JOIN "Member" m ON m."id" = a."memberId" WHERE r."id" = kept."id") AS "country",
    (SELECT ${answers} FROM "QuestionnaireResponse" r JOIN "Assignment" a ON a."id" = r."assignmentId"
       WHERE r."id" = kept."id") AS "profile"`;
}

async function targetedQuestionIds(surveyId: number): Promise<number[]> {
  const rows = await getPrisma().demographicTarget.findMany({
    where: { surveyId },
    distinct: ["questionId"],
    select: { questionId: true },
    orderBy: { questionId: "asc" },
  });
  return rows.map((row) => row.questionId);
}

/** Country, then one column per targeted profile question: the codes the member chose, joined by ";". */
async function profileColumns(questionIds: number[]): Promise<Column[]> {
  const questions = await getPrisma().question.findMany({
    where: { id: { in: questionIds } },
    orderBy: { id: "asc" },
    select: { id: true, key: true, label: true, options: { select: { id: true, value: true } } },
  });
  return [
    { code: "country", label: "Country", cell: (_, row) => row.country ?? "" },
    ...questions.map((question): Column => ({
      code: `profile_${question.key}`,
      label: `Profile: ${question.label}`,
      cell: (_, row) =>
        question.options
          .filter((option) => (row.profile ?? []).some((chosen) => chosen.q === question.id && chosen.o === option.id))
          .map((option) => option.value)
          .join(";"),
    })),
  ];
}
