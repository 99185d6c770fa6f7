import { expect, test, type Page } from "@playwright/test";
import { createMember } from "./support/fixtures";

// Deleting an account at /account/delete, with and without JavaScript: the account closes at once,
// the member is signed out and cannot sign in again; a wrong password changes nothing.

const PASSWORD = "my-own-Pa55word-7";
const CLOSED = "Your account has been closed and you have been signed out.";

async function deleteAccount(page: Page, password: string) {
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel(/I understand that my account is closed now/).check();
  await page.getByRole("button", { name: "Delete my account" }).click();
}

test("a member deletes their account, is signed out and cannot sign in again", async ({ page, context }, testInfo) => {
  const { email } = await createMember(context, testInfo, { password: PASSWORD, points: 120, signIn: true });
  await page.goto("/account/delete");
  await expect(page.getByRole("heading", { name: "Delete Account" })).toBeVisible();
  await expect(page.getByText("120 points", { exact: true })).toBeVisible();
  await expect(page.getByText(/erased within 30 days/)).toBeVisible();

  await deleteAccount(page, PASSWORD);
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("status").filter({ hasText: CLOSED })).toBeVisible();
  expect((await context.cookies()).filter((cookie) => cookie.name === "__member")).toEqual([]);

  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByText("This account has been closed.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("a wrong password is refused and the account stays open", async ({ page, context }, testInfo) => {
  await createMember(context, testInfo, { password: PASSWORD, signIn: true });
  await page.goto("/account/delete");
  await deleteAccount(page, "not-my-Pa55word");

  await expect(page.getByText("The password is incorrect.")).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL("/account/delete");
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/dashboard");
});
