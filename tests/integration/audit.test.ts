import { describe, expect, test } from "vitest";
import { AUDIT_PAGE_SIZE, recordAudit } from "~/domain/audit.server";
import { getPrisma } from "~/lib/db.server";
import { loader as auditLoader } from "~/routes/admin._console.audit";
import { createTestAdmin } from "../support/factories";
import { adminCookie, ORIGIN } from "../support/admin-requests";

// The audit log: written in the transaction of the change (rolled back with it), and a read-only
// page, newest first, 50 a page.

const readLog = async (cookie: string, query = "") =>
  auditLoader({
    request: new Request(`${ORIGIN}/admin/audit${query}`, { headers: { Cookie: cookie } }),
    params: {},
    context: {},
  });

describe("recordAudit", () => {
  test("an entry rolls back with its transaction", async () => {
    const admin = await createTestAdmin();
    await expect(
      getPrisma().$transaction(async (tx) => {
        await recordAudit(tx, { admin, action: "admin.revoked", targetType: "admin", targetId: 1 });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });

  test("an entry keeps the acting admin's email after that admin is deleted", async () => {
    const admin = await createTestAdmin();
    await getPrisma().$transaction((tx) =>
      recordAudit(tx, {
        admin,
        action: "admin.created",
        targetType: "admin",
        targetId: 7,
        details: { email: "x@panel.test" },
      }),
    );
    await getPrisma().admin.delete({ where: { id: admin.id } });
    expect(await getPrisma().auditEntry.findFirstOrThrow()).toMatchObject({
      adminId: null,
      adminEmail: admin.email,
      targetId: "7",
    });
  });
});

describe("the audit page", () => {
  test("is a 404 without an admin session", async () => {
    const response = await readLog("").catch((thrown: unknown) => thrown);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(404);
  });

  test("lists entries newest first, 50 a page, in UTC; a bad page number shows page 1", async () => {
    const admin = await createTestAdmin();
    const cookie = await adminCookie(admin.id);
    const start = Date.UTC(2026, 0, 1, 8, 0, 0);
    await getPrisma().auditEntry.createMany({
      data: Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, index) => ({
        adminId: admin.id,
        adminEmail: admin.email,
        action: "admin.granted",
        targetType: "admin",
        targetId: String(index + 1),
        details: { n: index + 1 },
        createdAt: new Date(start + index * 60_000),
      })),
    });
    const first = await readLog(cookie);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 55 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]).toMatchObject({
      when: "2026-01-01 08:54:00",
      adminEmail: admin.email,
      action: "admin.granted",
      target: "admin #55",
      details: '{"n":55}',
    });

    const second = await readLog(cookie, "?page=2");
    expect(second.entries.map((entry) => entry.target)).toEqual([
      "admin #5",
      "admin #4",
      "admin #3",
      "admin #2",
      "admin #1",
    ]);

    for (const query of ["?page=abc", "?page=0", "?page=-1", `?page=${"9".repeat(40_000)}`]) {
      expect((await readLog(cookie, query)).page).toBe(1);
    }
    expect((await readLog(cookie, "?page=9")).entries).toEqual([]);
  });
});

