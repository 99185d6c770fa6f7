import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./support/admin";
import { createAdmin, createAudienceFixture, uniqueEmail } from "./support/fixtures";
import { linkIn, waitForMail } from "./support/mail";
import { jsOn, openBrowser } from "./support/survey-loop";
import { useOwnAddress } from "./support/test";
import { option, page as questionPage, questionnaire, radio } from "../support/questionnaires";

// An audience, with JavaScript on and off (issue 17, decision 049): an admin opens Assign for a survey
// fielded in a country of this test's own, sees how many members 'Assign to all Users' reaches (more
// than 1,000), ticks it, confirms the count on the confirmation step and gets the toast. Then a
// visitor registers in that country through the real registration flow, verifies the mailed link,
// finds the survey on the dashboard (no row was written for them: the audience matches them when
// they look) and completes it.

// One country per project and another for a retry: an audience of everyone reaches every member of
// the country, and a first attempt's members are still there.
const COUNTRIES: Record<string, [string, string]> = { "js-on": ["TO", "KI"], "js-off": ["WS", "TK"] };
const PASSWORD = "Monsoon-Audience-42";
const POINTS = 30;

const DEFINITION = questionnaire("Monsoon plans", [
  questionPage("Plans", [radio("monsoonTrip", "Will you travel this monsoon?", [option("Yes"), option("No")])]),
]);

async function register(page: Page, email: string, country: string) {
  await page.goto("/register");
  await page.getByLabel("First Name").fill("Meera");
  await page.getByLabel("Last Name").fill("Iyer");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Next" }).click();
  // Next hashes the password (argon2id): slower than other posts on a busy machine.
  await expect(page.getByText("Step 2 of 2")).toBeVisible({ timeout: 15_000 });
  await page.getByLabel("Country").selectOption(country);
  await page.getByLabel("State / Region").fill("Vava'u");
  await page.getByLabel("City").fill("Neiafu");
  await page.getByLabel("ZIP / PIN Code").fill("00000");
  await page.getByLabel("Day").fill("9");
  await page.getByLabel("Month").selectOption("7");
  await page.getByLabel("Year").fill("1992");
  await page.getByLabel("Gender").selectOption("female");
  await page.getByRole("checkbox", { name: /I have read and agree to the Terms and Conditions/ }).check();
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL("/email/verify", { timeout: 15_000 });
}

test("an admin assigns to all after seeing the count and confirming; a member who registers afterwards completes it", async ({
  page,
  context,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(180_000);
  const country = COUNTRIES[testInfo.project.name][testInfo.retry % 2];
  const unique = `${testInfo.project.name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const surveyName = `Monsoon plans ${unique}`;
  const { surveyId, slug, matching } = await createAudienceFixture(context, {
    country,
    members: 1_001,
    surveyName,
    points: POINTS,
    definition: DEFINITION,
  });
  expect(matching).toBeGreaterThan(1_000);
  const members = `${matching.toLocaleString("en-US")} members`;

  // The admin: the count before assigning, then the confirmation step, then the toast.
  const admin = await createAdmin(context, testInfo);
  await signInAsAdmin(page, admin);
  await page.goto("/admin/surveysassignv2");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: surveyName }) });
  await card.getByRole("link", { name: `Assign ${surveyName}` }).click();
  const form = page.getByRole(jsOn(testInfo) ? "dialog" : "region", { name: `Assign: ${surveyName}` });
  await expect(form.getByTestId("audience-count")).toHaveText(`${members} match now.`);
  await form.getByLabel("Assign to all Users").check();
  await form.getByRole("button", { name: "Assign", exact: true }).click();

  await expect(form.getByRole("heading", { name: "Confirm the audience" })).toBeVisible();
  await expect(form.getByTestId("audience-count")).toHaveText(members);
  await form.getByRole("button", { name: `Assign to ${members}` }).click();
  await expect(page.getByText(`Survey assigned to its audience: ${members} match now`)).toBeVisible();
  // Nothing was copied per member: the survey's assignments list is empty until someone opens it.
  await page.goto(`/admin/surveysassignv2/${surveyId}`);
  await expect(page.getByRole("cell", { name: "Assigned", exact: true })).toHaveCount(0);

  // A visitor registers in that country afterwards, and verifies the mailed link.
  const visitor = await openBrowser(browser, baseURL, javaScriptEnabled);
  await useOwnAddress(visitor.context);
  const email = uniqueEmail(testInfo, "audience");
  await register(visitor.page, email, country);
  const mail = await waitForMail(email, /^Verify your email address/);
  await visitor.page.goto(linkIn(mail, baseURL!));
  if (!jsOn(testInfo)) await visitor.page.getByRole("button", { name: "Verify Email" }).click();
  await expect(visitor.page.getByRole("heading", { name: "Email Verified Succesfully" })).toBeVisible();

  // The survey is on the new member's dashboard, new, and they complete it.
  await visitor.page.goto("/dashboard");
  const offered = visitor.page.getByRole("article").filter({ hasText: `About ${surveyName}.` });
  await expect(offered.getByText("new", { exact: true })).toBeVisible();
  await expect(offered.getByText(String(POINTS), { exact: true })).toBeVisible();
  const [surveyWindow] = await Promise.all([
    visitor.context.waitForEvent("page"),
    offered.getByRole("link", { name: /^Start Survey/ }).click(),
  ]);
  await expect(surveyWindow).toHaveURL(`/view/survey/${slug}`);
  await expect(surveyWindow.getByRole("heading", { level: 1, name: surveyName })).toBeVisible();
  await surveyWindow.getByRole("radio", { name: "Yes" }).check();
  await surveyWindow.getByRole("button", { name: "Submit" }).click();
  await expect(surveyWindow.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
  await expect(surveyWindow.getByText(`Thank you, ${POINTS} points have been added to your balance.`)).toBeVisible();
  await surveyWindow.close();

  await visitor.page.goto("/dashboard");
  await expect(visitor.page.getByTestId("points-balance")).toHaveText(String(POINTS));
  await expect(visitor.page.getByRole("article").filter({ hasText: `About ${surveyName}.` })).toHaveCount(0);
  await visitor.context.close();

  // The admin's list of the survey's assignments now holds the member's completed one.
  await page.reload();
  await expect(page.getByRole("cell", { name: "Complete", exact: true })).toHaveCount(1);
});
