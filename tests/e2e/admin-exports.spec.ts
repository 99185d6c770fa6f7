import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { createMember } from "./support/fixtures";
import { expect, test } from "./support/test";

// The CSV exports (decision 055), with JavaScript on and off: Users Records' "Download CSV" carries
// the search and filters on the page, the file lists exactly those members, and the audit log says
// who downloaded what. Other tests add members to the same server, so this one finds its own by an
// e-mail prefix nobody else uses.

test("the members CSV of a filtered Users Records lists those members, and the download is audited", async ({
  adminPage: page,
  admin,
  context,
}, testInfo) => {
  const prefix = `exp${Math.random().toString(36).slice(2, 8)}-${testInfo.project.name}-`;
  const asha = await createMember(context, testInfo, { email: `${prefix}asha@example.com`, country: "GB" });
  const ravi = await createMember(context, testInfo, { email: `${prefix}ravi@example.com`, country: "GB" });
  await createMember(context, testInfo, { email: `${prefix}meera@example.com`, country: "IN" });

  await page.goto("/admin/users");
  await page.getByLabel("Search by email").fill(prefix);
  await page.getByLabel("Country").selectOption("GB");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(2);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(await readFile(await download.path()), { bom: true, columns: true }) as Record<string, string>[];
  expect(rows.map((row) => row["E-mail"])).toEqual([asha.email, ravi.email]);
  expect(rows.map((row) => row["Member id"])).toEqual([String(asha.id), String(ravi.id)]);
  expect(rows[0]).toMatchObject({ Country: "United Kingdom", "Country code": "GB", Status: "active" });
  expect(rows[0]["Signed up at"]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(Object.keys(rows[0]).join(",")).not.toMatch(/password|hash|token|session/i);

  await page.goto("/admin/audit?action=export.downloaded");
  const sentence = `${admin.name} (${admin.email}) downloaded the members as CSV (filters: country: GB; email: ${prefix}; sort: oldest): 2 rows`;
  await expect(page.getByText(sentence)).toBeVisible();

  // The audit log's own "Download CSV" carries its filter: only export entries, this one among them.
  const [auditDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  const entries = parse(await readFile(await auditDownload.path()), { bom: true, columns: true }) as Record<
    string,
    string
  >[];
  expect(new Set(entries.map((entry) => entry.Action))).toEqual(new Set(["export.downloaded"]));
  expect(entries.map((entry) => entry["What happened"])).toContain(sentence);
});

test("a member's page offers that member's ledger as CSV", async ({ adminPage: page, context }, testInfo) => {
  const member = await createMember(context, testInfo, { points: 250 });
  await page.goto(`/admin/users/${member.id}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^ledger-member-${member.id}-`));
  const rows = parse(await readFile(await download.path()), { bom: true, columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ "Member id": String(member.id), "E-mail": member.email, "Points change": "250" });
});
