import { expect, test, type Page } from "@playwright/test";
import { createMember } from "./support/fixtures";

// My Detail (/details/user): read-only until Edit, server-side validation that keeps what was
// typed, Save back to read-only with a toast; opened for editing when details are missing.

/** The read-only value shown for a label. */
function shown(page: Page, label: string) {
  return page
    .locator("dl > div")
    .filter({ has: page.getByRole("term").getByText(label, { exact: true }) })
    .getByRole("definition");
}

test("My Detail shows the member's details read-only until Edit", async ({ page, context }, testInfo) => {
  const { email } = await createMember(context, testInfo, { firstName: "Asha", lastName: "Rao", signIn: true });
  await page.goto("/details/user");
  await expect(page.getByRole("heading", { name: "My Detail" })).toBeVisible();
  await expect(shown(page, "Name")).toHaveText("Asha Rao");
  await expect(shown(page, "Email")).toHaveText(email);
  await expect(shown(page, "Gender")).toHaveText("Female");
  await expect(shown(page, "Date Of Birth")).toHaveText("15 April 1990");
  await expect(shown(page, "Country")).toHaveText("India");
  await expect(shown(page, "State")).toHaveText("Karnataka");
  await expect(shown(page, "City")).toHaveText("Bengaluru");
  await expect(shown(page, "ZIP / PIN Code")).toHaveText("560001");
  await expect(shown(page, "Phone / Mobile")).toHaveText("—");
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);

  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL("/details/user?edit");
  await expect(page.getByLabel("First Name")).toHaveValue("Asha");
  await expect(page.getByLabel("Last Name")).toHaveValue("Rao");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
  await expect(page.getByRole("radio", { name: "Female" })).toBeChecked();
  await expect(page.getByRole("radio")).toHaveCount(3);
  await expect(page.getByLabel("Day")).toHaveValue("15");
  await expect(page.getByLabel("Month")).toHaveValue("4");
  await expect(page.getByLabel("Year")).toHaveValue("1990");
  await expect(page.getByLabel("Country")).toHaveValue("IN");
  await expect(page.getByLabel("ZIP / PIN Code")).toHaveValue("560001");

  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL("/details/user");
  await expect(page.getByRole("textbox")).toHaveCount(0);
});

test("invalid details are refused with field errors, keep what was typed and save nothing", async ({
  page,
  context,
}, testInfo) => {
  await createMember(context, testInfo, { signIn: true });
  await page.goto("/details/user?edit");
  await page.getByLabel("City").fill("Hubballi");
  await page.getByLabel("ZIP / PIN Code").fill("12");
  await page.getByLabel("Phone / Mobile").fill("98-abc");
  await page.getByLabel("Year").fill(String(new Date().getFullYear() - 10));
  await page.getByLabel("First Name").fill("");
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page.getByText("Enter a valid ZIP / PIN code (3 to 10 letters or digits)")).toBeVisible();
  await expect(page.getByText("Enter a valid phone number (6 to 15 digits, optionally starting with +)")).toBeVisible();
  await expect(page.getByText("You must be at least 18 years old")).toBeVisible();
  await expect(page.getByText("Enter your first name")).toBeVisible();
  await expect(page.getByLabel("ZIP / PIN Code")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("City")).toHaveValue("Hubballi");
  await expect(page.getByLabel("ZIP / PIN Code")).toHaveValue("12");
  await expect(page.getByLabel("Phone / Mobile")).toHaveValue("98-abc");
  await expect(page.getByLabel("Country")).toHaveValue("IN");
  await expect(page.getByRole("radio", { name: "Female" })).toBeChecked();

  await page.goto("/details/user");
  await expect(shown(page, "City")).toHaveText("Bengaluru");
  await expect(shown(page, "ZIP / PIN Code")).toHaveText("560001");
});

test("Save stores the details, shows the toast and returns to the read-only view", async ({
  page,
  context,
}, testInfo) => {
  await createMember(context, testInfo, { firstName: "Asha", signIn: true });
  await page.goto("/details/user");
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByLabel("Last Name").fill("Kulkarni");
  await page.getByRole("radio", { name: "Other" }).check();
  await page.getByLabel("Day").fill("2");
  await page.getByLabel("Month").selectOption({ label: "November" });
  await page.getByLabel("Year").fill("1985");
  await page.getByLabel("Country").selectOption({ label: "Nepal" });
  await page.getByLabel("State").fill("Bagmati");
  await page.getByLabel("City").fill("Kathmandu");
  await page.getByLabel("ZIP / PIN Code").fill("44600");
  await page.getByLabel("Phone / Mobile").fill("+977 980 1234567");
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Details Saved Successfully" })).toBeVisible();
  await expect(page).toHaveURL("/details/user");
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expect(shown(page, "Name")).toHaveText("Asha Kulkarni");
  await expect(shown(page, "Gender")).toHaveText("Other");
  await expect(shown(page, "Date Of Birth")).toHaveText("2 November 1985");
  await expect(shown(page, "Country")).toHaveText("Nepal");
  await expect(shown(page, "State")).toHaveText("Bagmati");
  await expect(shown(page, "City")).toHaveText("Kathmandu");
  await expect(shown(page, "ZIP / PIN Code")).toHaveText("44600");
  await expect(shown(page, "Phone / Mobile")).toHaveText("+9779801234567");
});

test("a member with missing details is sent to My Detail with the form open, and may go on after saving", async ({
  page,
  context,
}, testInfo) => {
  await createMember(context, testInfo, { firstName: "Dev", details: false, signIn: true });
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/details/user");
  await expect(page.getByRole("alert").filter({ hasText: "Please fill all empty fields to continue" })).toBeVisible();
  await expect(page.getByLabel("First Name")).toHaveValue("Dev");
  await expect(page.getByLabel("Country")).toHaveValue("");
  await expect(page.getByRole("link", { name: "Cancel" })).toHaveCount(0);

  await page.getByRole("radio", { name: "Male", exact: true }).check();
  await page.getByLabel("Day").fill("9");
  await page.getByLabel("Month").selectOption("7");
  await page.getByLabel("Year").fill("1992");
  await page.getByLabel("Country").selectOption("IN");
  await page.getByLabel("State").fill("Maharashtra");
  await page.getByLabel("City").fill("Pune");
  await page.getByLabel("ZIP / PIN Code").fill("411001");
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Details Saved Successfully" })).toBeVisible();
  await expect(shown(page, "City")).toHaveText("Pune");
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome, Dev Member" })).toBeVisible();
});

test("with missing details the required country is checked by the server as well", async ({
  page,
  context,
}, testInfo) => {
  await createMember(context, testInfo, { details: false, signIn: true });
  await page.goto("/details/user");
  await expect(page.getByLabel("Country")).toHaveAttribute("required", "");
  // Bypass the browser's own check, as an old browser would.
  await page.getByLabel("Country").evaluate((select) => select.removeAttribute("required"));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Select your country")).toBeVisible();
  await expect(page.getByText("Enter your state")).toBeVisible();
  await expect(page.getByText("Select your gender")).toBeVisible();
});
