// The results CSV of a hosted survey at 100,000 responses (issue 19, point 2 and its acceptance):
// seeds, in a benchmark database of its own, a hosted survey of 20 questions of every kind (single
// choice, multiple choice, number, text, switch) answered by 100,000 members, with set-based
// INSERT … SELECT (about 2.4 million answer rows), then streams its results CSV through the very
// plan and stream the /admin/survey/{id}/results.csv route answers with (`surveyResultsPlan`,
// `exportStream`), reading it as fast as it comes and sampling the resident memory (RSS) and the
// V8 heap every 25 ms and at every chunk. The point is flat memory: the peak at 10,000 responses
// and at 100,000 should be about the same.
// `--seed` only seeds; `--small` (about 10,000 responses) or `--all` runs one case, so each case
// can run in a fresh process. DATABASE_URL picks the database, by default a scratch PGlite folder.
import os from "node:os";
import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import {
  closeDatabase,
  getPrisma,
  migrateDatabase,
  openDatabase,
  provideDatabase,
  type Tx,
} from "../../app/lib/db.server";
import { exportStream } from "../../app/domain/exports.server";
import { RESULTS_BATCH_SIZE, surveyResultsPlan } from "../../app/domain/survey-results-export.server";
import { createQuestionnaire } from "../../app/questionnaire/storage.server";
import type { QuestionDefinition, QuestionType } from "../../app/questionnaire/definition";
import { benchDatabase } from "./measure";

const MB = 1024 * 1024;
const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 100_000);
const SLUG = "bench-results";
const DOMAIN = "results-bench.example";
/** Responses are submitted over this many days, so that ten days hold about a tenth of them. */
const FIELD_DAYS = 100;
const BATCH = 10_000;

const choice = (key: string, label: string, type: QuestionType, values: string[]): QuestionDefinition => ({
  key,
  label,
  type,
  required: true,
  options: values.map((value) => ({ value, label: value.replace(/([a-z])([A-Z])/g, "$1 $2") })),
});
const open = (key: string, label: string, type: QuestionType, required = true): QuestionDefinition => ({
  key,
  label,
  type,
  required,
  options: [],
});

/** Twenty questions of every kind a hosted survey has; four multiple choice with 4 to 8 options. */
const QUESTIONS: QuestionDefinition[] = [
  choice("brandAware", "Which brand have you heard of most?", "radio", ["Acme", "Globex", "Initech", "Umbrella"]),
  choice("usageFrequency", "How often do you shop online?", "radio", ["Daily", "Weekly", "Monthly", "Rarely"]),
  choice("satisfaction", "How satisfied are you?", "radio", ["Very", "Quite", "Neutral", "Not", "NotAtAll"]),
  choice("region", "Where do you live?", "select", ["North", "South", "East", "West", "Central"]),
  choice("recommend", "Would you recommend us?", "select", ["Yes", "Maybe", "No"]),
  choice("devices", "Which devices do you own?", "checkbox", ["Phone", "Laptop", "Tablet", "Watch", "Tv", "Console"]),
  choice("channels", "Where do you hear about products?", "checkbox", ["Tv", "Radio", "Social", "Friends"]),
  choice("features", "Which features matter?", "checkbox", ["Price", "Speed", "Design", "Support", "Battery"]),
  choice("stores", "Which stores do you use?", "checkbox", ["A", "B", "C", "D", "E", "F", "G", "H"]),
  open("householdSize", "How many people live in your home?", "number"),
  open("monthlySpend", "How much do you spend a month (rupees)?", "number"),
  open("hoursOnline", "Hours online a day", "number"),
  open("yearsCustomer", "Years as a customer", "number", false),
  open("favouriteBrand", "Your favourite brand", "text"),
  open("city", "Your city", "text"),
  open("improve", "What should we improve?", "paragraph", false),
  open("comment", "Anything else?", "text", false),
  open("newsletter", "Do you read our newsletter?", "switch"),
  open("contactAgain", "May we contact you again?", "switch"),
  open("ownsCar", "Do you own a car?", "switch"),
];

interface Measured {
  rows: number;
  lines: number;
  bytes: number;
  seconds: number;
  rssBefore: number;
  peakRss: number;
  peakHeap: number;
}

