import { expect, type Locator, type TestInfo } from "@playwright/test";
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
