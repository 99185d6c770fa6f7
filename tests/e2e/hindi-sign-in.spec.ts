import { expect, test, type Page } from "@playwright/test";
import { createMember } from "./support/fixtures";
import { chooseHindi, englishWordsOn } from "./support/languages";
import { linkIn, waitForMail } from "./support/mail";
import { useOwnAddress } from "./support/test";

// Sign-in, password reset, e-mail verification, the terms agreement and My Detail in Hindi
// (issue 21 point 1), with JavaScript on and off: each page is in Hindi, with no English left but
// the data it shows, and its forms answer bad input with a Hindi message and good input as in English.

const PASSWORD = "Tamarind-Monsoon-42";

/** An address with no English word in it (englishWordsOn reads the page's text, the address too). */
function plainEmail(): string {
  return `asha${Date.now()}${Math.floor(Math.random() * 1e6)}@panel.test`;
}

async function expectHindiPage(page: Page, heading: string | RegExp, dataWords: string[] = []) {
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  expect(await englishWordsOn(page, dataWords)).toEqual([]);
}

test.beforeEach(async ({ context, baseURL }) => {
  // Sign-in, reset requests and verification links are limited per client address.
  await useOwnAddress(context);
  await chooseHindi(context, baseURL!);
});

test("Login reached by a link from the landing page is in Hindi", async ({ page }) => {
  // With JavaScript the link is a navigation in the page: Login needs texts the landing page did
  // not load, and the browser loads them before showing it (app/i18n/route-texts.ts).
  await page.goto("/");
  await expectHindiPage(page, /./);
  await page.locator('main a[href="/login"], header a[href="/login"]').first().click();
  await expect(page).toHaveURL("/login");
  await expectHindiPage(page, "लॉग इन");
  // And on to registration, then back to Login, the same way.
  await page.getByRole("link", { name: "साइन अप करें" }).click();
  await expect(page).toHaveURL("/register");
  expect(await englishWordsOn(page)).toEqual([]);
});

test("Login in Hindi: a wrong password is refused in Hindi, the right one signs in", async ({
  page,
  context,
}, testInfo) => {
  const email = plainEmail();
  await createMember(context, testInfo, { email, password: PASSWORD });
  await page.goto("/login");
  await expectHindiPage(page, "लॉग इन");
  await expect(page.getByRole("link", { name: "पासवर्ड भूल गए" })).toBeVisible();

  await page.getByLabel("ईमेल").fill(email);
  await page.getByLabel("पासवर्ड", { exact: true }).fill("Wrong-Password-1");
  await page.getByRole("button", { name: "लॉग इन करें", exact: true }).click();
  await expect(page.getByText("यह ईमेल और पासवर्ड हमारे रिकॉर्ड से मेल नहीं खाते।")).toBeVisible();
  expect(await englishWordsOn(page)).toEqual([]);

  await page.getByLabel("पासवर्ड", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "लॉग इन करें", exact: true }).click();
  await expect(page).toHaveURL("/dashboard");
});