export async function run(args: string[]): Promise<void> {
  const target = benchDatabase("results");
  await migrateDatabase(target);
  // The plan reads the survey through getPrisma(), as in the route: the bench database is the app's.
  provideDatabase(openDatabase(target));
  try {
    const surveyId = await seed();
    if (args.includes("--seed")) return;
    const [{ first }] = await getPrisma().$queryRaw<{ first: Date }[]>`
      SELECT min(r."submittedAt") AS first FROM "QuestionnaireResponse" r JOIN "Survey" s ON s."questionnaireId" = r."questionnaireId"
      WHERE s."id" = ${surveyId}`;
    // Ten days of submissions from the middle of the fieldwork: about 10,000 responses.
    const day = (offset: number) => new Date(first.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const from = day(FIELD_DAYS / 2);
    const to = day(FIELD_DAYS / 2 + 9);
    const cases: [string, string][] = [
      [`about 10,000 responses (${from} to ${to})`, `outcome=all&from=${from}&to=${to}`],
      [`all ${RESPONSES.toLocaleString("en-US")} responses`, "outcome=all"],
    ];
    const chosen = args.includes("--small") ? cases.slice(0, 1) : args.includes("--all") ? cases.slice(1) : cases;
    console.log(
      `Batch size ${RESULTS_BATCH_SIZE}; heap limit ${(v8.getHeapStatistics().heap_size_limit / MB).toFixed(0)} MB; ` +
        `resident memory before exporting: ${(process.memoryUsage.rss() / MB).toFixed(0)} MB, heap ${(process.memoryUsage().heapUsed / MB).toFixed(0)} MB`,
    );
    for (const [label, query] of chosen) {
      const loadBefore = os.loadavg()[0];
      const result = await measureExport(surveyId, query);
      console.log(
        `${label.padEnd(44)} ${result.rows.toLocaleString("en-US").padStart(7)} rows ` +
          `(${result.lines.toLocaleString("en-US")} lines)  ${(result.bytes / MB).toFixed(1).padStart(5)} MB  ` +
          `${result.seconds.toFixed(1).padStart(5)} s  ${Math.round(result.rows / result.seconds).toLocaleString("en-US")} rows/s  ` +
          `RSS ${(result.rssBefore / MB).toFixed(0)} → ${(result.peakRss / MB).toFixed(0)} MB  ` +
          `peak heap ${(result.peakHeap / MB).toFixed(0)} MB  load ${loadBefore.toFixed(2)} → ${os.loadavg()[0].toFixed(2)}`,
      );
    }
  } finally {
    await closeDatabase();
  }
}

async function measureExport(surveyId: number, query: string): Promise<Measured> {
  const planned = await surveyResultsPlan(surveyId, new URLSearchParams(query));
  if (!planned?.ok) throw new Error(planned ? planned.messages.join(" ") : "The bench survey has no results.");
  const rssBefore = process.memoryUsage.rss();
  let peakRss = rssBefore;
  let peakHeap = process.memoryUsage().heapUsed;
  const sample = () => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  };
  // PGlite runs queries on this thread, so a timer alone may fire rarely: every chunk samples too.
  const sampler = setInterval(sample, 25);
  let rows = 0;
  let bytes = 0;
  let lines = 0;
  const began = performance.now();
  try {
    const reader = exportStream(planned.plan, { onEnd: async (outcome) => void (rows = outcome.rows) }).getReader();
    let reported = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      sample();
      for (const byte of value) if (byte === 10) lines += 1;
      if (lines - reported >= 20_000) {
        reported = lines;
        process.stdout.write(
          `  ${lines.toLocaleString("en-US")} lines in ${((performance.now() - began) / 1000).toFixed(1)} s, ` +
            `RSS ${(process.memoryUsage.rss() / MB).toFixed(0)} MB, heap ${(process.memoryUsage().heapUsed / MB).toFixed(0)} MB\n`,
        );
      }
    }
  } finally {
    clearInterval(sampler);
  }
  return { rows, lines, bytes, seconds: (performance.now() - began) / 1000, rssBefore, peakRss, peakHeap };
}

