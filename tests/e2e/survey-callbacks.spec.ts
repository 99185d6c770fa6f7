import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";
import { createSurveyAssignment } from "./support/fixtures";
import { expect, test } from "./support/test";

// Server-to-server status callbacks (issue 19 point 5, decision 060), with JavaScript on and off:
// the admin finds the worked curl example on the survey's page; a member returning from a survey
// that requires the callback is told the complete is being confirmed, and once the vendor's server
// has called back (the test plays the vendor), sees the points.

function signedReturnLink(baseURL: string, status: string, token: string, secret: string) {
  const link = `${new URL(baseURL).origin}/surveys/redirect?status=${status}&token=${encodeURIComponent(token)}`;
  return `${link}&signature=${createHmac("sha256", secret).update(link).digest("hex")}`;
}

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

test("the admin sees how to send a callback, with a curl line that signs it with openssl", async ({
  adminPage: page,
  member,
  context,
}) => {
  const { surveyId } = await createSurveyAssignment(context, {
    memberEmail: member.email,
    name: "Commuting study",
    delivery: "external",
    requireCallback: true,
  });

  await page.goto(`/admin/survey/${surveyId}`);

  const section = page.getByRole("region", { name: "Server callback for the vendor" });
  await expect(section).toBeVisible();
  await expect(section.getByText("This survey requires the callback")).toBeVisible();
  const curl = section.getByTestId("callback-curl");
  await expect(curl).toContainText(`curl -X POST '`);
  await expect(curl).toContainText(`/api/surveys/${surveyId}/callback'`);
  await expect(curl).toContainText(`openssl dgst -sha256 -hmac "$SECRET"`);
  await expect(curl).toContainText(`X-Signature`);
  await expect(section.getByText("No callback has been received for this survey yet.")).toBeVisible();
  // The setting is on in the survey's form.
  await expect(page.getByLabel("Require the server callback")).toBeChecked();
});

test("a required callback: the member sees 'We are confirming your complete', then the points once it comes", async ({
  memberPage: page,
  member,
  context,
  baseURL,
}) => {
  const { surveyId, respondentToken, returnSecret } = await createSurveyAssignment(context, {
    memberEmail: member.email,
    name: "Commuting study",
    delivery: "external",
    points: 65,
    requireCallback: true,
  });
  expect((await context.request.get(`/survey/start/${surveyId}`, { maxRedirects: 0 })).status()).toBe(302);

  await page.goto(signedReturnLink(baseURL!, "complete", respondentToken, returnSecret));
  await expect(heading(page, "We are confirming your complete")).toBeVisible();

  // The vendor's server calls back, signed with the survey's secret.
  const body = JSON.stringify({ token: respondentToken, status: "complete", loiSeconds: 420 });
  const callback = await context.request.post(`/api/surveys/${surveyId}/callback`, {
    data: body,
    headers: {
      "Content-Type": "application/json",
      "X-Signature": createHmac("sha256", returnSecret).update(body).digest("hex"),
    },
  });
  expect(callback.status()).toBe(200);
  expect(await callback.json()).toMatchObject({ ok: true, result: "recorded", points: 65 });

  await page.getByRole("link", { name: "Check again" }).click();
  await expect(heading(page, "Thank you!")).toBeVisible();
  await expect(page.getByText("Thank you, 65 points have been added to your balance.")).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByTestId("points-balance")).toHaveText("65");
});
