import { expect, test } from "@playwright/test";

// The development outbox doubles as the foundation's flash-message flow: a real form, validated on
// the server, that redirects with a toast.

test("a form post redirects with a flash message that shows once", async ({ page }, testInfo) => {
  const address = `flash-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto("/dev/mail");
  await page.getByLabel("Send a test message to").fill(address);
  await page.getByRole("button", { name: "Send test message" }).click();

  const toast = page.getByRole("status").filter({ hasText: `Test message sent to ${address}` });
  await expect(toast).toBeVisible();
  await expect(page).toHaveURL("/dev/mail");
  await expect(page.getByRole("row").filter({ hasText: address })).toContainText("Test message from Survey Panel");

  if (testInfo.project.name === "js-on") {
    // With JavaScript the toast hides itself after 4 seconds.
    await expect(toast).toBeHidden({ timeout: 6_000 });
  } else {
    // Without JavaScript it stays until the next page: the flash is consumed by this render.
    await page.reload();
    await expect(page.getByText(`Test message sent to ${address}`)).toHaveCount(0);
  }
});

test("a bad address is refused with a message, keeps the value and sends nothing", async ({ page }) => {
  await page.goto("/dev/mail");
  // Accepted by the browser's own e-mail check, refused by the server's schema.
  await page.getByLabel("Send a test message to").fill("ops@localhost");
  await page.getByRole("button", { name: "Send test message" }).click();

  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
  await expect(page.getByLabel("Send a test message to")).toHaveValue("ops@localhost");
  await expect(page.getByLabel("Send a test message to")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("row").filter({ hasText: "ops@localhost" })).toHaveCount(0);
});

test("a sent message opens with its recipient and body", async ({ page }, testInfo) => {
  const address = `open-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto("/dev/mail");
  await page.getByLabel("Send a test message to").fill(address);
  await page.getByRole("button", { name: "Send test message" }).click();
  await page.getByRole("row").filter({ hasText: address }).getByRole("link").click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Test message from Survey Panel");
  await expect(page.getByText(address)).toBeVisible();
  await expect(page.getByText("Mail is being delivered.").first()).toBeVisible();
});
