import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { createMember } from "./support/fixtures";
import { chooseHindi, englishWordsOn } from "./support/languages";

// The public pages in Hindi (issue 21 point 1, decision 074), JavaScript on and off: Landing, the
// marketing and info pages, the policies (English text under a Hindi summary), Help and the 404 page.

const PAGES = [
  { path: "/", heading: "Survey Panel", section: "यह कैसे काम करता है", title: "Survey Panel: पैसे देने वाले ऑनलाइन सर्वे" },
  { path: "/learn-more", heading: "और जानें", section: "कमाई के मौके", title: "और जानें | Survey Panel" },
  { path: "/custom-surveys", heading: "कस्टम सर्वे", section: "डेटा की गुणवत्ता", title: "कस्टम सर्वे | Survey Panel" },
  { path: "/scalibility", heading: "बढ़ने की क्षमता", section: "तेज़ फ़ील्डवर्क", title: "बढ़ने की क्षमता | Survey Panel" },
  {
    path: "/register-more-info",
    heading: "रजिस्टर करने से पहले",
    section: "कौन जुड़ सकता है",
    title: "रजिस्टर करने से पहले | Survey Panel",
  },
  { path: "/about-us", heading: "हमारे बारे में", section: "हमारी कहानी", title: "हमारे बारे में | Survey Panel" },
  {
    path: "/about-survey",
    heading: "पेड सर्वे के बारे में",
    section: "पेड सर्वे क्या होते हैं?",
    title: "पेड सर्वे के बारे में | Survey Panel",
  },
];

const POLICIES = [
  { path: "/terms-and-conditions", heading: "नियम और शर्तें", englishSection: "2. Who may become a member" },
  { path: "/privacy-policies", heading: "गोपनीयता नीति", englishSection: "5. How long we keep it" },
  { path: "/cookie-policies", heading: "कुकी नीति", englishSection: "2. The cookies we use" },
];

// Devanagari takes three bytes a letter: the Hindi pages must stay within the English pages' budget
// (tests/e2e/page-weight.spec.ts), HTML and CSS compressed.
const HTML_AND_CSS_BUDGET = 30 * 1024;
const HINDI_COOKIE = `__lng=${encodeURIComponent(btoa(JSON.stringify("hi")))}`;

async function expectHindi(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
}

