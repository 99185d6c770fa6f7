import { expect, test, type Browser, type Page } from "@playwright/test";
import { createAssignmentFixture, createMember, createSurveyAssignment } from "./support/fixtures";
import { jsOn, logIn, openBrowser } from "./support/survey-loop";
import { number, option, page as questionnairePage, questionnaire, radio, text } from "../support/questionnaires";

// Answers that survive a bad connection (issue 21 point 3, decision 075), with JavaScript on and
// off: a member answers two pages of a three-page hosted survey or profile questionnaire, the
// browser is closed, and in a new one, signed in again, they resume on page 3 with pages 1–2 kept;
// the final submit is credited once.

const PASSWORD = "Member#Drafts-42";

const SURVEY = questionnaire("Tea", [
  questionnairePage("Cups", [number("cups", "Cups of tea a day")]),
  questionnairePage("Taste", [radio("tea", "Which tea do you drink?", [option("Masala"), option("Green")])]),
  questionnairePage("Last words", [text("snack", "Your favourite snack with tea")]),
]);

async function expectBalance(page: Page, points: number) {
  await page.goto("/dashboard");
  await expect(page.getByTestId("points-balance")).toHaveText(String(points));
}

/** The first browser goes away (the phone discards the tab); a new one signs in again. */
async function comeBackInNewBrowser(browser: Browser, baseURL: string | undefined, js: boolean, email: string) {
  const again = await openBrowser(browser, baseURL, js);
  await logIn(again.page, email, PASSWORD);
  return again;
}

test("a hosted survey interrupted after page 2 resumes at page 3 and is credited once", async ({
  browser,
  baseURL,
}, testInfo) => {
  const js = jsOn(testInfo);
  const first = await openBrowser(browser, baseURL, js);
  const member = await createMember(first.context, testInfo, { password: PASSWORD, signIn: true });
  const { surveyId, slug } = await createSurveyAssignment(first.context, {
    memberEmail: member.email,
    name: "Tea habits",
    delivery: "hosted",
    definition: SURVEY,
    points: 35,
  });

  await first.page.goto(`/survey/start/${surveyId}`);
  await expect(first.page).toHaveURL(`/view/survey/${slug}`);
  await expect(first.page.getByText("Page 1 of 3")).toBeVisible();
  await first.page.getByLabel("Cups of tea a day").fill("4");
  await first.page.getByRole("button", { name: "Next" }).click();
  await expect(first.page.getByText("Page 2 of 3")).toBeVisible();
  await first.page.getByRole("radio", { name: "Masala" }).check();
  await first.page.getByRole("button", { name: "Next" }).click();
  await expect(first.page.getByText("Page 3 of 3")).toBeVisible();
  await first.context.close();

  const { context, page } = await comeBackInNewBrowser(browser, baseURL, js, member.email);
  await page.goto(`/survey/start/${surveyId}`);
  await expect(page.getByText("Page 3 of 3")).toBeVisible();
  // Pages 1 and 2 are kept.
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByText("Page 2 of 3")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Masala" })).toBeChecked();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel("Cups of tea a day")).toHaveValue("4");
  await page.getByRole("button", { name: "Next" }).click();
  // Each Next is a post: the second click waits for the first one's page.
  await expect(page.getByText("Page 2 of 3")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Page 3 of 3")).toBeVisible();
  await page.getByLabel("Your favourite snack with tea").fill("Samosa");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
  await expect(page.getByText("Thank you, 35 points have been added to your balance.")).toBeVisible();

  // The same last page posted again (an old tab) changes nothing.
  const again = await context.request.post(`/view/survey/${slug}`, {
    form: { _page: "2", intent: "submit", cups: "4", tea: "Masala", snack: "Samosa" },
  });
  expect(await again.text()).toContain("This survey is already submitted.");
  await expectBalance(page, 35);
  await context.close();
});

test("a profile questionnaire interrupted after page 2 resumes at page 3 and is credited once", async ({
  browser,
  baseURL,
}, testInfo) => {
  const js = jsOn(testInfo);
  const country = js ? "WF" : "PN";
  const unique = `${testInfo.project.name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const first = await openBrowser(browser, baseURL, js);
  const { profileSurveyId } = await createAssignmentFixture(first.context, {
    country,
    surveyName: `Drafts ${unique}`,
    profileSet: questionnaire(`Home ${unique}`, [
      questionnairePage("Rooms", [number("rooms", "How many rooms?")]),
      questionnairePage("Garden", [radio("garden", "Do you have a garden?", [option("Yes"), option("No")])]),
      questionnairePage("Pets", [radio("pet", "Do you keep a pet?", [option("Dog"), option("Cat")])]),
    ]),
    profileSetPoints: 15,
  });
  const member = await createMember(first.context, testInfo, { password: PASSWORD, country, signIn: true });

  await first.page.goto(`/details/profiledetails/set/${profileSurveyId}`);
  await expect(first.page.getByText("Page 1 of 3")).toBeVisible();
  await first.page.getByLabel("How many rooms?").fill("3");
  await first.page.getByRole("button", { name: "Next" }).click();
  await expect(first.page.getByText("Page 2 of 3")).toBeVisible();
  await first.page.getByRole("radio", { name: "Yes" }).check();
  await first.page.getByRole("button", { name: "Next" }).click();
  await expect(first.page.getByText("Page 3 of 3")).toBeVisible();
  await first.context.close();

  const { context, page } = await comeBackInNewBrowser(browser, baseURL, js, member.email);
  await page.goto(`/details/profiledetails/set/${profileSurveyId}`);
  await expect(page.getByText("Page 3 of 3")).toBeVisible();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByRole("radio", { name: "Yes" })).toBeChecked();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel("How many rooms?")).toHaveValue("3");
  await page.getByRole("button", { name: "Next" }).click();
  // Each Next is a post: the second click waits for the first one's page.
  await expect(page.getByText("Page 2 of 3")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("radio", { name: "Cat" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved Successfully!")).toBeVisible();

  // Submitted: every page's answer shows, read-only, and the reward was paid once.
  await page.goto(`/details/profiledetails/set/${profileSurveyId}`);
  await expect(page.getByLabel("How many rooms?")).toHaveValue("3");
  await expect(page.getByRole("radio", { name: "Cat" })).toBeChecked();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await expectBalance(page, 15);
  await context.close();
});
