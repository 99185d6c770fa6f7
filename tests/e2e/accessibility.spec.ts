import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { createMember } from "./support/fixtures";
import { PUBLIC_PAGES } from "./support/public-pages";

// axe-core on every public page and on Help: no serious or critical violation, with JavaScript on
// and off (the two can differ: the carousel's Pause button exists only with JavaScript).

// axe runs as a script in the page, which a browser with JavaScript disabled never finishes. So the
// js-off project checks a page whose own scripts are blocked instead: the same server-rendered
// markup a browser without JavaScript shows, never hydrated.
const test = base.extend({
  page: async ({ page, browser, javaScriptEnabled, baseURL }, use) => {
    if (javaScriptEnabled) return use(page);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
    await context.route(/\/assets\/.*\.js(\?|$)/, (route) => route.abort());
    await use(await context.newPage());
    await context.close();
  },
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

for (const { path } of PUBLIC_PAGES) {
  test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the Landing FAQ, opened, has no serious or critical accessibility violation", async ({ page }) => {
  await page.goto("/");
  await page.getByText("Who can become a member?").click();
  expect(await seriousViolations(page)).toEqual([]);
});

test("/help has no serious or critical accessibility violation", async ({ page }, testInfo) => {
  await createMember(page.context(), testInfo, { signIn: true });
  await page.goto("/help");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Help");
  expect(await seriousViolations(page)).toEqual([]);
});
