import { expect, test, type Page } from "@playwright/test";
import { createAdmin, createAssignedSurvey, createMember, createQuestionnaire } from "./support/fixtures";
import { signInAsAdmin } from "./support/admin";

// The lifecycle of surveys and screeners (issue 18 point 7, decision 056) with JavaScript on and
// off: an admin clones a survey, closes it (after a ticked confirmation) and its member no longer
// sees it until it is reopened, archives it (gone from the list until Show archived); and replaces a
// screener's rules while no member has answered it.

function unique(label: string, projectName: string) {
  return `${label} ${projectName} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The survey cards of the member's Surveys page (the member is signed in on the same browser). */
async function memberSees(page: Page, name: string) {
  await page.goto("/survey");
  return page.getByRole("article", { name }).count();
}

test("an admin clones a survey, closes and reopens it, then archives it", async ({ page, context }, testInfo) => {
  const member = await createMember(context, testInfo, { signIn: true });
  const name = unique("Lifecycle", testInfo.project.name);
  const { surveyId } = await createAssignedSurvey(context, { name, assignTo: member.email, points: 40 });
  expect(await memberSees(page, name)).toBe(1);

  const admin = await createAdmin(context, testInfo);
  await signInAsAdmin(page, admin);
  await page.goto(`/admin/survey/${surveyId}`);
  await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();

  // Clone: a new draft with the same settings, not launched.
  await page.getByRole("button", { name: "Clone" }).click();
  await expect(page.getByRole("heading", { name: `${name} (copy)` })).toBeVisible();
  await expect(page).not.toHaveURL(`/admin/survey/${surveyId}`);
  await expect(page.getByText("Survey cloned: this is the copy")).toBeVisible();
  await expect(page.getByText("Not Launched", { exact: true })).toBeVisible();

  // Close asks first, on a page of its own.
  await page.goto(`/admin/survey/${surveyId}`);
  await page.getByRole("link", { name: "Close", exact: true }).click();
  await expect(page.getByRole("heading", { name: `Close survey “${name}”?` })).toBeVisible();
  await expect(page.getByText("members are no longer offered it and cannot start it")).toBeVisible();
  await page.getByLabel("I want to close this survey.").check();
  await page.getByRole("button", { name: "Close survey" }).click();
  await expect(page).toHaveURL(`/admin/survey/${surveyId}`);
  await expect(page.getByText(/^Survey closed: /)).toBeVisible();
  await expect(page.getByText("Closed", { exact: true })).toBeVisible();
  expect(await memberSees(page, name)).toBe(0);

  await page.goto(`/admin/survey/${surveyId}`);
  await page.getByRole("button", { name: "Reopen" }).click();
  await expect(page.getByText(/^Survey reopened: /)).toBeVisible();
  await expect(page.getByText("Closed", { exact: true })).toHaveCount(0);
  expect(await memberSees(page, name)).toBe(1);

  // Archive: gone from members and from the catalogue, listed again with Show archived.
  await page.goto(`/admin/survey/${surveyId}`);
  await page.getByRole("link", { name: "Archive", exact: true }).click();
  await page.getByLabel("I want to archive this survey.").check();
  await page.getByRole("button", { name: "Archive survey" }).click();
  await expect(page.getByText(/^Survey archived: /)).toBeVisible();
  await expect(page.getByText("Archived", { exact: true })).toBeVisible();
  expect(await memberSees(page, name)).toBe(0);

  await page.goto("/admin/survey");
  await expect(page.getByRole("row").filter({ hasText: `${name} (copy)` })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);
  await page.getByRole("link", { name: "Show archived surveys" }).click();
  await expect(page).toHaveURL("/admin/survey?archived=1");
  const archived = page.getByRole("row").filter({ hasText: name }).filter({ hasNotText: "(copy)" });
  await expect(archived.getByRole("cell", { name: /Archived/ })).toBeVisible();
});

test("an admin replaces a screener's rules while no member has answered it", async ({ page, context }, testInfo) => {
  const admin = await createAdmin(context, testInfo);
  const title = unique("Owners", testInfo.project.name);
  const { screenerId } = await createQuestionnaire(context, "screener", {
    title,
    description: "",
    pages: [
      {
        title: "Cars",
        questions: [
          {
            key: "owner",
            label: "Do you own a car?",
            type: "radio",
            required: true,
            options: [
              { value: "Yes", label: "Yes" },
              { value: "No", label: "No" },
            ],
          },
        ],
      },
    ],
  });
  await signInAsAdmin(page, admin);

  await page.goto(`/admin/screener/rules/${screenerId}`);
  await expect(page.getByRole("heading", { name: `Add Validation: ${title}` })).toBeVisible();
  await page.getByRole("radio", { name: "Yes", exact: true }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/admin/screener/list");
  await expect(page.getByText("Screener rules added successfully")).toBeVisible();

  const row = page.getByRole("row").filter({ hasText: title });
  await row.getByRole("link", { name: `Replace the rules of screener ${screenerId}` }).click();
  await expect(page.getByRole("heading", { name: `Replace Validation: ${title}` })).toBeVisible();
  await expect(page.getByText("No member has answered it yet, so you can replace them")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Yes", exact: true })).toBeChecked();
  await page.getByRole("radio", { name: "No", exact: true }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/admin/screener/list");
  await expect(page.getByText("Screener rules replaced successfully")).toBeVisible();

  // The screener's page offers the same, and its lifecycle buttons.
  await page.goto(`/admin/screener/view/${screenerId}`);
  await expect(page.getByRole("link", { name: "Replace Rules" })).toBeVisible();
  await page.getByRole("button", { name: "Clone" }).click();
  await expect(page.getByRole("heading", { name: `${title} (copy)` })).toBeVisible();
});
