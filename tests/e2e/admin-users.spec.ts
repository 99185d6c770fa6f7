import { expect, test, type Page } from "@playwright/test";
import { createMember } from "./support/fixtures";
import { signInAsAdmin } from "./support/admin";

// Users Records with JavaScript on and off: the e-mail search (GET form), keyset page links and the
// single-result view. Other tests add members to the same server, so every check runs on members
// of this test's own, found by a prefix nobody else uses.

function uniquePrefix(project: string) {
  return `usr${Math.random().toString(36).slice(2, 8)}-${project}-`;
}

async function search(page: Page, value: string) {
  await page.getByLabel("Search by email").fill(value);
  await page.getByRole("button", { name: "Search" }).click();
}

test("the cards come from the server and the table pages with First, Next, Previous and Last", async ({
  page,
  context,
}, testInfo) => {
  const prefix = uniquePrefix(testInfo.project.name);
  for (let index = 0; index < 22; index += 1) {
    await createMember(context, testInfo, { email: `${prefix}${String(index).padStart(2, "0")}@example.com` });
  }
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "AdminUser" }).click();
  await expect(page.getByRole("heading", { name: "Users Records" })).toBeVisible();
  await expect(page.getByTestId("total-users")).toHaveText(/^[\d,]+$/);
  await expect(page.getByTestId("total-amount")).toHaveText(/^₹ [\d,]+\.\d\d$/);
  await expect(page.getByText("8253")).toHaveCount(0);

  await search(page, prefix);
  await expect(page).toHaveURL(new RegExp(`email=${prefix}`));
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(`${prefix}00@example.com`);
  const pages = page.getByRole("navigation", { name: "Pagination" });
  await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Next" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(`${prefix}21@example.com`);
  await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(`${prefix}00@example.com`);

  await pages.getByRole("link", { name: "Last" }).click();
  await expect(page).toHaveURL(/last=1/);
  await expect(rows).toHaveCount(20);
  await expect(rows.last()).toContainText(`${prefix}21@example.com`);
});

test("an exact address shows that member alone, 'All Users' leads back; a bad value shows an error", async ({
  page,
  context,
}, testInfo) => {
  const prefix = uniquePrefix(testInfo.project.name);
  const member = await createMember(context, testInfo, { email: `${prefix}only@example.com`, firstName: "Asha" });
  await signInAsAdmin(page);
  await page.goto("/admin/users");

  await search(page, member.email.toUpperCase());
  const table = page.getByRole("table");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table).toContainText(member.email);
  await expect(table).toContainText(String(member.id));
  await page.getByRole("link", { name: "All Users" }).click();
  await expect(page).toHaveURL("/admin/users");
  await expect(page.getByLabel("Search by email")).toHaveValue("");

  await search(page, `${prefix}nobody`);
  await expect(page.getByText("No users match this search.")).toBeVisible();

  await search(page, "not an email");
  const error = page.getByText("Enter an email address or the start of one.");
  await expect(error).toBeVisible();
  await expect(error).toHaveClass(/text-red-700/);
  await expect(page.getByLabel("Search by email")).toHaveAttribute("aria-invalid", "true");
});

test("an operator finds a member by phone, filters by country and status, and the filters stay on the pages", async ({
  page,
  context,
}, testInfo) => {
  const prefix = uniquePrefix(testInfo.project.name);
  // A number of this test's own: the last digits vary by run and project.
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  const member = await createMember(context, testInfo, {
    email: `${prefix}phone@example.com`,
    firstName: "Meera",
    lastName: "Phone",
    country: "NP",
    mobile: `+9198${digits}`,
  });
  await signInAsAdmin(page);
  await page.goto("/admin/users");

  await page.getByLabel("Search by phone").fill(`+91 98${digits.slice(0, 4)}-${digits.slice(4)}`);
  await page.getByRole("button", { name: "Search" }).click();
  const table = page.getByRole("table");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table).toContainText(member.email);
  await expect(table).toContainText("Nepal");
  await expect(page.getByLabel("Search by phone")).toHaveValue(`+91 98${digits.slice(0, 4)}-${digits.slice(4)}`);

  await page.goto("/admin/users");
  for (let index = 0; index < 21; index += 1) {
    await createMember(context, testInfo, {
      email: `${prefix}${String(index).padStart(2, "0")}@example.com`,
      country: "LI",
    });
  }
  await page.getByLabel("Search by email").fill(prefix);
  await page.getByLabel("Country").selectOption({ label: "Liechtenstein" });
  await page.getByLabel("Status").selectOption("active");
  await page.getByLabel("Sort").selectOption({ label: "Newest sign-ups first" });
  await page.getByRole("button", { name: "Search" }).click();
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(`${prefix}20@example.com`);
  await expect(rows.first()).toContainText("Liechtenstein");
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${prefix}00@example.com`);
  await expect(page.getByLabel("Country")).toHaveValue("LI");
  await expect(page.getByLabel("Sort")).toHaveValue("newest");

  await page.goto("/admin/users?country=XX&from=2026-02-30");
  await expect(page.getByText("Choose a country from the list.")).toBeVisible();
  await expect(page.getByText("Enter a date as YYYY-MM-DD, for example 2026-11-25.")).toBeVisible();
});
