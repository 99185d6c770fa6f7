import { expect, test } from "@playwright/test";
import { createAdmin, createAssignmentFixture, createMember } from "./support/fixtures";
import { signInAsAdmin } from "./support/admin";

// Survey assignment with JavaScript on and off, by an admin of the test's own: a launched survey
// fielded in a country no other test uses is assigned to one member by user id; then, on the
// demographics form, one row on a profile question that a member of that country answered through
// their own pages: the preview counts that member, Assign assigns the survey and says so.

test("an admin assigns a survey by user id, then by demographics after a preview", async ({
  page,
  context,
}, testInfo) => {
  // One country per project, so the two projects running at once never count each other's members.
  const country = testInfo.project.name === "js-on" ? "TV" : "NR";
  const unique = `${testInfo.project.name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const surveyName = `Seasons ${unique}`;
  const { profileSurveyId, surveyId } = await createAssignmentFixture(context, {
    country,
    surveyName,
    profileSet: {
      title: `Seasons set ${unique}`,
      description: "",
      pages: [
        {
          title: "Page 1",
          questions: [
            {
              key: "season",
              label: `Favourite season ${unique}`,
              type: "radio",
              required: true,
              options: [
                { value: "Summer", label: "Summer" },
                { value: "Winter", label: "Winter" },
              ],
            },
          ],
        },
      ],
    },
  });

  // A member of that country answers the set through the member pages.
  await createMember(context, testInfo, { country, signIn: true });
  await page.goto(`/details/profiledetails/set/${profileSurveyId}`);
  await page.getByRole("radio", { name: "Winter" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved Successfully!")).toBeVisible();

  // Another member, assigned by user id.
  const chosen = await createMember(context, testInfo);
  const admin = await createAdmin(context, testInfo);
  await signInAsAdmin(page, admin);
  await page.goto("/admin/survey");
  await page.getByRole("navigation", { name: "Survey section" }).getByRole("link", { name: "Assign Surveys" }).click();
  await expect(page).toHaveURL("/admin/surveysassignv2");
  await expect(page.getByRole("heading", { name: "Assign Surveys", level: 1 })).toBeVisible();
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: surveyName }) });
  await expect(card).toContainText("Launched");
  await expect(card).toContainText("Other");
  await card.getByRole("link", { name: `Assign ${surveyName}` }).click();

  const form = page.getByRole(testInfo.project.name === "js-on" ? "dialog" : "region", {
    name: `Assign: ${surveyName}`,
  });
  await expect(form.getByLabel("Points")).toHaveValue("20");
  // A refused first try: no user id and the box unticked.
  await form.getByRole("button", { name: "Assign" }).click();
  await expect(form.getByText("Enter a user id, or tick 'Assign to all Users'.")).toBeVisible();
  await form.getByLabel("Points").fill("25");
  await form.getByLabel("User id").fill(String(chosen.id));
  await form.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText(`Survey assigned to user ${chosen.id}`)).toBeVisible();

  // The demographics view: the grid's row of the survey opens the Survey Demographics form.
  await page.getByRole("link", { name: "Assign by Demographics" }).click();
  await expect(page).toHaveURL("/admin/surveysassignv2/demographics");
  const row = page.getByRole("row").filter({ hasText: surveyName });
  await expect(row.getByRole("cell", { name: "Launched", exact: true })).toBeVisible();
  await row.getByRole("link", { name: `Demographics of ${surveyName}` }).click();
  const demographics = page.getByRole(testInfo.project.name === "js-on" ? "dialog" : "region", {
    name: "Survey Demographics",
  });
  await expect(demographics.getByText(surveyName)).toBeVisible();

  await demographics.getByRole("button", { name: "Add Demographics" }).click();
  await expect(demographics.getByRole("group")).toHaveCount(2);
  await demographics
    .getByLabel("Question")
    .first()
    .selectOption({ label: `Favourite season ${unique} (Seasons set ${unique})` });
  await demographics.getByLabel("Option").first().selectOption({ label: "Winter" });
  await demographics.getByRole("button", { name: "Preview" }).click();
  await expect(demographics.getByText("1 member matches now.")).toBeVisible();
  await expect(demographics.getByLabel("Option").first()).toHaveValue(/\d+/);
  await demographics.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByText("Survey assigned to 1 member")).toBeVisible();

  // The survey's assignments list shows both members' open assignments.
  await page.goto(`/admin/surveysassignv2/${surveyId}`);
  await expect(page.getByRole("cell", { name: "Assigned", exact: true })).toHaveCount(2);
});
