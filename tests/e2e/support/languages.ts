import type { BrowserContext, Page } from "@playwright/test";
import { PRODUCT_NAME } from "../../../app/lib/product";

// Pages in Hindi (issue 21 point 1, decision 074): how a test chooses the language, and how it finds
// English left on a Hindi page.

/** Chooses Hindi for the browser's context, as the language form does (the `lng` cookie). */
export async function chooseHindi(context: BrowserContext, baseURL: string) {
  // The cookie holds the language as Remix's createCookie writes it: base64 of the JSON string.
  await context.addCookies([{ name: "__lng", value: encodeURIComponent(btoa(JSON.stringify("hi"))), url: baseURL }]);
}

/**
 * Common English words of the site's texts. A Hindi page that shows one of them (as a whole word,
 * any case) has a text that was not translated. Names, e-mail addresses, codes and brands are not in
 * the list; a test may allow more words that the page shows from data (a survey's name, say).
 */
export const ENGLISH_WORDS = new Set(
  `a about account accounts add all amount an and answer answers any appeal are as at back balance bank be
  by can cancel change choose click close code complete completed confirm continue create date day days
  delete details do done download edit email enter error every failed fill first for forgot from get go
  has have help here history how if in invalid is it last later learn let login logout make may member
  menu mobile more must my name new next no not now of on once one only or other our page password pay
  payment pending please points previous profile question questions read register remember request
  required reset save see select send sent should show sign start status submit survey surveys take
  than thank that the their them there these this time to try up upload us use verify was we welcome
  were what when which will with withdraw withdrawal yes you your`.split(/\s+/),
);

/** The English words (from ENGLISH_WORDS) the page shows, with a little of their context. */
export async function englishWordsOn(page: Page, allow: string[] = []): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  // The product's name is a name, in every language.
  const names = PRODUCT_NAME.match(/[A-Za-z]+/g) ?? [];
  const allowed = new Set([...names, ...allow].map((word) => word.toLowerCase()));
  const found: string[] = [];
  for (const line of text.split("\n")) {
    for (const word of line.match(/[A-Za-z]+/g) ?? []) {
      const lower = word.toLowerCase();
      if (ENGLISH_WORDS.has(lower) && !allowed.has(lower)) found.push(`"${word}" in "${line.trim().slice(0, 80)}"`);
    }
  }
  return found;
}