describe("the audit page's filters", () => {
  const day = (date: string, hour = 12) => new Date(`${date}T${String(hour).padStart(2, "0")}:00:00Z`);

  /** Two admins' entries over three days, about members 40 and 41 and about an admin. */
  async function seedLog() {
    const asha = await createTestAdmin({ name: "Asha" });
    const ravi = await createTestAdmin({ name: "Ravi" });
    const entry = (
      admin: { id: number; email: string },
      action: string,
      targetType: string,
      targetId: string,
      details: object,
      createdAt: Date,
    ) => ({ adminId: admin.id, adminEmail: admin.email, action, targetType, targetId, details, createdAt });
    await getPrisma().auditEntry.createMany({
      data: [
        entry(
          asha,
          "withdrawal.approved",
          "withdrawal",
          "W-12",
          { memberId: 40, points: 500, amountMinor: 5000 },
          day("2026-11-01"),
        ),
        entry(
          ravi,
          "withdrawal.rejected",
          "withdrawal",
          "W-13",
          { memberId: 41, points: 700, amountMinor: 7000, reason: "Wrong UPI id" },
          day("2026-11-02"),
        ),
        entry(
          asha,
          "points.adjusted",
          "member",
          "40",
          { points: 100, reason: "Goodwill", referenceId: "P-1", balance: 600 },
          day("2026-11-02", 23),
        ),
        entry(ravi, "admin.granted", "admin", "7", { email: "seven@panel.test" }, day("2026-11-03", 0)),
        entry(
          asha,
          "assignment.created",
          "assignment",
          "9",
          { surveyId: 5, memberId: 41, screenerId: null, points: 300 },
          day("2026-11-03"),
        ),
      ],
    });
    return { asha, ravi, cookie: await adminCookie(asha.id) };
  }

  const sentences = (page: Awaited<ReturnType<typeof readLog>>) =>
    page.entries.map((entry) =>
      entry.sentence.parts.map((part) => (typeof part === "string" ? part : part.text)).join(""),
    );

  test("each entry reads as a sentence, with a link to its member and what changed", async () => {
    const { asha, cookie } = await seedLog();
    const page = await readLog(cookie, "?action=withdrawal.approved");
    expect(sentences(page)).toEqual([`Asha (${asha.email}) approved withdrawal W-12 of member #40 for 500 points`]);
    expect(page.entries[0].sentence.parts).toContainEqual({ text: "member #40", href: "/admin/users/40" });
    expect(page.entries[0].sentence.changes).toEqual([{ field: "Status", before: "pending", after: "success" }]);
  });

  test("by admin, by action, by member and by date, each on its own", async () => {
    const { asha, ravi, cookie } = await seedLog();
    const actions = async (query: string) => (await readLog(cookie, query)).entries.map((entry) => entry.action);

    expect(await actions(`?admin=${ravi.id}`)).toEqual(["admin.granted", "withdrawal.rejected"]);
    expect(await actions(`?admin=${asha.id}`)).toEqual([
      "assignment.created",
      "points.adjusted",
      "withdrawal.approved",
    ]);
    expect(await actions("?action=points.adjusted")).toEqual(["points.adjusted"]);
    // Member 40 is the target of the adjustment and named in the withdrawal's details.
    expect(await actions("?member=40")).toEqual(["points.adjusted", "withdrawal.approved"]);
    expect(await actions("?member=41")).toEqual(["assignment.created", "withdrawal.rejected"]);
    // "admin #7" is not member 7.
    expect(await actions("?member=7")).toEqual([]);
    // Dates are whole UTC days, both ends included.
    expect(await actions("?from=2026-11-02&to=2026-11-02")).toEqual(["points.adjusted", "withdrawal.rejected"]);
    expect(await actions("?from=2026-11-03")).toEqual(["assignment.created", "admin.granted"]);
    expect(await actions("?to=2026-11-01")).toEqual(["withdrawal.approved"]);
  });

  test("filters combine, and the totals count only what they let through", async () => {
    const { asha, cookie } = await seedLog();
    const page = await readLog(cookie, `?admin=${asha.id}&member=41&from=2026-11-02&to=2026-11-03`);
    expect(page).toMatchObject({ total: 1, pageCount: 1, values: { admin: String(asha.id), member: "41" } });
    expect(page.entries.map((entry) => entry.target)).toEqual(["assignment #9"]);
    expect((await readLog(cookie, `?admin=${asha.id}&action=withdrawal.rejected`)).entries).toEqual([]);
  });

  test("the page links keep the filters", async () => {
    const admin = await createTestAdmin();
    const cookie = await adminCookie(admin.id);
    await getPrisma().auditEntry.createMany({
      data: Array.from({ length: AUDIT_PAGE_SIZE + 3 }, (_, index) => ({
        adminId: admin.id,
        adminEmail: admin.email,
        action: index % 2 === 0 ? "survey.launched" : "survey.unlaunched",
        targetType: "survey",
        targetId: String(index + 1),
        details: { name: `Survey ${index + 1}` },
        createdAt: new Date(Date.UTC(2026, 10, 1) + index * 60_000),
      })),
    });
    // 27 launches over 53 entries: one page of them, and the query the links carry.
    const launched = await readLog(cookie, "?action=survey.launched&member=&page=1");
    expect(launched).toMatchObject({ total: 27, pageCount: 1, query: "action=survey.launched" });
    const all = await readLog(cookie, `?admin=${admin.id}`);
    expect(all).toMatchObject({ total: 53, pageCount: 2, query: `admin=${admin.id}` });
    const second = await readLog(cookie, `?admin=${admin.id}&page=2`);
    expect(second.entries.map((entry) => entry.target)).toEqual(["survey #3", "survey #2", "survey #1"]);
  });

  test("bad input gets a message under its field and lists nothing, never a 500", async () => {
    const { cookie } = await seedLog();
    const page = await readLog(cookie, "?admin=me&action=drop&member=-4&from=2026-13-01&to=2026-11-31");
    expect(page.entries).toEqual([]);
    expect(page.invalid).toBe(true);
    expect(page.errors).toEqual({
      admin: ["Choose an admin from the list."],
      action: ["Choose an action from the list."],
      member: ["Enter a member number (digits only), such as 40."],
      from: ["Enter a date as YYYY-MM-DD, such as 2026-11-25."],
      to: ["Enter a date as YYYY-MM-DD, such as 2026-11-25."],
    });
    expect(page.values).toMatchObject({ admin: "me", member: "-4" });
    const reversed = await readLog(cookie, "?from=2026-11-03&to=2026-11-01");
    expect(reversed.errors).toEqual({
      to: ["The end date is before the start date: choose an end on or after the start."],
    });
    expect(reversed.entries).toEqual([]);
    // An admin number that is well formed but unknown simply matches nothing.
    expect((await readLog(cookie, "?admin=999999")).entries).toEqual([]);
  });
});
