import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { createMember } from "./support/fixtures";

// The five built-in profile questionnaires, in both projects: the hub's cards, the refused save
// (field errors, the note, the failure toast), the exclusive 'none' options and the questions shown
// only for some activities, the saved questionnaire read-only, its card gone and its 100 points in
// the balance. Each test has a member of its own.

const HUB = "/details/profiledetails";
const REQUIRED_NOTE = "* Please Fill all required Data";

const jsOn = (testInfo: TestInfo) => testInfo.project.name === "js-on";
const toast = (page: Page, type: "success" | "error") => page.locator(`[data-toast="${type}"]`);
const group = (page: Page, name: RegExp) => page.getByRole("group", { name });
const card = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });

test.beforeEach(async ({ context }, testInfo) => {
  await createMember(context, testInfo, { signIn: true });
});

/** Opens a questionnaire from its card; with JavaScript through the 'Getting started' pause. */
async function start(page: Page, testInfo: TestInfo, title: string, slug: string) {
  await page.goto(HUB);
  await card(page, title).getByRole("link", { name: "Start Survey" }).click();
  if (jsOn(testInfo)) {
    await expect(page.getByText("Getting started. Please wait...")).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Survey" })).toHaveCount(0);
  }
  await expect(page).toHaveURL(`${HUB}/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save" }).click();
}

/** A refused save: the field's first message, the note and the toast. */
async function expectRefused(page: Page, errors: string[], toastText = "Failed!") {
  await expect(toast(page, "error")).toHaveText(toastText);
  await expect(page.getByText(REQUIRED_NOTE)).toBeVisible();
  for (const error of errors) await expect(page.getByText(error, { exact: true }).first()).toBeVisible();
}

/** Saved: back on the hub with the toast, the card gone, then read-only with the banner. */
async function expectSaved(page: Page, title: string, slug: string, banner = "This profile is already submitted") {
  await expect(page).toHaveURL(HUB);
  await expect(toast(page, "success")).toHaveText("Saved Successfully!");
  await expect(page.getByRole("link", { name: "Start Survey" })).toHaveCount(4);
  await expect(card(page, title)).toHaveCount(0);

  await page.goto(`${HUB}/${slug}`);
  await expect(page.getByText(banner, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", HUB);
  await expect(page.getByText(REQUIRED_NOTE)).toHaveCount(0);
}

async function expectBalance(page: Page, points: number) {
  await page.goto("/dashboard");
  await expect(page.getByTestId("points-balance")).toHaveText(String(points));
}

/**
 * Ticks an option and the group's exclusive 'none' together: with JavaScript the 'none' box
 * unticks the other at once; without it the server refuses the pair. Leaves 'none' alone ticked.
 */
async function tickNoneWithAnother(page: Page, testInfo: TestInfo, box: Locator, other: string, none: string) {
  await box.getByRole("checkbox", { name: other, exact: true }).check();
  await box.getByRole("checkbox", { name: none, exact: true }).check();
  if (jsOn(testInfo)) {
    await expect(box.getByRole("checkbox", { name: other, exact: true })).not.toBeChecked();
    // And the other way round: ticking an option unticks 'none'.
    await box.getByRole("checkbox", { name: other, exact: true }).check();
    await expect(box.getByRole("checkbox", { name: none, exact: true })).not.toBeChecked();
    await box.getByRole("checkbox", { name: none, exact: true }).check();
    await expect(box.getByRole("checkbox", { name: other, exact: true })).not.toBeChecked();
    return;
  }
  await save(page);
  await expectRefused(page, [`Choose either '${none}' or other options, not both.`]);
  await expect(box.getByRole("checkbox", { name: none, exact: true })).toBeChecked();
  await box.getByRole("checkbox", { name: other, exact: true }).uncheck();
}

test("About You: the dashboard card, the refused save, then saved, read-only and 100 points", async ({
  page,
}, testInfo) => {
  await page.goto("/dashboard");
  const profileCard = card(page, "Profile Surveys");
  await expect(profileCard.getByTestId("profile-surveys-points")).toHaveText("500");
  await expect(profileCard.getByTestId("profile-surveys-time")).toHaveText("11 min");
  await profileCard.getByRole("link", { name: "Start Profile Survey" }).click();
  await expect(page).toHaveURL(HUB);
  for (const [title, minutes] of [
    ["About You", 3],
    ["Medical / Health", 2],
    ["Technology", 2],
    ["Vehicles and Machinery", 2],
    ["Entertainment", 2],
  ] as const) {
    await expect(card(page, title).getByText(`Time: ${minutes} min`)).toBeVisible();
    await expect(card(page, title).getByText("Basic")).toBeVisible();
  }

  await start(page, testInfo, "About You", "aboutyou");
  await page.getByLabel(/highest level of education/).selectOption("Graduate");
  await save(page);
  // About You toasts the first error instead of 'Failed!'.
  await expectRefused(page, ["This field is required."], "What is your occupation? This field is required.");
  await expect(page.getByLabel(/What is your occupation/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(/What is your occupation/)).toHaveClass(/border-red-600/);

  await page.getByLabel(/What is your occupation/).selectOption("Student");
  await page.getByLabel(/How many members/).selectOption("8+");
  await group(page, /chief earner of your household/)
    .getByRole("radio", { name: "No" })
    .check();
  await page.getByLabel(/What is your annual income/).selectOption("NotDisclosed");
  await page.getByLabel(/profession of your household's chief earner/).selectOption("Shop");
  await page.getByLabel(/family's annual income/).selectOption("100000-149999");
  await group(page, /responsible for your household's expenses/)
    .getByRole("radio", { name: "Partially" })
    .check();
  await group(page, /does your household own/)
    .getByRole("checkbox", { name: "Television" })
    .check();
  await group(page, /does your household own/)
    .getByRole("checkbox", { name: "Laptop" })
    .check();
  if (jsOn(testInfo)) await expect(page.getByText(REQUIRED_NOTE)).toHaveCount(0);
  await save(page);

  await expectSaved(page, "About You", "aboutyou");
  await expect(page.getByLabel(/highest level of education/)).toBeDisabled();
  await expect(page.getByLabel(/highest level of education/)).toHaveValue("Graduate");
  await expect(page.getByLabel(/family's annual income/)).toHaveValue("100000-149999");
  await expect(group(page, /does your household own/).getByRole("checkbox", { name: "Laptop" })).toBeChecked();
  await expect(group(page, /does your household own/).getByRole("checkbox", { name: "Car" })).not.toBeChecked();

  await expectBalance(page, 100);
  await expect(card(page, "Profile Surveys").getByTestId("profile-surveys-points")).toHaveText("400");
  await expect(card(page, "Profile Surveys").getByTestId("profile-surveys-time")).toHaveText("8 min");
});

test("Medical / Health: both groups required, 'Prefer not to say' exclusive", async ({ page }, testInfo) => {
  await start(page, testInfo, "Medical / Health", "health");
  await save(page);
  await expectRefused(page, ["Please choose at least one option."]);
  await expect(page.getByText("Please choose at least one option.")).toHaveCount(2);

  const conditions = group(page, /health conditions/);
  await tickNoneWithAnother(page, testInfo, conditions, "Allergies", "Prefer not to say");
  const devices = group(page, /medical devices/);
  await devices.getByRole("checkbox", { name: "Braces" }).check();
  await devices.getByRole("checkbox", { name: "Contact Lenses" }).check();
  await save(page);

  await expectSaved(page, "Medical / Health", "health");
  await expect(group(page, /health conditions/).getByRole("checkbox", { name: "Prefer not to say" })).toBeChecked();
  await expect(group(page, /medical devices/).getByRole("checkbox", { name: "Braces" })).toBeChecked();
  await expect(group(page, /medical devices/).getByRole("checkbox", { name: "Braces" })).toBeDisabled();
  await expectBalance(page, 100);
});

test("Technology: single and multiple choices, devices with 'None', the banner with its full stop", async ({
  page,
}, testInfo) => {
  await start(page, testInfo, "Technology", "technology");
  await group(page, /Where do you access the internet/)
    .getByRole("radio", { name: "Home" })
    .check();
  await save(page);
  await expectRefused(page, ["This field is required.", "Please choose at least one option."]);

  await group(page, /How often do you access/)
    .getByRole("radio", { name: "Once a day" })
    .check();
  await group(page, /web browsers/)
    .getByRole("checkbox", { name: "Google Chrome" })
    .check();
  await group(page, /web browsers/)
    .getByRole("checkbox", { name: "Brave" })
    .check();
  await tickNoneWithAnother(page, testInfo, group(page, /devices do you own/), "Laptop", "None / prefer not to say");
  await save(page);

  await expectSaved(page, "Technology", "technology", "This profile is already submitted.");
  await expect(group(page, /Where do you access the internet/).getByRole("radio", { name: "Home" })).toBeChecked();
  await expect(group(page, /Where do you access the internet/).getByRole("radio", { name: "Home" })).toBeDisabled();
  await expectBalance(page, 100);
});

test("Vehicles and Machinery: a household without a vehicle answers truthfully", async ({ page }, testInfo) => {
  await start(page, testInfo, "Vehicles and Machinery", "vehiclesmachinery");
  await save(page);
  await expectRefused(page, ["Please choose at least one option.", "This field is required."]);

  await tickNoneWithAnother(
    page,
    testInfo,
    group(page, /Which vehicles does your household own/),
    "Car",
    "None: no vehicle in the household",
  );
  // The count and the fuel are optional and stay unanswered.
  await group(page, /next vehicle/)
    .getByRole("radio", { name: "No plans to buy one" })
    .check();
  await tickNoneWithAnother(
    page,
    testInfo,
    group(page, /machines do you own/),
    "Hair dryer",
    "None / prefer not to say",
  );
  await save(page);

  await expectSaved(page, "Vehicles and Machinery", "vehiclesmachinery");
  await expect(
    group(page, /Which vehicles does your household own/).getByRole("checkbox", {
      name: "None: no vehicle in the household",
    }),
  ).toBeChecked();
  await expectBalance(page, 100);
});

test("Entertainment: games devices and social media asked only for those activities", async ({ page }, testInfo) => {
  await start(page, testInfo, "Entertainment", "entertainment");
  const games = group(page, /devices do you play video games on/);
  const social = group(page, /Which social media do you use/);
  const activities = group(page, /free time/);
  if (jsOn(testInfo)) {
    await expect(games).toBeHidden();
    await expect(social).toBeHidden();
  } else {
    // Without JavaScript every question shows, saying when to answer it.
    await expect(page.getByText("Answer only if you chose 'Playing video games' above.")).toBeVisible();
    await expect(page.getByText("Answer only if you chose 'Using social media' above.")).toBeVisible();
  }

  await tickNoneWithAnother(
    page,
    testInfo,
    group(page, /TV services/),
    "Cable TV",
    "No TV service / prefer not to say",
  );
  await group(page, /cinema/)
    .getByRole("radio", { name: "Once a month", exact: true })
    .check();
  await group(page, /kinds of movies/)
    .getByRole("checkbox", { name: "Drama" })
    .check();
  await group(page, /kinds of movies/)
    .getByRole("checkbox", { name: "Science fiction" })
    .check();
  await activities.getByRole("checkbox", { name: "Playing video games" }).check();
  await activities.getByRole("checkbox", { name: "Reading books" }).check();
  if (jsOn(testInfo)) {
    await expect(games).toBeVisible();
    await expect(social).toBeHidden();
    await activities.getByRole("checkbox", { name: "Using social media" }).check();
    await expect(social).toBeVisible();
    await activities.getByRole("checkbox", { name: "Using social media" }).uncheck();
    await expect(social).toBeHidden();
  }
  // Playing video games asks for the devices.
  await save(page);
  await expectRefused(page, ["Please choose at least one option."]);
  await expect(games.getByText("Please choose at least one option.")).toBeVisible();

  await games.getByRole("checkbox", { name: "Xbox" }).check();
  await games.getByRole("checkbox", { name: "Smartphone" }).check();
  await save(page);

  await expectSaved(page, "Entertainment", "entertainment");
  await expect(group(page, /devices do you play video games on/).getByRole("checkbox", { name: "Xbox" })).toBeChecked();
  await expect(
    group(page, /TV services/).getByRole("checkbox", { name: "No TV service / prefer not to say" }),
  ).toBeChecked();
  await expectBalance(page, 100);
});

test("Cancel goes back to the hub and saves nothing", async ({ page }, testInfo) => {
  await start(page, testInfo, "Technology", "technology");
  await group(page, /Where do you access the internet/)
    .getByRole("radio", { name: "Office" })
    .check();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(HUB);
  await expect(card(page, "Technology")).toBeVisible();
  await expectBalance(page, 0);
});
