import { readdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { createMember, createSurveyAssignment, uniqueEmail } from "./support/fixtures";
import { chooseHindi, englishWordsOn } from "./support/languages";
import { linkIn, waitForMail } from "./support/mail";
import { expect, test, useOwnAddress } from "./support/test";
import { option, page as questionnairePage, questionnaire, radio } from "../support/questionnaires";

// Issue 21's acceptance for languages (decision 074), with JavaScript on and off, in Hindi and in
// English: register (both steps, each with a refused post first), verify the e-mail from the mailed
// link, answer About You with "None of these", take a survey from the dashboard, withdraw. On every
// page the member sees, every visible string is in the chosen language: on a Hindi page no common
// English word is left (tests/e2e/support/languages.ts), on an English page no Devanagari (but the
// language form's "हिन्दी"). The test reads the buttons and messages it expects from the Hindi
// catalogues, so it checks what a member reads, whatever words the translators chose.

type Language = "en" | "hi";

const HINDI: Record<string, string> = Object.assign(
  {},
  ...readdirSync("app/i18n/locales/hi").map((file) => JSON.parse(readFileSync(`app/i18n/locales/hi/${file}`, "utf8"))),
);

/** What the member reads for this English text in this language (the catalogue's translation). */
function say(language: Language, text: string, values: Record<string, string | number> = {}) {
  const template = language === "hi" ? HINDI[text] : text;
  if (language === "hi" && !template) throw new Error(`No Hindi for "${text}"`);
  return template!.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

// The hosted survey's questions are the admin's content, written in English: the only English a
// Hindi member may see, with the brand and the payout id.
const SURVEY_WORDS = ["Breakfast", "habits", "What", "do", "you", "usually", "eat", "Cereal", "Eggs"];
const SURVEY = questionnaire("Breakfast", [
  questionnairePage("Food", [radio("breakfastFood", "What do you usually eat?", [option("Cereal"), option("Eggs")])]),
]);

async function expectLanguage(page: Page, language: Language, allow: string[] = []) {
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  if (language === "hi") {
    expect(await englishWordsOn(page, allow), `English left on ${page.url()}`).toEqual([]);
  } else {
    const text = (await page.evaluate(() => document.body.innerText)).replaceAll("हिन्दी", "");
    expect(text.match(/[\u0900-\u097F]+/g) ?? [], `Hindi on the English page ${page.url()}`).toEqual([]);
  }
}

async function choose(language: Language, page: Page, baseURL: string) {
  if (language === "hi") await chooseHindi(page.context(), baseURL);
  else await page.context().setExtraHTTPHeaders({ "Accept-Language": "en-IN,en;q=0.9" });
}

for (const language of ["hi", "en"] as const) {
  test.describe(`in ${language === "hi" ? "Hindi" : "English"}`, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await useOwnAddress(page);
      await choose(language, page, baseURL!);
    });

    test("register, verify the e-mail, answer About You with 'None of these', take a survey", async ({
      page,
      context,
      baseURL,
    }, testInfo) => {
      test.setTimeout(120_000);
      const email = uniqueEmail(testInfo, `lang-${language}`);
      const password = "Tamarind-Monsoon-42";
      // The member's own name and address, shown back to them, are theirs, not the site's words.
      const data = ["Asha", "Rao", ...email.match(/[A-Za-z]+/g)!];

      // Registration, step 1: a refused post first, then Next.
      await page.goto("/register");
      await expectLanguage(page, language);
      await page.locator('button[name="intent"][value="next"]').click();
      await expect(page.locator("#register-message")).toHaveText(say(language, "Required Fields"));
      await expectLanguage(page, language);
      await page.locator('[name="fName"]').fill("Asha");
      await page.locator('[name="lName"]').fill("Rao");
      await page.locator('[name="email"]').fill(email);
      await page.locator('[name="password"]').fill(password);
      await page.locator('[name="password_confirmation"]').fill(password);
      await page.locator('button[name="intent"][value="next"]').click();
      await expect(page.locator('[name="pin"]')).toBeVisible({ timeout: 15_000 });
      await expectLanguage(page, language, data);

      // Step 2 survives a reload (decision 076), still in the member's language.
      await page.reload();
      await expect(page.locator('[name="pin"]')).toBeVisible();
      await page.locator('button[name="intent"][value="register"]').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectLanguage(page, language, data);
      await page.locator('[name="country"]').selectOption("IN");
      await page.locator('[name="state"]').fill("Karnataka");
      await page.locator('[name="city"]').fill("Bengaluru");
      await page.locator('[name="pin"]').fill("560001");
      await page.locator('[name="day"]').fill("15");
      await page.locator('[name="month"]').selectOption("4");
      await page.locator('[name="year"]').fill("1990");
      await page.locator('[name="gender"]').selectOption("female");
      await page.locator('[name="terms"]').check();
      await page.locator('button[name="intent"][value="register"]').click();
      await expect(page).toHaveURL("/email/verify", { timeout: 15_000 });
      await expectLanguage(page, language, [...data, "Karnataka", "Bengaluru"]);

      // The mailed link verifies the address.
      const mail = await waitForMail(email);
      await page.goto(linkIn(mail, baseURL!));
      // With JavaScript the page posts the confirmation itself; without, the member presses the button.
      if (testInfo.project.name === "js-off") {
        await expectLanguage(page, language, data);
        await page.getByRole("button", { name: say(language, "Verify Email") }).click();
      }
      await expect(page.getByRole("heading", { name: say(language, "Email Verified Succesfully") })).toBeVisible();
      await expectLanguage(page, language, data);
      await page.goto("/dashboard");
      await expect(page).toHaveURL("/dashboard");
      await expectLanguage(page, language, data);

      // About You, first refused (nothing answered), then with "None of these" household items.
      await page.goto("/details/profiledetails/aboutyou");
      await expectLanguage(page, language, data);
      await page.getByRole("button", { name: say(language, "Save") }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectLanguage(page, language, data);
      await page.locator('[name="education"]').selectOption("Graduate");
      await page.locator('[name="employment"]').selectOption("Retired");
      await page.locator('[name="family_members"]').selectOption("2");
      await page.locator('[name="chief_earner"][value="Yes"]').check();
      await page.locator('[name="my_annual_income"]').selectOption({ index: 1 });
      await page.locator('[name="chief_earner_profession"]').selectOption({ index: 1 });
      await page.locator('[name="family_annual_income"]').selectOption({ index: 1 });
      await page.locator('[name="household_expense"][value="1"]').check();
      await page.locator('[name="household_items"][value="NoneOfThese"]').check();
      await page.getByRole("button", { name: say(language, "Save") }).click();
      await expect(page).toHaveURL("/details/profiledetails");
      await expect(page.locator('[data-toast="success"]')).toHaveText(say(language, "Saved Successfully!"));
      await expectLanguage(page, language, data);

      // A survey from the dashboard to its end.
      const { surveyId } = await createSurveyAssignment(context, {
        memberEmail: email,
        name: "Breakfast habits",
        delivery: "hosted",
        definition: SURVEY,
        points: 40,
      });
      await page.goto("/dashboard");
      await expect(page.getByText("Breakfast habits").first()).toBeVisible();
      await expectLanguage(page, language, [...data, ...SURVEY_WORDS]);
      await page.goto(`/survey/start/${surveyId}`);
      await expect(page).toHaveURL(/\/view\/survey\//);
      await expectLanguage(page, language, [...data, ...SURVEY_WORDS]);
      await page.getByRole("button", { name: say(language, "Submit") }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectLanguage(page, language, [...data, ...SURVEY_WORDS]);
      await page.getByRole("radio", { name: "Eggs" }).check();
      await page.getByRole("button", { name: say(language, "Submit") }).click();
      // The same address now thanks the member with the reward (decision 023).
      await expect(page.getByRole("heading", { level: 1, name: say(language, "Thank you!") })).toBeVisible();
      await expectLanguage(page, language, [...data, ...SURVEY_WORDS]);
    });

    test("withdraw: the points page, a refused request, the request and Points History", async ({
      page,
      context,
    }, testInfo) => {
      await createMember(context, testInfo, {
        signIn: true,
        verified: true,
        details: true,
        points: 2500,
        paymentAccounts: [{ method: "upi", holderName: "Asha Rao", upiId: "asha@okhdfc" }],
      });
      // The fixture's opening credit is written "Starting balance": test data, not a text of the site.
      const allow = ["UPI", "asha", "okhdfc", "Asha", "Rao", "Starting", "balance"];
      await page.goto("/points");
      await expectLanguage(page, language, allow);
      await page.getByRole("button", { name: say(language, "Withdraw") }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectLanguage(page, language, allow);
      await page.getByLabel(say(language, "Points to withdraw")).fill("1000");
      await page.getByLabel(/UPI · asha@okhdfc/).check();
      await page.getByRole("button", { name: say(language, "Withdraw") }).click();
      await expect(page).toHaveURL("/activities/PointsRecords");
      await expect(page.getByRole("row").filter({ hasText: "-1000" })).toHaveCount(1);
      await expectLanguage(page, language, [...allow, "WD"]);
    });
  });
}
