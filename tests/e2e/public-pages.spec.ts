import { expect, test, type Page } from "@playwright/test";
import { createMember } from "./support/fixtures";
import { POLICY_PATHS, PUBLIC_PAGES } from "./support/public-pages";

// Landing, the marketing, info and policy pages, Help, robots.txt and the sitemap, in both
// projects: everything here must work without JavaScript.

const SUPPORT_EMAIL = "support@panel.test";

test.describe("every public page", () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} shows its heading, title, description and the footer`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(/Survey Panel/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      const footer = page.getByRole("contentinfo");
      await expect(footer).toContainText(`© ${new Date().getFullYear()} Survey Panel`);
      await expect(footer.getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute(
        "href",
        `mailto:${SUPPORT_EMAIL}`,
      );
    });
  }
});

test("the footer's links lead to About Us, Terms, Privacy and Cookies", async ({ page }) => {
  const targets = [
    ["About Us", "/about-us", "About Us"],
    ["Terms", "/terms-and-conditions", "Terms and Conditions"],
    ["Privacy", "/privacy-policies", "Privacy Policy"],
    ["Cookies", "/cookie-policies", "Cookie Policy"],
  ] as const;
  for (const [label, path, heading] of targets) {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
});

test.describe("Landing", () => {
  test("a visitor sees Login and Sign Up, the feature sections and the card grid", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/register");
    await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "How it works" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payouts your way" })).toBeVisible();
    const apart = page.getByRole("region", { name: "What Sets Us Apart" });
    await expect(apart.getByRole("listitem")).toHaveCount(6);
  });

  test("a signed-in member sees a Dashboard button instead", async ({ page, context }, testInfo) => {
    await createMember(context, testInfo, { signIn: true });
    await page.goto("/");
    await page.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL("/dashboard");
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign Up" })).toHaveCount(0);
  });

  test("the carousel's links show each slide", async ({ page }) => {
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Highlights" });
    await expect(carousel.getByRole("group")).toHaveCount(3);
    for (const number of [2, 3, 1]) {
      await carousel.getByRole("link", { name: `Show slide ${number}` }).click();
      await expect(page).toHaveURL(new RegExp(`#slide-${number}$`));
      await expect(page.locator(`#slide-${number}`)).toBeInViewport({ ratio: 0.9 });
    }
  });

  test("with JavaScript the carousel advances by itself, unless motion is reduced", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "js-off", "auto-advance is a JavaScript enhancement");
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
    await expect(page.locator("#slide-2")).toBeInViewport({ ratio: 0.9, timeout: 10_000 });

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.locator("#slide-1")).toBeInViewport({ ratio: 0.9 });
    // The button exists only while auto-advance can run; hydration has happened once it would show.
    await page.waitForFunction(() => document.readyState === "complete");
    await page.waitForTimeout(500);
    await expect(page.getByRole("button", { name: /Pause|Play/ })).toHaveCount(0);
  });

  test("the FAQ has ten questions that open and close", async ({ page }) => {
    await page.goto("/#faq");
    const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
    await expect(faq.locator("details")).toHaveCount(10);
    const question = faq.getByText("Does it cost anything to join?");
    const answer = faq.getByText("Registration is free and surveys are always free to take.");
    await expect(answer).toBeHidden();
    await question.click();
    await expect(answer).toBeVisible();
    await question.click();
    await expect(answer).toBeHidden();
  });
});

async function expectAnchorLands(page: Page, linkName: string, id: string) {
  await page.getByRole("navigation", { name: "Quick navigation" }).getByRole("link", { name: linkName }).click();
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
  await expect(page.locator(`#${id} h2`)).toBeInViewport();
}

test.describe("quick navigation", () => {
  test("/about-survey's anchors land on their sections", async ({ page }) => {
    await page.goto("/about-survey");
    await expectAnchorLands(page, "For companies", "companies");
    await expectAnchorLands(page, "Easy to use", "easy-to-use");
    await expectAnchorLands(page, "What are paid surveys?", "paid-surveys");
  });

  test("the policies' anchors land on their sections", async ({ page }) => {
    await page.goto("/terms-and-conditions");
    await expectAnchorLands(page, "11. Governing law", "governing-law");
    await expectAnchorLands(page, "2. Who may become a member", "eligibility");
    await page.goto("/privacy-policies");
    await expectAnchorLands(page, "8. Children", "children");
    await page.goto("/cookie-policies");
    await expectAnchorLands(page, "4. Managing cookies", "managing-cookies");
  });
});