/** The bench survey's id: seeded once (members, questionnaire, survey, assignments, responses, answers). */
async function seed(): Promise<number> {
  const prisma = getPrisma();
  const existing = await prisma.survey.findUnique({ where: { slug: SLUG }, select: { id: true } });
  if (existing) {
    console.log("The bench survey is already there; not seeding.");
    return existing.id;
  }
  const began = performance.now();
  await prisma.surveyCategory.upsert({ where: { id: 1 }, update: {}, create: { id: 1, name: "General" } });
  const questionnaireId = await createQuestionnaire(prisma, {
    kind: "hosted_survey",
    definition: {
      title: "Results bench",
      description: "Twenty questions of every kind.",
      pages: [0, 1, 2, 3].map((page) => ({
        title: `Page ${page + 1}`,
        questions: QUESTIONS.slice(page * 5, page * 5 + 5),
      })),
    },
  });
  const survey = await prisma.survey.create({
    data: {
      name: "Results bench",
      slug: SLUG,
      categoryId: 1,
      points: 50,
      lengthMinutes: 10,
      launched: true,
      delivery: "hosted",
      questionnaireId,
      returnSecret: "bench",
    },
    select: { id: true },
  });
  for (let from = 1; from <= RESPONSES; from += BATCH) {
    const to = Math.min(from + BATCH - 1, RESPONSES);
    await prisma.$transaction(
      async (tx) => {
        // One member, one assignment and one response per n; each answered every question it had to.
        await tx.$executeRaw`
        INSERT INTO "Member" ("firstName", "lastName", "email", "emailVerifiedAt", "country", "status", "createdAt", "updatedAt")
        SELECT 'Bench', 'Respondent ' || n, 'respondent' || lpad(n::text, 6, '0') || ${`@${DOMAIN}`}, now(),
               (ARRAY['IN', 'US', 'GB', 'DE'])[1 + n % 4], 'active', now() - interval '200 days', now()
        FROM generate_series(${from}::int, ${to}::int) AS n`;
        await tx.$executeRaw`
        INSERT INTO "Assignment" ("surveyId", "memberId", "status", "outcome", "points", "respondentToken", "openedAt",
                                  "startedAt", "endedAt", "createdAt", "updatedAt")
        SELECT ${survey.id}::int, m."id", 3, 'complete', 50, md5('bench-results-' || m."id"),
               s.at, s.at, s.at + (300 + m."id" % 900) * interval '1 second', s.at, s.at
        FROM "Member" m
        CROSS JOIN LATERAL (SELECT timestamp '2026-06-01' + (substring(m."email" FROM 11 FOR 6)::int - 1)::float8
                                   * ${FIELD_DAYS}::int / ${RESPONSES}::int * interval '1 day' AS at) s
        WHERE m."email" LIKE ${`%@${DOMAIN}`}
          AND substring(m."email" FROM 11 FOR 6)::int BETWEEN ${from}::int AND ${to}::int`;
        await tx.$executeRaw`
        INSERT INTO "QuestionnaireResponse" ("questionnaireId", "memberId", "assignmentId", "submittedAt")
        SELECT ${questionnaireId}::int, a."memberId", a."id", a."endedAt"
        FROM "Assignment" a
        WHERE a."surveyId" = ${survey.id} AND NOT EXISTS (SELECT 1 FROM "QuestionnaireResponse" r WHERE r."assignmentId" = a."id")`;
        await insertAnswers(tx, questionnaireId, from, to);
      },
      { maxWait: 60_000, timeout: 600_000 },
    );
    process.stdout.write(
      `\rSeeded ${to.toLocaleString("en-US")} responses in ${((performance.now() - began) / 1000).toFixed(0)} s`,
    );
  }
  await prisma.$executeRawUnsafe(`ANALYZE`);
  const [{ answers }] = await prisma.$queryRaw<{ answers: bigint }[]>`
    SELECT count(*) AS answers FROM "Answer" ans JOIN "QuestionnaireResponse" r ON r."id" = ans."responseId"
    WHERE r."questionnaireId" = ${questionnaireId}`;
  console.log(
    `\nSeeding ${RESPONSES.toLocaleString("en-US")} responses (${Number(answers).toLocaleString("en-US")} answer rows) ` +
      `took ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );
  return survey.id;
}

/**
 * The answers of the responses of members `from` to `to` (by their bench number), all question
 * kinds at once: one option of a single choice, one to several of a multiple choice (never none),
 * a number, a text with commas and quotes now and then (CSV quoting), a switch; optional questions
 * left blank by about a third.
 */
async function insertAnswers(tx: Tx, questionnaireId: number, from: number, to: number) {
  await tx.$executeRaw`
    WITH responses AS (
      SELECT r."id", r."memberId", substring(m."email" FROM 11 FOR 6)::int AS n
      FROM "QuestionnaireResponse" r JOIN "Member" m ON m."id" = r."memberId"
      WHERE r."questionnaireId" = ${questionnaireId}
        AND substring(m."email" FROM 11 FOR 6)::int BETWEEN ${from}::int AND ${to}::int
    ), questions AS (
      SELECT q."id", q."type"::text AS "type", q."required", q."key",
             (SELECT count(*) FROM "QuestionOption" o WHERE o."questionId" = q."id")::int AS "options"
      FROM "Question" q WHERE q."questionnaireId" = ${questionnaireId}
    )
    INSERT INTO "Answer" ("responseId", "memberId", "questionId", "optionId", "valueText", "valueNumber", "valueBool")
    SELECT r."id", r."memberId", q."id", o."id",
           CASE WHEN q."type" IN ('text', 'paragraph') THEN
             CASE WHEN (r.n + q."id") % 7 = 0 THEN 'Better prices, "faster" delivery, and more stock ' || r.n
                  ELSE q."key" || ' answer ' || r.n END END,
           CASE WHEN q."type" = 'number' THEN ((r.n * 37 + q."id" * 11) % 100)::numeric END,
           CASE WHEN q."type" = 'switch' THEN (r.n + q."id") % 2 = 0 END
    FROM responses r
    CROSS JOIN questions q
    LEFT JOIN "QuestionOption" o ON o."questionId" = q."id"
      AND CASE q."type"
            WHEN 'checkbox' THEN o."position" = (r.n + q."id") % q."options" OR (r.n * 7 + o."position" * 3 + q."id") % 4 = 0
            ELSE o."position" = (r.n * 13 + q."id") % q."options" END
    WHERE (q."required" OR r.n % 3 <> 0)
      AND (q."options" = 0 OR o."id" IS NOT NULL)`;
}
