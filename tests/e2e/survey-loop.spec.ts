import { expect, test, type Page } from "@playwright/test";
import { createAdmin, createMember } from "./support/fixtures";
import { signInAsAdmin } from "./support/admin";
import { answerTechnology, jsOn, logIn, openBrowser, rename, submitPrescreener } from "./support/survey-loop";

// Issue 7's acceptance story, driven through the real screens in both projects. An admin of the
// test's own builds a screener and gives it a rule, builds a hosted survey with it, launches it and
// assigns it by demographics after seeing the count; a member who qualifies finds it on the
// dashboard, passes the pre-screener, answers the survey and sees the points in the balance and the
// history; a member who does not qualify fails the pre-screener and cannot try again.
// The external survey's signed and tampered return links are survey-taking.spec.ts's stories.

// Assigning by demographics reaches every eligible member of the database, so the survey is fielded
// in a country no other spec uses: one per project, and another for a retry (whose first attempt's
// members are still there).
const COUNTRIES: Record<string, [string, string]> = { "js-on": ["PW", "FM"], "js-off": ["SM", "MH"] };
const PASSWORD = "Survey-Loop-42";
const POINTS = 35;
const INTERNET_QUESTION = "Where do you access the internet most often?";

const balance = (page: Page) => page.getByTestId("points-balance");
/** This test's survey on a member's dashboard, found by its description (another spec may assign others). */
const surveyCard = (page: Page, description: string) => page.getByRole("article").filter({ hasText: description });

