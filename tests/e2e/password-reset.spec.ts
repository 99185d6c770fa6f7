import { expect, test, type Page } from "@playwright/test";
import { createMember, uniqueEmail } from "./support/fixtures";
import { linkIn, mailTo, waitForMail } from "./support/mail";
import { useOwnAddress } from "./support/test";

// Forgot password and reset through the mailed link, in both projects. Requests and failed logins
// are counted per client address, so every test comes from an address of its own.
const OLD_PASSWORD = "Quartz-Lantern-42";
const NEW_PASSWORD = "Marble-Harbour-77";
const NEUTRAL = "If an account exists for that email, we have sent a password reset link to it.";
const INVALID = "This password reset link is invalid or has expired. Please request a new one.";

test.beforeEach(async ({ context }) => {
  await useOwnAddress(context);
});

test("forgot password, reset through the mailed link, then only the new password works", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const { email } = await createMember(context, testInfo, { password: OLD_PASSWORD });
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot Password", exact: true }).click();
  await expect(page).toHaveURL("/reset-password");
  await askForLink(page, email);

  const link = linkIn(await waitForMail(email, "Reset Password Notification"), baseURL!);
  await page.goto(link);
  await expect(page.getByText(`Choose a new password for ${email}`)).toBeVisible();

  await page.getByLabel("New Password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm Password").fill("Marble-Harbour-78");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Password do not match")).toBeVisible();
  // Without JavaScript the server answered, and it never sends a password back into the page.
  if (testInfo.project.name === "js-off") await expect(page.getByLabel("New Password")).toHaveValue("");

  await page.getByLabel("New Password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByText("Your password has been reset. Please log in with your new password.")).toBeVisible();

  await logIn(page, email, OLD_PASSWORD);
  await expect(page.getByText("These credentials do not match our records.")).toBeVisible();
  await logIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL("/dashboard");
});

test("a reset link works once", async ({ page, context, baseURL }, testInfo) => {
  const { email } = await createMember(context, testInfo, { password: OLD_PASSWORD });
  await page.goto("/reset-password");
  await askForLink(page, email);
  const link = linkIn(await waitForMail(email, "Reset Password Notification"), baseURL!);

  await page.goto(link);
  await page.getByLabel("New Password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL("/login");

  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await expect(page.getByText(INVALID)).toBeVisible();
  await expect(page.getByLabel("New Password")).toHaveCount(0);
  await page.getByRole("link", { name: "Request a new link" }).click();
  await expect(page).toHaveURL("/reset-password");
});

test("an unknown email gets the same answer and no mail", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "nobody");
  await page.goto("/reset-password");
  await askForLink(page, email);
  // Give a mail that should not exist the time a real one would take.
  await page.waitForTimeout(500);
  expect(mailTo(email)).toEqual([]);
});

async function askForLink(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/reset-password");
  await expect(page.getByText(NEUTRAL)).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}
