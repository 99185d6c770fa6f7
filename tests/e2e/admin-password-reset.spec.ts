import { expect, test } from "@playwright/test";
import { createAdmin } from "./support/fixtures";
import { linkIn, waitForMail } from "./support/mail";
import { useOwnAddress } from "./support/test";

// 'Forgot Your Password' on the admin sign-in, with JavaScript on and off: the mailed link leads to
// the admin reset page, and afterwards only the new password signs the admin in.
const NEW_PASSWORD = "Harbour-Lantern-93";

test.beforeEach(async ({ context }) => {
  await useOwnAddress(context);
});

test("an admin resets a forgotten password by mail and signs in with the new one", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const admin = await createAdmin(context, testInfo);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Forgot Your Password?" }).click();
  await expect(page).toHaveURL("/admin/forgot-password");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(
    page.getByText("If an account exists for that email, we have sent a password reset link to it."),
  ).toBeVisible();

  const link = linkIn(await waitForMail(admin.email, "Reset Password Notification"), baseURL!);
  expect(new URL(link).pathname).toMatch(/^\/admin\/reset-password\//);
  await page.goto(link);
  await expect(page.getByText(`Choose a new password for ${admin.email}`)).toBeVisible();
  await page.getByLabel("New Password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm Password").fill(NEW_PASSWORD + "x");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Password do not match")).toBeVisible();
  await page.getByLabel("New Password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByText("Your password has been reset. Please log in with your new password.")).toBeVisible();

  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("These credentials do not match our records.")).toBeVisible();
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL("/admin/dash");

  // The audit log records the reset.
  await page.goto("/admin/audit");
  await expect(
    page.getByRole("row").filter({ hasText: "admin.password_reset" }).filter({ hasText: admin.email }),
  ).toBeVisible();
});
