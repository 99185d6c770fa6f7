import { expect, test, type Browser, type BrowserContext } from "@playwright/test";
import { createMember, signInAs } from "./support/fixtures";

// Logout ends this device's session; 'Log Out of all Devices' ends the member's sessions on every
// device. Two browser contexts are two devices of the same member.

interface DeviceOptions {
  baseURL: string | undefined;
  javaScriptEnabled: boolean;
}

/** A second browser with the project's settings (a context made by hand does not inherit them). */
function newDevice(browser: Browser, options: DeviceOptions): Promise<BrowserContext> {
  return browser.newContext({ baseURL: options.baseURL, javaScriptEnabled: options.javaScriptEnabled });
}

async function memberCookies(context: BrowserContext) {
  return (await context.cookies()).filter((cookie) => cookie.name === "__member");
}

async function twoDevices(browser: Browser, options: DeviceOptions, testInfo: Parameters<typeof createMember>[1]) {
  const laptop = await newDevice(browser, options);
  const phone = await newDevice(browser, options);
  const { email } = await createMember(laptop, testInfo, { firstName: "Meera", signIn: true });
  await signInAs(phone, email);
  return { laptop, phone, email };
}

test("Logout signs out this device only and clears its cookie", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  const { laptop, phone } = await twoDevices(browser, { baseURL, javaScriptEnabled }, testInfo);
  const page = await laptop.newPage();
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome, Meera Member" })).toBeVisible();

  const sidebar = page.getByRole("complementary");
  await sidebar.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");
  expect(await memberCookies(laptop)).toEqual([]);
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard");
  // Signed out on this device by the member's own hand: no 'Unauthenticated' toast (decision 077).
  await expect(page.getByText("Unauthenticated")).toHaveCount(0);

  const phonePage = await phone.newPage();
  await phonePage.goto("/dashboard");
  await expect(phonePage).toHaveURL("/dashboard");
  await expect(phonePage.getByRole("heading", { name: "Welcome, Meera Member" })).toBeVisible();
  await laptop.close();
  await phone.close();
});

test("'Log Out of all Devices' signs out every device of the member", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  const { laptop, phone } = await twoDevices(browser, { baseURL, javaScriptEnabled }, testInfo);
  const phonePage = await phone.newPage();
  await phonePage.goto("/dashboard");
  await expect(phonePage).toHaveURL("/dashboard");

  const page = await laptop.newPage();
  await page.goto("/details/user");
  const sidebar = page.getByRole("complementary");
  await sidebar.getByRole("checkbox", { name: "Log Out of all Devices" }).check();
  await sidebar.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");
  expect(await memberCookies(laptop)).toEqual([]);

  // The other device finds itself signed out at its next request, and its stale cookie is removed.
  await phonePage.goto("/details/user");
  await expect(phonePage).toHaveURL("/login?redirectTo=%2Fdetails%2Fuser");
  await expect(phonePage.getByRole("alert").filter({ hasText: "Unauthenticated" })).toBeVisible();
  expect(await memberCookies(phone)).toEqual([]);
  await laptop.close();
  await phone.close();
});

test("on a phone, Logout in the header menu works the same", async ({ page, context }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await createMember(context, testInfo, { signIn: true });
  await page.goto("/dashboard");
  await page.getByText("Menu", { exact: true }).click();
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");
  expect(await memberCookies(context)).toEqual([]);
});

test("another member's sessions are not touched by 'Log Out of all Devices'", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  const { laptop, phone } = await twoDevices(browser, { baseURL, javaScriptEnabled }, testInfo);
  const stranger = await newDevice(browser, { baseURL, javaScriptEnabled });
  await createMember(stranger, testInfo, { firstName: "Kiran", signIn: true });

  const page = await laptop.newPage();
  await page.goto("/dashboard");
  await page.getByRole("complementary").getByRole("checkbox", { name: "Log Out of all Devices" }).check();
  await page.getByRole("complementary").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");

  const strangerPage = await stranger.newPage();
  await strangerPage.goto("/dashboard");
  await expect(strangerPage.getByRole("heading", { name: "Welcome, Kiran Member" })).toBeVisible();
  await Promise.all([laptop.close(), phone.close(), stranger.close()]);
});
