import { describe, expect, test } from "vitest";
import { requireAdmin } from "~/domain/admin-auth.server";
import { getAdminSession } from "~/domain/admin-sessions.server";
import { ADMIN_REVOKED_MESSAGE, LOGIN_FAILED_MESSAGE } from "~/domain/login.server";
import { startMemberSession } from "~/domain/sessions.server";
import { getPrisma } from "~/lib/db.server";
import { action as loginAction, loader as loginLoader } from "~/routes/admin._index";
import { loader as dashLoader } from "~/routes/admin._console.dash";
import { action as logoutAction } from "~/routes/admin.logout";
import { createTestAdmin, createTestMember } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { adminCookie, adminRequest as request, ORIGIN, thrownStatus } from "../support/admin-requests";

// Admin sign-in and the admin guard: admins have their own cookie and sessions; anyone who is not
// an active admin gets a 404 from every admin page.

const PASSWORD = "Admin#Secret-42";

describe("the signed-in admin", () => {
  test("is the admin as stored, every field, read with the session in one statement", async () => {
    const creator = await createTestAdmin();
    const admin = await createTestAdmin({
      isSuperAdmin: true,
      createdBy: { connect: { id: creator.id } },
      totpLastStep: 12345,
    });
    const stored = await getPrisma().admin.findUniqueOrThrow({ where: { id: admin.id } });
    const session = await getAdminSession(request("/admin/dash", { cookie: await adminCookie(admin.id) }));
    expect(session?.admin).toEqual(stored);
  });
});

describe("the admin guard", () => {
  test("a guest, a member and a revoked admin get a 404; an active admin gets in", async () => {
    const member = await createTestMember();
    const memberCookie = (
      await startMemberSession(member.id, { persistent: false, request: new Request(ORIGIN) })
    ).split(";")[0];
    const revoked = await createTestAdmin({ revokedAt: new Date() });
    const active = await createTestAdmin();

    expect(await thrownStatus(requireAdmin(request("/admin/dash")))).toBe(404);
    expect(await thrownStatus(requireAdmin(request("/admin/dash", { cookie: memberCookie })))).toBe(404);
    expect(await thrownStatus(requireAdmin(request("/admin/dash", { cookie: await adminCookie(revoked.id) })))).toBe(
      404,
    );
    const session = await requireAdmin(request("/admin/dash", { cookie: await adminCookie(active.id) }));
    expect(session.admin.id).toBe(active.id);
  });

  test("revoking an admin ends their access at once, even with a live session", async () => {
    const admin = await createTestAdmin();
    const cookie = await adminCookie(admin.id);
    await getPrisma().admin.update({ where: { id: admin.id }, data: { revokedAt: new Date() } });
    expect(await getAdminSession(request("/admin/dash", { cookie }))).toBeNull();
  });

  test("the dashboard counts pending withdrawal requests from the database", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const snapshot = { method: "upi", upiId: "asha@okbank", holderName: "Asha" };
    for (const [index, status] of (["pending", "pending", "success"] as const).entries()) {
      await getPrisma().withdrawalRequest.create({
        data: {
          referenceId: `WD-${index}`,
          memberId: member.id,
          points: 100,
          amountMinor: 1000,
          status,
          method: "upi",
          payoutSnapshot: snapshot,
        },
      });
    }
    const result = await dashLoader({
      request: request("/admin/dash", { cookie: await adminCookie(admin.id) }),
      params: {},
      context: {},
    });
    expect(result).toMatchObject({ pendingWithdrawals: 2 });
  });
});

describe("admin sign-in", () => {
  test("the right password signs in with an admin cookie and lands on the dashboard", async () => {
    const admin = await createTestAdmin({ email: "ops@panel.test" });
    const response = expectRedirect(
      await loginAction({
        request: request("/admin", { form: { email: "OPS@panel.test", password: PASSWORD } }),
        params: {},
        context: {},
      }),
    );
    expect(response.headers.get("Location")).toBe("/admin/dash");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^__admin=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).not.toMatch(/Expires|Max-Age/);
    expect(await getPrisma().adminSession.count({ where: { adminId: admin.id } })).toBe(1);
  });

  test("a wrong password or unknown email gets one message; a revoked admin is told so", async () => {
    await createTestAdmin({ email: "ops@panel.test" });
    await createTestAdmin({ email: "gone@panel.test", revokedAt: new Date() });
    for (const form of [
      { email: "ops@panel.test", password: "wrong-password" },
      { email: "nobody@panel.test", password: PASSWORD },
    ]) {
      const refused = expectData(await loginAction({ request: request("/admin", { form }), params: {}, context: {} }));
      expect(refused.init?.status).toBe(401);
      expect(refused.data.error).toEqual({ "": [LOGIN_FAILED_MESSAGE] });
    }
    const revoked = expectData(
      await loginAction({
        request: request("/admin", { form: { email: "gone@panel.test", password: PASSWORD } }),
        params: {},
        context: {},
      }),
    );
    expect(revoked.init?.status).toBe(403);
    expect(revoked.data.error).toEqual({ "": [ADMIN_REVOKED_MESSAGE] });
    expect(await getPrisma().adminSession.count()).toBe(0);
  });

  test("the 6th attempt after 5 failures is refused, even with the right password", async () => {
    await createTestAdmin({ email: "ops@panel.test" });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await loginAction({
        request: request("/admin", { form: { email: "ops@panel.test", password: "wrong" } }),
        params: {},
        context: {},
      });
    }
    const refused = expectData(
      await loginAction({
        request: request("/admin", { form: { email: "ops@panel.test", password: PASSWORD } }),
        params: {},
        context: {},
      }),
    );
    expect(refused.init?.status).toBe(429);
    expect(await getPrisma().adminSession.count()).toBe(0);
  });

  test("an admin already signed in goes straight to the dashboard", async () => {
    const admin = await createTestAdmin();
    const response = await loginLoader({
      request: request("/admin", { cookie: await adminCookie(admin.id) }),
      params: {},
      context: {},
    }).catch((thrown: unknown) => thrown);
    expect(expectRedirect(response).headers.get("Location")).toBe("/admin/dash");
  });
});

describe("admin logout", () => {
  test("LOGOUT ends this device only; 'Log Out of all Devices' ends every session of that admin", async () => {
    const admin = await createTestAdmin();
    const other = await createTestAdmin();
    const [first, second] = [await adminCookie(admin.id), await adminCookie(admin.id)];
    await adminCookie(other.id);

    const single = expectRedirect(
      await logoutAction({ request: request("/admin/logout", { cookie: first, form: {} }), params: {}, context: {} }),
    );
    expect(single.headers.get("Location")).toBe("/admin");
    expect(single.headers.get("Set-Cookie")).toMatch(/^__admin=;.*Expires=Thu, 01 Jan 1970/);
    expect(await getPrisma().adminSession.count({ where: { adminId: admin.id } })).toBe(1);

    const third = await adminCookie(admin.id);
    await logoutAction({
      request: request("/admin/logout", { cookie: third, form: { allDevices: "on" } }),
      params: {},
      context: {},
    });
    expect(await getAdminSession(request("/admin/dash", { cookie: second }))).toBeNull();
    expect(await getPrisma().adminSession.count({ where: { adminId: admin.id } })).toBe(0);
    expect(await getPrisma().adminSession.count({ where: { adminId: other.id } })).toBe(1);
  });
});
