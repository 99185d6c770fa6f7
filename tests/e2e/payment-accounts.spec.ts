import { expect, test, type Locator, type Page } from "@playwright/test";
import { createMember } from "./support/fixtures";
import { formHydrated } from "./support/forms";

// Payment accounts (/account): add a PayPal, UPI and bank account, each refused first with invalid
// details, see the account number masked, and delete an account (a confirm dialog with JavaScript,
// a required checkbox without it).

function addForm(page: Page, label: "Paypal" | "UPI" | "Bank") {
  return page.getByRole("form", { name: `${label} account` });
}

// Adding an account needs the member's current password (decision 039).
const PASSWORD = "Member#Secret-42";

/** Submits an add-form with the member's password, as a member must. */
async function submitAdd(form: Locator, label: "Paypal" | "UPI" | "Bank") {
  await formHydrated(form, test.info());
  await form.getByLabel("Your current password").fill(PASSWORD);
  await form.getByRole("button", { name: `Add ${label} account` }).click();
}

function savedAccounts(page: Page) {
  return page.getByRole("region", { name: "Payment accounts" }).getByRole("listitem");
}

/** A saved account's card, found by its heading. */
function savedAccount(page: Page, label: "Paypal" | "UPI" | "Bank") {
  return savedAccounts(page).filter({ has: page.getByRole("heading", { name: label, exact: true }) });
}

/** The value shown beside a label on a saved account's card. */
function shown(page: Page, label: "Paypal" | "UPI" | "Bank", field: string) {
  return savedAccount(page, label)
    .locator("dl > div")
    .filter({ has: page.getByRole("term").getByText(field, { exact: true }) })
    .getByRole("definition");
}

function toast(page: Page, message: string) {
  return page.getByRole("status").filter({ hasText: message });
}