test.describe("policies", () => {
  for (const path of POLICY_PATHS) {
    test(`${path} says when it was last updated and its logo leads to Landing`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("main")).toContainText("Last updated November 26, 2026");
      await page.getByRole("banner").getByRole("link", { name: "Survey Panel" }).click();
      await expect(page).toHaveURL("/");
    });
  }

  test("the terms and the privacy policy state the panel's rules", async ({ page }) => {
    await page.goto("/terms-and-conditions");
    const terms = page.getByRole("main");
    for (const fact of [
      "The minimum age for membership is 18 years",
      "A person under 18 may not register, not even with the help or permission of a parent",
      "true, accurate and current information",
      "use bots, scripts",
      "claim a sign-up or referral bonus more than once per household or per IP address",
      "for 6 months, your account is set to inactive and the points in it are reset to zero",
      "Deletion is completed within 30 calendar days",
      "pending payment",
      "paid out",
      "limited to 100 US dollars",
      "based in India",
      "governed by the laws of India",
      "A PayPal account must use the e-mail address you signed up with",
      "Each person may hold one account only",
      "one payment account of each kind: one PayPal, one UPI and one bank account",
    ]) {
      await expect(terms).toContainText(fact);
    }
    await page.goto("/privacy-policies");
    await expect(page.getByRole("main")).toContainText("not a service for children under 13");
  });

  test("the terms page's bar hides while scrolling down and returns on scrolling up (with JavaScript)", async ({
    page,
  }, testInfo) => {
    await page.goto("/terms-and-conditions");
    const bar = page.getByRole("banner");
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    if (testInfo.project.name === "js-off") {
      // Without JavaScript the sticky bar simply stays.
      await expect(bar).toBeInViewport();
      return;
    }
    await expect(bar).not.toBeInViewport();
    await page.mouse.wheel(0, -300);
    await expect(bar).toBeInViewport();
  });

  test("the privacy page's bar stays while scrolling down", async ({ page }) => {
    await page.goto("/privacy-policies");
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.waitForTimeout(300);
    await expect(page.getByRole("banner")).toBeInViewport();
  });
});

test.describe("guest-only and open pages for a signed-in member", () => {
  test("the marketing pages send a signed-in member to Landing", async ({ page, context }, testInfo) => {
    await createMember(context, testInfo, { signIn: true });
    for (const { path } of PUBLIC_PAGES.filter((p) => p.access === "guest")) {
      await page.goto(path);
      await expect(page, path).toHaveURL("/");
      await expect(page.getByRole("link", { name: "Dashboard" })).toBeVisible();
    }
  });

  test("the info and policy pages stay open to a signed-in member", async ({ page, context }, testInfo) => {
    await createMember(context, testInfo, { signIn: true });
    for (const { path, heading } of PUBLIC_PAGES.filter((p) => p.access === "anyone")) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
    await page.goto("/about-us");
    await expect(page.getByRole("link", { name: "Join Here" })).toHaveCount(0);
  });

  test("a visitor on /about-us is offered Join Here", async ({ page }) => {
    await page.goto("/about-us");
    await page.getByRole("link", { name: "Join Here" }).click();
    await expect(page).toHaveURL("/register");
  });
});

test.describe("Help", () => {
  test("a visitor is sent to Login", async ({ page }) => {
    await page.goto("/help");
    await expect(page).toHaveURL("/login?redirectTo=%2Fhelp");
  });

  test("a member reads how surveys, screeners, points and withdrawals work and how to contact support", async ({
    page,
    context,
  }, testInfo) => {
    await createMember(context, testInfo, { signIn: true });
    await page.goto("/help");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Help");
    for (const heading of ["Surveys", "Screeners", "Points", "Withdrawals", "Contact support"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("main").getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute(
      "href",
      `mailto:${SUPPORT_EMAIL}`,
    );
    await expectAnchorLands(page, "Contact support", "contact-support");
  });

  test("a member whose details are incomplete can still read it", async ({ page, context }, testInfo) => {
    await createMember(context, testInfo, { signIn: true, details: false });
    await page.goto("/help");
    await expect(page).toHaveURL("/help");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Help");
  });
});

test.describe("robots.txt and sitemap.xml", () => {
  test("robots.txt allows the public pages and names the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("sitemap.xml lists every public page", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(listed.sort()).toEqual(PUBLIC_PAGES.map(({ path }) => `${baseURL}${path}`).sort());
    expect(xml).toContain("<lastmod>2026-11-26</lastmod>");
  });
});
