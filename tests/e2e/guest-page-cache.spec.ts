import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { createMember } from "./support/fixtures";

// Landing and the Login page come from the server's memory for visitors without a cookie
// (docs/decisions/050-guest-page-cache.md). What people must never notice: a member getting a
// visitor's page, a visitor getting a member's page or someone else's message, or a page whose
// scripts the browser refuses. The cache's rules one by one: tests/unit/guest-page-cache.test.ts.

function newBrowser(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean) {
  return browser.newContext({ baseURL, javaScriptEnabled });
}

async function expectVisitorHeader(page: Page) {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Login" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign Up" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
}

async function expectMemberHeader(page: Page) {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Login" })).toHaveCount(0);
}

test("a member never gets the visitors' Landing or Login page, and visitors never get the member's", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  const contexts: BrowserContext[] = [];
  const open = async () => {
    const context = await newBrowser(browser, baseURL, javaScriptEnabled);
    contexts.push(context);
    return { context, page: await context.newPage() };
  };

  // A visitor first: Landing and Login as every visitor sees them (rendered, then kept).
  const visitor = await open();
  for (let visit = 0; visit < 2; visit += 1) {
    await visitor.page.goto("/");
    await expectVisitorHeader(visitor.page);
    await visitor.page.goto("/login");
    await expect(visitor.page.getByRole("heading", { name: "Login" })).toBeVisible();
  }

  // Then a member: their own Landing, and Login sends them back to it.
  const member = await open();
  await createMember(member.context, testInfo, { firstName: "Kavya", signIn: true });
  await member.page.goto("/");
  await expectMemberHeader(member.page);
  await member.page.goto("/login");
  await expect(member.page).toHaveURL("/");
  await expectMemberHeader(member.page);
  await member.page.goto("/dashboard");
  await expect(member.page.getByRole("heading", { name: "Welcome, Kavya Member" })).toBeVisible();

  // A visitor after the member gets the visitors' pages, with nothing of the member's.
  const next = await open();
  await next.page.goto("/");
  await expectVisitorHeader(next.page);
  await expect(next.page.getByText("Kavya")).toHaveCount(0);
  await next.page.goto("/login");
  await expect(next.page.getByRole("heading", { name: "Login" })).toBeVisible();

  // And the member, after them, still gets their own.
  await member.page.goto("/");
  await expectMemberHeader(member.page);
  for (const context of contexts) await context.close();
});

test("a message for one visitor is shown to them once and never to the next visitor", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const first = await newBrowser(browser, baseURL, javaScriptEnabled);
  const page = await first.newPage();
  // Cancelling Google sign-in comes back to Login with a message (a flash cookie).
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByText("Something went wrong! Try Again.")).toBeVisible();
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
  await expect(page.getByText("Something went wrong! Try Again.")).toHaveCount(0);

  const second = await newBrowser(browser, baseURL, javaScriptEnabled);
  const other = await second.newPage();
  await other.goto("/login");
  await expect(other.getByRole("heading", { name: "Login" })).toBeVisible();
  await expect(other.getByText("Something went wrong! Try Again.")).toHaveCount(0);
  await first.close();
  await second.close();
});

test("every visit of the Login page has its own script nonce, the one its CSP names", async ({
  page,
  javaScriptEnabled,
}) => {
  const nonces: string[] = [];
  for (let visit = 0; visit < 3; visit += 1) {
    const response = await page.goto("/login");
    expect(response?.status()).toBe(200);
    const policy = response?.headers()["content-security-policy"] ?? "";
    const named = /'nonce-([^']+)'/.exec(policy)?.[1];
    const inPage = [...(await response!.text()).matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
    expect(named).toBeTruthy();
    expect(inPage.length).toBeGreaterThan(0);
    expect(new Set(inPage)).toEqual(new Set([named]));
    nonces.push(named!);
  }
  expect(new Set(nonces).size).toBe(3);
  // With JavaScript the page's scripts ran (the browser accepted the nonce): the toggle appears.
  const toggle = page.getByRole("button", { name: "Show password" });
  if (javaScriptEnabled) await expect(toggle).toBeVisible();
  else await expect(toggle).toHaveCount(0);
});
