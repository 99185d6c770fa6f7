import { expect, test } from "@playwright/test";
import { createMember } from "./support/fixtures";
import { linkIn, mailTo, waitForMail } from "./support/mail";
import { useOwnAddress } from "./support/test";

// VerifyEmail and the mailed link: the automatic first mail, the 60-second resend cooldown (a live
// countdown with JavaScript, a message with the seconds without it), and links that are refused.

const SUBJECT = /^Verify your email address/;

test.beforeEach(async ({ page }) => {
  // The link landing is limited per client address: each test uses one of its own.
  await useOwnAddress(page);
});

test("opening the page mails a link once; an early resend is refused", async ({ page, context }, testInfo) => {
  const { email } = await createMember(context, testInfo, { verified: false, signIn: true });
  await page.goto("/email/verify");
  await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
  await waitForMail(email, SUBJECT);

  if (testInfo.project.name === "js-on") {
    const button = page.getByRole("button", { name: /^Resend link in \d+$/ });
    await expect(button).toBeDisabled();
    const first = Number((await button.textContent())?.match(/\d+/)?.[0]);
    expect(first).toBeGreaterThan(50);
    await expect
      .poll(async () => Number((await button.textContent())?.match(/\d+/)?.[0]), { timeout: 5_000 })
      .toBeLessThan(first);
  } else {
    await page.getByRole("button", { name: "Resend Verification Link" }).click();
    await expect(page.locator("#verify-notice")).toHaveText(
      /^Please wait \d+ seconds? before requesting another link\.$/,
    );
    const seconds = Number((await page.locator("#verify-notice").textContent())?.match(/\d+/)?.[0]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
  }

  // Opening the page again within the cooldown sends nothing either.
  await page.goto("/email/verify");
  await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
  expect(mailTo(email)).toHaveLength(1);
});

test("a tampered link is refused and the member stays unverified", async ({ page, context, baseURL }, testInfo) => {
  const { email } = await createMember(context, testInfo, { verified: false, signIn: true });
  await page.goto("/email/verify");
  const link = new URL(linkIn(await waitForMail(email, SUBJECT), baseURL!));
  const signature = link.searchParams.get("signature") ?? "";
  link.searchParams.set("signature", `${signature.slice(0, -1)}${signature.endsWith("a") ? "b" : "a"}`);

  await page.goto(link.toString());
  await expect(page.getByRole("heading", { name: "Email verification failed" })).toBeVisible();
  await expect(page.getByText("This verification link is not valid.", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Verify Email" })).toHaveCount(0);

  await page.goto("/dashboard");
  await expect(page).toHaveURL("/email/verify");
});

test("the link works signed out, and the member then signs in verified", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const { email } = await createMember(context, testInfo, { verified: false, signIn: true });
  await page.goto("/email/verify");
  const link = linkIn(await waitForMail(email, SUBJECT), baseURL!);
  await context.clearCookies();

  await page.goto(link);
  if (testInfo.project.name === "js-off") await page.getByRole("button", { name: "Verify Email" }).click();
  await expect(page.getByRole("heading", { name: "Email Verified Succesfully" })).toBeVisible();
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/login/);
});

test("a verified member sees that they are verified and the Dashboard button", async ({ page, context }, testInfo) => {
  const { email } = await createMember(context, testInfo, { verified: true, signIn: true });
  await page.goto("/email/verify");
  await expect(page.getByRole("heading", { name: "Your email is verified" })).toBeVisible();
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL("/dashboard");
  expect(mailTo(email)).toHaveLength(0);
});
