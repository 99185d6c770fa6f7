import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";

// The field report (issue 19 point 3; decision 059), with JavaScript on and off: the admin opens it
// from the survey's page, reads the figures of an external survey's fieldwork, and after more
// fieldwork the Refresh link shows the new figures (with JavaScript the page also reloads itself
// every minute).

interface FieldRow {
  status: number;
  outcome?: "complete" | "terminate" | "over_quota" | "quality" | "security";
  opened?: boolean;
  startedMinutesAgo?: number;
  lengthMinutes?: number;
  credit?: number;
  reversed?: boolean;
}

async function fieldwork(
  context: BrowserContext,
  fieldReport: { name?: string; quota?: number; surveyId?: number; assignments: FieldRow[] },
) {
  const response = await context.request.post("/dev/fixtures", { data: { fieldReport } });
  if (!response.ok()) throw new Error(`Field report fixture failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { surveyId: number };
}

/** The value cell of the figure named `name` (the row's header). */
function figure(page: Page, name: string) {
  return page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name, exact: true }) })
    .getByRole("cell")
    .first();
}

const COMPLETE = { status: 3, outcome: "complete", startedMinutesAgo: 10 } as const;

test("an admin reads a survey's field report and refreshes it with a link", async ({
  adminPage: page,
  context,
}, testInfo) => {
  const name = `Field ${testInfo.project.name} ${Date.now().toString(36)}`;
  const { surveyId } = await fieldwork(context, {
    name,
    quota: 10,
    assignments: [
      { ...COMPLETE, lengthMinutes: 4, credit: 50 },
      { ...COMPLETE, lengthMinutes: 6, credit: 50, reversed: true },
      { status: 4, outcome: "terminate", startedMinutesAgo: 10, lengthMinutes: 1 },
      { status: 5, outcome: "over_quota", startedMinutesAgo: 10, lengthMinutes: 1 },
      { status: 5 },
      { status: 6, outcome: "quality", startedMinutesAgo: 10, lengthMinutes: 2 },
      { status: 6, outcome: "security", startedMinutesAgo: 10, lengthMinutes: 2 },
      { status: 7 },
      { status: 2, startedMinutesAgo: 3 },
      { status: 1, opened: false },
    ],
  });

  await page.goto(`/admin/survey/${surveyId}`);
  await page.getByRole("link", { name: "Field report", exact: true }).click();
  await expect(page).toHaveURL(`/admin/survey/${surveyId}/field`);
  await expect(page.getByRole("heading", { name: `Field report: ${name}` })).toBeVisible();

  const expected: [string, string][] = [
    ["Members assigned", "10"],
    ["Matching now", "–"],
    ["Opened", "9"],
    ["Screened out by the pre-screener", "1"],
    ["Started", "7"],
    ["In progress", "1"],
    ["Completes", "2"],
    ["Screen-outs", "1"],
    ["Over quota", "1"],
    ["Quality terminations", "1"],
    ["Security terminations", "1"],
    ["Paused", "1"],
    ["Incidence rate", "66.7%"],
    // 240 s and 360 s: the median halfway, the 90th percentile 0.9 of the way.
    ["Median length of interview", "5 min 0 s"],
    ["90th-percentile length of interview", "5 min 48 s"],
    ["Quota progress", "2 of 10 (20%)"],
    ["Points paid", "100"],
    ["Points reversed", "50"],
    ["Net points", "50"],
  ];
  for (const [label, value] of expected) await expect(figure(page, label), label).toHaveText(value);

  const today = new Date().toISOString().slice(0, 10);
  const perDay = page.getByRole("region", { name: "Completes per day" });
  await expect(perDay.getByRole("img")).toHaveAttribute("aria-label", new RegExp(`${today} 2$`));
  await expect(perDay.getByRole("row", { name: `${today} 2`, exact: true })).toBeVisible();
  await expect(perDay.getByRole("row")).toHaveCount(31);

  if (testInfo.project.name === "js-on") {
    await expect(page.getByText("The figures update every minute.")).toBeVisible();
  } else {
    await expect(page.getByText("The figures update every minute.")).toHaveCount(0);
  }

  // More fieldwork arrives; the page shows it once refreshed.
  await fieldwork(context, { surveyId, assignments: [{ ...COMPLETE, lengthMinutes: 5, credit: 50 }] });
  await expect(figure(page, "Completes")).toHaveText("2");
  await page.getByRole("link", { name: "Refresh", exact: true }).click();
  await expect(figure(page, "Completes")).toHaveText("3");
  await expect(figure(page, "Points paid")).toHaveText("150");
  await expect(figure(page, "Quota progress")).toHaveText("3 of 10 (30%)");
  await expect(perDay.getByRole("row", { name: `${today} 3`, exact: true })).toBeVisible();
  await expect(page).toHaveURL(`/admin/survey/${surveyId}/field`);
});
