import { gzipSync } from "node:zlib";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { PUBLIC_PAGES } from "./support/public-pages";

// The public pages are what visitors on slow mobile connections see first. Budgets, compressed:
// each page's HTML + CSS under 30 KB; Landing with all its JavaScript under 150 KB. Sizes are
// measured by fetching each file and gzipping it here, not by trusting response headers.
const HTML_AND_CSS_BUDGET = 30 * 1024;
const LANDING_TOTAL_BUDGET = 150 * 1024;

async function gzippedSize(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.ok(), path).toBe(true);
  const body = await response.body();
  return { text: body.toString("utf8"), size: gzipSync(body).length };
}

function stylesheets(html: string): string[] {
  return [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)].map((match) => {
    const href = /href="([^"]+)"/.exec(match[0])?.[1];
    if (!href) throw new Error(`A stylesheet link without href: ${match[0]}`);
    return href;
  });
}

// Every script the page loads or preloads: <script src>, <link rel="modulepreload"> and the
// imports of Remix's inline module script.
function scripts(html: string): string[] {
  return [...new Set([...html.matchAll(/["'](\/[^"']+\.js)["']/g)].map((match) => match[1]))];
}

async function htmlAndCss(request: APIRequestContext, path: string) {
  const page = await gzippedSize(request, path);
  const sheets = await Promise.all(stylesheets(page.text).map((href) => gzippedSize(request, href)));
  return {
    html: page.text,
    css: sheets.map((sheet) => sheet.text),
    size: page.size + sheets.reduce((sum, sheet) => sum + sheet.size, 0),
  };
}

for (const { path } of PUBLIC_PAGES) {
  test(`${path}: HTML + CSS under 30 KB compressed, no web font`, async ({ request }) => {
    const { html, css, size } = await htmlAndCss(request, path);
    expect(size, `${path} weighs ${size} bytes compressed`).toBeLessThan(HTML_AND_CSS_BUDGET);
    expect(html).not.toMatch(/as="font"|fonts\.googleapis|\.woff2?\b|\.ttf\b/);
    for (const sheet of css) {
      expect(sheet).not.toContain("@font-face");
      expect(sheet).not.toMatch(/@import/);
    }
  });
}

test("Landing with all its JavaScript is under 150 KB compressed", async ({ request }) => {
  const { html, size } = await htmlAndCss(request, "/");
  const files = scripts(html);
  expect(files.length).toBeGreaterThan(0);
  const sizes = await Promise.all(files.map((src) => gzippedSize(request, src)));
  const total = size + sizes.reduce((sum, file) => sum + file.size, 0);
  expect(total, `Landing weighs ${total} bytes compressed`).toBeLessThan(LANDING_TOTAL_BUDGET);
});

test("what the browser really downloads for Landing stays within the budget", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "js-off", "without JavaScript no script is downloaded");
  const bodies: Promise<number>[] = [];
  page.on("response", (response) => {
    if (["document", "stylesheet", "script", "font", "image"].includes(response.request().resourceType())) {
      bodies.push(response.body().then((body) => gzipSync(body).length));
    }
  });
  await page.goto("/", { waitUntil: "networkidle" });
  const total = (await Promise.all(bodies)).reduce((sum, size) => sum + size, 0);
  expect(total, `Landing downloads ${total} bytes compressed`).toBeLessThan(LANDING_TOTAL_BUDGET);
  expect(await page.evaluate(() => document.fonts.size)).toBe(0);
});
