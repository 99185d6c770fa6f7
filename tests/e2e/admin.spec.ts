import { expect, test, type Page } from "@playwright/test";
import { createAdmin, createMember } from "./support/fixtures";
import { DEMO_ADMIN, signInAsAdmin } from "./support/admin";

// Admin sign-in, the admin guard (a 404 for everyone else) and admin logout, with JavaScript on
// and off. The seeded demo admin signs in where nothing ends its sessions; the logout tests use an
// admin of their own. Wrong passwords use an unknown address, so no admin's counter is spent.

const ADMIN = DEMO_ADMIN;

test("a guest opening any admin page gets the 404 page", async ({ page }) => {
  for (const path of ["/admin/dash", "/admin/home", "/admin/survey", "/admin/users", "/admin/admins/view"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  }
});

test("a signed-in member opening the admin area gets the 404 page", async ({ page, context }, testInfo) => {
  await createMember(context, testInfo, { signIn: true });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  const response = await page.goto("/admin/dash");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});

test("an admin signs in, sees the dashboard card, and /admin leads back to it", async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.getByText(`Hi, ${ADMIN.name}`)).toBeVisible();
  const card = page.getByRole("region").or(page.locator("section")).filter({ hasText: "Pending Withdrawal Requests" });
  await expect(card.getByTestId("pending-withdrawals")).toHaveText(/^\d+$/);
  await expect(card.getByRole("link", { name: "Approve Request" })).toHaveAttribute("href", "/admin/withdrawal/req");
  const navigation = page.getByRole("navigation", { name: "Admin" });
  for (const label of ["AdminDashboard", "AdminSurvey", "AdminUser"]) {
    await expect(navigation.getByRole("link", { name: label })).toBeVisible();
  }
  await page.goto("/admin");
  await expect(page).toHaveURL("/admin/dash");
  await page.goto("/admin/home");
  await expect(page).toHaveURL("/admin/dash");
});

test("the survey section has its secondary menu", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "AdminSurvey" }).click();
  await expect(page).toHaveURL("/admin/survey");
  const menu = page.getByRole("navigation", { name: "Survey section" });
  const links: [string, string][] = [
    ["Surveys", "/admin/survey"],
    ["ProfileSurvey", "/admin/profilesurvey"],
    ["Create Screener", "/admin/screenercreate"],
    ["Screener List", "/admin/screener/list"],
    ["Assign Surveys", "/admin/surveysassignv2"],
  ];
  for (const [label, href] of links) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
  }
});

test("a wrong password is refused with a message and the password is not kept", async ({ page }, testInfo) => {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(`nobody-${testInfo.project.name}@panel.test`);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("These credentials do not match our records.")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expect(page).toHaveURL(/\/admin(\?index)?$/);
});

// Two devices of one admin of the test's own, both signed in; LOGOUT is then pressed on the first.
const twoDevices = test.extend<{ devices: { admin: { name: string }; one: Page; two: Page } }>({
  devices: async ({ browser, context, page, baseURL, javaScriptEnabled }, use, testInfo) => {
    const admin = await createAdmin(context, testInfo);
    // A second device with the project's settings (a context made by hand does not inherit them).
    const second = await browser.newContext({ baseURL, javaScriptEnabled });
    const two = await second.newPage();
    await signInAsAdmin(page, admin);
    await signInAsAdmin(two, admin);
    await use({ admin, one: page, two });
    await second.close();
  },
});

twoDevices("'Log Out of all Devices' signs the admin out on every browser", async ({ devices }) => {
  const { admin, one, two } = devices;
  await one.getByText(`Hi, ${admin.name}`).click();
  await one.getByRole("checkbox", { name: "Log Out of all Devices" }).check();
  await one.getByRole("button", { name: "LOGOUT" }).click();
  await expect(one).toHaveURL("/admin");
  await expect(one.getByRole("heading", { name: "Admin Login" })).toBeVisible();

  expect((await two.goto("/admin/dash"))?.status()).toBe(404);
});

twoDevices("LOGOUT alone signs out only this browser", async ({ devices }) => {
  const { admin, one, two } = devices;
  await one.getByText(`Hi, ${admin.name}`).click();
  await one.getByRole("button", { name: "LOGOUT" }).click();
  await expect(one).toHaveURL("/admin");
  expect((await one.goto("/admin/dash"))?.status()).toBe(404);

  expect((await two.goto("/admin/dash"))?.status()).toBe(200);
});
