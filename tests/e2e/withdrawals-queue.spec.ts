import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createMember } from "./support/fixtures";
import { expect, test } from "./support/test";

// The withdrawals queue with JavaScript on and off (issue 18 point 3, decision 052): the admin
// reaches it from the top navigation, filters by method and status, selects two pending UPI
// withdrawals, confirms the count and total (a page section without JavaScript, a dialog with it)
// and sees them paid; the member sees Paid out. Other tests add withdrawals to the same server, so
// rows are always found by their own reference.

const CONFIRM_TEXT = "Are you sure... Once submitted this action cannot be revert back";

/** Requests a withdrawal on /points and returns its reference, read from the message that follows. */
async function withdraw(page: Page, points: string, account: RegExp): Promise<string> {
  await page.goto("/points");
  await page.getByLabel("Points to withdraw").fill(points);
  await page.getByLabel(account).check();
  await page.getByRole("button", { name: "Withdraw" }).click();
  const message = page.getByText(new RegExp(`^Withdrawal WD\\w+ of ${points} points`));
  await expect(message).toBeVisible();
  const reference = /Withdrawal (WD\w+) of/.exec((await message.textContent()) ?? "")?.[1];
  expect(reference).toBeTruthy();
  return reference!;
}

/** What axe finds serious or critical on the page. */
async function seriousViolations(page: Page) {
  return (await new AxeBuilder({ page }).analyze()).violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(" ")) }));
}

test("filter by method and status, approve two in bulk through the confirmation, see them approved for a payout batch", async ({
  adminPage: page,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  // Three withdrawals through the member's pages, then the admin's flow and axe: about 20 s on a
  // quiet machine, past the default 30 s when the machine is busy.
  test.setTimeout(90_000);
  const memberContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const memberPage = await memberContext.newPage();
  try {
    const member = await createMember(memberContext, testInfo, {
      signIn: true,
      points: 5000,
      paymentAccounts: [
        { method: "upi", holderName: "Asha Rao", upiId: "asha.queue@okhdfc" },
        {
          method: "bank",
          holderName: "Asha Rao",
          bankName: "HDFC Bank",
          bankAccountNumber: "009988776655",
          bankIfsc: "HDFC0000123",
        },
      ],
    });
    const upiFirst = await withdraw(memberPage, "1000", /UPI · asha\.queue@okhdfc/);
    const upiSecond = await withdraw(memberPage, "1100", /UPI · asha\.queue@okhdfc/);
    const bank = await withdraw(memberPage, "1200", /Bank · HDFC Bank/);

    // The queue is in the top navigation.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Withdrawals" }).click();
    await expect(page).toHaveURL("/admin/withdrawal/req");
    await expect(page.getByRole("heading", { name: "Withdrawal Requests" })).toBeVisible();

    // Filter: pending UPI withdrawals. The filters stay in the URL and in the form.
    const filters = page.getByRole("search", { name: "Filter withdrawal requests" });
    await filters.getByLabel("Status").selectOption({ label: "Pending" });
    await filters.getByLabel("Method").selectOption({ label: "UPI" });
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/[?&]status=pending/);
    await expect(page).toHaveURL(/[?&]method=upi/);
    await expect(filters.getByLabel("Method")).toHaveValue("upi");
    const row = (reference: string) => page.getByRole("row").filter({ hasText: reference });
    await expect(row(upiFirst)).toHaveCount(1);
    await expect(row(upiSecond)).toHaveCount(1);
    await expect(row(bank)).toHaveCount(0);
    // The member's e-mail links to the member page; the country is shown by name.
    await expect(row(upiFirst).getByRole("link", { name: member.email })).toHaveAttribute(
      "href",
      `/admin/users/${member.id}`,
    );
    await expect(row(upiFirst)).toContainText("India");
    await expect(row(upiFirst)).toContainText("UPI");
    await expect(row(upiFirst)).toContainText("₹ 100.00");

    // Select both and approve: first the confirmation with the count and the total.
    await page.getByRole("checkbox", { name: `Select ${upiFirst}` }).check();
    await page.getByRole("checkbox", { name: `Select ${upiSecond}` }).check();
    await page.getByRole("button", { name: "Approve selected" }).click();
    const confirmation = page.getByRole(javaScriptEnabled ? "dialog" : "region", {
      name: "Approve selected withdrawals",
    });
    await expect(confirmation.getByTestId("bulk-summary")).toHaveText(
      "Approve 2 withdrawal requests for a total of ₹ 210.00?",
    );
    await expect(confirmation).toContainText(CONFIRM_TEXT);
    // axe runs as a script in the page; without JavaScript the markup is the same minus the modal.
    if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);
    // Nothing is approved until the confirmation is given.
    await expect(row(upiFirst)).toContainText("Pending");
    if (!javaScriptEnabled) await confirmation.getByRole("checkbox", { name: CONFIRM_TEXT }).check();
    await confirmation.getByRole("button", { name: "Approve 2 withdrawal requests" }).click();

    await expect(page.getByText("2 withdrawals approved.")).toBeVisible();
    await expect(page).toHaveURL(/[?&]method=upi/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // No longer pending: gone from this filter, and shown under Approved, awaiting a payout batch
    // (decision 054).
    await expect(row(upiFirst)).toHaveCount(0);
    await filters.getByLabel("Status").selectOption({ label: "Approved (awaiting payout)" });
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/[?&]status=approved/);
    await expect(row(upiFirst)).toContainText("Approved (awaiting payout)");
    await expect(row(upiSecond)).toContainText("Approved (awaiting payout)");

    // Approved is not paid yet: the member still reads Pending payment for all three.
    await memberPage.goto("/activities/PointsRecords");
    const entry = (reference: string) =>
      memberPage.getByRole("row").filter({ has: memberPage.getByRole("cell", { name: reference, exact: true }) });
    await expect(entry(upiFirst)).toContainText("Pending payment");
    await expect(entry(upiSecond)).toContainText("Pending payment");
    await expect(entry(bank)).toContainText("Pending payment");
  } finally {
    await memberContext.close();
  }
});

