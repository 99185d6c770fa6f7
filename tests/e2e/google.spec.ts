import { expect, test, type Page } from "@playwright/test";
import { createMember, uniqueEmail } from "./support/fixtures";

// Google sign-in against the mock (GOOGLE_MOCK=1 in playwright.config.ts): the real
// remix-auth-google flow, with /dev/google/authorize as the consent screen and the token and
// profile calls answered by msw inside the test server.

test("a new Google account becomes a member, agrees to the terms and is sent on to My Detail", async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "google-new");
  await openConsentScreen(page);
  await useAnotherAccount(page, { givenName: "Meera", familyName: "Iyer", email });
  // Google sign-up shows no terms, so the member area asks first (decision 067), then the
  // dashboard sends the new member on to fill in My Detail.
  await expect(page).toHaveURL("/terms/agree?redirectTo=%2Fdashboard");
  await page.getByRole("checkbox", { name: /I have read and agree to the Terms and Conditions/ }).check();
  await page.getByRole("button", { name: "Agree and continue" }).click();
  await expect(page).toHaveURL("/details/user");
  expect((await context.cookies()).find((cookie) => cookie.name === "__member")).toBeDefined();
});

test("an existing verified member is linked and lands on the dashboard", async ({ page, context }, testInfo) => {
  const { email } = await createMember(context, testInfo, {
    password: "Quartz-Lantern-42",
    firstName: "Ravi",
    lastName: "Kumar",
  });
  await openConsentScreen(page);
  await useAnotherAccount(page, { givenName: "Ravi", familyName: "Kumar", email });
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome, Ravi Kumar" })).toBeVisible();

  // Next time the account is listed on the consent screen, and one click signs in.
  await page.context().clearCookies();
  await openConsentScreen(page);
  await page.getByRole("button", { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).click();
  await expect(page).toHaveURL("/dashboard");
});

test("an email Google has not verified is refused", async ({ page }, testInfo) => {
  await openConsentScreen(page);
  await useAnotherAccount(page, {
    givenName: "Nope",
    familyName: "Unverified",
    email: uniqueEmail(testInfo, "google-unverified"),
    verified: false,
  });
  await expect(page).toHaveURL("/login");
  await expect(page.getByText("Something went wrong! Try Again.")).toBeVisible();
});

test("cancelling on the consent screen goes back to Login with the toast", async ({ page }) => {
  await openConsentScreen(page);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByText("Something went wrong! Try Again.")).toBeVisible();
});

async function openConsentScreen(page: Page) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/\/dev\/google\/authorize\?/);
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
}

async function useAnotherAccount(
  page: Page,
  account: { givenName: string; familyName: string; email: string; verified?: boolean },
) {
  await page.getByLabel("First name").fill(account.givenName);
  await page.getByLabel("Last name").fill(account.familyName);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  if (account.verified === false) await page.getByLabel("Google has verified this email").uncheck();
  await page.getByRole("button", { name: "Continue" }).click();
}
