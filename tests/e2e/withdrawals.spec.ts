import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createAdmin, createMember, type MemberFixture } from "./support/fixtures";
import { signInAsAdmin } from "./support/admin";
import { confirmAndPress, formHydrated } from "./support/forms";

// Withdrawals with JavaScript on and off: the member requests two and sees them pending payment;
// an admin pays one through the Payment Confirmation (a modal with JavaScript, a section of the
// page without), approves the other for a payout batch and then rejects it (decision 051: an
// approved request can still be stopped); the member then sees Paid out and the returned points.
// Other tests add requests to the same server, so rows are always found by their own reference.

const BANK = {
  method: "bank" as const,
  holderName: "Asha Rao",
  bankName: "HDFC Bank",
  bankAccountNumber: "001234567890",
  bankIfsc: "HDFC0000123",
};
const UPI = { method: "upi" as const, holderName: "Asha Rao", upiId: "asha@okhdfc" };
const CONFIRM_TEXT = "Are you sure... Once submitted this action cannot be revert back";

/** A verified member with full details, these points and payment accounts, signed in on /points. */
async function memberOnPointsPage(
  page: Page,
  testInfo: Parameters<typeof createMember>[1],
  points: number,
  paymentAccounts: MemberFixture["paymentAccounts"],
) {
  await createMember(page.context(), testInfo, {
    signIn: true,
    verified: true,
    details: true,
    points,
    paymentAccounts,
  });
  await page.goto("/points");
}

async function withdraw(page: Page, points: string, account: RegExp) {
  await formHydrated(page.locator("form#withdraw"), test.info());
  await page.getByLabel("Points to withdraw").fill(points);
  await page.getByLabel(account).check();
  await page.getByRole("button", { name: "Withdraw" }).click();
}

/** The reference of the newest pending withdrawal to this account, read from the points history. */
async function pendingReference(page: Page, account: string) {
  const row = page.getByRole("row").filter({ hasText: "Pending payment" }).filter({ hasText: account });
  await expect(row).toHaveCount(1);
  const reference = (await row.getByRole("cell").first().textContent())?.trim() ?? "";
  expect(reference).toMatch(/^WD\d{6}[2-9A-Z]{6}$/);
  return reference;
}

async function adminPage(
  browser: Browser,
  baseURL: string | undefined,
  javaScriptEnabled: boolean,
  testInfo: Parameters<typeof createAdmin>[1],
) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const admin = await createAdmin(context, testInfo);
  const page = await context.newPage();
  await signInAsAdmin(page, admin);
  return { page, close: () => context.close() };
}

async function openConfirmation(
  page: Page,
  reference: string,
  javaScriptEnabled: boolean,
  list = "/admin/withdrawal/req",
) {
  await page.goto(list);
  await page
    .getByRole("row")
    .filter({ hasText: reference })
    .getByRole("link", { name: `Proceed ${reference}` })
    .click();
  const confirmation = page.getByRole(javaScriptEnabled ? "dialog" : "region", { name: "Payment Confirmation" });
  await expect(confirmation.getByTestId("confirmation-reference")).toHaveText(reference);
  return confirmation;
}

