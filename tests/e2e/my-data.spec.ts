import fs from "node:fs";
import type { Download, Page } from "@playwright/test";
import { createMember, uniqueEmail } from "./support/fixtures";
import { mailTo, waitForMail } from "./support/mail";
import { expect, test } from "./support/test";

// My data (issue 21 point 7, decision 068), with JavaScript on and off: from My Detail the member
// downloads everything as JSON and a table as CSV; and turns invitation mails off, after which the
// app's mail worker sends them none while another member's invitation arrives.

const INVITATION = /^New survey available: /;

function toast(page: Page, message: string) {
  return page.getByRole("status").filter({ hasText: message });
}

async function downloaded(page: Page, link: string): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: link }).click()]);
  const file = await download.path();
  return { download, text: fs.readFileSync(file, "utf8") };
}

test("a member downloads all their data as JSON and a table as CSV from My Detail", async ({
  memberPage: page,
  member,
  context,
}, testInfo) => {
  const surveyName = `Data survey ${testInfo.project.name} ${Date.now()}`;
  const response = await context.request.post("/dev/fixtures", {
    data: { survey: { name: surveyName, assignTo: member.email } },
  });
  expect(response.ok()).toBe(true);

  await page.goto("/details/user");
  await page.getByRole("link", { name: "Download my data" }).click();
  await expect(page).toHaveURL("/details/data");
  await expect(page.getByRole("heading", { name: "My data" })).toBeVisible();

  const json = await downloaded(page, "Download all my data (JSON)");
  expect(json.download.suggestedFilename()).toMatch(new RegExp(`^my-data-${member.id}-\\d{4}-\\d\\d-\\d\\d\\.json$`));
  const data = JSON.parse(json.text) as { data: Record<string, Record<string, unknown>[]> };
  expect(data.data.details[0]).toMatchObject({ id: member.id, email: member.email, hasPassword: true });
  expect(data.data["survey-assignments"].map((row) => row.survey)).toEqual([surveyName]);
  expect(data.data.sessions.some((session) => session.thisDevice === true)).toBe(true);
  expect(json.text).not.toContain("passwordHash");

  const csv = await downloaded(page, "Surveys offered to you (CSV)");
  expect(csv.download.suggestedFilename()).toMatch(/-survey-assignments\.csv$/);
  const [header, ...rows] = csv.text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\n");
  expect(header).toMatch(/^id,survey,status,outcome,points,respondentToken,/);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(surveyName);
  // The page is still there to download more.
  await expect(page).toHaveURL("/details/data");
});

test("a member who turns invitation mails off is sent none; another member's invitation arrives", async ({
  memberPage: page,
  member,
  context,
}, testInfo) => {
  const keen = await createMember(context, testInfo, { email: uniqueEmail(testInfo, "keen") });

  await page.goto("/details/user");
  const choice = page.getByLabel("E-mail me when a new survey is waiting for me (at most one e-mail a day).");
  await expect(choice).toBeChecked();
  await choice.uncheck();
  await page.getByRole("button", { name: "Update choice" }).click();
  await expect(toast(page, "Invitation e-mails are off. New surveys still appear on your dashboard.")).toBeVisible();
  await page.goto("/details/user");
  await expect(choice).not.toBeChecked();

  const surveyName = `Invited ${testInfo.project.name} ${Date.now()}`;
  const response = await context.request.post("/dev/fixtures", {
    data: { invitedSurvey: { name: surveyName, assignTo: [member.email, keen.email] } },
  });
  expect(response.ok()).toBe(true);

  // The worker has run (the other member's invitation is sent), and nothing came for this member.
  const sent = await waitForMail(keen.email, INVITATION);
  expect(sent.subject).toBe(`New survey available: ${surveyName}`);
  expect(mailTo(member.email).filter((mail) => INVITATION.test(mail.subject))).toEqual([]);
});
