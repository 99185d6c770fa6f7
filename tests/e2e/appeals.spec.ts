import { expect, test } from "@playwright/test";
import { createAdmin, createAssignedSurvey, createMember } from "./support/fixtures";
import { signInAsAdmin } from "./support/admin";
import { waitForMail } from "./support/mail";

// Appeals (issue 20 point 4, decision 073), with JavaScript on and off: a member with a speeder
// signal requests a withdrawal and it is held (they see why); they appeal; an admin grants the
// appeal with a reply; the hold is released and the member sees the reply. A reversed complete,
// appealed and granted, brings its points back once.

const BANK = {
  method: "bank" as const,
  holderName: "Asha Rao",
  bankName: "HDFC Bank",
  bankAccountNumber: "001234567890",
  bankIfsc: "HDFC0000123",
};
const HOLD_REASON = "We check some withdrawals by hand before paying them";

test("a held withdrawal is appealed, granted and released; the member reads the reply", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  const member = await createMember(page.context(), testInfo, {
    signIn: true,
    points: 2000,
    paymentAccounts: [BANK],
    qualitySignals: ["speeder"],
  });
  await page.goto("/points");
  await page.getByLabel("Points to withdraw").fill("1000");
  await page.getByLabel(/Bank · HDFC Bank/).check();
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page).toHaveURL("/activities/PointsRecords");

  const held = page.getByRole("row").filter({ hasText: "Held for review" });
  await expect(held).toHaveCount(1);
  await expect(held).toContainText(HOLD_REASON);
  const reference = (await held.getByRole("cell").first().textContent())?.trim() ?? "";
  expect(reference).toMatch(/^WD/);

  // The appeal: a short message, refused when empty, sent once.
  await held.getByRole("link", { name: "Appeal" }).click();
  await expect(page.getByRole("heading", { name: "Appeal" })).toBeVisible();
  await expect(page.getByText(HOLD_REASON)).toBeVisible();
  const message = page.getByLabel("Why do you think this was a mistake?");
  await message.fill("I answered every question honestly; my connection is fast.");
  await page.getByRole("button", { name: "Send appeal" }).click();
  await expect(page).toHaveURL("/activities/PointsRecords");
  await expect(page.getByText(/^Your appeal is sent\./)).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: reference, exact: true }) });
  await expect(row).toContainText("Appeal sent: an admin will look at it soon");
  await expect(row.getByRole("link", { name: "Appeal" })).toHaveCount(0);

  // The admin sees it open, with the member's score, and grants it with a reply.
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  try {
    const admin = await context.newPage();
    await signInAsAdmin(admin, await createAdmin(context, testInfo));
    await admin.getByRole("link", { name: "Appeals" }).click();
    await expect(admin).toHaveURL("/admin/appeals");
    const appeal = admin.getByRole("listitem").filter({ hasText: `Member #${member.id} ` });
    await expect(appeal).toContainText("Withdrawal hold");
    await expect(appeal).toContainText("quality score 85");
    await expect(appeal).toContainText("I answered every question honestly");
    await appeal.getByRole("button", { name: "Grant" }).click();
    // A reply is required: nothing is decided without one.
    await expect(appeal.getByText("Write a reply: the member reads it.")).toBeVisible();
    await appeal.getByLabel("Reply to the member").fill("We checked your answers and all is well. Sorry for the wait.");
    await appeal.getByRole("button", { name: "Grant" }).click();
    await expect(admin.getByText(`${reference} is released to the approval queue.`)).toBeVisible();
    await expect(admin.getByRole("listitem").filter({ hasText: `Member #${member.id} ` })).toContainText(
      "Granted by Test Admin",
    );
  } finally {
    await context.close();
  }

  await page.goto("/activities/PointsRecords");
  await expect(row).toContainText("Pending payment");
  await expect(row).toContainText("Appeal granted");
  await expect(row).toContainText("Reply: We checked your answers and all is well. Sorry for the wait.");
  const mail = await waitForMail(member.email, "Your appeal was granted");
  expect(mail.text).toContain("We checked your answers and all is well.");
});

test("a reversed complete is appealed and granted: the points come back once", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  const member = await createMember(page.context(), testInfo, { signIn: true });
  const { assignmentId } = await createAssignedSurvey(page.context(), {
    name: `Appeal survey ${testInfo.project.name}`,
    assignTo: member.email,
    points: 80,
    status: 3,
  });

  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  try {
    const admin = await context.newPage();
    await signInAsAdmin(admin, await createAdmin(context, testInfo));
    await admin.goto(`/admin/users/${member.id}?reverse=${assignmentId}`);
    const reverse = admin.getByRole("region", { name: `Reverse the complete of assignment ${assignmentId}` });
    await reverse.getByLabel("Reason (shown to the member)").fill("Speeding: finished in 40 seconds");
    await reverse.getByLabel("I confirm: take this reward back.").check();
    await reverse.getByRole("button", { name: "Reverse the complete" }).click();
    await expect(admin.getByText(/80 points taken back/)).toBeVisible();

    // The member sees the reason beside the -80 and appeals it.
    await page.goto("/activities/PointsRecords");
    const taken = page.getByRole("row").filter({ hasText: "Speeding: finished in 40 seconds" });
    await expect(taken).toContainText("-80");
    await taken.getByRole("link", { name: "Appeal" }).click();
    await page.getByLabel("Why do you think this was a mistake?").fill("I read fast but answered carefully.");
    await page.getByRole("button", { name: "Send appeal" }).click();
    await expect(page.getByText(/^Your appeal is sent\./)).toBeVisible();

    await admin.goto("/admin/appeals");
    const appeal = admin.getByRole("listitem").filter({ hasText: `Member #${member.id} ` });
    await expect(appeal).toContainText("Granting returns 80 points.");
    await appeal.getByLabel("Reply to the member").fill("The survey was short; your answers are consistent.");
    await appeal.getByRole("button", { name: "Grant" }).click();
    await expect(admin.getByText(`80 points returned to member #${member.id}.`)).toBeVisible();
  } finally {
    await context.close();
  }

  await page.goto("/activities/PointsRecords");
  await expect(page.getByRole("row").filter({ hasText: "Speeding: finished in 40 seconds" })).toContainText(
    "Reply: The survey was short; your answers are consistent.",
  );
  await expect(page.getByRole("row").filter({ hasText: "Appeal granted: 80 points returned" })).toContainText("+80");
  await page.goto("/activities/surveyRecords");
  const survey = page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: `Appeal survey ${testInfo.project.name}`, exact: true }) });
  await expect(survey.getByRole("cell").nth(4)).toContainText("80 points returned after your appeal");
  await page.goto("/dashboard");
  await expect(page.getByTestId("points-balance")).toHaveText("80");
});
