import { expect, test } from "@playwright/test";
import { createMember, uniqueEmail } from "./support/fixtures";
import { useOwnAddress } from "./support/test";

// The terms agreement (decision 067), with JavaScript on and off: registration shows the terms and
// privacy links beside a required box; a member who has not agreed to the current terms is asked
// before any member page, comes back to the page asked for once agreed, and can sign out instead.

const PASSWORD = "Tamarind-Monsoon-42";
const TERMS_REQUIRED =
  "Tick the box to agree to the Terms and Conditions and the Privacy Policy. You cannot continue without it.";
const termsBox = /I have read and agree to the Terms and Conditions/;

test("registration shows the terms and privacy links and needs the box ticked", async ({ page }, testInfo) => {
  await useOwnAddress(page);
  await page.goto("/register");
  await page.getByLabel("First Name").fill("Asha");
  await page.getByLabel("Last Name").fill("Rao");
  await page.getByLabel("Email").fill(uniqueEmail(testInfo, "terms"));
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Step 2 of 2")).toBeVisible({ timeout: 15_000 });

  await expect(page.getByRole("link", { name: "Terms and Conditions" })).toHaveAttribute(
    "href",
    "/terms-and-conditions",
  );
  await expect(page.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policies");
  await page.getByLabel("Country").selectOption("IN");
  await page.getByLabel("State / Region").fill("Karnataka");
  await page.getByLabel("City").fill("Bengaluru");
  await page.getByLabel("ZIP / PIN Code").fill("560001");
  await page.getByLabel("Day").fill("15");
  await page.getByLabel("Month").selectOption("4");
  await page.getByLabel("Year").fill("1990");
  await page.getByLabel("Gender").selectOption("female");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.locator("#register-message")).toHaveText(TERMS_REQUIRED);
  await expect(page.getByRole("checkbox", { name: termsBox })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Step 2 of 2")).toBeVisible();

  await page.getByRole("checkbox", { name: termsBox }).check();
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL("/email/verify", { timeout: 15_000 });
});

test("a member who has not agreed to the current terms is asked first, then sees the page asked for", async ({
  page,
  context,
}, testInfo) => {
  await createMember(context, testInfo, { signIn: true, termsAgreed: false });
  await page.goto("/points");
  await expect(page).toHaveURL("/terms/agree?redirectTo=%2Fpoints");
  await expect(page.getByRole("heading", { name: "Please agree to our terms" })).toBeVisible();
  await expect(page.getByText("We now keep a record of each member's agreement to our terms.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Terms and Conditions" })).toHaveAttribute(
    "href",
    "/terms-and-conditions",
  );

  await page.getByRole("button", { name: "Agree and continue" }).click();
  await expect(page.getByText(TERMS_REQUIRED)).toBeVisible();
  await expect(page).toHaveURL(/\/terms\/agree/);

  await page.getByRole("checkbox", { name: termsBox }).check();
  await page.getByRole("button", { name: "Agree and continue" }).click();
  await expect(page).toHaveURL("/points");
  await expect(page.locator('[data-toast="success"]')).toHaveText("Thank you. You have agreed to our terms.");
  // Asked once: the next member page opens at once.
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/dashboard");
});

test("a member asked to agree can sign out instead", async ({ page, context }, testInfo) => {
  await createMember(context, testInfo, { signIn: true, termsAgreed: false });
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/terms\/agree/);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
});
