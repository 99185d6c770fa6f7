import { expect, test, type Browser, type Page } from "@playwright/test";
import { createAdmin, uniqueEmail } from "./support/fixtures";
import { DEMO_ADMIN, signInAsAdmin } from "./support/admin";
import { confirmAndPress } from "./support/forms";

// Admin management with JavaScript on and off: register, revoke and grant, set a password,
// delete permanently, and the audit log of each. The seeded demo admin (a super-admin) acts; the
// admins it acts on are each test's own, so no test ever revokes or deletes the demo admin.

const DEMO = DEMO_ADMIN;

async function auditRows(page: Page, email: string) {
  await page.goto("/admin/audit");
  return page.getByRole("row").filter({ hasText: email });
}

async function signInElsewhere(
  browser: Browser,
  baseURL: string | undefined,
  admin: { email: string; password: string },
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Login" }).click();
  return { page, close: () => context.close() };
}

test("register an admin: per-field errors first, then success, and the audit log says so", async ({
  page,
}, testInfo) => {
  await signInAsAdmin(page);
  await page.goto("/admin/admins");
  await expect(page).toHaveURL("/admin/admins/view");
  await page
    .getByRole("navigation", { name: "Admin management" })
    .getByRole("link", { name: "Register a Admin" })
    .click();
  await expect(page.getByText("You are authorised to create new account")).toBeVisible();

  await page.getByLabel("Name").fill("   ");
  await page.getByLabel("Email").fill(uniqueEmail(testInfo, "blank-name"));
  await page.getByLabel("Password", { exact: true }).fill("Strong#Panel-2026");
  await page.getByLabel("Confirm Password").fill("Other#Panel-2026");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("* The name field is required.")).toBeVisible();

  await page.getByLabel("Name").fill("Meera Nair");
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password", { exact: true }).fill("password1");
  await page.getByLabel("Confirm Password").fill("password1");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("* The email has already been taken.")).toBeVisible();
  await expect(page.getByText("* An admin password must be at least 12 characters.")).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

  await page.getByLabel("Email").fill(uniqueEmail(testInfo, "mismatch"));
  await page.getByLabel("Password", { exact: true }).fill("Strong#Panel-2026");
  await page.getByLabel("Confirm Password").fill("Other#Panel-2026");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("* Password do not match")).toBeVisible();
  await expect(page.getByLabel("Confirm Password")).toHaveClass(/border-red-600/);

  const email = uniqueEmail(testInfo, "new-admin");
  await page.getByLabel("Name").fill("Meera Nair");
  await page.getByLabel("Email").fill(email.toUpperCase());
  await page.getByLabel("Password", { exact: true }).fill("Strong#Panel-2026");
  await page.getByLabel("Confirm Password").fill("Strong#Panel-2026");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL("/admin/admins/view");
  await expect(page.locator('[data-toast="success"]')).toHaveText("Admin registered successfully");
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Meera Nair");

  await expect(await auditRows(page, email)).toContainText("admin.created");
});

test("a non-super-admin is told they are not authorised and cannot press Register", async ({
  page,
  context,
}, testInfo) => {
  const admin = await createAdmin(context, testInfo);
  await signInAsAdmin(page, admin);
  await page.goto("/admin/admins/register");
  await expect(page.getByText("You are not authorised to create new account")).toBeVisible();
  await expect(page.getByRole("button", { name: "Register" })).toBeDisabled();
  await page.goto("/admin/admins/view");
  await expect(page.getByRole("row").filter({ hasText: DEMO.email })).toContainText("Active");
  await expect(page.getByRole("button", { name: /^(Revoke|Grant) / })).toHaveCount(0);
});

