import { expect, test } from "@playwright/test";
import { createAdmin, createQuestionnaire } from "./support/fixtures";
import { signInAsAdmin } from "./support/admin";

// The survey catalogue with JavaScript on and off, by an admin of the test's own: a hosted survey
// on a questionnaire made without the builder (with a description whose script is dropped), launched
// and listed as 'Launched'; an external survey with its four return links and its signing secret (a super-admin's), rotated.

function uniqueName(label: string, projectName: string) {
  return `${label} ${projectName} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

test("an admin creates a hosted survey, launches it and sees it Launched in the list", async ({
  page,
  context,
}, testInfo) => {
  const admin = await createAdmin(context, testInfo);
  const { questionnaireId } = await createQuestionnaire(context, "hosted_survey", {
    title: `Hosted questionnaire ${testInfo.project.name}`,
    description: "",
    pages: [
      { title: "Page 1", questions: [{ key: "q1", label: "Question 1", type: "text", required: true, options: [] }] },
    ],
  });
  await signInAsAdmin(page, admin);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "AdminSurvey" }).click();
  await expect(page).toHaveURL("/admin/survey");
  await expect(
    page.getByRole("navigation", { name: "Survey section" }).getByRole("link", { name: "Surveys", exact: true }),
  ).toHaveAttribute("href", "/admin/survey");
  await expect(page.getByRole("heading", { name: "Surveys", exact: true })).toBeVisible();

  // Where the builder sends the admin after making a hosted survey's questionnaire.
  await page.goto(`/admin/survey/new?questionnaire=${questionnaireId}`);
  await expect(page.getByRole("heading", { name: "Create Survey" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Build a hosted questionnaire" })).toHaveAttribute(
    "href",
    "/admin/survey/build",
  );
  await expect(page.getByLabel("Hosted on the panel")).toBeChecked();
  await expect(page.getByLabel("Questionnaire", { exact: true })).toHaveValue(String(questionnaireId));

  // A refused first try keeps what was entered.
  await page.getByLabel("Points", { exact: true }).fill("30");
  await page.getByLabel("Length (minutes)").fill("0");
  await page.getByRole("button", { name: "Create Survey" }).click();
  await expect(page.getByText("Enter the survey's name.")).toBeVisible();
  await expect(page.getByText("Enter a length from 1 to 600 minutes.")).toBeVisible();
  await expect(page.getByLabel("Points", { exact: true })).toHaveValue("30");

  const name = uniqueName("Hosted", testInfo.project.name);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Length (minutes)").fill("10");
  await page.getByLabel("Category").selectOption({ label: "Entertainment" });
  await page
    .getByRole("textbox", { name: "Description" })
    .fill(
      `<p>Hello <strong>panel</strong></p><script>document.title = "pwned"</script><img src="x" onerror="document.title='pwned'"><a href="javascript:alert(1)">bad link</a>`,
    );
  await page.getByRole("button", { name: "Create Survey" }).click();

  await expect(page.getByText("Survey created successfully")).toBeVisible();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("Not Launched", { exact: true })).toBeVisible();
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  await expect(page.getByText(new RegExp(`/view/survey/${slug}$`))).toBeVisible();

  // The description is shown without its script, handler or javascript: link.
  const description = page.getByRole("region", { name: "Description as members see it" });
  await expect(description).toContainText("Hello panel");
  await expect(description.locator("strong")).toHaveText("panel");
  await expect(description.locator("script, img, [onerror], a[href^='javascript']")).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Description" })).not.toHaveValue(/script|onerror|javascript/);
  expect(await page.title()).not.toBe("pwned");

  await page.getByRole("button", { name: "Launch" }).click();
  await expect(page.getByText("Survey launched")).toBeVisible();
  await expect(page.getByRole("button", { name: "Unlaunch" })).toBeVisible();

  await page
    .getByRole("navigation", { name: "Survey section" })
    .getByRole("link", { name: "Surveys", exact: true })
    .click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Entertainment");
  await expect(row).toContainText("10 min");
  await expect(row).toContainText("Hosted");
  await expect(row.getByRole("cell", { name: "Launched", exact: true })).toBeVisible();
  await row.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
});

test("a super-admin creates an external survey, sees its four return links and its secret, and rotates it", async ({
  page,
  context,
}, testInfo) => {
  const admin = await createAdmin(context, testInfo, undefined, { superAdmin: true });
  await signInAsAdmin(page, admin);
  await page.goto("/admin/survey");
  await page.getByRole("link", { name: "Create Survey" }).click();
  await expect(page).toHaveURL("/admin/survey/new");

  const name = uniqueName("External", testInfo.project.name);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Category").selectOption({ label: "Travel" });
  await page.getByLabel("Points", { exact: true }).fill("45");
  await page.getByLabel("Length (minutes)").fill("15");
  await page.getByLabel("Quota of completes (optional)").fill("200");
  await page.getByLabel("Country (optional)").selectOption({ label: "India" });
  await page.getByLabel("External (a vendor's URL)").check();
  // Without the placeholder the URL is refused, and the choice of delivery is kept.
  await page.getByLabel("Survey URL").fill("https://vendor.example/s/9");
  await page.getByRole("button", { name: "Create Survey" }).click();
  await expect(page.getByText("Put {token} where the vendor expects the respondent token.")).toBeVisible();
  await expect(page.getByLabel("External (a vendor's URL)")).toBeChecked();
  await page.getByLabel("Survey URL").fill("https://vendor.example/s/9?rid={token}");
  await page.getByRole("button", { name: "Create Survey" }).click();

  await expect(page.getByText("Survey created successfully")).toBeVisible();
  const links = page.getByRole("region", { name: "Return links for the vendor" });
  const origin = new URL(page.url()).origin;
  for (const [label, status] of [
    ["Complete", "complete"],
    ["Terminate", "terminate"],
    ["Over quota", "over_quota"],
    ["Quality", "quality"],
  ]) {
    await expect(links.getByRole("term").filter({ hasText: label })).toBeVisible();
    await expect(
      links.getByText(`${origin}/surveys/redirect?status=${status}&token={token}`, { exact: true }),
    ).toBeVisible();
  }
  const secret = links.getByText(/^[0-9a-f]{64}$/);
  await expect(secret).toBeHidden();
  await links.getByText("Show the signing secret").click();
  await expect(secret).toBeVisible();
  const before = (await secret.textContent()) ?? "";

  // Rotation asks for its box to be ticked (the browser's required check, the server's without it).
  await links.getByLabel("I will give the vendor the new secret.").check();
  await links.getByRole("button", { name: "Rotate secret" }).click();
  await expect(
    page.getByText(/^New signing secret made\. Links signed with the old one keep working for 24 hours/),
  ).toBeVisible();
  await links.getByText("Show the signing secret").click();
  await expect(secret).toBeVisible();
  await expect(secret).not.toHaveText(before);
  await expect(links.getByText(/Links signed with the previous secret work until/)).toBeVisible();

  await page.goto("/admin/survey");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("External");
  await expect(row.getByRole("cell", { name: "Not Launched", exact: true })).toBeVisible();
});
