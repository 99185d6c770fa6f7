import { createAssignedSurvey } from "./support/fixtures";
import { expect, test } from "./support/test";

// Reconciliation (issue 19 point 6, decision 061), with JavaScript on and off: an admin opens a
// survey's Reconcile page, uploads the buyer's file, reads the preview (what will change, unknown
// tokens, lines with errors; nothing changed yet), applies it, and the member reads the reversal's
// reason in Points History.

/** What the member reads for the reason code "speeding" (REVERSAL_REASONS in reconciliation-schema.ts). */
const SPEEDING = "You answered too quickly for your answers to count.";

test("an admin previews and applies a reconciliation file; the member reads the reason", async ({
  adminPage: page,
  admin,
  member,
}, testInfo) => {
  const surveyName = `Breakfast ${testInfo.project.name} ${Date.now()}`;
  const { surveyId, respondentToken } = await createAssignedSurvey(page.context(), {
    name: surveyName,
    assignTo: member.email,
    points: 80,
    status: 3,
  });

  await page.goto(`/admin/survey/${surveyId}`);
  await page.getByRole("link", { name: "Reconcile", exact: true }).click();
  await expect(page).toHaveURL(`/admin/survey/${surveyId}/reconcile`);
  await expect(page.getByText("No reconciliation has been applied to this survey yet.")).toBeVisible();

  const file = ["token,status,reason", `${respondentToken},reversed,speeding`, "notourtoken1,approved,", "lonely"].join(
    "\n",
  );
  await page.getByLabel("Reconciliation file (CSV)").setInputFiles({
    name: "reconciliation.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(file),
  });
  await page.getByRole("button", { name: "Preview" }).click();

  const preview = page.getByTestId("reconcile-preview");
  await expect(preview.getByRole("heading", { name: "Preview: nothing has changed yet" })).toBeVisible();
  await expect(preview.getByTestId("count-Will change")).toContainText("1");
  await expect(preview.getByTestId("count-Unknown tokens")).toContainText("1");
  await expect(preview.getByTestId("count-Rows with errors")).toContainText("1");
  await expect(preview.getByRole("row", { name: new RegExp(respondentToken) })).toContainText("speeding");
  await expect(preview.getByRole("row", { name: /notourtoken1/ })).toContainText("3");
  await expect(preview.getByRole("row").filter({ hasText: "lonely" })).toContainText("neither approved nor reversed");

  await preview.getByRole("button", { name: "Apply" }).click();
  await expect(
    page.getByText("Reconciliation applied: 1 complete(s) reversed (80 points taken back)", { exact: false }),
  ).toBeVisible();
  await expect(page.getByTestId("reconcile-preview")).toHaveCount(0);
  const applied = page.locator('[data-testid^="reconciliation-"]');
  await expect(applied).toHaveCount(1);
  await expect(applied).toContainText(admin.email);

  // The member (signed in on the same browser) reads the reason beside the points taken back.
  await page.goto("/activities/PointsRecords");
  const reversal = page.getByRole("row").filter({ hasText: SPEEDING });
  await expect(reversal).toContainText(`Reward for "${surveyName}" taken back`);
  await expect(reversal).toContainText("-80");
});
