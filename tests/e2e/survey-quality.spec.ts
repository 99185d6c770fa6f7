import { expect, test } from "./support/test";
import { createMember, createSurveyAssignment } from "./support/fixtures";
import { renameField } from "./support/survey-loop";
import { option, page as questionnairePage, questionnaire, radio } from "../support/questionnaires";

// The signals of survey responses (issue 20 point 1, decision 071), with JavaScript on and off: the
// admin marks an attention check in the builder; a member who fails it sees the quality termination;
// a speeder's complete is credited and shows a signal on the admin's member page.

test("the admin marks an attention check in the builder, and a member who fails it is not accepted", async ({
  adminPage: page,
  context,
  javaScriptEnabled: js,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto("/admin/survey/build");
  await page.getByRole("button", { name: "create new Survey" }).click();
  const question = (q: number) =>
    page
      .getByRole("region", { name: "Page 1", exact: true })
      .getByRole("group", { name: `Question ${q}`, exact: true });

  await page
    .getByRole("region", { name: "Question types" })
    .getByRole("button", { name: "Radio", exact: true })
    .click();
  await expect(question(2)).toBeVisible();
  await renameField(js, question(2), "Question name", "To show you are reading, choose Blue");
  await renameField(js, question(2), "Option 1", "Red");
  await question(2).getByRole("button", { name: "Add Option" }).click();
  await renameField(js, question(2), "Option 2", "Blue");
  await question(2).getByLabel("Attention check").selectOption({ label: "Passes with: Blue" });
  if (!js) await question(2).getByRole("button", { name: "Set check" }).click();
  await expect(question(2).getByLabel("Attention check")).toHaveValue("1");
  // A text question offers no check.
  await expect(question(1).getByLabel("Attention check")).toHaveCount(0);

  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/admin\/survey\/new\?questionnaire=\d+/);
  const questionnaireId = Number(new URL(page.url()).searchParams.get("questionnaire"));

  const member = await createMember(context, testInfo, { signIn: true });
  const { surveyId } = await createSurveyAssignment(context, {
    memberEmail: member.email,
    name: "Colours",
    delivery: "hosted",
    questionnaireId,
    points: 40,
  });
  await page.goto(`/survey/start/${surveyId}`);
  await page.getByLabel("Question 1").fill("Hello");
  await page.getByRole("radio", { name: "Red" }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Response not accepted" })).toBeVisible();
  await expect(
    page.getByText("Sorry, the survey's quality checks did not accept your response, so no points are added for it."),
  ).toBeVisible();

  await page.goto(`/admin/users/${member.id}`);
  await expect(page.getByTestId("quality-signal")).toContainText("Failed attention check");
});

test("a speeder's complete is credited and shows a signal on the admin's member page", async ({
  adminPage: page,
  context,
}, testInfo) => {
  const member = await createMember(context, testInfo, { signIn: true });
  const { surveyId } = await createSurveyAssignment(context, {
    memberEmail: member.email,
    name: "Quick opinions",
    delivery: "hosted",
    definition: questionnaire("Quick opinions", [
      questionnairePage("Tea", [radio("tea", "Do you like tea?", [option("Yes"), option("No")])]),
    ]),
    points: 40,
    earlierCompletes: { count: 10, seconds: 900 },
  });

  await page.goto(`/survey/start/${surveyId}`);
  await page.getByRole("radio", { name: "Yes" }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Thank you, 40 points have been added to your balance.")).toBeVisible();

  await page.goto(`/admin/users/${member.id}`);
  const signal = page.getByTestId("quality-signal");
  await expect(signal).toContainText("Speeder");
  await expect(signal).toContainText("Completed “Quick opinions”");
  await expect(signal).toContainText("under a third of its median of 15 minutes.");
});
