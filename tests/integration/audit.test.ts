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