test("Forgot password and the mailed reset link in Hindi", async ({ page, context, baseURL }, testInfo) => {
  const email = plainEmail();
  await createMember(context, testInfo, { email, password: PASSWORD });
  await page.goto("/reset-password");
  await expectHindiPage(page, "पासवर्ड भूल गए");

  // The browser itself takes this for an address; the server's check does not.
  await page.getByLabel("ईमेल").fill("asha@panel");
  await page.getByRole("button", { name: "सबमिट करें" }).click();
  await expect(page.getByText("सही ईमेल पता लिखें।")).toBeVisible();

  await page.getByLabel("ईमेल").fill(email);
  await page.getByRole("button", { name: "सबमिट करें" }).click();
  await expect(page.getByText("अगर इस ईमेल से कोई खाता है, तो हमने उस पर पासवर्ड रीसेट करने का लिंक भेज दिया है।")).toBeVisible();

  // Kept for later: once the password is changed, the newest mail is the notice of the change.
  const resetLink = linkIn(await waitForMail(email), baseURL!);
  await page.goto(resetLink);
  await expectHindiPage(page, "नया पासवर्ड बनाएँ", email.match(/[A-Za-z]+/g)!);
  await expect(page.getByText(`${email} के लिए नया पासवर्ड चुनें।`)).toBeVisible();
  await page.getByLabel("नया पासवर्ड").fill("Marble-Harbour-77");
  await page.getByLabel("पासवर्ड दोबारा लिखें").fill("Marble-Harbour-78");
  await page.getByRole("button", { name: "नया पासवर्ड बनाएँ" }).click();
  await expect(page.getByText("दोनों पासवर्ड एक जैसे नहीं हैं")).toBeVisible();

  await page.getByLabel("नया पासवर्ड").fill("Marble-Harbour-77");
  await page.getByLabel("पासवर्ड दोबारा लिखें").fill("Marble-Harbour-77");
  await page.getByRole("button", { name: "नया पासवर्ड बनाएँ" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByText("आपका पासवर्ड रीसेट हो गया है। कृपया नए पासवर्ड से लॉग इन करें।")).toBeVisible();

  // The used link now explains itself in Hindi.
  await page.goto(resetLink);
  await expect(
    page.getByText("पासवर्ड रीसेट का यह लिंक सही नहीं है या इसकी समय-सीमा ख़त्म हो गई है। कृपया नया लिंक माँगें।"),
  ).toBeVisible();
  expect(await englishWordsOn(page)).toEqual([]);
});

test("Verify your email, and the mailed link, in Hindi", async ({ page, context, baseURL }, testInfo) => {
  const email = plainEmail();
  await createMember(context, testInfo, { email, verified: false, signIn: true });
  await page.goto("/email/verify");
  await expectHindiPage(page, "अपना ईमेल सत्यापित करें", email.match(/[A-Za-z]+/g)!);
  await expect(page.getByText(`हमने ${email} पर सत्यापन का लिंक भेजा है।`, { exact: false })).toBeVisible();

  await page.goto(linkIn(await waitForMail(email), baseURL!));
  // With JavaScript the page confirms by itself; without it, the member presses the button.
  if (testInfo.project.name === "js-off") {
    await expectHindiPage(page, "आपका ईमेल सत्यापित हो रहा है");
    await page.getByRole("button", { name: "ईमेल सत्यापित करें" }).click();
  }
  await expectHindiPage(page, "ईमेल सफलतापूर्वक सत्यापित हो गया");
  await expect(page.getByText("धन्यवाद। आपके ईमेल पते की पुष्टि हो गई है।")).toBeVisible();
});

test("the terms agreement in Hindi: an unticked box is refused in Hindi, a ticked one continues", async ({
  page,
  context,
}, testInfo) => {
  await createMember(context, testInfo, { email: plainEmail(), signIn: true, termsAgreed: false });
  await page.goto("/details/user");
  await expect(page).toHaveURL(/\/terms\/agree/);
  await expectHindiPage(page, "कृपया हमारी शर्तों से सहमति दें");
  await expect(page.getByRole("link", { name: "नियम और शर्तें" })).toHaveAttribute("href", "/terms-and-conditions");
  await expect(page.getByRole("link", { name: "गोपनीयता नीति" })).toHaveAttribute("href", "/privacy-policies");

  await page.getByRole("button", { name: "सहमत हूँ, आगे बढ़ें" }).click();
  await expect(
    page.getByText("नियम और शर्तों और गोपनीयता नीति से सहमति देने के लिए बॉक्स पर टिक करें। इसके बिना आप आगे नहीं बढ़ सकते।"),
  ).toBeVisible();

  await page.getByRole("checkbox", { name: /मैंने नियम और शर्तें और गोपनीयता नीति पढ़ ली हैं/ }).check();
  await page.getByRole("button", { name: "सहमत हूँ, आगे बढ़ें" }).click();
  await expect(page).toHaveURL("/details/user");
  await expect(page.getByText("धन्यवाद। आपने हमारी शर्तों से सहमति दे दी है।")).toBeVisible();
});

test("My Detail in Hindi: the view, a refused save, a good save", async ({ page, context }, testInfo) => {
  const email = plainEmail();
  await createMember(context, testInfo, { email, firstName: "Asha", lastName: "Rao", signIn: true });
  const data = ["Asha", "Rao", "Karnataka", "Bengaluru", ...email.match(/[A-Za-z]+/g)!];
  await page.goto("/details/user");
  await expectHindiPage(page, "मेरा विवरण", data);
  const shown = (label: string) =>
    page.locator("dl > div").filter({ has: page.getByRole("term").getByText(label, { exact: true }) });
  await expect(shown("लिंग").getByRole("definition")).toHaveText("महिला");
  await expect(shown("जन्म तिथि").getByRole("definition")).toHaveText("15 अप्रैल 1990");
  await expect(shown("देश").getByRole("definition")).toHaveText("भारत");

  await page.getByRole("link", { name: "बदलें" }).click();
  await expectHindiPage(page, "मेरा विवरण", data);
  await page.getByLabel("पहला नाम").fill("");
  await page.getByLabel("पिन कोड").fill("12");
  await page.getByRole("button", { name: "सेव करें" }).click();
  await expect(page.getByText("अपना पहला नाम लिखें")).toBeVisible();
  await expect(page.getByText("सही ZIP / पिन कोड लिखें (3 से 10 अक्षर या अंक)")).toBeVisible();

  await page.getByLabel("पहला नाम").fill("Asha");
  await page.getByLabel("पिन कोड").fill("560002");
  await page.getByRole("button", { name: "सेव करें" }).click();
  await expect(page).toHaveURL("/details/user");
  await expect(page.getByText("आपका विवरण सेव हो गया")).toBeVisible();
  await expect(shown("पिन कोड").getByRole("definition")).toHaveText("560002");
});

test("the Password page in Hindi: a wrong current password is refused in Hindi, then the change works", async ({
  page,
  context,
}, testInfo) => {
  await createMember(context, testInfo, { email: plainEmail(), password: PASSWORD, signIn: true });
  await page.goto("/details/password");
  await expectHindiPage(page, "पासवर्ड बदलें");

  await page.getByLabel("मौजूदा पासवर्ड").fill("Wrong-Password-1");
  await page.getByLabel("नया पासवर्ड", { exact: true }).fill("Marble-Harbour-77");
  await page.getByLabel("नया पासवर्ड दोबारा लिखें").fill("Marble-Harbour-77");
  await page.getByRole("button", { name: "सेव करें" }).click();
  await expect(page.getByText("मौजूदा पासवर्ड गलत है।")).toBeVisible();

  await page.getByLabel("मौजूदा पासवर्ड").fill(PASSWORD);
  await page.getByLabel("नया पासवर्ड", { exact: true }).fill("Marble-Harbour-77");
  await page.getByLabel("नया पासवर्ड दोबारा लिखें").fill("Marble-Harbour-77");
  await page.getByRole("button", { name: "सेव करें" }).click();
  await expect(page.getByText("पासवर्ड बदल दिया गया")).toBeVisible();
});

test("My data in Hindi lists every download in Hindi", async ({ page, context }, testInfo) => {
  await createMember(context, testInfo, { email: plainEmail(), signIn: true });
  await page.goto("/details/data");
  await expectHindiPage(page, "मेरा डेटा");
  await expect(page.getByRole("link", { name: "मेरा पूरा डेटा डाउनलोड करें (JSON)" })).toHaveAttribute(
    "href",
    "/details/data.json",
  );
  await expect(page.getByRole("link", { name: "आपका विवरण (CSV)" })).toBeVisible();
});
