import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { signInAsAdmin } from "./support/admin";
import { createAdmin, createMember } from "./support/fixtures";

// Payout batches (decision 054), with JavaScript on and off: three members withdraw to UPI; an
// admin approves the three for a batch, makes the batch, downloads its bulk-transfer file, and
// uploads the provider's result file marking two paid and one failed. The members then read Paid
// out with the reference, and Returned with the reason and their points back once.
// Other tests add approved withdrawals to the same server, so this one ticks only its own.

const CONFIRM_TEXT = "Are you sure... Once submitted this action cannot be revert back";

interface Withdrawer {
  name: string;
  context: BrowserContext;
  page: Page;
  upiId: string;
  referenceId: string;
}

/** A member with 1500 points and a UPI account who withdraws 1000 of them; the reference from the history. */
async function withdrawer(
  browser: Browser,
  baseURL: string | undefined,
  javaScriptEnabled: boolean,
  testInfo: TestInfo,
  name: string,
) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await context.newPage();
  const upiId = `${name.toLowerCase()}${Date.now() % 1_000_000}@okhdfc`;
  await createMember(context, testInfo, {
    signIn: true,
    verified: true,
    details: true,
    points: 1500,
    paymentAccounts: [{ method: "upi", holderName: `${name} Rao`, upiId }],
  });
  await page.goto("/points");
  await page.getByLabel("Points to withdraw").fill("1000");
  await page.getByLabel(/UPI · /).check();
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page).toHaveURL("/activities/PointsRecords");
  const row = page.getByRole("row").filter({ hasText: "Pending payment" }).filter({ hasText: upiId });
  await expect(row).toHaveCount(1);
  const referenceId = (await row.getByRole("cell").first().textContent())?.trim() ?? "";
  expect(referenceId).toMatch(/^WD\d{6}[2-9A-Z]{6}$/);
  return { name, context, page, upiId, referenceId };
}

/** Serious or critical axe findings (axe runs as a script, so only with JavaScript on). */
async function seriousFindings(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return [];
  return (await new AxeBuilder({ page }).analyze()).violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(" ")) }));
}

/** The member's own history row of this withdrawal (by its Reference ID cell). */
function historyRow(page: Page, referenceId: string) {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: referenceId, exact: true }) });
}

