import { createHmac } from "node:crypto";
import { createSurveyAssignment } from "./support/fixtures";
import { expect, test } from "./support/test";

// Screen-out compensation (issue 19 point 7, decision 063), with JavaScript on and off: the admin
// sets it in the survey editor (a value above a fifth of the points is refused with a message); a
// member screened out by the vendor is told the points on the page they land on, and reads the
// reason in Points History.

function signedReturnLink(baseURL: string, status: string, token: string, secret: string) {
  const link = `${new URL(baseURL).origin}/surveys/redirect?status=${status}&token=${encodeURIComponent(token)}`;
  return `${link}&signature=${createHmac("sha256", secret).update(link).digest("hex")}`;
}

test("the admin sets the compensation in the survey editor, within a fifth of the points", async ({
  adminPage: page,
  member,
  context,
}) => {
  const { surveyId } = await createSurveyAssignment(context, {
    memberEmail: member.email,
    name: "Grocery habits",
    delivery: "external",
    points: 100,
  });
  await page.goto(`/admin/survey/${surveyId}`);
  const field = page.getByLabel("Screen-out compensation (points, optional)");

  await field.fill("25");
  await page.getByRole("button", { name: "Save Survey" }).click();
  await expect(
    page.getByText("Enter compensation from 0 to 20 points: at most a fifth of the 100 points of a complete."),
  ).toBeVisible();

  await page.getByLabel("Screen-out compensation (points, optional)").fill("15");
  await page.getByRole("button", { name: "Save Survey" }).click();
  await expect(page.getByText("Survey saved successfully")).toBeVisible();
  await expect(page.getByLabel("Screen-out compensation (points, optional)")).toHaveValue("15");
  await expect(page.getByTestId("screen-out-compensation")).toContainText(
    "Screen-out compensation: 15 points for a screen-out or over quota inside the survey.",
  );
});

test("a member screened out inside the survey sees the compensation, then its reason in Points History", async ({
  memberPage: page,
  member,
  context,
  baseURL,
}) => {
  const { surveyId, respondentToken, returnSecret } = await createSurveyAssignment(context, {
    memberEmail: member.email,
    name: "Grocery habits",
    delivery: "external",
    points: 100,
    screenOutPoints: 8,
  });
  expect((await context.request.get(`/survey/start/${surveyId}`, { maxRedirects: 0 })).status()).toBe(302);

  await page.goto(signedReturnLink(baseURL!, "terminate", respondentToken, returnSecret));

  await expect(page.getByRole("heading", { level: 1, name: "Sorry, you did not qualify" })).toBeVisible();
  await expect(page.getByText("8 points have been added to your balance for it.")).toBeVisible();
  await page.goto("/activities/PointsRecords");
  const row = page.getByRole("row").filter({ hasText: 'you did not qualify for "Grocery habits"' });
  await expect(row).toContainText("8");
  await page.goto("/dashboard");
  await expect(page.getByTestId("points-balance")).toHaveText("8");
});