test("a bulk post with nothing selected, or a rejection without a reason, says what to do", async ({
  adminPage: page,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(60_000);
  const memberContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const memberPage = await memberContext.newPage();
  try {
    await createMember(memberContext, testInfo, {
      signIn: true,
      points: 3000,
      paymentAccounts: [{ method: "paypal", holderName: "Asha Rao", paypalEmail: "asha.queue@example.com" }],
    });
    const reference = await withdraw(memberPage, "1300", /Paypal · asha\.queue@example\.com/);

    await page.goto("/admin/withdrawal/req?method=paypal&status=pending");
    await page.getByRole("button", { name: "Approve selected" }).click();
    await expect(
      page.getByText("Select at least one pending withdrawal first: tick its box in the list."),
    ).toBeVisible();

    await page.getByRole("checkbox", { name: `Select ${reference}` }).check();
    await page.getByRole("button", { name: "Reject selected and return the points" }).click();
    await expect(page.getByText("Give the reason for the rejection.")).toBeVisible();
    await page.getByRole("checkbox", { name: `Select ${reference}` }).check();
    await page.getByLabel("Reason for rejection (shown to each member)").fill("PayPal account closed");
    await page.getByRole("button", { name: "Reject selected and return the points" }).click();
    await expect(page.getByText("1 withdrawal rejected: the points returned to the members.")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: reference })).toHaveCount(0);

    // A bad filter value: a message, no list, no error page.
    await page.goto("/admin/withdrawal/req?minAmount=lots");
    await expect(page.getByText("Enter an amount in rupees, such as 500 or 99.50.")).toBeVisible();
    await expect(page.getByText("Some filters are not valid: correct them above to see the list.")).toBeVisible();
  } finally {
    await memberContext.close();
  }
});
