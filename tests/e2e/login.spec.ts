import { expect, test, type Page } from "@playwright/test";
import { createMember } from "./support/fixtures";
import { useOwnAddress } from "./support/test";

// Log in, in both projects (JavaScript on and off). Failed logins are counted per client address
// too, so every test comes from an address of its own and never locks out another test.
const PASSWORD = "Quartz-Lantern-42";
const FAILED = "These credentials do not match our records.";

test.beforeEach(async ({ context }) => {
  await useOwnAddress(context);
});

test("logs in without remember me: a browser-session cookie", async ({ page, context }, testInfo) => {
  const { email } = await createMember(context, testInfo, { password: PASSWORD });
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
  const cookie = (await context.cookies()).find((candidate) => candidate.name === "__member");
  expect(cookie?.expires).toBe(-1);
  expect(cookie?.httpOnly).toBe(true);
});

test("logs in with remember me: a cookie that lasts 7 days", async ({ page, context }, testInfo) => {
  const { email } = await createMember(context, testInfo, { password: PASSWORD });
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL("/dashboard");
  const cookie = (await context.cookies()).find((candidate) => candidate.name === "__member");
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / (24 * 60 * 60 * 1000);
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThan(7.01);
});

test("a wrong password shows the message under the password field and is not kept", async ({
  page,
  context,
}, testInfo) => {
  const { email } = await createMember(context, testInfo, { password: PASSWORD });
  await logIn(page, email, "Not-The-Password-1");
  const password = page.getByLabel("Password", { exact: true });
  const message = page.getByText(FAILED);
  await expect(message).toBeVisible();
  await expect(page).toHaveURL("/login");
  // The message sits right under the password field.
  const fieldBox = await password.boundingBox();
  const messageBox = await message.boundingBox();
  expect(messageBox!.y).toBeGreaterThan(fieldBox!.y);
  expect(messageBox!.y - (fieldBox!.y + fieldBox!.height)).toBeLessThan(80);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(password).toHaveValue("");
  expect(await page.content()).not.toContain("Not-The-Password-1");
  expect((await context.cookies()).find((candidate) => candidate.name === "__member")).toBeUndefined();
});

test("an unknown email gets the same message", async ({ page }, testInfo) => {
  await logIn(page, `nobody-${testInfo.project.name}-${Date.now()}@example.com`, PASSWORD);
  await expect(page.getByText(FAILED)).toBeVisible();
});

test("the 6th attempt after 5 failures is refused, even with the right password", async ({
  page,
  context,
}, testInfo) => {
  const { email } = await createMember(context, testInfo, { password: PASSWORD });
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await logIn(page, email, `Wrong-Password-${attempt}`);
    await expect(page.getByText(FAILED)).toBeVisible();
  }
  await logIn(page, email, PASSWORD);
  await expect(page.getByText("Too many failed attempts. Try again in 15 minutes.")).toBeVisible();
  await expect(page).toHaveURL("/login");
});

test("after a guard sent the member to log in, they come back where they were going", async ({
  page,
  context,
}, testInfo) => {
  const { email } = await createMember(context, testInfo, { password: PASSWORD });
  await page.goto("/dashboard?page=2");
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/dashboard?page=2")}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL("/dashboard?page=2");
});

test("a redirectTo to another site is ignored", async ({ page, context }, testInfo) => {
  const { email } = await createMember(context, testInfo, { password: PASSWORD });
  await page.goto(`/login?redirectTo=${encodeURIComponent("//evil.example/")}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL("/dashboard");
});

test("the page links to Forgot Password, Sign Up and the panel's information", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("link", { name: "Forgot Password", exact: true })).toHaveAttribute(
    "href",
    "/reset-password",
  );
  await expect(page.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/register");
  const side = page.getByRole("navigation", { name: "About the panel" });
  for (const [name, href] of [
    ["About Us", "/about-us"],
    ["Cookies Policy", "/cookie-policies"],
    ["FAQ", "/#faq"],
    ["Terms", "/terms-and-conditions"],
    ["Privacy", "/privacy-policies"],
  ]) {
    await expect(side.getByRole("link", { name })).toHaveAttribute("href", href);
  }
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
});

test("show/hide password with JavaScript; a plain password field without", async ({ page }, testInfo) => {
  await page.goto("/login");
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("type", "password");
  if (testInfo.project.name === "js-off") {
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(0);
    return;
  }
  await password.fill("Visible-Now-12");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(password).toHaveValue("Visible-Now-12");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
});

test("a signed-in member opening /login goes to Landing", async ({ page, context }, testInfo) => {
  const { email } = await createMember(context, testInfo, { password: PASSWORD });
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL("/dashboard");
  await page.goto("/login");
  await expect(page).toHaveURL("/");
});

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}
