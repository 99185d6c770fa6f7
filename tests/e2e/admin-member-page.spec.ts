import { gzipSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import { createMember } from "./support/fixtures";
import { expect, test } from "./support/test";

// The member page (/admin/users/{id}, issue 18 point 1), with JavaScript on and off: an admin finds
// a member in Users Records, opens their page from the row, and sees the balance, the ledger with
// the remark the member reads, and the payout account masked.

const ACCOUNT_NUMBER = "001122334455";

test("an admin finds a member in Users Records and opens their page", async ({
  adminPage: page,
  context,
  javaScriptEnabled,
}, testInfo) => {
  const member = await createMember(context, testInfo, {
    firstName: "Meera",
    lastName: "Iyer",
    points: 1500,
    paymentAccounts: [
      {
        method: "bank",
        holderName: "Meera Iyer",
        bankName: "Canara Bank",
        bankAccountNumber: ACCOUNT_NUMBER,
        bankIfsc: "CNRB0000123",
      },
    ],
  });

  await page.goto("/admin/users");
  await page.getByLabel("Search by email").fill(member.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("table").getByRole("link", { name: member.email }).click();

  await expect(page).toHaveURL(`/admin/users/${member.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Meera Iyer");
  await expect(page.getByTestId("member-balance")).toHaveText("1,500 points");
  const points = page.getByRole("region", { name: "Points" });
  await expect(points.getByRole("row", { name: /Starting balance/ })).toContainText("+1500");
  const accounts = page.getByRole("region", { name: "Payout accounts" });
  await expect(accounts).toContainText("Bank · Canara Bank ••••••••4455");
  await expect(page.getByRole("region", { name: "Active sessions" })).toContainText("Not signed in anywhere.");

  // axe runs as a script in the page, so only with JavaScript; the markup is the same without.
  if (javaScriptEnabled) {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => violation.id)).toEqual([]);
  }

  // The full account number is in no byte of the page, and the page stays light.
  const response = await page.request.get(`/admin/users/${member.id}`);
  const html = await response.text();
  expect(html).toContain("4455");
  expect(html).not.toContain(ACCOUNT_NUMBER);
  expect(gzipSync(Buffer.from(html)).length).toBeLessThan(30 * 1024);
});

test("an unknown member is the 404 page", async ({ adminPage: page }) => {
  const response = await page.goto("/admin/users/999999999");
  expect(response?.status()).toBe(404);
});

test("a member opening their own member page gets the 404 page", async ({ memberPage: page, member }) => {
  const response = await page.goto(`/admin/users/${member.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});
