import { expect, test, type Locator } from "@playwright/test";
import { createAdmin, createMember } from "./support/fixtures";
import { signInAsAdmin } from "./support/admin";

// Profile survey sets with JavaScript on and off: an admin of the test's own creates a set for
// Iceland (after a refused first try), edits its questions, saves; then a member in Iceland finds
// the set among their profile surveys, answers it and saves.

test("an admin creates and edits a profile survey set, and a member of its country answers it", async ({
  page,
  context,
}, testInfo) => {
  const admin = await createAdmin(context, testInfo);
  await signInAsAdmin(page, admin);
  await page.goto("/admin/survey");
  await page.getByRole("navigation", { name: "Survey section" }).getByRole("link", { name: "ProfileSurvey" }).click();
  await expect(page).toHaveURL("/admin/profilesurvey");
  await expect(page.getByRole("heading", { name: "Profile Survey", exact: true })).toBeVisible();

  // With JavaScript a button opens a modal; without it a disclosure holds the same form.
  await page.getByText("Add New Profile Survey", { exact: true }).first().click();
  await page.getByLabel("Title").fill("   ");
  // Iceland: no other test's members live there, so this set never shows up in their hubs.
  await page.getByLabel("Country").selectOption({ label: "Iceland" });
  await page.getByLabel("Reward for Completion").fill("40");
  await page.getByRole("button", { name: "Add Profile Survey" }).click();
  await expect(page.getByText("Enter a title.")).toBeVisible();
  await expect(page.getByLabel("Country")).toHaveValue("IS");
  await expect(page.getByLabel("Reward for Completion")).toHaveValue("40");

  const title = `Pets ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Add Profile Survey" }).click();
  await expect(page.getByText("Profile survey created successfully")).toBeVisible();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card).toContainText("Iceland");
  await expect(card).toContainText("Reward: 40 points");
  await card.getByRole("link", { name: `View ${title}` }).click();

  await expect(page.getByRole("heading", { name: `Profile Survey - ${title}, Iceland` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "1. Question 1" })).toBeVisible();
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\?edit=1$/);

  // The builder's question card (decision 042): click-to-edit names with JavaScript; without it
  // the visible inputs, whose text any button of the form carries.
  const js = testInfo.project.name !== "js-off";
  const rename = async (scope: Locator, label: string, value: string) => {
    if (js) {
      await scope.getByRole("button", { name: new RegExp(`^Edit ${label}:`) }).click();
      const box = scope.getByRole("textbox", { name: label, exact: true });
      await box.fill(value);
      await box.press("Enter");
    } else {
      await scope.getByRole("textbox", { name: label, exact: true }).fill(value);
    }
    await expectName(scope, label, value);
  };
  const expectName = async (scope: Locator, label: string, value: string) => {
    if (js) await expect(scope.getByRole("button", { name: `Edit ${label}: ${value}`, exact: true })).toBeVisible();
    else await expect(scope.getByRole("textbox", { name: label, exact: true })).toHaveValue(value);
  };

  const first = page.getByRole("group", { name: "Question 1" });
  await rename(first, "Question name", "Your pet's name");
  await page.getByRole("button", { name: "Add New Question" }).click();
  const second = page.getByRole("group", { name: "Question 2" });
  await expectName(second, "Question name", "Question 2");
  await expectName(first, "Question name", "Your pet's name");

  // Type 4, radio: with JavaScript the change applies at once; without it, 'Change type' posts it (the builder's wording, decision 042).
  await second.getByLabel("Type").selectOption({ label: "Radio" });
  if (!js) await second.getByRole("button", { name: "Change type" }).click();
  await expectName(second, "Option 1", "Title");
  await rename(second, "Option 1", "Dog");
  await second.getByRole("button", { name: "Add Option" }).click();
  await expectName(second, "Option 2", "Title");
  await expectName(second, "Option 1", "Dog");
  await rename(second, "Option 2", "Cat");
  await rename(second, "Question name", "Dog or cat?");
  await second.getByRole("switch", { name: "Required" }).click();
  await expect(second.getByRole("switch", { name: "Required" })).toHaveAttribute("aria-checked", "true");
  await expectName(second, "Option 2", "Cat");
  await page.getByRole("button", { name: "Save", exact: true }).last().click();

  await expect(page.getByText("Profile survey saved successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/profilesurvey\/\d+$/);
  await expect(page.getByRole("heading", { name: "1. Your pet's name" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "2. Dog or cat?" })).toBeVisible();
  await expect(page.getByText("Required", { exact: true })).toHaveCount(2);
  await expect(page.getByRole("list", { name: "Options of question 2" }).getByRole("listitem")).toHaveText([
    "Dog",
    "Cat",
  ]);

  await createMember(context, testInfo, { signIn: true, country: "IS" });
  await page.goto("/details/profiledetails");
  const offered = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
  await offered.getByRole("link", { name: "Start Survey" }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible({ timeout: 10_000 });
  await page.getByLabel("Your pet's name").fill("Rex");
  await page.getByRole("radio", { name: "Cat" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved Successfully!")).toBeVisible();
});
