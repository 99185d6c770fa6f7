import { expect, test, type Page } from "@playwright/test";
import { createAdmin, createMember } from "./support/fixtures";
import { signInAsAdmin } from "./support/admin";

// Refusals that the other specs do not reach, shown from the one action-result shape (FormResult,
// docs/forms.md): a message the page finds under "" of the answer, beside what the page carries in
// its pageState. Both need a second tab, as a real admin or member would have.

test("a payment account deleted in another tab: the second delete says it no longer exists", async ({
  page,
  context,
  javaScriptEnabled,
}, testInfo) => {
  await createMember(context, testInfo, {
    signIn: true,
    paymentAccounts: [{ method: "upi", holderName: "Asha Rao", upiId: "asha@ybl" }],
  });
  const other = await context.newPage();
  await other.goto("/account");
  await page.goto("/account");

  const deleteUpi = async (tab: Page) => {
    const card = tab.getByRole("region", { name: "Payment accounts" }).getByRole("listitem");
    if (javaScriptEnabled) tab.once("dialog", (dialog) => void dialog.accept());
    else await card.getByLabel("Yes, delete this UPI account").check();
    await card.getByRole("button", { name: "Delete UPI account" }).click();
  };
  await deleteUpi(page);
  await expect(page.getByRole("status").filter({ hasText: "UPI Account Deleted Successfully" })).toBeVisible();

  await deleteUpi(other);
  const refusal = other.getByRole("alert").filter({ hasText: "This payment account no longer exists." });
  await expect(refusal).toBeVisible();
  const cards = other.getByRole("region", { name: "Payment accounts" }).getByRole("listitem");
  if (javaScriptEnabled) {
    // A refused post reloads nothing, so the old card is still shown, with the message on it.
    await expect(cards.filter({ has: refusal })).toHaveCount(1);
  } else {
    // The page is drawn again: the account is no longer listed, so the message goes on top.
    await expect(cards).toHaveCount(0);
    await expect(other.getByRole("form", { name: "UPI account" })).toBeVisible();
  }
});

test("a profile survey set saved in another tab: the second save is refused and says why", async ({
  page,
  context,
}, testInfo) => {
  const admin = await createAdmin(context, testInfo);
  await signInAsAdmin(page, admin);
  await page.goto("/admin/profilesurvey");
  await page.getByText("Add New Profile Survey", { exact: true }).first().click();
  const title = `Tabs ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.getByLabel("Title").fill(title);
  // Greenland: no test's members live there, so this set shows up in no member's hub.
  await page.getByLabel("Country").selectOption({ label: "Greenland" });
  await page.getByLabel("Reward for Completion").fill("10");
  await page.getByRole("button", { name: "Add Profile Survey" }).click();
  await expect(page.getByText("Profile survey created successfully")).toBeVisible();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await card.getByRole("link", { name: `View ${title}` }).click();
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\?edit=1$/);

  const other = await context.newPage();
  await other.goto(page.url());
  await page.getByRole("button", { name: "Save", exact: true }).last().click();
  await expect(page.getByText("Profile survey saved successfully")).toBeVisible();

  await other.getByRole("button", { name: "Save", exact: true }).last().click();
  await expect(
    other.getByRole("alert").filter({ hasText: "Another admin saved this set after you opened it." }),
  ).toBeVisible();
  // Still the editor, with the set as it was posted.
  await expect(other.getByRole("group", { name: "Question 1" })).toBeVisible();
});
