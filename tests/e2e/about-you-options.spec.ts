import { expect, test, type Page } from "@playwright/test";
import { createMember } from "./support/fixtures";

// About You's truthful answers (decision 066), with JavaScript on and off: "None of these" household
// items, exclusive of the others (the script unticks them; without it the server refuses the pair
// with a clear message), a retired chief earner and the ₹7–8 lakh band, saved and shown again.

const ABOUT_YOU = "/details/profiledetails/aboutyou";
const NONE_AND_ANOTHER = "Choose either 'None of these' or other options, not both.";

const items = (page: Page) => page.getByRole("group", { name: /does your household own/ });

test("a household with none of the items answers 'None of these', never together with an item", async ({
  page,
  context,
}, testInfo) => {
  await createMember(context, testInfo, { signIn: true });
  await page.goto(ABOUT_YOU);
  await page.getByLabel(/highest level of education/).selectOption("Graduate");
  await page.getByLabel(/What is your occupation/).selectOption("Retired");
  await page.getByLabel(/How many members/).selectOption("2");
  await page
    .getByRole("group", { name: /chief earner of your household/ })
    .getByRole("radio", { name: "Yes" })
    .check();
  await page.getByLabel(/What is your annual income/).selectOption({ label: "₹7,00,000 – ₹7,99,999" });
  await page.getByLabel(/profession of your household's chief earner/).selectOption({ label: "Retired" });
  await page.getByLabel(/family's annual income/).selectOption({ label: "₹7,00,000 – ₹7,99,999" });
  await page
    .getByRole("group", { name: /responsible for your household's expenses/ })
    .getByRole("radio", { name: "Yes" })
    .check();
  // The family income's top bands read as meant, with no gap between them.
  await expect(page.getByLabel(/family's annual income/).locator("option[value='2500000-49999999']")).toHaveText(
    "₹25,00,000 – ₹49,99,999",
  );
  await expect(page.getByLabel(/family's annual income/).locator("option[value='50000000']")).toHaveText(
    "₹50,00,000 or more",
  );

  await items(page).getByRole("checkbox", { name: "Television" }).check();
  await items(page).getByRole("checkbox", { name: "None of these" }).check();
  if (testInfo.project.name === "js-on") {
    await expect(items(page).getByRole("checkbox", { name: "Television" })).not.toBeChecked();
  } else {
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(NONE_AND_ANOTHER, { exact: true }).first()).toBeVisible();
    await expect(page.locator('[data-toast="error"]')).toContainText(NONE_AND_ANOTHER);
    // Nothing saved: the form is still open, with what was ticked.
    await expect(page).toHaveURL(ABOUT_YOU);
    await expect(items(page).getByRole("checkbox", { name: "None of these" })).toBeChecked();
    await items(page).getByRole("checkbox", { name: "Television" }).uncheck();
  }
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/details/profiledetails");
  await expect(page.locator('[data-toast="success"]')).toHaveText("Saved Successfully!");

  await page.goto(ABOUT_YOU);
  await expect(items(page).getByRole("checkbox", { name: "None of these" })).toBeChecked();
  await expect(items(page).getByRole("checkbox", { name: "Television" })).not.toBeChecked();
  await expect(page.getByLabel(/profession of your household's chief earner/)).toHaveValue("Retired");
  await expect(page.getByLabel(/What is your annual income/)).toHaveValue("700000-799999");
});
