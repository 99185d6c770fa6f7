import { readFile } from "node:fs/promises";
import type { BrowserContext } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expect, test } from "./support/test";

// The results of a hosted survey (issue 19, point 1; decision 058), with JavaScript on and off:
// the admin opens them from the survey's page, reads a chart's figures in the table beside it,
// narrows them with the filters, and never sees who the respondents are.

const DEFINITION = {
  title: "Breakfast study",
  description: "",
  pages: [
    {
      title: "About you",
      questions: [
        {
          key: "colour",
          label: "Favourite colour",
          type: "radio",
          required: true,
          options: [
            { value: "Red", label: "Red" },
            { value: "Blue", label: "Blue" },
            { value: "Green", label: "Green" },
          ],
        },
        {
          key: "pets",
          label: "Which pets do you have?",
          type: "checkbox",
          required: true,
          options: [
            { value: "Dog", label: "Dog" },
            { value: "Cat", label: "Cat" },
          ],
        },
        { key: "smoker", label: "Do you smoke?", type: "switch", required: true, options: [] },
        { key: "age", label: "How old are you?", type: "number", required: true, options: [] },
        { key: "comment", label: "Anything else?", type: "paragraph", required: false, options: [] },
      ],
    },
  ],
};

const RESPONSES = [
  {
    outcome: "complete",
    day: "2026-11-01",
    minutes: 12,
    answers: { colour: "Red", pets: ["Dog", "Cat"], smoker: true, age: 30, comment: "Loved it" },
  },
  {
    outcome: "complete",
    day: "2026-11-10",
    minutes: 8,
    answers: { colour: "Blue", pets: ["Dog"], smoker: false, age: 40 },
  },
  {
    outcome: "complete",
    day: "2026-11-20",
    minutes: 5,
    answers: { colour: "Red", pets: ["Cat"], smoker: true, age: 26 },
  },
  {
    outcome: "terminate",
    day: "2026-11-12",
    minutes: 2,
    answers: { colour: "Green", pets: ["Dog"], smoker: false, age: 61, comment: "Not for me" },
  },
];

async function surveyWithResponses(context: BrowserContext, name: string) {
  const response = await context.request.post("/dev/fixtures", {
    data: { surveyResults: { name, definition: DEFINITION, responses: RESPONSES } },
  });
  if (!response.ok()) throw new Error(`Results fixture failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as {
    surveyId: number;
    respondents: { token: string; email: string; firstName: string; lastName: string }[];
  };
}

test("an admin reads a hosted survey's results, filters them, and sees respondents by token only", async ({
  adminPage: page,
  context,
}, testInfo) => {
  const name = `Results ${testInfo.project.name} ${Date.now().toString(36)}`;
  const { surveyId, respondents } = await surveyWithResponses(context, name);

  await page.goto(`/admin/survey/${surveyId}`);
  await page.getByRole("link", { name: "Results", exact: true }).click();
  await expect(page).toHaveURL(`/admin/survey/${surveyId}/results`);
  await expect(page.getByRole("heading", { name: `Results: ${name}` })).toBeVisible();

  // Completes by default: three of them.
  await expect(page.getByTestId("respondents")).toContainText("3 responses match these filters.");
  const colour = page.getByRole("region", { name: "Favourite colour" });
  await expect(colour.getByRole("img")).toHaveAttribute(
    "aria-label",
    "Favourite colour: Red 2 (67%), Blue 1 (33%), Green 0 (0%)",
  );
  await expect(colour.getByRole("row", { name: "Red 2 67%" })).toBeVisible();
  await expect(colour.getByRole("row", { name: "Blue 1 33%" })).toBeVisible();
  await expect(colour.getByRole("row", { name: "Green 0 0%" })).toBeVisible();
  const pets = page.getByRole("region", { name: "Which pets do you have?" });
  await expect(pets.getByRole("row", { name: "Dog 2 67%" })).toBeVisible();
  await expect(pets.getByRole("row", { name: "Cat 2 67%" })).toBeVisible();
  const smoker = page.getByRole("region", { name: "Do you smoke?" });
  await expect(smoker.getByRole("row", { name: "Yes 2 67%" })).toBeVisible();
  const age = page.getByRole("region", { name: "How old are you?" });
  await expect(age.getByTestId("number-stats")).toHaveText(/Count\s*3\s*Min\s*26\s*Median\s*30\s*Max\s*40/);
  await expect(page.getByRole("region", { name: "Anything else?" })).toContainText("Loved it");

  const responses = page.getByRole("region", { name: "Responses" });
  await expect(responses.getByRole("row")).toHaveCount(4);
  await expect(responses.getByRole("row", { name: `${respondents[0].token} Complete` })).toContainText("12 min 0 s");

  // All outcomes, answered 10 to 15 November: the second complete and the screen-out.
  await page.getByLabel("Outcome").selectOption({ label: "All responses" });
  await page.getByLabel("Answered from (UTC)").fill("2026-11-10");
  await page.getByLabel("Answered to (UTC, inclusive)").fill("2026-11-15");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/outcome=all&from=2026-11-10&to=2026-11-15/);
  await expect(page.getByTestId("respondents")).toContainText("2 responses match these filters.");
  await expect(colour.getByRole("row", { name: "Blue 1 50%" })).toBeVisible();
  await expect(colour.getByRole("row", { name: "Green 1 50%" })).toBeVisible();
  await expect(responses.getByRole("row", { name: `${respondents[3].token} Screen-out` })).toBeVisible();

  // The same responses as CSV, by token, one column per question and per option of the pets question.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^results-.*-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  const [codes, labels, ...rows] = parse(csv, { bom: true }) as string[][];
  expect(codes.slice(6)).toEqual(["colour", "pets_Dog", "pets_Cat", "smoker", "age", "comment"]);
  expect(labels[0]).toBe("Respondent token");
  expect(rows.map((row) => [row[0], row[1], row[6]]).sort()).toEqual(
    [
      [respondents[1].token, "complete", "Blue"],
      [respondents[3].token, "terminate", "Green"],
    ].sort(),
  );
  for (const respondent of respondents) {
    expect(csv).not.toContain(respondent.email);
    expect(csv).not.toContain(respondent.firstName);
  }

  // Nobody is named: no e-mail, no name anywhere on the page.
  const html = await page.content();
  for (const respondent of respondents) {
    expect(html).not.toContain(respondent.email);
    expect(html).not.toContain(respondent.firstName);
    expect(html).not.toContain(respondent.lastName);
  }

  // A range that ends before it starts: a message, and no figures.
  await page.getByLabel("Answered from (UTC)").fill("2026-11-20");
  await page.getByLabel("Answered to (UTC, inclusive)").fill("2026-11-01");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("The end date is before the start date")).toBeVisible();
  await expect(page.getByText("Fix the filters above to see the results.")).toBeVisible();
});
