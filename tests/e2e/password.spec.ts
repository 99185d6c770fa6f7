import { expect, test, type Page } from "@playwright/test";
import { createMember, signInAs } from "./support/fixtures";

// The Password page (/details/password): the server's message in red on failure, green on success;
// a change signs out the member's other devices.

const CURRENT = "current-Pa55word-1";
const NEW = "brand-new-Pa55word-2";

async function fill(page: Page, fields: { current?: string; next: string; confirm: string }) {
  if (fields.current !== undefined) await page.getByLabel("Current Password", { exact: true }).fill(fields.current);
  await page.getByLabel("New Password", { exact: true }).fill(fields.next);
  await page.getByLabel("Confirm New Password", { exact: true }).fill(fields.confirm);
  await page.getByRole("button", { name: "Save" }).click();
}

test("a wrong current password is refused with a clear message", async ({ page, context }, testInfo) => {
  await createMember(context, testInfo, { password: CURRENT, signIn: true });
  await page.goto("/details/password");
  await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
  await fill(page, { current: "not-my-password", next: NEW, confirm: NEW });

  await expect(page.getByText("The current password is incorrect.")).toBeVisible();
  await expect(page.getByLabel("Current Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
  if (testInfo.project.name === "js-off") {
    // The server never sends passwords back into the page. (With JavaScript the browser keeps what
    // was typed in the fields, as after any refused form.)
    await expect(page.getByLabel("Current Password", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("New Password", { exact: true })).toHaveValue("");
  }
});

test("a new password that does not match its confirmation: 'Password do not match'", async ({
  page,
  context,
}, testInfo) => {
  await createMember(context, testInfo, { password: CURRENT, signIn: true });
  await page.goto("/details/password");
  await fill(page, { current: CURRENT, next: NEW, confirm: `${NEW}-typo` });
  const message = page.getByText("Password do not match", { exact: true });
  await expect(message).toBeVisible();
  await expect(message).toHaveClass(/text-red-700/);
});

test("a common password is refused", async ({ page, context }, testInfo) => {
  await createMember(context, testInfo, { password: CURRENT, signIn: true });
  await page.goto("/details/password");
  await fill(page, { current: CURRENT, next: "sunshine", confirm: "sunshine" });
  await expect(page.getByText("This password is too common. Choose another.")).toBeVisible();
});

test("a change says so in green and signs out the member's other devices, not this one", async ({
  page,
  context,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  const { email } = await createMember(context, testInfo, { password: CURRENT, signIn: true });
  const phone = await browser.newContext({ baseURL, javaScriptEnabled });
  await signInAs(phone, email);
  const phonePage = await phone.newPage();
  await phonePage.goto("/details/user");
  await expect(phonePage).toHaveURL("/details/user");

  await page.goto("/details/password");
  await fill(page, { current: CURRENT, next: NEW, confirm: NEW });
  const success = page.getByRole("status").filter({ hasText: "Password Changed Successfully" });
  await expect(success).toBeVisible();
  await expect(success).toHaveAttribute("data-toast", "success");
  await expect(page).toHaveURL("/details/password");

  await page.goto("/dashboard");
  await expect(page).toHaveURL("/dashboard");
  await phonePage.goto("/dashboard");
  await expect(phonePage).toHaveURL("/login?redirectTo=%2Fdashboard");
  // The other device signs in again with the new password.
  await phonePage.getByLabel("Email", { exact: true }).fill(email);
  await phonePage.getByLabel("Password", { exact: true }).fill(NEW);
  await phonePage.getByRole("button", { name: "Log In" }).click();
  await expect(phonePage).toHaveURL("/dashboard");
  await phone.close();
});

test("a member without a password (Google sign-in) sets one without a current password", async ({
  page,
  context,
}, testInfo) => {
  await createMember(context, testInfo, { signIn: true });
  await page.goto("/details/password");
  await expect(page.getByRole("heading", { name: "Set a Password" })).toBeVisible();
  await expect(page.getByLabel("Current Password", { exact: true })).toHaveCount(0);
  await fill(page, { next: NEW, confirm: NEW });
  await expect(page.getByRole("status").filter({ hasText: "Password Set Successfully" })).toBeVisible();
  await expect(page.getByLabel("Current Password", { exact: true })).toBeVisible();
});

test("too many wrong current passwords are stopped with a message in red", async ({ page, context }, testInfo) => {
  await createMember(context, testInfo, { password: CURRENT, signIn: true });
  await page.goto("/details/password");
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await fill(page, { current: `wrong-${attempt}`, next: NEW, confirm: NEW });
    await expect(page.getByText("The current password is incorrect.")).toBeVisible();
  }
  await fill(page, { current: CURRENT, next: NEW, confirm: NEW });
  const alert = page.getByRole("alert").filter({ hasText: "Too many wrong passwords. Try again in 15 minutes." });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveClass(/text-red-800/);
});

test("Save shows that it is working while the change is sent", async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name === "js-off", "without JavaScript the browser shows its own progress");
  await createMember(context, testInfo, { password: CURRENT, signIn: true });
  await page.goto("/details/password");
  await page.waitForFunction(() => "__remixContext" in window && document.readyState === "complete");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await fill(page, { current: CURRENT, next: NEW, confirm: NEW });
  await expect(page.getByRole("button", { name: "Saving…" })).toBeDisabled();
  release();
  await expect(page.getByRole("status").filter({ hasText: "Password Changed Successfully" })).toBeVisible();
});
