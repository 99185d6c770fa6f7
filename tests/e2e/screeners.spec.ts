import { expect, test } from "@playwright/test";
import { createAdmin, createQuestionnaire } from "./support/fixtures";
import { signInAsAdmin } from "./support/admin";

// Screeners with JavaScript on and off: a screener of three pages with every question type (made
// through the fixture, not the builder) is listed, viewed page by page and given its rules, after
// which the list says Rules Added 'Yes' and, as no member has answered it, offers Replace Rules
// (admin-lifecycle.spec.ts replaces them).

const options = (...labels: string[]) => labels.map((label) => ({ value: label.replace(/\W/g, ""), label }));

function definition(title: string) {
  return {
    title,
    description: "Who drives what",
    pages: [
      {
        title: "About you",
        questions: [
          { key: "name", label: "Your name", type: "text", required: true, options: [] },
          { key: "age", label: "Your age", type: "number", required: true, options: [] },
          { key: "owner", label: "Do you own a car?", type: "radio", required: true, options: options("Yes", "No") },
        ],
      },
      {
        title: "Your cars",
        questions: [
          {
            key: "fuel",
            label: "Fuel types",
            type: "checkbox",
            required: false,
            options: options("Petrol", "Diesel", "Electric"),
          },
          { key: "brand", label: "Main brand", type: "select", required: false, options: options("Audi", "Kia") },
        ],
      },
      {
        title: "Anything else",
        questions: [
          { key: "story", label: "Your best trip", type: "paragraph", required: false, options: [] },
          { key: "news", label: "Car newsletter", type: "switch", required: false, options: [] },
        ],
      },
    ],
  };
}

test("an admin views a screener page by page and adds its rules", async ({ page, context }, testInfo) => {
  const admin = await createAdmin(context, testInfo);
  const title = `Drivers ${testInfo.project.name} ${Date.now().toString(36)}`;
  const { screenerId } = await createQuestionnaire(context, "screener", definition(title));
  await signInAsAdmin(page, admin);

  await page.goto("/admin/screener");
  await expect(page).toHaveURL("/admin/screener/list");
  await expect(page.getByRole("heading", { name: "Screener List" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByRole("cell").nth(1)).toHaveText(String(screenerId));
  await expect(row.getByRole("cell").last()).toHaveText("No");

  // ScreenerView: read-only, one page at a time.
  await row.getByRole("link", { name: `View screener ${screenerId}` }).click();
  await expect(page).toHaveURL(`/admin/screener/view/${screenerId}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Page 1 of 3")).toBeVisible();
  await expect(page.getByLabel("Your name")).toBeDisabled();
  await expect(page.getByRole("radio", { name: "Yes" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Previous" })).toHaveCount(0);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByText("Page 2 of 3")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Diesel" })).toBeDisabled();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByText("Page 3 of 3")).toBeVisible();
  await expect(page.getByRole("switch", { name: "Car newsletter" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page.getByText("Page 2 of 3")).toBeVisible();
  await page.getByRole("link", { name: "Back to Screener List" }).click();
  await expect(page).toHaveURL("/admin/screener/list");

  // ScreenerValidation: answer page by page, with a range for the number question.
  await page
    .getByRole("row")
    .filter({ hasText: title })
    .getByRole("link", { name: `Add Validation to screener ${screenerId}` })
    .click();
  await expect(page).toHaveURL(`/admin/screener/rules/${screenerId}`);
  await expect(
    page.getByText("Checkbox: a member passes when they tick at least one of the boxes you tick."),
  ).toBeVisible();
  await expect(page.getByText("Page 1 of 3")).toBeVisible();
  await expect(page.getByText("Text answers are never checked")).toBeVisible();
  const owner = page.getByRole("group", { name: "Do you own a car?" });
  await expect(owner.getByRole("radio", { name: "Yes" })).toHaveAttribute("required", "");
  const age = page.getByRole("group", { name: "Your age" });
  await age.getByLabel("Minimum").fill("18");
  await age.getByLabel("Maximum").fill("65");
  await owner.getByRole("radio", { name: "Yes" }).check();
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByText("Page 2 of 3")).toBeVisible();
  await page.getByRole("checkbox", { name: "Diesel" }).check();
  await page.getByLabel("Main brand").selectOption({ label: "Kia" });
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByText("Page 3 of 3")).toBeVisible();
  await page.getByRole("group", { name: "Car newsletter" }).getByRole("radio", { name: "On" }).check();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByText("Page 2 of 3")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Diesel" })).toBeChecked();
  await expect(page.getByLabel("Main brand")).toHaveValue("o:Kia");
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByText("Page 1 of 3")).toBeVisible();
  await expect(page.getByRole("group", { name: "Your age" }).getByLabel("Minimum")).toHaveValue("18");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Page 3 of 3")).toBeVisible();
  await expect(page.getByRole("group", { name: "Car newsletter" }).getByRole("radio", { name: "On" })).toBeChecked();
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL("/admin/screener/list");
  await expect(page.getByText("Screener rules added successfully")).toBeVisible();
  const validated = page.getByRole("row").filter({ hasText: title });
  await expect(validated.getByRole("cell").last()).toHaveText("Yes");
  // No member has answered it yet, so Add Validation became Replace Rules (decision 056).
  await expect(validated.getByRole("link", { name: `Add Validation to screener ${screenerId}` })).toHaveCount(0);
  await expect(validated.getByRole("link", { name: `Replace the rules of screener ${screenerId}` })).toHaveAttribute(
    "href",
    `/admin/screener/rules/${screenerId}`,
  );

  await page.goto(`/admin/screener/rules/${screenerId}`);
  await expect(page.getByRole("heading", { name: `Replace Validation: ${title}` })).toBeVisible();
  await page.getByRole("link", { name: "Back to Screener List" }).click();
  await expect(page).toHaveURL("/admin/screener/list");
});
