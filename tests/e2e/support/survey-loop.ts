import { expect, type Browser, type Locator, type Page, type TestInfo } from "@playwright/test";

// Steps of the survey-delivery story (survey-loop.spec.ts) that are the same in every part of it:
// one browser per person, signing in, the builder's names, the Technology profile questionnaire.

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export const jsOn = (testInfo: TestInfo) => testInfo.project.name === "js-on";

/** A browser of its own for one person of the story, with the project's JavaScript setting. */
export async function openBrowser(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  return { context, page: await context.newPage() };
}

/** Signs a member in through /login, as a person would. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL("/dashboard", { timeout: 15_000 });
}

/** Renames a builder field: click-to-edit with JavaScript; without it the visible input and its Save button. */
export async function rename(scope: Locator | Page, testInfo: TestInfo, label: string, value: string) {
  await renameField(jsOn(testInfo), scope, label, value);
}

/** The same, for a test that knows whether its page runs JavaScript rather than its project. */
export async function renameField(js: boolean, scope: Locator | Page, label: string, value: string) {
  if (js) {
    await scope.getByRole("button", { name: new RegExp(`^Edit ${escaped(label)}:`) }).click();
    const box = scope.getByRole("textbox", { name: label, exact: true });
    await box.fill(value);
    await box.press("Enter");
    await expect(scope.getByRole("button", { name: `Edit ${label}: ${value}`, exact: true })).toBeVisible();
  } else {
    await scope.getByRole("textbox", { name: label, exact: true }).fill(value);
    await scope.getByRole("button", { name: `Save ${label}`, exact: true }).click();
    await expect(scope.getByRole("textbox", { name: label, exact: true })).toHaveValue(value);
  }
}

/** The member answers the built-in Technology questionnaire on their profile page. */
export async function answerTechnology(page: Page, internetAt: "Home" | "Office") {
  await page.goto("/details/profiledetails/technology");
  await expect(page.getByRole("heading", { level: 1, name: "Technology" })).toBeVisible();
  await page
    .getByRole("group", { name: /Where do you access the internet/ })
    .getByRole("radio", { name: internetAt })
    .check();
  await page
    .getByRole("group", { name: /How often do you access/ })
    .getByRole("radio", { name: "Once a day" })
    .check();
  await page
    .getByRole("group", { name: /web browsers/ })
    .getByRole("checkbox", { name: "Google Chrome" })
    .check();
  await page
    .getByRole("group", { name: /devices do you own/ })
    .getByRole("checkbox", { name: "Laptop", exact: true })
    .check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved Successfully!")).toBeVisible();
}

/** Submits the last page of a pre-screener, confirming as each project does. */
export async function submitPrescreener(page: Page, testInfo: TestInfo) {
  if (jsOn(testInfo)) {
    // Until the page is hydrated it shows the no-JavaScript confirmation box, and a click then posts
    // without the confirmation (the flaky failure seen on a loaded machine): wait for the script.
    await expect(page.getByRole("checkbox", { name: /This action cannot be Repeated/ })).toHaveCount(0, {
      timeout: 15_000,
    });
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("This action cannot be Repeated");
      void dialog.accept();
    });
  } else {
    await page.getByRole("checkbox", { name: /This action cannot be Repeated/ }).check();
  }
  await page.getByRole("button", { name: "Submit" }).click();
}