test("request, approve, reject: pending payment, then Paid out and the points back", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  await memberOnPointsPage(page, testInfo, 2500, [BANK, UPI]);
  await expect(page.getByTestId("points-balance")).toHaveText("2500");
  await expect(page.getByTestId("withdrawable")).toHaveText("₹ 250.00");
  await expect(page.getByTestId("minimum-withdrawal")).toHaveText("1,000 points (₹ 100.00)");

  await withdraw(page, "1000", /Bank · HDFC Bank ••••••••7890/);
  await expect(page).toHaveURL("/activities/PointsRecords");
  await expect(
    page.getByText(/^Withdrawal WD\w+ of 1000 points \(₹ 100\.00\) requested: pending payment\.$/),
  ).toBeVisible();
  const paid = await pendingReference(page, "Bank · HDFC Bank");
  await expect(page.getByRole("row").filter({ hasText: paid })).toContainText("-1000");

  await page.goto("/points");
  await expect(page.getByTestId("points-balance")).toHaveText("1500");
  await withdraw(page, "1000", /UPI · asha@okhdfc/);
  const rejected = await pendingReference(page, "UPI · asha@okhdfc");

  const admin = await adminPage(browser, baseURL, javaScriptEnabled, testInfo);
  try {
    // Pay the bank withdrawal: the detail shows the account in full, then the final confirmation.
    let confirmation = await openConfirmation(admin.page, paid, javaScriptEnabled);
    await expect(confirmation).toContainText("₹ 100.00 (1000 points)");
    await expect(confirmation.getByTestId("confirmation-status")).toHaveText("Pending");
    await expect(confirmation).toContainText("Payout account: Bank");
    await expect(confirmation).toContainText("001234567890");
    await expect(confirmation).toContainText("HDFC0000123");
    // Paid by hand: the admin types the bank's reference, so it is paid at once (decision 054).
    await confirmation.getByLabel("Payout reference (UTR / transaction id)").fill("UTR0001");
    await confirmAndPress(admin.page, confirmation, "Submit", CONFIRM_TEXT, javaScriptEnabled);
    await expect(admin.page).toHaveURL("/admin/withdrawal/req");
    await expect(
      admin.page.getByText(`Payment confirmed: ${paid} is now Success (payout reference UTR0001).`),
    ).toBeVisible();
    await expect(admin.page.getByRole("dialog")).toHaveCount(0);
    // Pending requests come first, 20 a page: in a long run of the suite the paid one is on a later
    // page, so look for it where an admin would, among the paid (newest first).
    await admin.page.goto("/admin/withdrawal/req?status=success");
    const paidRow = admin.page.getByRole("row").filter({ hasText: paid });
    await expect(paidRow).toContainText("Success");
    await expect(paidRow.getByRole("button", { name: `Proceed ${paid} (Success)` })).toBeDisabled();

    // Approve the UPI withdrawal for a payout batch (no reference), then reject it before any batch
    // takes it: the approved row still opens, and its page offers Reject, which returns the points.
    confirmation = await openConfirmation(admin.page, rejected, javaScriptEnabled);
    await expect(confirmation).toContainText("asha@okhdfc");
    await confirmAndPress(admin.page, confirmation, "Submit", CONFIRM_TEXT, javaScriptEnabled);
    await expect(admin.page.getByText(`Approved: ${rejected} awaits payout. Send it in a payout batch.`)).toBeVisible();
    confirmation = await openConfirmation(
      admin.page,
      rejected,
      javaScriptEnabled,
      "/admin/withdrawal/req?status=approved",
    );
    await expect(confirmation.getByTestId("confirmation-status")).toHaveText("Approved (awaiting payout)");
    await expect(confirmation.getByRole("button", { name: "Submit" })).toHaveCount(0);
    await confirmation.getByLabel("Reason for rejection (shown to the member)").fill("UPI id not found");
    await confirmation.getByRole("button", { name: "Reject and return the points" }).click();
    await expect(
      admin.page.getByText(`Withdrawal ${rejected} rejected: 1000 points returned to the member.`),
    ).toBeVisible();
    // The queue lists pending requests first, 20 a page: in a long run of the suite the rejected one
    // is on a later page, so look for it where an admin would, among the rejected.
    await admin.page.goto("/admin/withdrawal/req?status=rejected");
    await expect(admin.page.getByRole("row").filter({ hasText: rejected })).toContainText("Rejected");
  } finally {
    await admin.close();
  }

  await page.goto("/activities/PointsRecords");
  // By the Reference ID cell: the returned points' remark names the rejected reference too.
  const entry = (reference: string) =>
    page.getByRole("row").filter({ has: page.getByRole("cell", { name: reference, exact: true }) });
  await expect(entry(paid)).toContainText("Paid out (UTR0001)");
  await expect(entry(rejected)).toContainText("Rejected");
  await expect(entry(rejected)).toContainText("-1000");
  const returned = page
    .getByRole("row")
    .filter({ hasText: `Points returned: withdrawal ${rejected} rejected (UPI id not found)` });
  await expect(returned).toContainText("+1000");
  await expect(returned).toContainText("Completed");
  await page.goto("/points");
  await expect(page.getByTestId("points-balance")).toHaveText("1500");
});

/**
 * Submit on the Payment Confirmation, through its final confirmation (a dialog with JavaScript, a box
 * without), with the payout reference when the admin paid it by hand.
 */
async function approve(
  page: Page,
  confirmation: ReturnType<Page["getByRole"]>,
  javaScriptEnabled: boolean,
  payoutReference?: string,
) {
  if (payoutReference) await confirmation.getByLabel("Payout reference (UTR / transaction id)").fill(payoutReference);
  if (javaScriptEnabled) {
    page.once("dialog", (dialog) => void dialog.accept());
  } else {
    await confirmation.getByRole("checkbox", { name: CONFIRM_TEXT }).check();
  }
  await confirmation.getByRole("button", { name: "Submit" }).click();
}