test("revoke with confirmation signs the admin out for good; grant gives the rights back", async ({
  page,
  context,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  const target = await createAdmin(context, testInfo);
  const elsewhere = await signInElsewhere(browser, baseURL, target);
  await expect(elsewhere.page).toHaveURL("/admin/dash");

  await signInAsAdmin(page);
  await page.goto("/admin/admins/view");
  const row = page.getByRole("row").filter({ hasText: target.email });
  await confirmAndPress(
    page,
    row,
    `Revoke ${target.email}`,
    /This action will revoke admin rights from this admin/,
    javaScriptEnabled,
  );
  await expect(page.locator('[data-toast="success"]')).toHaveText(`Admin rights revoked from ${target.email}`);
  await expect(row.getByRole("button", { name: `Grant ${target.email}` })).toBeVisible();

  // The revoked admin's open session has ended, and signing in again is refused.
  expect((await elsewhere.page.goto("/admin/dash"))?.status()).toBe(404);
  await elsewhere.page.goto("/admin");
  await elsewhere.page.getByLabel("Email").fill(target.email);
  await elsewhere.page.getByLabel("Password").fill(target.password);
  await elsewhere.page.getByRole("button", { name: "Login" }).click();
  await expect(elsewhere.page.getByText("Your admin rights have been revoked.")).toBeVisible();
  await elsewhere.close();

  await confirmAndPress(
    page,
    row,
    `Grant ${target.email}`,
    /This action will grant admin rights for this admin/,
    javaScriptEnabled,
  );
  await expect(page.locator('[data-toast="success"]')).toHaveText(`Admin rights granted to ${target.email}`);
  await expect(row.getByRole("button", { name: `Revoke ${target.email}` })).toBeVisible();

  const audit = await auditRows(page, target.email);
  await expect(audit.filter({ hasText: "admin.revoked" })).toHaveCount(1);
  await expect(audit.filter({ hasText: "admin.granted" })).toHaveCount(1);
});

test("update another admin's password: a mismatch first, then the new password signs in", async ({
  page,
  context,
  browser,
  baseURL,
}, testInfo) => {
  const target = await createAdmin(context, testInfo);
  await signInAsAdmin(page);
  await page.goto("/admin/admins/view");
  await page.getByRole("row").filter({ hasText: target.email }).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Admin Modify" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(target.email);
  await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");

  await page.getByLabel("Password", { exact: true }).fill("Renewed#Panel-2026");
  await page.getByLabel("Confirm Password").fill("Different#Panel-2026");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password do not match")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill("Renewed#Panel-2026");
  await page.getByLabel("Confirm Password").fill("Renewed#Panel-2026");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.locator('[data-toast="success"]')).toHaveText("Password updated successfully");

  const elsewhere = await signInElsewhere(browser, baseURL, { email: target.email, password: "Renewed#Panel-2026" });
  await expect(elsewhere.page).toHaveURL("/admin/dash");
  await elsewhere.close();

  await expect((await auditRows(page, target.email)).filter({ hasText: "admin.password_changed" })).toHaveCount(1);
});

test("permanent delete with confirmation returns to the admin table", async ({
  page,
  context,
  javaScriptEnabled,
}, testInfo) => {
  const target = await createAdmin(context, testInfo);
  await signInAsAdmin(page);
  await page.goto("/admin/admins/view");
  await page.getByRole("row").filter({ hasText: target.email }).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Admin Modify" })).toBeVisible();
  const deleteForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Permanent Delete" }) });
  await confirmAndPress(page, deleteForm, "Permanent Delete", /permanently delete this admin/, javaScriptEnabled);
  await expect(page.locator('[data-toast="success"]')).toHaveText(`Admin ${target.email} deleted permanently`);
  if (javaScriptEnabled) await expect(page.getByText("Returning to the admin list…")).toBeVisible();
  await expect(page).toHaveURL("/admin/admins/view", { timeout: 5000 });
  await expect(page.getByRole("row").filter({ hasText: target.email })).toHaveCount(0);

  await expect((await auditRows(page, target.email)).filter({ hasText: "admin.deleted" })).toHaveCount(1);
});

test("a super-admin makes another admin a super-admin and takes it back, each confirmed by a checkbox", async ({
  page,
  context,
}, testInfo) => {
  const target = await createAdmin(context, testInfo);
  await signInAsAdmin(page);
  await page.goto("/admin/admins/view");
  await page.getByRole("row").filter({ hasText: target.email }).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByText(`${target.email} is not a super-admin.`)).toBeVisible();

  await page.getByRole("checkbox", { name: /may register, revoke and delete admins/ }).check();
  await page.getByRole("button", { name: "Make super-admin" }).click();
  await expect(page.locator('[data-toast="success"]')).toHaveText(`${target.email} is now a super-admin`);
  await expect(page.getByText(`${target.email} is a super-admin: they can manage other admins.`)).toBeVisible();

  await page.getByRole("checkbox", { name: /take back this admin's super-admin rights/ }).check();
  await page.getByRole("button", { name: "Remove super-admin" }).click();
  await expect(page.locator('[data-toast="success"]')).toHaveText(`${target.email} is no longer a super-admin`);

  const audit = await auditRows(page, target.email);
  await expect(audit.filter({ hasText: "admin.super_admin_granted" })).toHaveCount(1);
  await expect(audit.filter({ hasText: "admin.super_admin_revoked" })).toHaveCount(1);
});

test("changing one's own password needs the current one", async ({ page, context, browser, baseURL }, testInfo) => {
  const admin = await createAdmin(context, testInfo);
  await signInAsAdmin(page, admin);
  await page.goto("/admin/admins/view");
  await page.getByRole("row").filter({ hasText: admin.email }).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByText("At least 12 characters.")).toBeVisible();

  await page.getByLabel("Current Password").fill("Not#The-Password-1");
  await page.getByLabel("Password", { exact: true }).fill("Renewed#Panel-2026");
  await page.getByLabel("Confirm Password").fill("Renewed#Panel-2026");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Your current password is not right.")).toBeVisible();

  await page.getByLabel("Current Password").fill(admin.password);
  await page.getByLabel("Password", { exact: true }).fill("Renewed#Panel-2026");
  await page.getByLabel("Confirm Password").fill("Renewed#Panel-2026");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.locator('[data-toast="success"]')).toHaveText("Password updated successfully");

  const elsewhere = await signInElsewhere(browser, baseURL, { email: admin.email, password: "Renewed#Panel-2026" });
  await expect(elsewhere.page).toHaveURL("/admin/dash");
  await elsewhere.close();
});
