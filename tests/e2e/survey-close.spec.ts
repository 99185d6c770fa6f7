import type { BrowserContext } from "@playwright/test";
import { expect, test } from "./support/test";

// Survey close (issue 19 point 4, decision 062), with JavaScript on and off: the admin sets a close
// date and "Close when the quota is full" in the survey editor (a close date in the past is
// refused), sees them on the survey page, and the member no longer sees the survey once other
// members' completes fill its quota.

async function post<T>(context: BrowserContext, data: unknown): Promise<T> {
  const response = await context.request.post("/dev/fixtures", { data });
  if (!response.ok()) throw new Error(`Fixture failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A datetime-local value `minutes` from now, in UTC as the form reads it. */
const utcInput = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);

test("the admin closes a survey when its quota is full; the member no longer sees it once full", async ({
  adminPage: page,
  member,
  context,
}, testInfo) => {
  const name = `Closing ${testInfo.project.name} ${Date.now().toString(36)}`;
  const { surveyId } = await post<{ surveyId: number }>(context, { survey: { name, assignTo: member.email } });

  await page.goto(`/admin/survey/${surveyId}`);
  await page.getByLabel("Quota of completes (optional)").fill("1");
  await page.getByLabel("Close date (UTC, optional)").fill(utcInput(-60));
  await page.getByRole("button", { name: "Save Survey" }).click();
  await expect(
    page.getByText("The close date has passed. Choose a date and time in the future, or leave it empty."),
  ).toBeVisible();

  const closesAt = utcInput(7 * 24 * 60);
  await page.getByLabel("Close date (UTC, optional)").fill(closesAt);
  await page.getByLabel("Close when the quota is full").check();
  await page.getByRole("button", { name: "Save Survey" }).click();
  await expect(page.getByText("Survey saved successfully")).toBeVisible();
  const closing = page.getByRole("region", { name: "Closing" });
  await expect(closing.getByTestId("close-date")).toHaveText(`${closesAt.replace("T", " ")} UTC`);
  await expect(closing.getByTestId("close-when-full")).toHaveText("Yes · 0 of 1 places held now");
  await expect(closing.getByText("Members can see this survey now.")).toBeVisible();
  await expect(page.getByLabel("Close when the quota is full")).toBeChecked();
  await expect(page.getByLabel("Close date (UTC, optional)")).toHaveValue(closesAt);

  // The member sees the survey while its quota has room.
  await page.goto("/survey");
  await expect(page.getByRole("article", { name })).toBeVisible();

  // Another member's complete fills the quota of 1: the survey leaves the member's list.
  await post(context, { surveyClose: { surveyId, completes: 1 } });
  await page.goto("/survey");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("article", { name })).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(page.getByText(name)).toHaveCount(0);

  await page.goto(`/admin/survey/${surveyId}`);
  await expect(page.getByTestId("close-when-full")).toHaveText("Yes · 1 of 1 places held now (full)");
  await expect(page.getByText("Members do not see this survey now.")).toBeVisible();
});
