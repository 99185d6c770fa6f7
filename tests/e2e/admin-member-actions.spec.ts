import type { Locator, Page } from "@playwright/test";
import { createAssignedSurvey, createMember } from "./support/fixtures";
import { expect, test, useOwnAddress } from "./support/test";

// The actions on a member (issue 18 point 2), with JavaScript on and off: an operator finds a
// member by phone, opens the member page, adjusts points with a reason, reverses a complete,
// suspends and reinstates. The member sees the adjustment and the reversal with their reasons in
// Points History, and cannot sign in while suspended.

const PASSWORD = "Member#Actions-42";
const SUSPENDED = "This account has been suspended.";

test("an operator adjusts points, reverses a complete, suspends and reinstates a member", async ({
  adminPage: page,
  context,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(120_000);
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  const member = await createMember(context, testInfo, {
    firstName: "Kavya",
    lastName: "Actions",
    password: PASSWORD,
    mobile: `+9197${digits}`,
    points: 500,
  });
  const surveyName = `Snack habits ${testInfo.project.name} ${digits}`;
  const { assignmentId } = await createAssignedSurvey(context, {
    name: surveyName,
    assignTo: member.email,
    points: 80,
    status: 3,
  });

  // The member is signed in on a device of their own.
  const device = await browser.newContext({ baseURL, javaScriptEnabled });
  await useOwnAddress(device);
  const memberPage = await device.newPage();
  await logIn(memberPage, member.email);
  await expect(memberPage).toHaveURL("/dashboard");

  // Found by phone in Users Records, opened from the row.
  await page.goto("/admin/users");
  await page.getByLabel("Search by phone").fill(`+91 97${digits.slice(0, 4)} ${digits.slice(4)}`);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("table").getByRole("link", { name: member.email }).click();
  await expect(page).toHaveURL(`/admin/users/${member.id}`);
  await expect(page.getByTestId("member-balance")).toHaveText("580 points");

  // Adjust points: the reason is required; with it the points arrive.
  const adjust = await openAction(page, "#action-adjust-points");
  await adjust.getByLabel("Points (+ to add, − to take away)").fill("120");
  await adjust.getByLabel("I confirm this change of the member's points.").check();
  await adjust.getByRole("button", { name: "Adjust points" }).click();
  // Checked by conform in the browser with JavaScript, by the server without: the same message.
  await expect(adjust.getByText("Give the reason. The member reads it in Points History.")).toBeVisible();
  await adjust.getByLabel("Reason (shown to the member)").fill("Goodwill for the broken survey");
  await adjust.getByRole("button", { name: "Adjust points" }).click();
  await expect(page.getByText(/120 points added to member/)).toBeVisible();
  await expect(page.getByTestId("member-balance")).toHaveText("700 points");

  // Reverse the complete from its row, through its confirmation section.
  const assignments = page.getByRole("region", { name: "Assignments" });
  await assignments.getByRole("link", { name: `Reverse the complete of assignment ${assignmentId}` }).click();
  const reverse = page.getByRole("region", { name: `Reverse the complete of assignment ${assignmentId}` });
  await reverse.getByLabel("Reason (shown to the member)").fill("Speeding: finished in 40 seconds");
  await reverse.getByLabel("I confirm: take this reward back.").check();
  await reverse.getByRole("button", { name: "Reverse the complete" }).click();
  await expect(
    page.getByText(`The complete of assignment ${assignmentId} is reversed: 80 points taken back.`),
  ).toBeVisible();
  await expect(page.getByTestId("member-balance")).toHaveText("620 points");
  await expect(assignments.getByRole("row", { name: new RegExp(surveyName) })).toContainText("Reversed");

  // Suspend: the member's device is signed out and the sign-in refused.
  const suspend = await openAction(page, "#action-suspend");
  await suspend.getByLabel("Reason (kept in the audit log)").fill("Two accounts on one phone");
  await suspend.getByLabel("I confirm: suspend this member.").check();
  await suspend.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByText(/is suspended and signed out everywhere/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Details" })).toContainText("Suspended");

  await memberPage.goto("/dashboard");
  await expect(memberPage).toHaveURL(/\/login/);
  await logIn(memberPage, member.email);
  await expect(memberPage.getByText(SUSPENDED)).toBeVisible();
  await expect(memberPage).toHaveURL(/\/login/);

  // Reinstate: the member signs in again and reads both reasons in Points History.
  const reinstate = await openAction(page, "#action-reinstate");
  await reinstate.getByLabel("Reason (kept in the audit log)").fill("Explained on the phone");
  await reinstate.getByLabel("I confirm: reinstate this member.").check();
  await reinstate.getByRole("button", { name: "Reinstate" }).click();
  await expect(page.getByText(/is reinstated and may sign in again/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Details" })).toContainText("Active");

  // The audit entries about the member keep each reason.
  const audit = page.getByRole("region", { name: "Audit entries" });
  await expect(audit).toContainText("Two accounts on one phone");
  await expect(audit).toContainText("Explained on the phone");

  await logIn(memberPage, member.email);
  await expect(memberPage).toHaveURL("/dashboard");
  await memberPage.goto("/activities/PointsRecords");
  const adjustment = memberPage.getByRole("row").filter({ hasText: "Goodwill for the broken survey" });
  await expect(adjustment).toContainText("+120");
  const reversal = memberPage.getByRole("row").filter({ hasText: "Speeding: finished in 40 seconds" });
  await expect(reversal).toContainText("-80");
  // The reward's own entry ("Survey {id}", as the fixture credits it) now reads Reversed.
  await expect(memberPage.getByRole("row").filter({ hasText: /Survey \d+\+80/ })).toContainText("Reversed");
  await device.close();
});

/** Opens an action's section (a <details>, opened by its summary with or without JavaScript). */
async function openAction(page: Page, selector: string): Promise<Locator> {
  const details = page.locator(selector);
  await details.locator("summary").click();
  await expect(details.locator("form")).toBeVisible();
  return details.locator("form");
}

async function logIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
}
