import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Page, Response, TestInfo } from "@playwright/test";
import { expect, test, useOwnAddress } from "./support/test";
import { createMember } from "./support/fixtures";
import { MEMBER_PAGES, memberPageData, NOT_MEMBER_PAGES, type PageData, type Visitor } from "./support/member-pages";

// Thumb-sized controls (issue 21 point 2, decision 065): on every member page at a 360 px wide
// screen, every visible button (also a link drawn as one, and a <summary>), every checkbox and
// radio row (the label that holds the input: its whole row is the target) and every link in a
// navigation or a list is at least 44 × 44 px. Links inside a paragraph are running text and
// exempt, as are links that are neither in a list nor drawn as buttons, and visually hidden
// elements (the skip link until it has the focus). Closed <details> (the phone menu, the FAQ) are
// opened, so what they hold is measured too. Each page's HTML + CSS also stays within the public
// pages' budget (30 KB compressed). Both projects: JavaScript on and off.

const MIN = 44;
// The page-weight budget of the public pages (page-weight.spec.ts), held by every member page too:
// the larger targets must not make a page heavier than the members' slow connections allow.
const HTML_AND_CSS_BUDGET = 30 * 1024;
test.use({ viewport: { width: 360, height: 740 } });

test("every route file outside the back office is a member page of the tap-target test, or says why not", () => {
  const files = readdirSync("app/routes").filter(
    (file) => file.endsWith(".tsx") && !file.startsWith("admin") && !file.startsWith("dev."),
  );
  const listed = [...Object.keys(MEMBER_PAGES), ...Object.keys(NOT_MEMBER_PAGES)];
  expect(
    files.filter((file) => !listed.includes(file)),
    "route files missing from tests/e2e/support/member-pages.ts",
  ).toEqual([]);
  expect(
    listed.filter((file) => !files.includes(file)),
    "listed route files that no longer exist",
  ).toEqual([]);
  // A route file said to render no page really has no component.
  for (const [file, reason] of Object.entries(NOT_MEMBER_PAGES)) {
    if (reason.startsWith("layout")) continue;
    expect(readFileSync(`app/routes/${file}`, "utf8"), `${file} renders a page`).not.toMatch(/^export default/m);
  }
});

/** What is too small on the page as it is now: one line per element, with its size. */
async function tooSmall(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      // Visually hidden (sr-only) elements are a pixel wide until they have the focus.
      if (box.width <= 1 && box.height <= 1) return false;
      return element.checkVisibility({ visibilityProperty: true });
    };
    const name = (element: Element) =>
      (element.textContent || element.getAttribute("aria-label") || element.getAttribute("value") || "")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 50);
    const targets = new Map<Element, string>();
    for (const element of document.querySelectorAll(
      'button, input[type="submit"], input[type="button"], input[type="reset"], summary, [role="button"], a.btn, a.btn-primary, a.btn-secondary',
    )) {
      targets.set(element, "button");
    }
    for (const input of document.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]')) {
      if (!shown(input)) continue;
      const row =
        input.closest("label") ?? (input.id ? document.querySelector(`label[for="${CSS.escape(input.id)}"]`) : null);
      targets.set(row ?? input, row ? `${input.type} row` : `${input.type} without a label`);
    }
    for (const link of document.querySelectorAll("a[href]")) {
      if (targets.has(link)) continue;
      const holder = link.parentElement?.closest("p, nav, li");
      if (holder && holder.tagName !== "P") targets.set(link, "list link");
    }
    const failures: string[] = [];
    for (const [element, kind] of targets) {
      if (!shown(element)) continue;
      const { width, height } = element.getBoundingClientRect();
      if (Math.round(width) < min || Math.round(height) < min) {
        failures.push(`${kind} "${name(element)}" is ${Math.round(width)}×${Math.round(height)}`);
      }
    }
    return failures;
  }, MIN);
}

/** The page's HTML as served and its stylesheets, gzipped, in bytes. */
async function htmlAndCssSize(page: Page, response: Response): Promise<number> {
  const html = await response.body();
  const sheets = await page
    .locator('link[rel="stylesheet"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  let size = gzipSync(html).length;
  for (const href of sheets) size += gzipSync(await (await page.request.get(href)).body()).length;
  return size;
}

/** Checks the page as it loads, then with every <details> open. */
async function checkPage(page: Page, path: string, shows: string | undefined, failures: string[]) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  // The page itself, not Login or another page in its place.
  expect(new URL(page.url()).pathname, `${path} sent the browser elsewhere`).toBe(path);
  if (shows) await expect(page.getByText(shows).first(), path).toBeVisible();
  const size = await htmlAndCssSize(page, response!);
  if (size >= HTML_AND_CSS_BUDGET) failures.push(`${path}: HTML + CSS weigh ${size} bytes compressed`);
  const found = new Set(await tooSmall(page));
  const closed = page.locator("details:not([open]) > summary");
  for (let count = await closed.count(); count > 0; count = await closed.count()) {
    await closed.first().click();
  }
  for (const failure of await tooSmall(page)) found.add(failure);
  for (const failure of found) failures.push(`${path}: ${failure}`);
}

async function checkPages(page: Page, visitor: Visitor, data?: PageData) {
  const failures: string[] = [];
  const pages = Object.values(MEMBER_PAGES).filter((entry) => entry.visitor === visitor);
  expect(pages.length).toBeGreaterThan(0);
  for (const entry of pages) {
    const path = typeof entry.path === "string" ? entry.path : entry.path(data!);
    await checkPage(page, path, entry.shows, failures);
  }
  return failures;
}

test("public pages, sign-in and registration have thumb-sized controls", async ({ context, page }) => {
  test.setTimeout(180_000);
  await useOwnAddress(context);
  const failures = await checkPages(page, "guest");
  // Registration's second step, reached by passing the first.
  await page.goto("/register");
  await page.getByLabel("First Name").fill("Asha");
  await page.getByLabel("Last Name").fill("Rao");
  await page.getByLabel("Email").fill(`taps-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("Tap#Targets-2026");
  await page.getByLabel("Confirm Password").fill("Tap#Targets-2026");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Step 2 of 2")).toBeVisible({ timeout: 15_000 });
  for (const failure of await tooSmall(page)) failures.push(`/register (step 2): ${failure}`);
  expect(failures).toEqual([]);
});

// A country of this test's own, so its profile set reaches no other test's member.
const COUNTRY = "MU";

test("the member area, questionnaires and survey taking have thumb-sized controls", async ({
  context,
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const member = await createMember(context, testInfo, {
    signIn: true,
    country: COUNTRY,
    points: 5000,
    paymentAccounts: [
      { method: "upi", holderName: "Asha Rao", upiId: "asha@okbank" },
      { method: "paypal", holderName: "Asha Rao", paypalEmail: "asha@example.com" },
    ],
  });
  const failures = await checkPages(page, "member", await memberPageData(context, member.email, COUNTRY));
  expect(failures).toEqual([]);
});

test("the page of an unverified e-mail has thumb-sized controls", async ({ context, page }, testInfo: TestInfo) => {
  await createMember(context, testInfo, { signIn: true, verified: false });
  expect(await checkPages(page, "unverified")).toEqual([]);
});

test("the terms agreement page has thumb-sized controls", async ({ context, page }, testInfo: TestInfo) => {
  await createMember(context, testInfo, { signIn: true, termsAgreed: false });
  expect(await checkPages(page, "unagreed")).toEqual([]);
});