test("an admin builds, launches and assigns a screened hosted survey; one member completes it, one is screened out", async ({
  page,
  context,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(240_000);
  const country = COUNTRIES[testInfo.project.name][testInfo.retry % 2];
  const unique = `${testInfo.project.name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const description = `Tell us how you brew coffee, ${unique}.`;

  // Three members of that country answer their Technology profile: two at the office (the target),
  // one at home.
  const members = [];
  for (const internetAt of ["Office", "Office", "Home"] as const) {
    const { email } = await createMember(context, testInfo, { country, password: PASSWORD });
    const browserOfMember = await openBrowser(browser, baseURL, javaScriptEnabled);
    await logIn(browserOfMember.page, email, PASSWORD);
    await answerTechnology(browserOfMember.page, internetAt);
    members.push(browserOfMember);
  }
  const [qualifying, screenedOut, elsewhere] = members;

  // The admin builds a one-question screener.
  const admin = await createAdmin(context, testInfo);
  await signInAsAdmin(page, admin);
  await page.goto("/admin/survey");
  await page.getByRole("navigation", { name: "Survey section" }).getByRole("link", { name: "Create Screener" }).click();
  await expect(page).toHaveURL("/admin/screenercreate");
  await page.getByRole("button", { name: "create new Survey" }).click();
  const firstQuestion = page
    .getByRole("region", { name: "Page 1", exact: true })
    .getByRole("group", { name: "Question 1", exact: true });
  await expect(firstQuestion).toBeVisible();
  const screenerTitle = `Coffee machine owners ${unique}`;
  await rename(page, testInfo, "Survey title", screenerTitle);
  await rename(firstQuestion, testInfo, "Question name", "Do you own a coffee machine?");
  await firstQuestion.getByLabel("Type", { exact: true }).selectOption({ label: "Radio" });
  if (!jsOn(testInfo)) await firstQuestion.getByRole("button", { name: "Change type" }).click();
  await rename(firstQuestion, testInfo, "Option 1", "Yes");
  await firstQuestion.getByRole("button", { name: "Add Option" }).click();
  await rename(firstQuestion, testInfo, "Option 2", "No");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/admin/screener/list", { timeout: 15_000 });
  await expect(page.getByText("Screener created successfully")).toBeVisible();

  // Its rule: only owners pass.
  const screenerRow = page.getByRole("row").filter({ hasText: screenerTitle });
  await expect(screenerRow.getByRole("cell").last()).toHaveText("No");
  await screenerRow.getByRole("link", { name: /^Add Validation to screener \d+$/ }).click();
  await expect(page).toHaveURL(/\/admin\/screener\/rules\/\d+$/);
  const screenerId = page.url().match(/(\d+)$/)![1];
  await page
    .getByRole("group", { name: "Do you own a coffee machine?" })
    .getByRole("radio", { name: "Yes", exact: true })
    .check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/admin/screener/list");
  await expect(page.getByText("Screener rules added successfully")).toBeVisible();
  await expect(screenerRow.getByRole("cell").last()).toHaveText("Yes");

  // The hosted survey's questionnaire, from the survey builder.
  await page.goto("/admin/survey/build");
  await expect(page.getByRole("heading", { name: "Build a Survey", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "create new Survey" }).click();
  const surveyQuestion = page
    .getByRole("region", { name: "Page 1", exact: true })
    .getByRole("group", { name: "Question 1", exact: true });
  await expect(surveyQuestion).toBeVisible();
  await rename(page, testInfo, "Survey title", `Coffee questions ${unique}`);
  await rename(surveyQuestion, testInfo, "Question name", "Which coffee do you brew?");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/admin\/survey\/new\?questionnaire=\d+$/, { timeout: 15_000 });
  await expect(page.getByText("Survey questions saved. Now fill in the survey's details.")).toBeVisible();

  // The survey's details: the screener, the country; then Launch.
  const surveyName = `Coffee at home ${unique}`;
  await expect(page.getByLabel("Hosted on the panel")).toBeChecked();
  await page.getByLabel("Name", { exact: true }).fill(surveyName);
  await page.getByRole("textbox", { name: "Description" }).fill(`<p>${description}</p>`);
  await page.getByLabel("Category").selectOption({ label: "Beverages - Non Alcoholic" });
  await page.getByLabel("Points", { exact: true }).fill(String(POINTS));
  await page.getByLabel("Length (minutes)").fill("5");
  await page.getByLabel("Screener (optional)").selectOption({ label: `#${screenerId} ${screenerTitle}` });
  await page.getByLabel("Country (optional)").selectOption(country);
  await page.getByRole("button", { name: "Create Survey" }).click();
  await expect(page.getByText("Survey created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/survey\/\d+$/);
  const surveyId = page.url().match(/(\d+)$/)![1];
  await expect(page.getByText("Not Launched", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Launch" }).click();
  await expect(page.getByText("Survey launched")).toBeVisible();

  // Assign by demographics: the office workers of that country, counted before assigning.
  await page.getByRole("navigation", { name: "Survey section" }).getByRole("link", { name: "Assign Surveys" }).click();
  await expect(page).toHaveURL("/admin/surveysassignv2");
  await page.getByRole("link", { name: "Assign by Demographics" }).click();
  await expect(page).toHaveURL("/admin/surveysassignv2/demographics");
  const gridRow = page.getByRole("row").filter({ hasText: surveyName });
  await expect(gridRow.getByRole("cell", { name: "Launched", exact: true })).toBeVisible();
  await gridRow.getByRole("link", { name: `Demographics of ${surveyName}` }).click();
  const demographics = page.getByRole(jsOn(testInfo) ? "dialog" : "region", { name: "Survey Demographics" });
  await expect(demographics.getByText(surveyName)).toBeVisible();
  await expect(demographics.getByText(`only members in ${country}`)).toBeVisible();
  await demographics
    .getByLabel("Question")
    .first()
    .selectOption({ label: `${INTERNET_QUESTION} (Technology)` });
  // Without JavaScript the option picker lists every question's options, grouped by question.
  const office = demographics
    .getByLabel("Option")
    .first()
    .locator(`optgroup[label="${INTERNET_QUESTION}"] > option`, { hasText: "Office" });
  await demographics
    .getByLabel("Option")
    .first()
    .selectOption((await office.getAttribute("value"))!);
  await expect(demographics.getByLabel("Points")).toHaveValue(String(POINTS));
  await demographics.getByRole("button", { name: "Preview" }).click();
  await expect(demographics.getByText("2 members match now.")).toBeVisible();
  await demographics.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByText("Survey assigned to its audience: 2 members match now")).toBeVisible();

  // The qualifying member: the survey on the dashboard, opened in its own window (a new tab without JavaScript).
  await qualifying.page.goto("/dashboard");
  await expect(balance(qualifying.page)).toHaveText("100");
  const card = surveyCard(qualifying.page, description);
  await expect(card.getByRole("heading", { name: surveyName })).toBeVisible();
  await expect(card.getByText("Beverages - Non Alcoholic", { exact: true })).toBeVisible();
  await expect(card.getByText("new", { exact: true })).toBeVisible();
  await expect(card.getByText(String(POINTS), { exact: true })).toBeVisible();
  const [surveyWindow] = await Promise.all([
    qualifying.context.waitForEvent("page"),
    card.getByRole("link", { name: /^Start Survey/ }).click(),
  ]);
  await expect(surveyWindow).toHaveURL(`/prescreener/${surveyId}`);
  await expect(surveyWindow.getByRole("heading", { level: 1, name: "Pre-Screener for Survey" })).toBeVisible();
  await expect(surveyWindow.getByText(surveyName)).toBeVisible();
  await surveyWindow.getByRole("radio", { name: "Yes", exact: true }).check();
  await submitPrescreener(surveyWindow, testInfo);
  await expect(surveyWindow.getByText("Screener Check Succesfull")).toBeVisible();
  await surveyWindow.getByRole("link", { name: "Proceed" }).click();
  await expect(surveyWindow).toHaveURL(/\/view\/survey\/coffee-at-home-[a-z0-9-]+$/);
  await expect(surveyWindow.getByRole("heading", { level: 1, name: surveyName })).toBeVisible();
  await surveyWindow.getByLabel(/Which coffee do you brew\?/).fill("Filter coffee, every morning");
  await surveyWindow.getByRole("button", { name: "Submit" }).click();
  await expect(surveyWindow.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
  await expect(surveyWindow.getByText(`Thank you, ${POINTS} points have been added to your balance.`)).toBeVisible();
  await surveyWindow.close();

  // Back on the dashboard: the points in the balance, the survey gone; a row in the history.
  await qualifying.page.goto("/dashboard");
  await expect(balance(qualifying.page)).toHaveText(String(100 + POINTS));
  await expect(surveyCard(qualifying.page, description)).toHaveCount(0);
  await qualifying.page.goto("/activities/surveyRecords");
  const completed = qualifying.page
    .getByRole("row")
    .filter({ has: qualifying.page.getByRole("cell", { name: surveyName, exact: true }) });
  await expect(completed.getByRole("cell").nth(3)).toHaveText("Completed");
  await expect(completed.getByRole("cell").nth(4)).toHaveText(`${POINTS} points`);

  // The member who does not own a coffee machine: screened out, and no second try.
  await screenedOut.page.goto("/dashboard");
  const offered = surveyCard(screenedOut.page, description);
  const [screenerWindow] = await Promise.all([
    screenedOut.context.waitForEvent("page"),
    offered.getByRole("link", { name: /^Start Survey/ }).click(),
  ]);
  await expect(screenerWindow).toHaveURL(`/prescreener/${surveyId}`);
  await screenerWindow.getByRole("radio", { name: "No", exact: true }).check();
  await submitPrescreener(screenerWindow, testInfo);
  await expect(screenerWindow.getByText("This survey is closed for you")).toBeVisible();
  await expect(screenerWindow.getByText(/Other surveys will come/)).toBeVisible();
  // Close closes the window the dashboard's script opened; a tab opened without JavaScript goes to the dashboard.
  if (jsOn(testInfo)) {
    await Promise.all([
      screenerWindow.waitForEvent("close"),
      screenerWindow.getByRole("link", { name: "Close" }).click(),
    ]);
  } else {
    await screenerWindow.getByRole("link", { name: "Close" }).click();
    await expect(screenerWindow).toHaveURL("/dashboard");
    await screenerWindow.close();
  }

  await screenedOut.page.goto(`/prescreener/${surveyId}`);
  await expect(screenedOut.page.getByText("This survey is closed for you")).toBeVisible();
  await expect(screenedOut.page.getByRole("radio")).toHaveCount(0);
  await expect(screenedOut.page.getByRole("button", { name: "Submit" })).toHaveCount(0);
  await screenedOut.page.goto(`/survey/start/${surveyId}`);
  await expect(screenedOut.page.getByRole("heading", { level: 1, name: "This survey is closed" })).toBeVisible();
  await screenedOut.page.goto("/dashboard");
  await expect(balance(screenedOut.page)).toHaveText("100");
  await expect(surveyCard(screenedOut.page, description)).toHaveCount(0);
  await screenedOut.page.goto("/activities/surveyRecords");
  const refused = screenedOut.page
    .getByRole("row")
    .filter({ has: screenedOut.page.getByRole("cell", { name: surveyName, exact: true }) });
  await expect(refused.getByRole("cell").nth(3)).toContainText("Screened out");
  await expect(refused.getByRole("cell").nth(4)).toHaveText("No points");

  // The member who uses the internet at home was not targeted.
  await elsewhere.page.goto("/dashboard");
  await expect(elsewhere.page.getByRole("heading", { name: "Available Surveys" })).toBeVisible();
  await expect(surveyCard(elsewhere.page, description)).toHaveCount(0);

  for (const member of members) await member.context.close();
});