test("four eyes: above ₹5,000 one admin's approval is recorded, not paid; the same admin again is refused; a second admin pays", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  await memberOnPointsPage(page, testInfo, 60_000, [BANK]);
  await withdraw(page, "60000", /Bank · HDFC Bank ••••••••7890/);
  const reference = await pendingReference(page, "Bank · HDFC Bank");

  const first = await adminPage(browser, baseURL, javaScriptEnabled, testInfo);
  const second = await adminPage(browser, baseURL, javaScriptEnabled, testInfo);
  try {
    // The first admin is told before the click that two approvals are needed, and why.
    let confirmation = await openConfirmation(first.page, reference, javaScriptEnabled);
    await expect(confirmation.getByTestId("four-eyes")).toContainText(
      "Needs two approvals: the amount is above ₹ 5,000.00",
    );
    await approve(first.page, confirmation, javaScriptEnabled);
    await expect(first.page).toHaveURL("/admin/withdrawal/req");
    await expect(
      first.page.getByText(
        `First approval recorded for ${reference}. It stays Pending until a second, different admin approves it; that approval pays it.`,
      ),
    ).toBeVisible();
    await expect(first.page.getByRole("row").filter({ hasText: reference })).toContainText(
      "Pending (1 of 2 approvals)",
    );

    // The same admin again: shown as the first approver, and refused.
    confirmation = await openConfirmation(first.page, reference, javaScriptEnabled);
    await expect(confirmation.getByTestId("first-approval")).toContainText("First approval: Test Admin");
    await expect(confirmation.getByTestId("first-approval")).toContainText(
      "You gave the first approval. A second, different admin must approve it before it is paid.",
    );
    await approve(first.page, confirmation, javaScriptEnabled);
    const refused = first.page.getByRole(javaScriptEnabled ? "dialog" : "region", { name: "Payment Confirmation" });
    await expect(
      refused.getByText(
        "You have already approved this request. A second, different admin must approve it before it is paid.",
      ),
    ).toBeVisible();
    await expect(refused.getByTestId("confirmation-status")).toHaveText("Pending (1 of 2 approvals)");

    // A second, different admin's approval pays it.
    confirmation = await openConfirmation(second.page, reference, javaScriptEnabled);
    await expect(confirmation.getByTestId("first-approval")).toContainText(
      "Your approval is the second one: it pays this request.",
    );
    await approve(second.page, confirmation, javaScriptEnabled, "UTR0002");
    await expect(
      second.page.getByText(`Payment confirmed: ${reference} is now Success (payout reference UTR0002).`),
    ).toBeVisible();
    await second.page.goto("/admin/withdrawal/req?status=success");
    await expect(second.page.getByRole("row").filter({ hasText: reference })).toContainText("Success");
  } finally {
    await first.close();
    await second.close();
  }

  await page.goto("/activities/PointsRecords");
  await expect(
    page.getByRole("row").filter({ has: page.getByRole("cell", { name: reference, exact: true }) }),
  ).toContainText("Paid out");
});

test("the withdraw form's limits, and a member without an account is sent to add one", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  await memberOnPointsPage(page, testInfo, 1200, [UPI]);
  const points = page.getByLabel("Points to withdraw");
  if (javaScriptEnabled) {
    // The same schema as the server's, in the browser.
    await withdraw(page, "999", /UPI · asha@okhdfc/);
    await expect(page.getByText("The minimum withdrawal is 1,000 points.")).toBeVisible();
    await points.fill("1201");
    await expect(page.getByText("You cannot withdraw more than your balance of 1,200 points.")).toBeVisible();
    await expect(page).toHaveURL("/points");
    await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
    await page.getByRole("button", { name: "Stop" }).click();
    await expect(page.getByText("Automatic updates are stopped.")).toBeVisible();
  } else {
    // Without JavaScript the browser itself holds the limits back; the server checks them again.
    await expect(points).toHaveAttribute("min", "1000");
    await expect(points).toHaveAttribute("max", "1200");
    await expect(points).toHaveAttribute("required", "");
  }
  await expect(page.getByTestId("points-balance")).toHaveText("1200");

  const other = await browser.newContext({ baseURL, javaScriptEnabled });
  try {
    await createMember(other, testInfo, { signIn: true, verified: true, details: true, points: 5000 });
    const second = await other.newPage();
    await second.goto("/points");
    await expect(second.getByText("You have no payment account yet.")).toBeVisible();
    await expect(second.getByRole("link", { name: "Add a PayPal, UPI or bank account" })).toHaveAttribute(
      "href",
      "/account",
    );
    await expect(second.getByLabel("Points to withdraw")).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test("the points page, the points history and the Payment Confirmation pass axe", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  // axe runs as a script in the page; the markup without JavaScript is the same minus the modal.
  test.skip(!javaScriptEnabled, "axe needs JavaScript in the page");
  const serious = async (target: Page) =>
    (await new AxeBuilder({ page: target }).analyze()).violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(" ")) }));

  await memberOnPointsPage(page, testInfo, 3000, [BANK, UPI]);
  await withdraw(page, "999", /Bank · HDFC Bank/);
  await expect(page.getByText("The minimum withdrawal is 1,000 points.")).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await withdraw(page, "1000", /Bank · HDFC Bank/);
  const reference = await pendingReference(page, "Bank · HDFC Bank");
  expect(await serious(page)).toEqual([]);

  const admin = await adminPage(browser, baseURL, javaScriptEnabled, testInfo);
  try {
    await openConfirmation(admin.page, reference, javaScriptEnabled);
    expect(await serious(admin.page)).toEqual([]);
  } finally {
    await admin.close();
  }
});
