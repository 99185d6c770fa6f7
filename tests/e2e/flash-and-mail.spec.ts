import { expect, test } from "@playwright/test";
import { createMember, uniqueEmail } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { useOwnAddress } from "./support/test";

// The flash-message flow (a real form, validated on the server, that redirects with a toast), and
// the mail outbox that the end-to-end harness and the demo mount at /dev/mail (never `npm start`).

test("a form post redirects with a flash message that shows once", async ({ page, context }, testInfo) => {
  await createMember(context, testInfo, { signIn: true });
  await page.goto("/details/user");
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByLabel("Phone / Mobile").fill("9876543210");
  await page.getByRole("button", { name: "Save" }).click();

  const toast = page.getByRole("status").filter({ hasText: "Details Saved Successfully" });
  await expect(toast).toBeVisible();
  await expect(page).toHaveURL("/details/user");

  if (testInfo.project.name === "js-on") {
    // With JavaScript the toast hides itself after 4 seconds.
    await expect(toast).toBeHidden({ timeout: 6_000 });
  } else {
    // Without JavaScript it stays until the next page: the flash is consumed by this render.
    await page.reload();
    await expect(page.getByText("Details Saved Successfully")).toHaveCount(0);
  }
});

test("the outbox lists a mail the app sent and opens it", async ({ page, context }, testInfo) => {
  const email = uniqueEmail(testInfo, "outbox");
  await createMember(context, testInfo, { email, password: "Quartz-Lantern-42" });
  await useOwnAddress(context);
  await page.goto("/reset-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Submit" }).click();
  const mail = await waitForMail(email, "Reset Password Notification");

  await page.goto("/dev/mail");
  await page.getByRole("row").filter({ hasText: email }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(mail.subject);
  await expect(page.getByText(`To ${email}`)).toBeVisible();
});
