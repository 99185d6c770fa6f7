import { expect, test, type APIResponse } from "@playwright/test";
import { createMember } from "./support/fixtures";
import { useOwnAddress } from "./support/test";

// Security headers, the CSP nonce, and cross-origin posts, in both projects (JavaScript on and
// off); with JavaScript on, the page must still hydrate and its enhanced forms work under the CSP.
// See docs/decisions/029-security-headers.md.
const EVIL = "https://evil.example";
const PASSWORD = "Quartz-Lantern-42";

test.beforeEach(async ({ context }) => {
  await useOwnAddress(context);
});

test("documents carry the CSP, and every script tag of the page carries its nonce", async ({ page }) => {
  const nonces = new Set<string>();
  for (const path of ["/login", "/", "/admin", "/no-such-page"]) {
    const response = await page.goto(path);
    const headers = response!.headers();
    const csp = headers["content-security-policy"];
    expect(csp, path).toContain("default-src 'self'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("object-src 'none'");
    expect(csp, path).toContain("base-uri 'self'");
    expect(csp, path).not.toContain("unsafe-inline");
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce, path).toBeTruthy();
    nonces.add(nonce!);

    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"], path).toBe("DENY");
    // The test server is plain http: no HSTS there.
    expect(headers["strict-transport-security"], path).toBeUndefined();

    const html = await response!.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, path).toContain(` nonce="${nonce}"`);
    // No inline event handlers or style attributes, which no nonce could allow.
    expect(html, path).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
    expect(html, path).not.toMatch(/<[a-z][^>]*\sstyle=/i);
  }
  expect(nonces.size).toBe(4);
});

test("with JavaScript the page hydrates under the CSP and its enhanced form works", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "needs JavaScript");
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(error.message));
  const documentPosts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.resourceType() === "document") documentPosts.push(request.url());
  });

  await page.goto("/login");
  // The toggle is rendered only once React has hydrated the page.
  await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();

  // Client-side validation, with the same schema as the server's, before anything is posted.
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Email").press("Tab");
  await expect(page.getByText("The email must be a valid email address.")).toBeVisible();

  // An enhanced submission: a fetch of the action's data, answered with the form's error.
  await page.getByLabel("Email").fill(`nobody-${Date.now()}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("Not-The-Password-1");
  const dataResponse = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(".data"));
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByText("These credentials do not match our records.")).toBeVisible();

  // Data responses get the headers too, but no CSP (they are not documents).
  const headers = (await dataResponse).headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["content-security-policy"]).toBeUndefined();

  expect(documentPosts).toEqual([]);
  expect(violations).toEqual([]);
});

test("a form post from another origin is refused and changes nothing", async ({ page, context, baseURL }, testInfo) => {
  const { email } = await createMember(context, testInfo, { password: PASSWORD });
  const credentials = { email, password: PASSWORD };
  const signedIn = (response: APIResponse) =>
    response
      .headersArray()
      .some(({ name, value }) => name.toLowerCase() === "set-cookie" && value.startsWith("__member="));

  // Remix 2.17 itself aborts an action whose Origin host is not the request's Host, with a bare
  // 500, before the app runs; a server in front of Remix may answer 403 first. Either way: refused.
  const fromOrigin = await page.request.post("/login", {
    headers: { Origin: EVIL },
    form: credentials,
    maxRedirects: 0,
  });
  expect([403, 500]).toContain(fromOrigin.status());
  expect(signedIn(fromOrigin)).toBe(false);

  // Without an Origin the Referer decides, in the app's own check: a 403.
  for (const path of ["/login", "/admin", "/register"]) {
    const fromReferer = await page.request.post(path, {
      headers: { Referer: `${EVIL}/form` },
      form: credentials,
      maxRedirects: 0,
    });
    expect(fromReferer.status(), path).toBe(403);
    expect(signedIn(fromReferer), path).toBe(false);
  }

  // The same post from this site signs the member in.
  const origin = new URL(baseURL!).origin;
  const accepted = await page.request.post("/login", {
    headers: { Origin: origin, Referer: `${origin}/login` },
    form: credentials,
    maxRedirects: 0,
  });
  expect(accepted.status()).toBe(302);
  expect(signedIn(accepted)).toBe(true);
});
