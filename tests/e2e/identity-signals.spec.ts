import { signInAsAdmin } from "./support/admin";
import { createAdmin, createMember, uniqueEmail } from "./support/fixtures";
import { expect, test, useOwnAddress } from "./support/test";

// Signals about identity (issue 20 point 1, decision 070), with JavaScript on and off: a disposable
// address is refused at registration with the message; two accounts signed in one after the other
// on one browser get a shared-device signal, which the admin reads on the member's page.

const PASSWORD = "Tamarind-Monsoon-42";
const DISPOSABLE =
  "This looks like a disposable email address. Please register with an address you will keep: we send your survey invitations and payout updates there.";

test("a disposable address is refused at registration with the message", async ({ page }, testInfo) => {
  await useOwnAddress(page);
  await page.goto("/register");
  await page.getByLabel("First Name").fill("Asha");
  await page.getByLabel("Last Name").fill("Rao");
  await page.getByLabel("Email").fill(`asha-${testInfo.project.name}-${Date.now()}@mailinator.com`);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByText(DISPOSABLE)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Step 2 of 2")).toHaveCount(0);
});

test("two accounts signed in one after the other on one browser get a shared-device signal", async ({
  page,
  context,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  // Two password sign-ins, two sign-outs and an admin's sign-in on a shared, busy machine.
  test.setTimeout(90_000);
  await useOwnAddress(context);
  const first = await createMember(context, testInfo, { password: PASSWORD, firstName: "Meera" });
  const second = await createMember(context, testInfo, {
    password: PASSWORD,
    firstName: "Kiran",
    email: uniqueEmail(testInfo, "second"),
  });

  for (const member of [first, second]) {
    await page.goto("/login");
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL("/dashboard", { timeout: 15_000 });
    await page.getByRole("complementary").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");
  }
  // The browser keeps one device cookie through both sign-ins, HttpOnly.
  const device = (await context.cookies()).filter((cookie) => cookie.name === "__device");
  expect(device).toHaveLength(1);
  expect(device[0].httpOnly).toBe(true);

  // The admin reads it on another computer.
  const office = await browser.newContext({ baseURL, javaScriptEnabled });
  const adminPage = await office.newPage();
  await signInAsAdmin(adminPage, await createAdmin(office, testInfo));
  await adminPage.goto(`/admin/users/${second.id}`);
  const quality = adminPage.getByRole("region", { name: "Quality" });
  await expect(quality.getByTestId("quality-score")).toHaveText("75 of 100");
  const signal = quality.getByTestId("quality-signal");
  await expect(signal).toContainText("Shared device");
  await expect(signal).toContainText(`Signed in on a browser that member #${first.id} also signed in on.`);

  await adminPage.goto(`/admin/users/${first.id}`);
  await expect(adminPage.getByRole("region", { name: "Quality" }).getByTestId("quality-signal")).toContainText(
    `Signed in on a browser that member #${second.id} also signed in on.`,
  );
  await office.close();
});
