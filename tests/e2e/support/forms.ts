import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { jsOn } from "./survey-loop";

/**
 * With JavaScript on, waits until the page's script has taken over this form (conform marks it
 * `novalidate` when it hydrates). Before that the browser checks the form's constraints itself and
 * a click on a refused value shows its own bubble, not the page's message: a test that expects the
 * page's message must wait (on a loaded machine hydration comes after Playwright's load event).
 */
export async function formHydrated(form: Locator, testInfo: TestInfo) {
  if (jsOn(testInfo)) await expect(form).toHaveAttribute("novalidate", "", { timeout: 15_000 });
}

/**
 * Presses a button that asks the final confirmation first: with JavaScript the browser's dialog
 * (its message checked, then accepted), without it the form's required checkbox, ticked.
 */
export async function confirmAndPress(page: Page, scope: Locator, button: string, text: string | RegExp, js: boolean) {
  if (js) {
    page.once("dialog", (dialog) => {
      if (typeof text === "string") expect(dialog.message()).toBe(text);
      else expect(dialog.message()).toMatch(text);
      void dialog.accept();
    });
  } else {
    await scope.getByRole("checkbox", { name: text }).check();
  }
  await scope.getByRole("button", { name: button }).click();
}
