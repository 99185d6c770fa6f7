import { createHmac } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createMember, createSurveyAssignment } from "./support/fixtures";
import { number, option, page, questionnaire, radio } from "../support/questionnaires";

// Taking a survey, in both projects (decision 023): a hosted survey from its start to the
// thank-you page and the points on the dashboard; an external survey sent to its vendor and
// completed through a signed return link; a tampered link refused and recorded as security.
// The survey window itself (the dashboard's Start Survey) is the member-surveys spec's part;
// here the member opens /survey/start/{id} directly.

const DEFINITION = questionnaire(
  "Breakfast",
  [
    page("Habits", [number("breakfastDays", "Days a week with breakfast")]),
    page("Food", [radio("breakfastFood", "What do you usually eat?", [option("Cereal"), option("Eggs")])]),
  ],
  "Two questions about breakfast.",
);

/** A vendor's return link as the vendor builds it: the link, then &signature= its HMAC. */
function signedReturnLink(baseURL: string, status: string, token: string, secret: string) {
  const link = `${new URL(baseURL).origin}/surveys/redirect?status=${status}&token=${encodeURIComponent(token)}`;
  return `${link}&signature=${createHmac("sha256", secret).update(link).digest("hex")}`;
}

async function expectBalance(page: Page, points: number) {
  await page.goto("/dashboard");
  await expect(page.getByTestId("points-balance")).toHaveText(String(points));
}

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

test("a hosted survey: start, answer, submit once, see the thank-you and the points", async ({
  page,
  context,
}, testInfo) => {
  const member = await createMember(context, testInfo, { signIn: true });
  const { surveyId, slug } = await createSurveyAssignment(context, {
    memberEmail: member.email,
    name: "Breakfast habits",
    delivery: "hosted",
    definition: DEFINITION,
    points: 40,
  });

  await page.goto(`/survey/start/${surveyId}`);
  await expect(page).toHaveURL(`/view/survey/${slug}`);
  await expect(heading(page, "Breakfast habits")).toBeVisible();
  await expect(page.getByText("40 points · Time: 5 min")).toBeVisible();

  // Two pages, one at a time (decision 075). Refused, with or without JavaScript: the errors show.
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("This field is required.")).toBeVisible();
  await page.getByLabel("Days a week with breakfast").fill("7");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  // Previous shows the first page's saved answer.
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel("Days a week with breakfast")).toHaveValue("7");
  await page.getByRole("button", { name: "Next" }).click();

  // The last page refused: its message shows, and the first page's answer is still carried.
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("This field is required.")).toBeVisible();
  await expect(page.getByText("Please answer the questions marked in red.")).toBeVisible();

  await page.getByRole("radio", { name: "Eggs" }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(heading(page, "Thank you!")).toBeVisible();
  await expect(page.getByText("Thank you, 40 points have been added to your balance.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);

  // A second submit (an old tab, a forged post) changes nothing and says so.
  const again = await context.request.post(`/view/survey/${slug}`, {
    form: { breakfastDays: "7", breakfastFood: "Eggs" },
  });
  expect(await again.text()).toContain("This survey is already submitted.");

  await expectBalance(page, 40);
  // Starting again does not reopen it.
  await page.goto(`/survey/start/${surveyId}`);
  await expect(heading(page, "Already taken")).toBeVisible();
});

test("an external survey: start sends the member to the vendor; the signed return link completes it", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const member = await createMember(context, testInfo, { signIn: true });
  const { surveyId, respondentToken, returnSecret } = await createSurveyAssignment(context, {
    memberEmail: member.email,
    delivery: "external",
    externalUrl: "https://vendor.example/survey?rid={token}",
    points: 75,
  });

  // The vendor is not called: the redirect is read, not followed.
  const start = await context.request.get(`/survey/start/${surveyId}`, { maxRedirects: 0 });
  expect(start.status()).toBe(302);
  expect(start.headers()["location"]).toBe(`https://vendor.example/survey?rid=${encodeURIComponent(respondentToken)}`);

  const link = signedReturnLink(baseURL!, "complete", respondentToken, returnSecret);
  await page.goto(link);
  await expect(heading(page, "Thank you!")).toBeVisible();
  await expect(page.getByText("Thank you, 75 points have been added to your balance.")).toBeVisible();
  await expectBalance(page, 75);

  // Replayed, the link changes nothing.
  await page.goto(link);
  await expect(heading(page, "Already recorded")).toBeVisible();
  await expectBalance(page, 75);
});

test("a tampered return link is refused, recorded as security and pays nothing", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const member = await createMember(context, testInfo, { signIn: true });
  const { surveyId, respondentToken, returnSecret } = await createSurveyAssignment(context, {
    memberEmail: member.email,
    delivery: "external",
    points: 60,
  });
  expect((await context.request.get(`/survey/start/${surveyId}`, { maxRedirects: 0 })).status()).toBe(302);

  const genuine = signedReturnLink(baseURL!, "terminate", respondentToken, returnSecret);
  const response = await page.goto(genuine.replace("status=terminate", "status=complete"));
  expect(response?.status()).toBe(400);
  await expect(heading(page, "This link is not valid")).toBeVisible();
  await expect(page.getByText("The link's signature does not match")).toBeVisible();
  await expectBalance(page, 0);

  // The survey has ended: even the genuine link changes nothing now.
  await page.goto(genuine);
  await expect(heading(page, "Already recorded")).toBeVisible();
  await expectBalance(page, 0);
});
