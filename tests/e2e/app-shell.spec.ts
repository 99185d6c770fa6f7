import { expect, test } from "@playwright/test";
import { createMember } from "./support/fixtures";

test("the landing page names the product and offers Login and Sign Up", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Survey Panel");
  await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  await expect(page.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/register");
});

test("an unknown path shows the 404 page with a link home", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to home" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Survey Panel");
});

test("the page is readable on a 320 px wide screen", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a slow navigation shows the progress bar until the page arrives", async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name === "js-off", "without JavaScript the browser shows its own progress");
  await createMember(context, testInfo, { signIn: true });
  await page.goto("/details/user");
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByLabel("Phone / Mobile").fill("9876543210");
  await page.waitForFunction(() => "__remixContext" in window && document.readyState === "complete");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });

  await page.getByRole("button", { name: "Save" }).click();
  const bar = page.getByRole("progressbar", { name: "Loading" });
  await expect(bar).toBeVisible();
  await expect(page.getByRole("button", { name: "Saving…" })).toBeDisabled();

  release();
  await expect(page.getByRole("status").filter({ hasText: "Details Saved Successfully" })).toBeVisible();
  await expect(bar).toBeHidden();
});
