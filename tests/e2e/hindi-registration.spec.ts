import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./support/fixtures";
import { chooseHindi, englishWordsOn } from "./support/languages";
import { useOwnAddress } from "./support/test";

// Register in Hindi (issue 21 point 1, decision 074), JavaScript on and off: both steps, a refused
// submit at each with its messages in Hindi, a reload on step 2 that keeps step 2 and the language,
// then the new member lands on the verification page.

const PASSWORD = "Tamarind-Monsoon-42";
const NAME = ["Asha", "Rao"];

/**
 * Step 2 shows texts that other modules own and translate (the sign-in and My Detail branch, h/w):
 * the terms box's label, and the month and gender names of the profile rules. Until that branch is
 * merged they are English, so the English-words check of step 2 reads the page without them. Once it
 * is merged, delete this function and its call.
 */
async function leaveOutTextsTranslatedElsewhere(page: Page) {
  await page.evaluate(() => {
    document.querySelector('input[name="terms"]')?.closest("label")?.remove();
    for (const name of ["month", "gender"]) {
      for (const option of document.querySelectorAll(`select[name="${name}"] option:not([value=""])`)) option.remove();
    }
  });
}

const banner = (page: Page) => page.locator("#register-message");

test.beforeEach(async ({ page, context, baseURL }) => {
  await chooseHindi(context, baseURL!);
  // Registration is limited per client address: each test posts from one of its own.
  await useOwnAddress(page);
});

test("a visitor registers in Hindi through both steps, with Hindi messages, and a reload keeps step 2", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "hindi");
  // The data the page shows back: the name and the e-mail address.
  const dataWords = [...NAME, ...(email.match(/[A-Za-z]+/g) ?? [])];
  await page.goto("/register");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("heading", { name: "रजिस्टर करें" })).toBeVisible();
  await expect(page.getByText("2 में से चरण 1")).toBeVisible();
  await expect(page.getByRole("button", { name: "Google से साइन अप करें" })).toBeVisible();
  expect(await englishWordsOn(page)).toEqual([]);

  // Step 1, refused: the two passwords differ.
  await page.getByLabel("पहला नाम").fill(NAME[0]!);
  await page.getByLabel("अंतिम नाम").fill(NAME[1]!);
  await page.getByLabel("ईमेल").fill(email);
  await page.getByLabel("पासवर्ड", { exact: true }).fill(PASSWORD);
  await page.getByLabel("पासवर्ड दोबारा लिखें").fill(`${PASSWORD}!`);
  await page.getByRole("button", { name: "आगे" }).click();
  await expect(banner(page)).toHaveText("दोनों पासवर्ड एक जैसे नहीं हैं");
  await expect(page.getByLabel("पासवर्ड दोबारा लिखें")).toHaveAttribute("aria-invalid", "true");
  expect(await englishWordsOn(page, dataWords)).toEqual([]);

  // Step 1, refused again: an e-mail without a domain is named in the banner in Hindi.
  await page.getByLabel("ईमेल").fill("asha@example");
  await page.getByLabel("पासवर्ड", { exact: true }).fill(PASSWORD);
  await page.getByLabel("पासवर्ड दोबारा लिखें").fill(PASSWORD);
  await page.getByRole("button", { name: "आगे" }).click();
  await expect(banner(page)).toHaveText("यह जानकारी सही नहीं है: ईमेल");
  await expect(page.getByText("सही ईमेल पता लिखें।")).toBeVisible();

  // Step 1, accepted.
  await page.getByLabel("ईमेल").fill(email);
  await page.getByLabel("पासवर्ड", { exact: true }).fill(PASSWORD);
  await page.getByLabel("पासवर्ड दोबारा लिखें").fill(PASSWORD);
  await page.getByRole("button", { name: "आगे" }).click();
  // Next hashes the password (argon2id): slower than other posts on a busy machine.
  await expect(page.getByText("2 में से चरण 2")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`रजिस्ट्रेशन: Asha Rao (${email})`)).toBeVisible();
  // Country names are in Hindi too.
  await expect(page.getByLabel("देश").locator('option[value="IN"]')).toHaveText("भारत");

  // A reload keeps step 2, in Hindi.
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByText("2 में से चरण 2")).toBeVisible();
  await expect(page.getByText(`रजिस्ट्रेशन: Asha Rao (${email})`)).toBeVisible();
  await leaveOutTextsTranslatedElsewhere(page);
  expect(await englishWordsOn(page, dataWords)).toEqual([]);
  await page.reload();

  // Step 2, refused: nothing filled in.
  await page.getByRole("button", { name: "रजिस्टर करें" }).click();
  await expect(banner(page)).toHaveText("ज़रूरी जानकारी भरें");
  await expect(page.getByLabel("देश")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("2 में से चरण 2")).toBeVisible();

  // Step 2, accepted.
  await page.getByLabel("देश").selectOption("IN");
  await page.getByLabel("राज्य / क्षेत्र").fill("कर्नाटक");
  await page.getByLabel("शहर").fill("बेंगलुरु");
  await page.getByLabel("पिन कोड").fill("560001");
  await page.getByLabel("दिन").fill("15");
  await page.getByLabel("महीना").selectOption("4");
  await page.getByLabel("वर्ष").fill("1990");
  await page.getByLabel("लिंग").selectOption("female");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "रजिस्टर करें" }).click();
  await expect(page).toHaveURL("/email/verify", { timeout: 15_000 });
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
});
