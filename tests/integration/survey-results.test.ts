import { parse } from "csv-parse/sync";
import { beforeEach, describe, expect, test } from "vitest";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { exportStream } from "~/domain/exports.server";
import { RESULTS_BATCH_SIZE, surveyResultsPlan } from "~/domain/survey-results-export.server";
import { loadSurveyResults, RESULTS_FILTER_MESSAGES, TEXTS_PER_PAGE } from "~/domain/survey-results.server";
import type { AssignmentOutcome } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import type { Answers } from "~/questionnaire/definition";
import { createQuestionnaire, saveResponse } from "~/questionnaire/storage.server";
import { loader } from "~/routes/admin._console._survey.survey.$id_.results";
import { loader as csvLoader } from "~/routes/admin._console._survey.survey.$id_.results[.]csv";
import { adminRequest, thrownStatus } from "../support/admin-requests";
import { createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import {
  checkbox,
  number,
  option,
  page,
  paragraph,
  questionnaire,
  radio,
  text,
  toggle,
} from "../support/questionnaires";
import { signedInAdmin } from "../support/requests";

// The results page of a hosted survey (issue 19, point 1; decision 058): per-question figures that
// equal what the answers say, filters that narrow them, a responses table by respondent token only.

const DEFINITION = questionnaire("Breakfast study", [
  page("About you", [
    radio("colour", "Favourite colour", [option("Red"), option("Blue"), option("Green")]),
    checkbox("pets", "Which pets do you have?", [option("Dog"), option("Cat"), option("Fish")]),
    toggle("smoker", "Do you smoke?"),
    number("age", "How old are you?"),
    paragraph("comment", "Anything else?", { required: false }),
  ]),
]);

const STATUS_OF: Record<AssignmentOutcome, number> = {
  complete: ASSIGNMENT_STATUS.complete,
  terminate: ASSIGNMENT_STATUS.rejectedTerm,
  over_quota: ASSIGNMENT_STATUS.notAllowed,
  quality: ASSIGNMENT_STATUS.rejected,
  security: ASSIGNMENT_STATUS.rejected,
};

interface Respondent {
  outcome: AssignmentOutcome;
  day: string;
  minutes: number;
  answers: Answers;
}

const RESPONDENTS: Respondent[] = [
  {
    outcome: "complete",
    day: "2026-11-01",
    minutes: 12,
    answers: { colour: "Red", pets: ["Dog", "Cat"], smoker: true, age: 30, comment: "Great survey" },
  },
  {
    outcome: "complete",
    day: "2026-11-10",
    minutes: 8,
    answers: { colour: "Blue", pets: ["Dog"], smoker: false, age: 40, comment: "Too long" },
  },
  {
    outcome: "complete",
    day: "2026-11-20",
    minutes: 5,
    answers: { colour: "Red", pets: ["Cat", "Fish"], smoker: true, age: 25 },
  },
  {
    outcome: "terminate",
    day: "2026-11-15",
    minutes: 2,
    answers: { colour: "Green", pets: ["Fish"], smoker: false, age: 61, comment: "Bye" },
  },
  {
    outcome: "over_quota",
    day: "2026-11-16",
    minutes: 3,
    answers: { colour: "Blue", pets: ["Dog"], smoker: true, age: 35 },
  },
];

let cookie: string;

beforeEach(async () => {
  ({ cookie } = await signedInAdmin());
});

async function hostedSurvey() {
  const questionnaireId = await getPrisma().$transaction((tx) =>
    createQuestionnaire(tx, { kind: "hosted_survey", definition: DEFINITION }),
  );
  return createTestSurvey({ questionnaireId });
}

/** Each respondent a member of their own, who answered on their day and took their minutes. */
async function answer(surveyId: number, questionnaireId: number, respondents: Respondent[]) {
  const members = [];
  for (const [index, respondent] of respondents.entries()) {
    const member = await createTestMember({ firstName: `Zelda${index}`, lastName: `Quimby${index}` });
    const endedAt = new Date(`${respondent.day}T10:00:00Z`);
    const startedAt = new Date(endedAt.getTime() - respondent.minutes * 60_000);
    const assignment = await createTestAssignment(surveyId, member.id, {
      status: STATUS_OF[respondent.outcome],
      outcome: respondent.outcome,
      startedAt,
      endedAt,
    });
    const saved = await saveResponse(getPrisma(), {
      questionnaireId,
      memberId: member.id,
      assignmentId: assignment.id,
      answers: respondent.answers,
    });
    if (!saved.ok) throw new Error("not saved");
    await getPrisma().questionnaireResponse.update({ where: { id: saved.responseId }, data: { submittedAt: endedAt } });
    members.push({ member, token: assignment.respondentToken, respondent });
  }
  return members;
}

async function results(surveyId: number, query = "") {
  const loaded = await loader({
    request: adminRequest(`/admin/survey/${surveyId}/results${query}`, { cookie }),
    params: { id: String(surveyId) },
    context: {},
  });
  return loaded;
}

type Loaded = Awaited<ReturnType<typeof results>>;
type Question = NonNullable<Loaded["results"]>["questions"][number];

function questionOf(loaded: Loaded, key: string): Question {
  const found = loaded.results?.questions.find((question) => question.key === key);
  if (!found) throw new Error(`No results for ${key}`);
  return found;
}

/** The figures computed straight from the answers: per option value, how many chose it. */
function expectedChoices(respondents: Respondent[], key: string, values: string[]) {
  const answered = respondents.filter((respondent) => respondent.answers[key] !== undefined);
  return values.map((value) => {
    const count = answered.filter((respondent) => {
      const given = respondent.answers[key];
      return Array.isArray(given) ? given.includes(value) : given === value;
    }).length;
    return { value, count, share: count / answered.length };
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

describe("the figures of a hosted survey", () => {
  test("completes by default: every question's figures equal what the answers say, in questionnaire order", async () => {
    const survey = await hostedSurvey();
    await answer(survey.id, survey.questionnaireId!, RESPONDENTS);
    const completes = RESPONDENTS.filter((respondent) => respondent.outcome === "complete");

    const loaded = await results(survey.id);
    expect(loaded.outcome).toBe("complete");
    expect(loaded.results?.respondents).toBe(3);
    expect(loaded.results?.questions.map((question) => question.key)).toEqual([
      "colour",
      "pets",
      "smoker",
      "age",
      "comment",
    ]);

    const colour = questionOf(loaded, "colour");
    expect(
      colour.kind === "choice" && colour.options.map(({ value, count, share }) => ({ value, count, share })),
    ).toEqual(expectedChoices(completes, "colour", ["Red", "Blue", "Green"]));
    const pets = questionOf(loaded, "pets");
    expect(pets.kind === "choice" && pets.multiple).toBe(true);
    // Several choices: each share is of the respondents who answered, so they add up past 100%.
    expect(pets.kind === "choice" && pets.options.map(({ value, count, share }) => ({ value, count, share }))).toEqual(
      expectedChoices(completes, "pets", ["Dog", "Cat", "Fish"]),
    );
    const smoker = questionOf(loaded, "smoker");
    expect(smoker.kind === "switch" && smoker.options.map(({ label, count }) => [label, count])).toEqual([
      ["Yes", completes.filter((respondent) => respondent.answers.smoker === true).length],
      ["No", completes.filter((respondent) => respondent.answers.smoker === false).length],
    ]);

    const age = questionOf(loaded, "age");
    const ages = completes.map((respondent) => respondent.answers.age as number);
    if (age.kind !== "number") throw new Error("age is a number question");
    expect(age.stats).toEqual({
      count: ages.length,
      min: Math.min(...ages),
      median: median(ages),
      max: Math.max(...ages),
    });
    expect(age.bins.length).toBeLessThanOrEqual(10);
    expect(age.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(ages.length);
    expect(age.bins[0]).toEqual({ label: "25–26", count: 1 });
    expect(age.bins.at(-1)).toEqual({ label: "39–40", count: 1 });

    const comment = questionOf(loaded, "comment");
    expect(comment.answered).toBe(2);
    // Newest first.
    expect(comment.kind === "text" && comment.texts.map((entry) => entry.text)).toEqual(["Too long", "Great survey"]);
  });

  test("a number question with few whole values gets one bin per value; decimals get ten bins", async () => {
    const survey = await hostedSurvey();
    await answer(
      survey.id,
      survey.questionnaireId!,
      [3, 5, 5, 4].map((age) => ({
        outcome: "complete" as const,
        day: "2026-11-02",
        minutes: 4,
        answers: { colour: "Red", pets: ["Dog"], smoker: true, age },
      })),
    );
    const age = questionOf(await results(survey.id), "age");
    expect(age.kind === "number" && age.bins).toEqual([
      { label: "3", count: 1 },
      { label: "4", count: 1 },
      { label: "5", count: 2 },
    ]);
    expect(age.kind === "number" && age.stats?.median).toBe(4.5);

    const decimals = await hostedSurvey();
    await answer(
      decimals.id,
      decimals.questionnaireId!,
      [0.5, 1.25, 5.5].map((value) => ({
        outcome: "complete" as const,
        day: "2026-11-02",
        minutes: 4,
        answers: { colour: "Red", pets: ["Dog"], smoker: true, age: value },
      })),
    );
    const spread = questionOf(await results(decimals.id), "age");
    if (spread.kind !== "number") throw new Error("age is a number question");
    expect(spread.bins).toHaveLength(10);
    expect(spread.bins[0]).toEqual({ label: "0.5–1", count: 1 });
    expect(spread.bins[1]).toEqual({ label: "1–1.5", count: 1 });
    expect(spread.bins[9]).toEqual({ label: "5–5.5", count: 1 });
  });

  test("text answers are paged, newest first", async () => {
    const survey = await hostedSurvey();
    const total = TEXTS_PER_PAGE + 3;
    await answer(
      survey.id,
      survey.questionnaireId!,
      Array.from({ length: total }, (_, index) => ({
        outcome: "complete" as const,
        day: `2026-11-${String(index + 1).padStart(2, "0")}`,
        minutes: 4,
        answers: { colour: "Red", pets: ["Dog"], smoker: true, age: 30, comment: `Comment ${index + 1}` },
      })),
    );
    const first = questionOf(await results(survey.id), "comment");
    if (first.kind !== "text") throw new Error("comment is a text question");
    expect(first.texts[0].text).toBe(`Comment ${total}`);
    expect(first.texts).toHaveLength(TEXTS_PER_PAGE);
    expect(first.pageCount).toBe(2);

    const second = questionOf(await results(survey.id, `?text=${first.id}&textPage=2`), "comment");
    expect(second.kind === "text" && second.texts.map((entry) => entry.text)).toEqual([
      "Comment 3",
      "Comment 2",
      "Comment 1",
    ]);
    // A page past the end shows the last one rather than nothing.
    const past = questionOf(await results(survey.id, `?text=${first.id}&textPage=99`), "comment");
    expect(past.kind === "text" && past.page).toBe(2);
  });
});

describe("the cost of a page", () => {
  test("the same number of queries for three times the questions and more responses", async () => {
    const small = await hostedSurvey();
    await answer(small.id, small.questionnaireId!, RESPONDENTS.slice(0, 2));

    // The definition three times over (keys made unique), answered by every respondent.
    const tripled = questionnaire("Tripled", [
      page(
        "All",
        [0, 1, 2].flatMap((copy) =>
          DEFINITION.pages[0].questions.map((question) => ({ ...question, key: `${question.key}${copy}` })),
        ),
      ),
      page("Extra", [text("nickname", "Nickname")]),
    ]);
    const questionnaireId = await getPrisma().$transaction((tx) =>
      createQuestionnaire(tx, { kind: "hosted_survey", definition: tripled }),
    );
    const large = await createTestSurvey({ questionnaireId });
    await answer(
      large.id,
      questionnaireId,
      RESPONDENTS.map((respondent) => ({
        ...respondent,
        answers: {
          nickname: "Zed",
          ...Object.fromEntries(
            [0, 1, 2].flatMap((copy) =>
              Object.entries(respondent.answers).map(([key, value]) => [`${key}${copy}`, value]),
            ),
          ),
        },
      })),
    );

    // The domain function alone: the admin's session check is not the page's cost.
    const prisma = getPrisma();
    const original = prisma.$queryRaw;
    let queries = 0;
    prisma.$queryRaw = ((...args: Parameters<typeof original>) => {
      queries += 1;
      return original.apply(prisma, args);
    }) as typeof original;
    const counted = async (surveyId: number) => {
      queries = 0;
      const loaded = await loadSurveyResults(surveyId, { filters: { outcome: "all" }, page: 1 });
      if (loaded.kind !== "hosted") throw new Error("a hosted survey");
      return { queries, questions: loaded.questions.length };
    };
    let smallCost, largeCost;
    try {
      smallCost = await counted(small.id);
      largeCost = await counted(large.id);
    } finally {
      prisma.$queryRaw = original;
    }
    expect(smallCost.questions).toBe(5);
    expect(largeCost.questions).toBe(16);
    expect(largeCost.queries).toBe(smallCost.queries);
    expect(smallCost.queries).toBe(5);
  });
});

describe("filters", () => {
  test("outcome and date range narrow every figure and the responses table", async () => {
    const survey = await hostedSurvey();
    await answer(survey.id, survey.questionnaireId!, RESPONDENTS);

    const all = await results(survey.id, "?outcome=all");
    expect(all.results?.respondents).toBe(5);
    expect((await results(survey.id, "?outcome=ended")).results?.respondents).toBe(5);

    const screenOuts = await results(survey.id, "?outcome=terminate");
    expect(screenOuts.results?.respondents).toBe(1);
    const colour = questionOf(screenOuts, "colour");
    expect(colour.kind === "choice" && colour.options.map((entry) => entry.count)).toEqual([0, 0, 1]);
    expect(screenOuts.results?.responses.rows.map((row) => row.outcome)).toEqual(["Screen-out"]);

    const overQuota = await results(survey.id, "?outcome=over_quota");
    expect(overQuota.results?.responses.rows.map((row) => row.outcome)).toEqual(["Over quota"]);

    // 10 to 15 November inclusive: the second complete and the screen-out.
    const dated = await results(survey.id, "?outcome=all&from=2026-11-10&to=2026-11-15");
    expect(dated.results?.respondents).toBe(2);
    const age = questionOf(dated, "age");
    expect(age.kind === "number" && age.stats).toEqual({ count: 2, min: 40, median: 50.5, max: 61 });
    expect(dated.values).toEqual({ outcome: "all", from: "2026-11-10", to: "2026-11-15" });
    expect(dated.filterQuery).toBe("outcome=all&from=2026-11-10&to=2026-11-15");
  });

  test.each([
    ["?outcome=everything", "outcome", RESULTS_FILTER_MESSAGES.outcome],
    ["?from=2026-13-01", "from", RESULTS_FILTER_MESSAGES.date],
    ["?to=yesterday", "to", RESULTS_FILTER_MESSAGES.date],
    ["?from=2026-11-20&to=2026-11-01", "to", RESULTS_FILTER_MESSAGES.range],
  ] as const)("%s gets a clear message and no figures", async (query, field, message) => {
    const survey = await hostedSurvey();
    await answer(survey.id, survey.questionnaireId!, RESPONDENTS.slice(0, 1));
    const loaded = await results(survey.id, query);
    expect(loaded.errors[field]).toEqual([message]);
    expect(loaded.results).toBeNull();
  });
});

describe("the responses table", () => {
  test("one row per response by respondent token, with outcome, times and length of interview", async () => {
    const survey = await hostedSurvey();
    const answered = await answer(survey.id, survey.questionnaireId!, RESPONDENTS);
    const loaded = await results(survey.id, "?outcome=all");
    const rows = loaded.results!.responses.rows;
    // Newest first.
    expect(rows.map((row) => row.token)).toEqual(
      [...answered].sort((a, b) => b.respondent.day.localeCompare(a.respondent.day)).map((entry) => entry.token),
    );
    const first = answered[0];
    expect(rows.find((row) => row.token === first.token)).toEqual({
      token: first.token,
      outcome: "Complete",
      startedAt: "2026-11-01T09:48:00.000Z",
      endedAt: "2026-11-01T10:00:00.000Z",
      lengthSeconds: 12 * 60,
      submittedAt: "2026-11-01T10:00:00.000Z",
      flags: [],
    });
  });

  test("a member's id, name or e-mail never reaches the page", async () => {
    const survey = await hostedSurvey();
    const answered = await answer(survey.id, survey.questionnaireId!, RESPONDENTS);
    const page = JSON.stringify(await results(survey.id, "?outcome=all"));
    for (const { member } of answered) {
      expect(page).not.toContain(member.email);
      expect(page).not.toContain(member.firstName);
      expect(page).not.toContain(member.lastName);
    }
    expect(page).not.toMatch(/member/i);
  });
});

describe("other surveys", () => {
  test("an external survey says its results live with the vendor", async () => {
    const survey = await createTestSurvey({
      delivery: "external",
      externalUrl: "https://vendor.example/s?rid={token}",
    });
    const loaded = await results(survey.id);
    expect(loaded.message).toBe("external");
    expect(loaded.results).toBeNull();
  });

  test("an unknown survey is the 404 page, and only admins see any results", async () => {
    expect(await thrownStatus(results(999_999))).toBe(404);
    const survey = await hostedSurvey();
    const asGuest = loader({
      request: adminRequest(`/admin/survey/${survey.id}/results`),
      params: { id: String(survey.id) },
      context: {},
    });
    expect(await thrownStatus(asGuest)).toBe(404);
  });
});

describe("the results as CSV (issue 19 point 2)", () => {
  async function download(surveyId: number, query = "") {
    const response = (await csvLoader({
      request: adminRequest(`/admin/survey/${surveyId}/results.csv${query}`, { cookie }),
      params: { id: String(surveyId) },
      context: {},
    })) as Response;
    const text = await response.text();
    const rows = response.status === 200 ? (parse(text.replace(/^\uFEFF/, "")) as string[][]) : [];
    return { response, text, rows };
  }

  test("one row per kept response by token, one column per question and per option of a multiple choice, codes then labels", async () => {
    const survey = await hostedSurvey();
    const answered = await answer(survey.id, survey.questionnaireId!, RESPONDENTS);
    const { response, text, rows } = await download(survey.id);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="results-.*\.csv"$/);

    const [codes, labels, ...data] = rows;
    expect(codes).toEqual([
      "token",
      "outcome",
      "started_at",
      "ended_at",
      "loi_seconds",
      "submitted_at",
      "colour",
      "pets_Dog",
      "pets_Cat",
      "pets_Fish",
      "smoker",
      "age",
      "comment",
    ]);
    expect(labels.slice(0, 2)).toEqual(["Respondent token", "Outcome"]);
    expect(labels).toContain("Which pets do you have?: Cat");
    // Completes by default, as the page: the three completes, oldest response first.
    const completes = answered.filter(({ respondent }) => respondent.outcome === "complete");
    expect(data.map((row) => row[0]).sort()).toEqual(completes.map(({ token }) => token).sort());
    const first = data.find((row) => row[0] === completes[0].token)!;
    expect(first).toEqual([
      completes[0].token,
      "complete",
      "2026-11-01T09:48:00.000Z",
      "2026-11-01T10:00:00.000Z",
      "720",
      "2026-11-01T10:00:00.000Z",
      "Red",
      "1",
      "1",
      "0",
      "1",
      "30",
      "Great survey",
    ]);
    // A question left unanswered is blank, not 0.
    expect(data.find((row) => row[0] === completes[2].token)![12]).toBe("");
    // Nobody by name, e-mail or id; no country unless asked for.
    for (const { member } of answered) {
      expect(text).not.toContain(member.email);
      expect(text).not.toContain(member.firstName);
    }
    expect(codes).not.toContain("country");
  });

  test("streamed in batches (1,000 responses each, for flat memory), every response comes once, in the same file", async () => {
    const survey = await hostedSurvey();
    await answer(survey.id, survey.questionnaireId!, RESPONDENTS);
    const whole = await download(survey.id, "?outcome=all");
    const planned = await surveyResultsPlan(survey.id, new URLSearchParams("outcome=all"));
    if (!planned?.ok) throw new Error("The survey has no results plan.");
    expect(planned.plan.batchSize).toBe(RESULTS_BATCH_SIZE);

    const inBatchesOfOne = await new Response(exportStream(planned.plan, { batchSize: 1 })).text();

    expect(whole.rows.length - 2).toBeGreaterThan(2);
    expect(inBatchesOfOne).toBe(whole.text);
  });

  test("the page's filters apply; the country comes only when ticked, and the audit entry says which", async () => {
    const survey = await hostedSurvey();
    await answer(survey.id, survey.questionnaireId!, RESPONDENTS);
    const ended = await download(survey.id, "?outcome=ended&from=2026-11-15");
    expect(
      ended.rows
        .slice(2)
        .map((row) => row[1])
        .sort(),
    ).toEqual(["complete", "over_quota", "terminate"]);

    const withProfile = await download(survey.id, "?profile=1");
    expect(withProfile.rows[0]).toContain("country");
    const country = withProfile.rows[0].indexOf("country");
    expect(withProfile.rows.slice(2).every((row) => /^[A-Z]{2}$/.test(row[country]))).toBe(true);

    const entries = await getPrisma().auditEntry.findMany({
      where: { action: "export.downloaded", targetId: "results" },
      orderBy: { id: "asc" },
    });
    expect(entries.map((entry) => (entry.details as { filters: { profile: string } }).filters.profile)).toEqual([
      "not included",
      "included",
    ]);
    expect((entries[1].details as { rows: number }).rows).toBe(3);

    const bad = await download(survey.id, "?from=2026-13-01");
    expect(bad.response.status).toBe(400);
    expect(bad.text).toContain(RESULTS_FILTER_MESSAGES.date);
  });

  test("an external survey or an unknown one has no results file", async () => {
    const external = await createTestSurvey({
      delivery: "external",
      externalUrl: "https://vendor.example/s?rid={token}",
    });
    for (const id of [external.id, 999_999]) {
      expect(
        await thrownStatus(
          csvLoader({
            request: adminRequest(`/admin/survey/${id}/results.csv`, { cookie }),
            params: { id: String(id) },
            context: {},
          }),
        ),
      ).toBe(404);
    }
  });
});
