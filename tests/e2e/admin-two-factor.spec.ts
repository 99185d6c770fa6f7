import { generateTOTP } from "@epic-web/totp";
import { expect, test, type Page } from "@playwright/test";
import { createAdmin } from "./support/fixtures";
import { signInAsAdmin } from "./support/admin";
import { waitForMail } from "./support/mail";

// Admin two-factor sign-in with JavaScript on and off (decision 037): an admin of the test's own
// enrols by typing the key shown beside the QR code into "the app" (the same TOTP library, here),
// keeps the recovery codes, and signs in again with a recovery code (once only) and with a code.

const TOTP = { period: 30, digits: 6, algorithm: "SHA-1" } as const;
const stepNow = () => Math.floor(Date.now() / 1000 / TOTP.period);

async function signOut(page: Page, name: string) {
  await page.goto("/admin/dash");
  await page.getByText(`Hi, ${name}`).click();
  await page.getByRole("button", { name: "LOGOUT" }).click();
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
}

async function passwordStep(page: Page, admin: { email: string; password: string }) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL("/admin/verify-code", { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Enter your sign-in code" })).toBeVisible();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

test("enrol, then sign in with a recovery code (once only) and with a code from the app", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  const admin = await createAdmin(context, testInfo, "Enrol#Panel-2026");
  await signInAsAdmin(page, admin);

  await page.getByText(`Hi, ${admin.name}`).click();
  await page.getByRole("link", { name: "Two-factor sign-in" }).click();
  await expect(page).toHaveURL("/admin/two-factor");
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg")).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByText("That code is not right. Enter the 6-digit code your app shows now.")).toBeVisible();

  const enrolStep = stepNow();
  await page.getByLabel("Code from the app").fill((await generateTOTP({ ...TOTP, secret })).otp);
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in is on" })).toBeVisible();
  const recoveryCodes = await page
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await page.getByRole("link", { name: "Continue to the dashboard" }).click();
  await expect(page).toHaveURL("/admin/dash");

  // The password alone no longer opens the back office.
  await signOut(page, admin.name);
  await passwordStep(page, admin);
  expect((await page.goto("/admin/dash"))?.status()).toBe(404);

  // A recovery code signs in once.
  await passwordStep(page, admin);
  await enterCode(page, recoveryCodes[0]);
  await expect(page).toHaveURL("/admin/dash");
  await signOut(page, admin.name);
  await passwordStep(page, admin);
  await enterCode(page, recoveryCodes[0]);
  await expect(page.getByText(/That code is not right, or it has been used already/)).toBeVisible();
  await expect(page).toHaveURL("/admin/verify-code");

  // A code from the app: the one used to enrol is spent, so wait for the app's next one.
  while (stepNow() <= enrolStep) await page.waitForTimeout(1000);
  await enterCode(page, (await generateTOTP({ ...TOTP, secret })).otp);
  await expect(page).toHaveURL("/admin/dash");
  await expect(page.getByText(`Hi, ${admin.name}`)).toBeVisible();
});

test("someone else signed in with the same password sees another key, and is signed out when the admin turns two-factor on", async ({
  page,
  context,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(60_000);
  const admin = await createAdmin(context, testInfo, "Stolen#Panel-2026");
  const otherContext = await browser.newContext({ baseURL, javaScriptEnabled });
  try {
    const other = await otherContext.newPage();
    await signInAsAdmin(other, admin);
    await other.goto("/admin/two-factor");
    const otherSecret = (await other.getByTestId("totp-secret").textContent())?.trim();

    await signInAsAdmin(page, admin);
    await page.goto("/admin/two-factor");
    const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(secret).not.toBe(otherSecret);
    await page.getByLabel("Code from the app").fill((await generateTOTP({ ...TOTP, secret })).otp);
    await page.getByRole("button", { name: "Turn on two-factor" }).click();
    await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    // Shown once: the page again says two-factor is on, without the codes.
    await page.reload();
    await expect(page.getByText(/Two-factor sign-in is on since/)).toBeVisible();
    await expect(page.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
    await page.getByRole("link", { name: "Continue to the dashboard" }).click();
    await expect(page.getByText(`Hi, ${admin.name}`)).toBeVisible();

    // The other session has ended: neither the back office nor the enrolment page opens.
    expect((await other.goto("/admin/dash"))?.status()).toBe(404);
    expect((await other.goto("/admin/two-factor"))?.status()).toBe(404);

    const mail = await waitForMail(admin.email, "Two-factor sign-in is on for your admin account");
    expect(mail.text).toContain("If this was not you");
  } finally {
    await otherContext.close();
  }
});
