import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { createAssignedSurvey, createMember, type SurveyFixture } from "./support/fixtures";
import { number, option, page, questionnaire, radio } from "../support/questionnaires";

// The member's surveys in both projects: the dashboard card with its 'new' mark and Start Survey,
// the pre-screener failed (Not Allowed, no second try) and passed (Proceed), the survey history
// and the empty texts. Each test has a member of its own.

const jsOn = (testInfo: TestInfo) => testInfo.project.name === "js-on";

const SCREENER: NonNullable<SurveyFixture["screener"]> = {
  definition: questionnaire("Car owners", [
    page("About you", [number("age", "Your age")]),
    page("Your car", [radio("owner", "Do you own a car?", [option("Yes"), option("No")])]),
  ]),
  rules: { owner: "Yes" },
};

/** Answers the two pages and submits, confirming as each project does. */
async function answerScreener(page: Page, testInfo: TestInfo, owner: "Yes" | "No") {
  await expect(page.getByRole("heading", { level: 1, name: "Pre-Screener for Survey" })).toBeVisible();
  await expect(page.getByText("the screener must be submitted before the survey")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("This field is required.")).toBeVisible();
  await page.getByLabel("Q1. Your age").fill("30");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  // Previous keeps the answer of the first page.
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel("Q1. Your age")).toHaveValue("30");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("radio", { name: owner }).check();
  if (jsOn(testInfo)) {
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("This action cannot be Repeated");
      void dialog.accept();
    });
  } else {
    await page.getByRole("checkbox", { name: /This action cannot be Repeated/ }).check();
  }
  await page.getByRole("button", { name: "Submit" }).click();
}

test("a new survey shows on the dashboard with its 'new' mark and opens in its own window", async ({
  context,
  page,
}, testInfo) => {
  const member = await createMember(context, testInfo, { signIn: true });
  const { surveyId } = await createAssignedSurvey(context, {
    name: "Coffee habits",
    assignTo: member.email,
    points: 120,
    minutes: 7,
    categoryId: 10,
  });
  await page.goto("/dashboard");
  // Headed by the survey's name, its category a small label (decision 077).
  const card = page.getByRole("article", { name: "Coffee habits" });
  await expect(card.getByRole("heading", { name: "Coffee habits" })).toBeVisible();
  await expect(card.getByText("Food/Snacks", { exact: true })).toBeVisible();
  await expect(card.getByText("new", { exact: true })).toBeVisible();
  await expect(card.getByText("About Coffee habits.")).toBeVisible();
  await expect(card.getByText("120", { exact: true })).toBeVisible();
  await expect(card.getByText("7 min")).toBeVisible();
  const start = card.getByRole("link", { name: /^Start Survey/ });
  await expect(start).toHaveAttribute("href", `/survey/start/${surveyId}`);
  await expect(start).toHaveAccessibleName("Start Survey: Coffee habits");
  await expect(start).toHaveAttribute("target", "_blank");

  await page.goto("/survey");
  await expect(page.getByRole("article", { name: "Coffee habits" }).getByText("Food/Snacks")).toBeVisible();

  if (jsOn(testInfo)) {
    const [surveyWindow] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("link", { name: /^Start Survey/ }).click(),
    ]);
    const alerts: string[] = [];
    page.once("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole("link", { name: /^Start Survey/ }).click();
    await expect.poll(() => alerts).toEqual(["Close Opened Survey Form"]);
    expect(context.pages()).toHaveLength(2);
    await surveyWindow.close();
    // Once the poll has seen the window close, the survey can be started again.
    await page.waitForTimeout(1500);
    const [again] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("link", { name: /^Start Survey/ }).click(),
    ]);
    await again.close();
  }
});

test("a member who fails the pre-screener is told the survey is closed for them, and cannot retry", async ({
  context,
  page,
}, testInfo) => {
  const member = await createMember(context, testInfo, { signIn: true });
  const { surveyId } = await createAssignedSurvey(context, {
    name: "Car survey",
    assignTo: member.email,
    screener: SCREENER,
  });
  await page.goto(`/prescreener/${surveyId}`);
  await expect(page.getByText("Car survey")).toBeVisible();
  await answerScreener(page, testInfo, "No");
  // No promise of a retry that does not exist (decision 077).
  await expect(page.getByText("This survey is closed for you")).toBeVisible();
  await expect(page.getByText(/cannot be taken again\. Other surveys will come/)).toBeVisible();
  await expect(page.getByText(/try again/i)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Close" })).toBeVisible();

  await page.goto(`/prescreener/${surveyId}`);
  await expect(page.getByText("This survey is closed for you")).toBeVisible();
  await expect(page.getByRole("button", { name: "Next" })).toHaveCount(0);

  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: /^Start Survey/ })).toHaveCount(0);
  await page.goto("/activities");
  await expect(page).toHaveURL("/activities/surveyRecords");
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "Car survey", exact: true }) });
  await expect(row).toContainText("Screened out");
  await expect(row).toContainText("Your answers to the pre-screener did not match");
  await expect(row).toContainText("No points");
});

test("a member who passes the pre-screener is sent on with Proceed", async ({ context, page }, testInfo) => {
  const member = await createMember(context, testInfo, { signIn: true });
  const { surveyId } = await createAssignedSurvey(context, {
    name: "Car survey",
    assignTo: member.email,
    screener: SCREENER,
  });
  await page.goto(`/prescreener/${surveyId}`);
  await answerScreener(page, testInfo, "Yes");
  await expect(page.getByText("Screener Check Succesfull")).toBeVisible();
  await expect(page.getByRole("link", { name: "Proceed" })).toHaveAttribute("href", `/survey/start/${surveyId}`);
  await page.reload();
  await expect(page.getByText("Screener Check Succesfull")).toBeVisible();
  // The survey stays on the dashboard, no longer marked new.
  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: /^Start Survey/ })).toHaveCount(1);
  await expect(page.getByText("new", { exact: true })).toHaveCount(0);
});

test("another member's pre-screener says Something went wrong", async ({ context, page }, testInfo) => {
  const owner = await createMember(context, testInfo);
  await createMember(context, testInfo, { signIn: true });
  const { surveyId } = await createAssignedSurvey(context, {
    name: "Not yours",
    assignTo: owner.email,
    screener: SCREENER,
  });
  await page.goto(`/prescreener/${surveyId}`);
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
});

test("the survey history lists an ended survey with its reward", async ({ context, page }, testInfo) => {
  const member = await createMember(context, testInfo, { signIn: true });
  await createAssignedSurvey(context, {
    name: "Done",
    assignTo: member.email,
    points: 80,
    status: 3,
  });
  await page.goto("/activities/surveyRecords");
  await expect(page.getByRole("link", { name: "Survey History" })).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "Done", exact: true }) });
  await expect(row.getByRole("cell").nth(0)).toHaveText("1");
  await expect(row.getByRole("cell").nth(3)).toHaveText("Completed");
  await expect(row.getByRole("cell").nth(4)).toHaveText("80 points");
  await page.goto("/dashboard");
  await expect(page.getByTestId("points-balance")).toHaveText("80");
});

test("a member without surveys sees the empty texts", async ({ context, page }, testInfo) => {
  await createMember(context, testInfo, { signIn: true });
  await page.goto("/survey");
  await expect(page.getByText("Surveys are currently unavailable. Please check back later.")).toBeVisible();
  await expect(
    page.getByText("Surveys are awarded by geographic location and tailored to your profile."),
  ).toBeVisible();
  await page.goto("/activities/surveyRecords");
  await expect(page.getByText("No Survey History Found")).toBeVisible();
});
