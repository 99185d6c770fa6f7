import { expect, test } from "./support/test";
import { createMember } from "./support/fixtures";

// The member layout and the guards every member page runs, in both projects (JavaScript on/off).

const SIDEBAR = [
  ["HomePage", "/dashboard"],
  ["Surveys", "/survey"],
  ["Points", "/points"],
  ["Account", "/account"],
  ["Activities", "/activities"],
  ["MyDetails", "/details"],
  ["Help", "/help"],
] as const;

test.describe("the member layout", () => {
  test("the sidebar links to every part of the member area and greets the member", async ({
    page,
    context,
  }, testInfo) => {
    await createMember(context, testInfo, { firstName: "Asha", signIn: true });
    await page.goto("/dashboard");
    const sidebar = page.getByRole("complementary");
    await expect(sidebar.getByText("Hi, Asha")).toBeVisible();
    const navigation = sidebar.getByRole("navigation", { name: "Member" });
    for (const [label, href] of SIDEBAR) {
      await expect(navigation.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await expect(sidebar.getByRole("checkbox", { name: "Log Out of all Devices" })).not.toBeChecked();
    await expect(sidebar.getByRole("button", { name: "Logout" })).toBeVisible();

    await navigation.getByRole("link", { name: "MyDetails" }).click();
    await expect(page).toHaveURL("/details/user");
    await expect(page.getByRole("heading", { name: "My Detail" })).toBeVisible();
  });

  test("the surveys list is in the menu, marked as the current page when open", async ({ memberPage: page }) => {
    await page.goto("/dashboard");
    const navigation = page.getByRole("complementary").getByRole("navigation", { name: "Member" });
    const surveys = navigation.getByRole("link", { name: "Surveys", exact: true });
    await expect(surveys).not.toHaveAttribute("aria-current", "page");
    await surveys.click();
    await expect(page).toHaveURL("/survey");
    await expect(page.getByRole("heading", { level: 1, name: "Surveys" })).toBeVisible();
    await expect(surveys).toHaveAttribute("aria-current", "page");
    await expect(navigation.getByRole("link", { name: "HomePage" })).not.toHaveAttribute("aria-current", "page");

    // The phone menu has it too, marked the same.
    await page.setViewportSize({ width: 360, height: 740 });
    const menu = page.getByRole("banner");
    await menu.getByText("Menu", { exact: true }).click();
    await expect(menu.getByRole("link", { name: "Surveys", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("member pages are never kept by the browser's cache", async ({ memberPage: page }) => {
    for (const path of ["/dashboard", "/details/user", "/details/password"]) {
      const response = await page.goto(path);
      expect(response?.headers()["cache-control"], path).toBe("private, no-store");
    }
  });

  test("on a phone the header menu opens (without JavaScript too) and says 'Hi, {name}'", async ({
    page,
    context,
  }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await createMember(context, testInfo, { firstName: "Ravi", signIn: true });
    await page.goto("/dashboard");
    await expect(page.getByRole("complementary")).toBeHidden();
    const menu = page.getByRole("banner");
    await expect(menu.getByText("Hi, Ravi")).toBeHidden();

    await menu.getByText("Menu", { exact: true }).click();
    await expect(menu.getByText("Hi, Ravi")).toBeVisible();
    for (const [label, href] of SIDEBAR) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await expect(menu.getByRole("checkbox", { name: "Log Out of all Devices" })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await menu.getByRole("link", { name: "MyDetails" }).click();
    await expect(page).toHaveURL("/details/user");
    // The menu is closed on the new page, with or without JavaScript.
    await expect(menu.getByText("Hi, Ravi")).toBeHidden();
  });

  test("/home opens the dashboard and /details opens My Detail", async ({ memberPage: page }) => {
    await page.goto("/home");
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { name: "Available Surveys" })).toBeVisible();
    await page.goto("/details");
    await expect(page).toHaveURL("/details/user");
    await expect(
      page.getByRole("navigation", { name: "My details" }).getByRole("link", { name: "Password" }),
    ).toHaveAttribute("href", "/details/password");
  });
});

test.describe("the guards", () => {
  for (const path of ["/dashboard", "/details/user", "/details/password", "/home"]) {
    test(`a visitor opening ${path} is sent to Login, remembering the page`, async ({ page }) => {
      await page.goto(path);
      const target = path === "/home" ? "/dashboard" : path;
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(target)}`);
    });
  }

  test("a member with an unverified email is sent to /email/verify with 'Email Not Verified'", async ({
    page,
    context,
  }, testInfo) => {
    await createMember(context, testInfo, { verified: false, signIn: true });
    for (const path of ["/dashboard", "/details/user", "/details/password"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/email/verify");
      await expect(page.getByRole("alert").filter({ hasText: "Email Not Verified" })).toBeVisible();
    }
  });

  test("a member with missing details is sent to My Detail, opened for editing", async ({
    page,
    context,
  }, testInfo) => {
    await createMember(context, testInfo, { details: false, signIn: true });
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/details/user");
    await expect(page.getByRole("alert").filter({ hasText: "Please fill all empty fields to continue" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
  });

  test("a signed-in member opening a guest-only page is sent to Landing; Landing itself stays open", async ({
    memberPage: page,
  }) => {
    for (const path of ["/login", "/register"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/");
    }
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
  });

  test("a member whose session was ended elsewhere is signed out and the stale cookie removed", async ({
    page,
    context,
  }, testInfo) => {
    await createMember(context, testInfo, { signIn: true });
    // A forged cookie value: the signature fails, as for any session the server does not know.
    const [cookie] = (await context.cookies()).filter((c) => c.name === "__member");
    await context.addCookies([{ ...cookie, value: `${cookie.value.slice(0, -2)}xx` }]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard");
    await expect(page.getByRole("alert").filter({ hasText: "Unauthenticated" })).toBeVisible();
    expect((await context.cookies()).filter((c) => c.name === "__member")).toEqual([]);
  });

  test("a visitor who never signed in meets Login without the 'Unauthenticated' toast", async ({ page }) => {
    await page.goto("/details/user");
    await expect(page).toHaveURL("/login?redirectTo=%2Fdetails%2Fuser");
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
    await expect(page.getByText("Unauthenticated")).toHaveCount(0);
  });
});