test.describe("the public pages in Hindi", () => {
  for (const { path, heading, section, title } of PAGES) {
    test(`${path} is in Hindi: headings, texts, title and description`, async ({ page, context, baseURL }) => {
      await chooseHindi(context, baseURL!);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expectHindi(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /[\u0900-\u097F]{3}/);
      // Open every FAQ answer and every slide's text, so that they are read too.
      for (const details of await page.locator("details").all())
        await details.evaluate((d) => d.setAttribute("open", ""));
      expect(await englishWordsOn(page)).toEqual([]);
    });
  }

  test("Landing's FAQ answers and the carousel's controls are in Hindi", async ({ page, context, baseURL }) => {
    await chooseHindi(context, baseURL!);
    await page.goto("/#faq");
    const faq = page.getByRole("region", { name: "अक्सर पूछे जाने वाले सवाल" });
    await faq.getByText("कौन सदस्य बन सकता है?").click();
    await expect(faq.getByText(/माता-पिता की अनुमति होने पर भी नहीं। हर व्यक्ति का सिर्फ़ एक खाता हो सकता है।/)).toBeVisible();
    const carousel = page.getByRole("region", { name: "मुख्य बातें" });
    await carousel.getByRole("link", { name: "स्लाइड 2 दिखाएँ" }).click();
    await expect(page.locator("#slide-2")).toBeInViewport({ ratio: 0.9 });
    await expect(page.locator("#slide-2")).toContainText("PayPal, बैंक ट्रांसफ़र या UPI से पैसे निकालें");
  });

  test("a link inside a Hindi sentence keeps its place and its target", async ({ page, context, baseURL }) => {
    await chooseHindi(context, baseURL!);
    await page.goto("/register-more-info");
    const after = page.locator("#after-you-join");
    await expect(after).toContainText("पूरे नियम हमारे नियम और शर्तें और गोपनीयता नीति में दिए गए हैं।");
    await after.getByRole("link", { name: "नियम और शर्तें" }).click();
    await expect(page).toHaveURL("/terms-and-conditions");
    await expectHindi(page);
  });

  for (const { path, heading, englishSection } of POLICIES) {
    test(`${path} shows a Hindi summary, says the English text governs, and keeps the English text`, async ({
      page,
      context,
      baseURL,
    }) => {
      await chooseHindi(context, baseURL!);
      await page.goto(path);
      await expectHindi(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByRole("main")).toContainText("पिछली बार अपडेट किया गया: 26 नवंबर 2026");
      const summary = page.getByRole("region", { name: "संक्षेप में" });
      await expect(summary.getByRole("listitem").first()).toBeVisible();
      await expect(summary).toContainText("मान्य केवल नीचे दिया गया अंग्रेज़ी पाठ है");
      // The policy itself stays English, marked as such for screen readers.
      const english = page.locator(`[lang="en"]`).getByRole("heading", { level: 2, name: englishSection });
      await expect(english).toBeVisible();
      // Everything else on the page is Hindi.
      await page.evaluate(() => document.querySelectorAll('[lang="en"]').forEach((element) => element.remove()));
      expect(await englishWordsOn(page)).toEqual([]);
    });
  }

  test("the English policies show no summary", async ({ page }) => {
    await page.goto("/terms-and-conditions");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { name: "In short" })).toHaveCount(0);
    await expect(page.locator("main [lang]")).toHaveCount(0);
  });

  test("Help is in Hindi for a member, its links and the support address included", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await createMember(context, testInfo, { signIn: true });
    await chooseHindi(context, baseURL!);
    await page.goto("/help");
    await expectHindi(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("सहायता");
    await expect(page).toHaveTitle("सहायता | Survey Panel");
    for (const heading of ["सर्वे", "स्क्रीनिंग सवाल", "पॉइंट्स", "निकासी", "सहायता से संपर्क करें"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
    }
    const surveys = page.locator("#surveys");
    await expect(surveys).toContainText("आपके होम पेज पर आपके लिए उपलब्ध सर्वे दिखते हैं");
    await expect(surveys.getByRole("link", { name: "मेरा विवरण" })).toHaveAttribute("href", "/details/user");
    await expect(page.locator("#contact-support").getByRole("link", { name: "support@panel.test" })).toHaveAttribute(
      "href",
      "mailto:support@panel.test",
    );
    // "Test" is the member's first name, in the menu's greeting.
    expect(await englishWordsOn(page, ["Test"])).toEqual([]);
  });

  test("a page that does not exist says so in Hindi", async ({ page, context, baseURL }) => {
    await chooseHindi(context, baseURL!);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expectHindi(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("पेज नहीं मिला");
    await expect(page.getByRole("link", { name: "होम पेज पर जाएँ" })).toHaveAttribute("href", "/");
    expect(await englishWordsOn(page)).toEqual([]);
  });

  test("the language buttons of a public page switch it to Hindi and back", async ({ page }) => {
    await page.goto("/about-us");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
    await page.getByRole("button", { name: "हिन्दी" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("हमारे बारे में");
    await expect(page).toHaveURL("/about-us");
    await expectHindi(page);
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  for (const path of [...PAGES, ...POLICIES].map((page) => page.path)) {
    test(`${path} in Hindi: HTML + CSS under 30 KB compressed`, async ({ request }) => {
      const response = await request.get(path, { headers: { cookie: HINDI_COOKIE } });
      const html = await response.text();
      expect(html).toContain('<html lang="hi"');
      let size = gzipSync(Buffer.from(html)).length;
      const sheets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)].map(
        (link) => /href="([^"]+)"/.exec(link[0])![1]!,
      );
      expect(sheets.length).toBeGreaterThan(0);
      for (const href of sheets) size += gzipSync(await (await request.get(href)).body()).length;
      expect(size, `${path} in Hindi weighs ${size} bytes compressed`).toBeLessThan(HTML_AND_CSS_BUDGET);
    });
  }
});