test("approve three UPI withdrawals, batch and download them, upload the results: Paid out and Returned, points back once", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  // Four browsers, three withdrawals, three approvals, a batch and an upload: a long flow.
  test.setTimeout(120_000);
  const members: Withdrawer[] = [];
  for (const name of ["Asha", "Ravi", "Meena"]) {
    members.push(await withdrawer(browser, baseURL, javaScriptEnabled, testInfo, name));
  }
  const [asha, ravi, meena] = members;
  const mine = members.map((member) => member.referenceId);

  const adminContext = await browser.newContext({ baseURL, javaScriptEnabled, acceptDownloads: true });
  const admin = await adminContext.newPage();
  try {
    await signInAsAdmin(admin, await createAdmin(adminContext, testInfo));

    // Approve each without a payout reference: it then awaits a batch.
    for (const referenceId of mine) {
      await admin.goto(`/admin/withdrawal/req/${referenceId}`);
      const confirmation = admin.getByRole(javaScriptEnabled ? "dialog" : "region", { name: "Payment Confirmation" });
      await expect(confirmation.getByTestId("confirmation-reference")).toHaveText(referenceId);
      if (javaScriptEnabled) admin.once("dialog", (dialog) => void dialog.accept());
      else await confirmation.getByRole("checkbox", { name: CONFIRM_TEXT }).check();
      await confirmation.getByRole("button", { name: "Submit" }).click();
      await expect(admin.getByText(`Approved: ${referenceId} awaits payout. Send it in a payout batch.`)).toBeVisible();
      await expect(admin.getByRole("row").filter({ hasText: referenceId })).toContainText("Approved (awaiting payout)");
    }
    await expect(historyRow(asha.page, asha.referenceId)).toContainText("Pending payment");

    // A new UPI batch with this test's three withdrawals only.
    await admin.getByRole("link", { name: "Payout batches" }).click();
    await expect(admin).toHaveURL("/admin/payouts");
    await admin.getByRole("link", { name: "New UPI batch" }).click();
    await expect(admin.getByRole("heading", { name: "New UPI payout batch" })).toBeVisible();
    for (const box of await admin.getByRole("checkbox", { name: /^Send WD/ }).all()) {
      const value = await box.getAttribute("value");
      if (mine.includes(value ?? "")) await expect(box).toBeChecked();
      else await box.uncheck();
    }
    expect(await seriousFindings(admin, javaScriptEnabled)).toEqual([]);
    await admin.getByRole("button", { name: "Create batch and mark Sent" }).click();
    await expect(admin.getByRole("heading", { name: /^Payout batch #\d+$/ })).toBeVisible();
    await expect(admin.getByText(/^Batch #\d+ recorded: 3 UPI withdrawal\(s\), ₹ 300\.00, now Sent\./)).toBeVisible();
    const batchUrl = admin.url();
    expect(await seriousFindings(admin, javaScriptEnabled)).toEqual([]);
    await ravi.page.goto("/activities/PointsRecords");
    await expect(historyRow(ravi.page, ravi.referenceId)).toContainText("Sent");

    // The bulk-transfer file: one row each, with the UPI id, the amount in rupees and the reference.
    const [download] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("link", { name: "Download the UPI batch file (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payout-batch-\d+-upi\.csv$/);
    const file = await readFile(await download.path(), "utf8");
    const lines = file.trim().split("\r\n");
    expect(lines[0]).toBe("Beneficiary name,UPI ID,Amount (INR),Reference");
    expect(lines.slice(1).sort()).toEqual(
      members.map((member) => `${member.name} Rao,${member.upiId},100.00,${member.referenceId}`).sort(),
    );

    // The provider's result file: two paid, one failed.
    const results = [
      "Reference,Status,Transaction ID,Reason",
      `${asha.referenceId},SUCCESS,UTR${Date.now()}1,`,
      `${ravi.referenceId},SUCCESS,UTR${Date.now()}2,`,
      `${meena.referenceId},FAILED,,Beneficiary VPA not found`,
    ].join("\n");
    const ashaReference = results.split("\n")[1].split(",")[2];
    await admin.goto(batchUrl);
    await admin.getByLabel("Result file (CSV)").setInputFiles({
      name: "results.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(results),
    });
    await admin.getByRole("button", { name: "Upload results" }).click();
    await expect(admin.getByText("Result file applied: 2 paid, 1 returned.")).toBeVisible();
    await expect(admin.getByTestId(`payout-${asha.referenceId}`)).toContainText(`Reference ${ashaReference}`);
    await expect(admin.getByTestId(`payout-${meena.referenceId}`)).toContainText("Beneficiary VPA not found");
    await expect(admin.getByText("Every payout of this batch has its result.")).toBeVisible();
  } finally {
    await adminContext.close();
  }

  // The members: Paid out with the reference; Returned with the reason and the points back.
  await asha.page.goto("/activities/PointsRecords");
  await expect(historyRow(asha.page, asha.referenceId)).toContainText(/Paid out \(UTR\d+1\)/);
  await meena.page.goto("/activities/PointsRecords");
  await expect(historyRow(meena.page, meena.referenceId)).toContainText("Returned");
  const returned = meena.page
    .getByRole("row")
    .filter({ hasText: `Points returned: withdrawal ${meena.referenceId} was not paid (Beneficiary VPA not found)` });
  await expect(returned).toHaveCount(1);
  await expect(returned).toContainText("+1000");
  await meena.page.goto("/points");
  await expect(meena.page.getByTestId("points-balance")).toHaveText("1500");
  await ravi.page.goto("/points");
  await expect(ravi.page.getByTestId("points-balance")).toHaveText("500");
  for (const member of members) await member.context.close();
});
