import { expect, test, type Page } from "@playwright/test";
import { createMember } from "./support/fixtures";
import { waitForMail } from "./support/mail";

// Issue 15, point 9 with JavaScript on and off (docs/decisions/039-payout-account-changes.md): a
// payout account is added with the member's password (or a mailed code without one), it can
// receive withdrawals only after the cooling-off period (24 hours on the test server), which the
// account page and the withdraw form show, and the member is mailed about it and about withdrawals.

const PASSWORD = "Member#Secret-42";
const USABLE_FROM = /\d{1,2} \w+ \d{4}, \d\d:\d\d UTC/;

function upiForm(page: Page) {
  return page.getByRole("form", { name: "UPI account" });
}

function toast(page: Page, message: string) {
  return page.getByRole("status").filter({ hasText: message });
}

test("a member adds a payout account with the password, sees the cooling-off, and gets the mail", async ({
  page,
  context,
}, testInfo) => {
  const { email } = await createMember(context, testInfo, { signIn: true, password: PASSWORD, points: 2000 });
  await page.goto("/account");
  await expect(page.getByText("adding an account needs your current password")).toBeVisible();
  await expect(page.getByText("A new account can receive withdrawals 24 hours after it is added.")).toBeVisible();
  const form = upiForm(page);
  await form.getByLabel("Account Holder Name").fill("Asha Rao");
  await form.getByLabel("UPI ID").fill("asha@okhdfc");
  await form.getByLabel("Your current password").fill("Wrong#Password-1");
  await form.getByRole("button", { name: "Add UPI account" }).click();
  await expect(form.getByText("The password is incorrect. Nothing was saved.")).toBeVisible();
  await expect(form.getByLabel("UPI ID")).toHaveValue("asha@okhdfc");
  await expect(form.getByLabel("Your current password")).toHaveValue("");
  await expect(page.getByRole("region", { name: "Payment accounts" }).getByRole("listitem")).toHaveCount(0);

  await form.getByLabel("Your current password").fill(PASSWORD);
  await form.getByRole("button", { name: "Add UPI account" }).click();
  await expect(toast(page, "UPI Account Added Successfully")).toBeVisible();
  const notice = page.getByText(/^New account: it can receive withdrawals from /);
  await expect(notice).toBeVisible();
  const usableFrom = ((await notice.textContent()) ?? "").match(USABLE_FROM)?.[0];
  expect(usableFrom).toBeTruthy();

  const mail = await waitForMail(email, "New UPI payout account added");
  expect(mail.text).toContain("UPI · asha@okhdfc");
  expect(mail.text).toContain(`Withdrawals can be paid to it from ${usableFrom}.`);
  expect(mail.text).toContain("If this was not you, delete this payout account on your Account page");

  // The withdraw form shows the same time, and the server refuses a withdrawal before it.
  await page.goto("/points");
  const choice = page.getByLabel(/UPI · asha@okhdfc/);
  await expect(page.getByText(`(new: can receive withdrawals from ${usableFrom})`)).toBeVisible();
  await page.getByLabel("Points to withdraw").fill("1000");
  await choice.check();
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(
    page.getByText(
      `Your UPI account was added recently. For your safety it can receive withdrawals from ${usableFrom}.`,
    ),
  ).toBeVisible();
  await expect(page.getByTestId("points-balance")).toHaveText("2000");
});

test("a member who signs up with Google asks for a code by mail and adds the account with it", async ({
  page,
  context,
}, testInfo) => {
  const { email } = await createMember(context, testInfo, { signIn: true });
  await page.goto("/account");
  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect(toast(page, `We emailed a code to ${email}.`)).toBeVisible();
  const mail = await waitForMail(email, "Your code to add a payout account");
  const code = /is (\d{6})\./.exec(mail.text)?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);

  const form = upiForm(page);
  await form.getByLabel("Account Holder Name").fill("Asha Rao");
  await form.getByLabel("UPI ID").fill("asha@okhdfc");
  await form.getByLabel("Code from the email").fill(code === "000000" ? "111111" : "000000");
  await form.getByRole("button", { name: "Add UPI account" }).click();
  await expect(form.getByText(/^This code is wrong, has expired or was already used\./)).toBeVisible();

  await form.getByLabel("Code from the email").fill(code);
  await form.getByRole("button", { name: "Add UPI account" }).click();
  await expect(toast(page, "UPI Account Added Successfully")).toBeVisible();
  await expect(page.getByText(/^New account: it can receive withdrawals from /)).toBeVisible();
});

test("a withdrawal goes to a usable account while a new one cools off, and the member is mailed", async ({
  page,
  context,
}, testInfo) => {
  const { email } = await createMember(context, testInfo, {
    signIn: true,
    points: 2000,
    paymentAccounts: [
      { method: "upi", holderName: "Asha Rao", upiId: "asha@okhdfc" },
      {
        method: "bank",
        holderName: "Asha Rao",
        bankName: "HDFC Bank",
        bankAccountNumber: "001234567890",
        bankIfsc: "HDFC0000123",
        usableInHours: 24,
      },
    ],
  });
  await page.goto("/points");
  await expect(page.getByText(/^\(new: can receive withdrawals from /)).toHaveCount(1);
  const choice = (summary: RegExp) => page.locator("label").filter({ hasText: summary });
  await expect(choice(/Bank · HDFC Bank/)).toContainText("(new: can receive withdrawals from");
  await expect(choice(/UPI · asha@okhdfc/)).not.toContainText("new:");

  await page.getByLabel("Points to withdraw").fill("1000");
  await page.getByLabel(/UPI · asha@okhdfc/).check();
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page).toHaveURL("/activities/PointsRecords");
  const mail = await waitForMail(email, /^Withdrawal WD\w+ requested$/);
  expect(mail.text).toContain("You asked to withdraw 1000 points (₹ 100.00) to UPI · asha@okhdfc.");
  expect(mail.text).toContain("If this was not you, change your password");
});
