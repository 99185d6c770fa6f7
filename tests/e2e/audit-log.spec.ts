import { randomBytes } from "node:crypto";
import { createAuditEntry } from "./support/fixtures";
import { expect, test } from "./support/test";

// The audit log with JavaScript on and off: an admin filters by admin and action with the GET
// form, the filters stay in the address and in the form, and each entry reads as a sentence with a
// link to its member and what changed.

test("an admin filters the audit log by action and reads the entry as a sentence", async ({
  adminPage: page,
  admin,
}) => {
  const reference = `W-E2E-${randomBytes(4).toString("hex")}`;
  const email = admin.email.toLowerCase();
  await createAuditEntry(page.context(), {
    adminEmail: email,
    action: "withdrawal.approved",
    targetType: "withdrawal",
    targetId: reference,
    details: { memberId: 40, points: 500, amountMinor: 5000 },
  });
  await createAuditEntry(page.context(), {
    adminEmail: email,
    action: "points.adjusted",
    targetType: "member",
    targetId: "40",
    details: { points: 100, reason: "Goodwill", referenceId: "P-E2E", balance: 600 },
  });

  await page.goto("/admin/audit");
  await page.getByRole("combobox", { name: "Admin", exact: true }).selectOption({ label: `${admin.name} (${email})` });
  await page.getByRole("combobox", { name: "Action", exact: true }).selectOption("withdrawal.approved");
  await page.getByRole("button", { name: "Filter" }).click();

  await expect(page).toHaveURL(/[?&]action=withdrawal\.approved/);
  await expect(page.getByRole("combobox", { name: "Action", exact: true })).toHaveValue("withdrawal.approved");
  const rows = page.getByRole("row").filter({ hasText: email });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(
    `${admin.name} (${email}) approved withdrawal ${reference} of member #40 for 500 points.`,
  );
  await expect(rows).toContainText("Status: pending → success");
  await expect(rows.getByRole("link", { name: "member #40" })).toHaveAttribute("href", "/admin/users/40");
  await expect(page.getByText("Goodwill")).toHaveCount(0);
});

test("a filter that makes no sense says what to enter and lists nothing", async ({ adminPage: page }) => {
  await page.goto("/admin/audit");
  await page.getByLabel("Member number").fill("forty");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("Enter a member number (digits only), such as 40.")).toBeVisible();
  await expect(page.getByLabel("Member number")).toHaveValue("forty");
  await expect(page.getByText("Fix the filters above to see entries.")).toBeVisible();
});
