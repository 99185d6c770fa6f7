import { expect, test } from "./support/test";
import { createAssignedSurvey } from "./support/fixtures";

// Survey History in words (issue 21 point 6, decision 077), with JavaScript on and off: each row
// names its survey and says how it ended and what it paid, after a complete, a screen-out with
// compensation and a reversed complete; on a 360 px phone the rows stack and the page never
// scrolls sideways.

test("the history names each survey, its outcome and its reward, and fits a phone", async ({
  memberPage: page,
  member,
}, testInfo) => {
  const unique = `${testInfo.project.name} ${Date.now()}`;
  const names = {
    complete: `Coffee at home ${unique}`,
    screenedOut: `Car owners ${unique}`,
    reversed: `Holiday plans with a rather long survey name for a small screen ${unique}`,
  };
  await createAssignedSurvey(page.context(), {
    name: names.complete,
    assignTo: member.email,
    points: 80,
    status: 3,
    outcome: "complete",
  });
  await createAssignedSurvey(page.context(), {
    name: names.screenedOut,
    assignTo: member.email,
    status: 4,
    outcome: "terminate",
    compensation: 10,
  });
  await createAssignedSurvey(page.context(), {
    name: names.reversed,
    assignTo: member.email,
    points: 60,
    status: 3,
    outcome: "complete",
    reversedFor: "Speeding: finished in 40 seconds",
  });

  await page.goto("/activities/surveyRecords");
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText(["#", "Date", "Survey", "Outcome", "Reward", "Appeal"]);
  const row = (name: string) => table.getByRole("row").filter({ has: page.getByRole("cell", { name, exact: true }) });

  const complete = row(names.complete).getByRole("cell");
  await expect(complete.nth(3)).toHaveText("Completed");
  await expect(complete.nth(4)).toHaveText("80 points");

  const screenedOut = row(names.screenedOut).getByRole("cell");
  await expect(screenedOut.nth(3)).toHaveText("Screened out");
  await expect(screenedOut.nth(4)).toContainText("10 points");
  await expect(screenedOut.nth(4)).toContainText("10 points for your time");

  const reversed = row(names.reversed).getByRole("cell");
  await expect(reversed.nth(3)).toContainText("Completed");
  await expect(reversed.nth(3)).toContainText("taken back: Speeding: finished in 40 seconds");
  await expect(reversed.nth(4)).toContainText("No points");
  await expect(reversed.nth(4)).toContainText("60 points credited, then reversed");
  await expect(reversed.nth(4)).toContainText("60 points taken back");
  // The survey's number is not what the member reads.
  await expect(table.getByRole("columnheader", { name: "Survey ID" })).toHaveCount(0);

  // A 360 px phone: each row a block of labelled lines, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(page.getByText(names.reversed, { exact: true })).toBeVisible();
  await expect(page.getByText("60 points taken back")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Nor does the table scroll inside its box.
  const tableOverflow = await table.evaluate((element) => {
    const box = element.parentElement!;
    return box.scrollWidth - box.clientWidth;
  });
  expect(tableOverflow).toBeLessThanOrEqual(0);
  // The column's name shows beside each value once the heading row is out of sight.
  const outcomeCell = page.locator('td[data-label="Outcome"]').first();
  expect(await outcomeCell.evaluate((element) => getComputedStyle(element, "::before").content)).toBe('"Outcome"');
});
