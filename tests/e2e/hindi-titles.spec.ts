import { expect, test, type Page } from "@playwright/test";
import { PRODUCT_NAME } from "../../app/lib/product";
import { createMember } from "./support/fixtures";
import { formHydrated } from "./support/forms";
import { chooseHindi, englishWordsOn } from "./support/languages";

// Page titles and field messages with a value in Hindi (issue 21 point 1, decision 074), with
// JavaScript on and off: the browser's tab shows a member or visitor page's name in Hindi, and a
// too-long value is refused with the limit said in Hindi.

const BRAND = new Set((PRODUCT_NAME.match(/[A-Za-z]+/g) ?? []).map((word) => word.toLowerCase()));

/** The Latin-letter words of the page's title other than the brand's: [] on a Hindi page. */
async function englishInTitle(page: Page): Promise<string[]> {
  const title = await page.title();
  return (title.match(/[A-Za-z]+/g) ?? []).filter((word) => !BRAND.has(word.toLowerCase()));
}

async function expectHindiTitle(page: Page, path: string, name: string) {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page).toHaveTitle(`${name} | ${PRODUCT_NAME}`);
  expect(await englishInTitle(page), path).toEqual([]);
}

test.beforeEach(async ({ context, baseURL }) => {
  await chooseHindi(context, baseURL!);
});

test("the member area's pages have Hindi titles", async ({ page }, testInfo) => {
  await createMember(page.context(), testInfo, { signIn: true, verified: true, details: true, firstName: "Asha" });
  const pages: [string, string][] = [
    ["/dashboard", "डैशबोर्ड"],
    ["/points", "पॉइंट्स"],
    ["/account", "खाता"],
    ["/account/delete", "खाता डिलीट करें"],
    ["/activities/surveyRecords", "सर्वे हिस्ट्री"],
    ["/activities/PointsRecords", "पॉइंट्स हिस्ट्री"],
    ["/details/user", "मेरा विवरण"],
    ["/details/password", "पासवर्ड"],
    ["/details/data", "मेरा डेटा"],
  ];
  for (const [path, name] of pages) await expectHindiTitle(page, path, name);
});

test("the guest pages, e-mail verification and the terms agreement have Hindi titles", async ({ page }, testInfo) => {
  await expectHindiTitle(page, "/login", "लॉग इन");
  await expectHindiTitle(page, "/reset-password", "पासवर्ड भूल गए");
  // A link that is no longer valid still names its page.
  await expectHindiTitle(page, "/resetpassword/no-such-token", "नया पासवर्ड बनाएँ");

  await createMember(page.context(), testInfo, { signIn: true, verified: false, termsAgreed: false });
  await expectHindiTitle(page, "/terms/agree", "हमारे नियम और शर्तें");
  await expectHindiTitle(page, "/email/verify", "ईमेल सत्यापित करें");
  await expectHindiTitle(page, "/email/verify/999999/not-a-hash", "ईमेल सत्यापन");
});

test("a too-long name on My Detail is refused with its limit in Hindi; a good one is saved", async ({
  page,
}, testInfo) => {
  await createMember(page.context(), testInfo, { signIn: true, verified: true, details: true, firstName: "Asha" });
  await page.goto("/details/user?edit");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "सेव करें" }) });
  await formHydrated(form, testInfo);
  // The browser stops typing at the limit (maxlength); a pasted or scripted value does not.
  const firstName = page.getByLabel("पहला नाम");
  await firstName.evaluate((input) => input.removeAttribute("maxlength"));
  await firstName.fill("A".repeat(51));
  await page.getByRole("button", { name: "सेव करें" }).click();
  await expect(page.getByText("ज़्यादा से ज़्यादा 50 अक्षर हो सकते हैं।")).toBeVisible();
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  expect(await englishWordsOn(page, ["Asha", "Test", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"])).toEqual(
    [],
  );

  await firstName.fill("Asha Devi");
  await page.getByRole("button", { name: "सेव करें" }).click();
  await expect(page).toHaveURL("/details/user");
  await expect(page.getByText("Asha Devi Member", { exact: true })).toBeVisible();
});