test("a PayPal account must use the sign-up email", async ({ page, context }, testInfo) => {
  const { email } = await createMember(context, testInfo, { signIn: true, password: PASSWORD });
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Account", exact: true })).toBeVisible();
  await expect(page.getByText("You have no payment account yet.")).toBeVisible();
  const form = addForm(page, "Paypal");
  // The form starts with the sign-up email, the only one allowed.
  await expect(form.getByLabel("PayPal Email")).toHaveValue(email);

  await form.getByLabel("Account Holder Name").fill("Asha Rao");
  await form.getByLabel("PayPal Email").fill("asha@paypal.example");
  await submitAdd(form, "Paypal");
  await expect(form.getByText(`Your PayPal email must be the email you signed up with: ${email}`)).toBeVisible();
  await expect(form.getByLabel("PayPal Email")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Account Holder Name")).toHaveValue("Asha Rao");
  await expect(savedAccounts(page)).toHaveCount(0);

  await form.getByLabel("PayPal Email").fill(email.toUpperCase());
  await submitAdd(form, "Paypal");
  await expect(toast(page, "Paypal Account Added Successfully")).toBeVisible();
  await expect(shown(page, "Paypal", "PayPal Email")).toHaveText(email);
  await expect(shown(page, "Paypal", "Account Holder Name")).toHaveText("Asha Rao");
  // One account per method: the PayPal form is no longer offered.
  await expect(addForm(page, "Paypal")).toHaveCount(0);
  await expect(addForm(page, "UPI")).toBeVisible();
});

test("a UPI account needs a valid UPI ID and a holder name that starts with a letter", async ({
  page,
  context,
}, testInfo) => {
  await createMember(context, testInfo, { signIn: true, password: PASSWORD });
  await page.goto("/account");
  const form = addForm(page, "UPI");
  // The name goes into the payout file an admin opens in a spreadsheet, where "=…" is a formula.
  await form.getByLabel("Account Holder Name").fill('=HYPERLINK("https://evil.example","Asha Rao")');
  await form.getByLabel("UPI ID").fill("asha.rao");
  await submitAdd(form, "UPI");
  await expect(form.getByText("Enter a valid UPI ID, such as name@bank")).toBeVisible();
  await expect(form.getByText("Start the name with a letter, as your bank shows it")).toBeVisible();
  await expect(form.getByLabel("UPI ID")).toHaveValue("asha.rao");
  await expect(savedAccounts(page)).toHaveCount(0);

  await form.getByLabel("Account Holder Name").fill("Asha Rao");
  await form.getByLabel("UPI ID").fill("Asha.Rao@okhdfcbank");
  await submitAdd(form, "UPI");
  await expect(toast(page, "UPI Account Added Successfully")).toBeVisible();
  await expect(shown(page, "UPI", "UPI ID")).toHaveText("asha.rao@okhdfcbank");
  await expect(addForm(page, "UPI")).toHaveCount(0);
});

test("a bank account needs a 9 to 18 digit number and a valid IFSC, and shows only the last 4 digits", async ({
  page,
  context,
}, testInfo) => {
  await createMember(context, testInfo, { signIn: true, password: PASSWORD });
  await page.goto("/account");
  const form = addForm(page, "Bank");
  await form.getByLabel("Account Holder Name").fill("Asha Rao");
  await form.getByLabel("Bank Name").fill("HDFC Bank");
  await form.getByLabel("Account Number", { exact: true }).fill("12345678");
  await form.getByLabel("IFSC", { exact: true }).fill("HDFC1001234");
  await submitAdd(form, "Bank");
  await expect(form.getByText("Enter a valid account number: 9 to 18 digits")).toBeVisible();
  await expect(form.getByText("Enter a valid IFSC: 11 characters, such as SBIN0001234")).toBeVisible();
  await expect(savedAccounts(page)).toHaveCount(0);

  await form.getByLabel("Account Number", { exact: true }).fill("5010 0123 4567 89");
  await form.getByLabel("IFSC", { exact: true }).fill("hdfc0001234");
  await submitAdd(form, "Bank");
  await expect(toast(page, "Bank Account Added Successfully")).toBeVisible();
  await expect(shown(page, "Bank", "Account Number")).toHaveText("••••••••••6789");
  await expect(shown(page, "Bank", "IFSC")).toHaveText("HDFC0001234");
  await expect(shown(page, "Bank", "Bank Name")).toHaveText("HDFC Bank");
  expect(await page.content()).not.toContain("50100123456789");
});

test("deleting an account asks first, then offers its method again", async ({
  page,
  context,
  javaScriptEnabled,
}, testInfo) => {
  await createMember(context, testInfo, {
    signIn: true,
    paymentAccounts: [
      { method: "upi", holderName: "Asha Rao", upiId: "asha@ybl" },
      {
        method: "bank",
        holderName: "Asha Rao",
        bankName: "SBI",
        bankAccountNumber: "123456789012",
        bankIfsc: "SBIN0001234",
      },
    ],
  });
  await page.goto("/account");
  await expect(shown(page, "Bank", "Account Number")).toHaveText("••••••••9012");
  await expect(addForm(page, "Bank")).toHaveCount(0);
  const card = savedAccount(page, "Bank");
  const confirmation = card.getByLabel("Yes, delete this Bank account");
  if (javaScriptEnabled) {
    // Once hydrated, a confirm dialog replaces the checkbox. Dismissing it keeps the account.
    await expect(confirmation).toHaveCount(0);
    page.once("dialog", (dialog) => dialog.dismiss());
    await card.getByRole("button", { name: "Delete Bank account" }).click();
    await expect(savedAccount(page, "Bank")).toBeVisible();
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("Delete your Bank account? You can add it again later.");
      void dialog.accept();
    });
  } else {
    await expect(confirmation).toHaveAttribute("required", "");
    await confirmation.check();
  }
  await card.getByRole("button", { name: "Delete Bank account" }).click();
  await expect(toast(page, "Bank Account Deleted Successfully")).toBeVisible();
  await expect(savedAccount(page, "Bank")).toHaveCount(0);
  await expect(savedAccount(page, "UPI")).toBeVisible();
  await expect(addForm(page, "Bank")).toBeVisible();
});

test("the page links to deleting the member's own account", async ({ page, context }, testInfo) => {
  await createMember(context, testInfo, { signIn: true });
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Delete my account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Delete my account" })).toHaveAttribute("href", "/account/delete");
});
