import { describe, expect, test } from "vitest";
import {
  CONFIRMATION_REQUIRED,
  deleteAdmin,
  EMAIL_TAKEN,
  LAST_SUPER_ADMIN_REFUSED,
  NOT_AUTHORISED,
  revokeAdmin,
  SELF_DELETE_REFUSED,
  SELF_REVOKE_REFUSED,
} from "~/domain/admins.server";
import { verifyPassword } from "~/domain/passwords.server";
import { getPrisma } from "~/lib/db.server";
import { action as registerAction, loader as registerLoader } from "~/routes/admin._console.admins.register";
import { action as tableAction, loader as tableLoader } from "~/routes/admin._console.admins.view._index";
import { action as editAction, loader as editLoader } from "~/routes/admin._console.admins.view.$id";
import { createTestAdmin } from "../support/factories";
import { expectData, expectRedirect, expectThrown } from "../support/remix";
import { adminCookie, adminRequest as request, thrownStatus } from "../support/admin-requests";
import { toastOf } from "../support/requests";
import { UNKNOWN_INTENT_MESSAGE } from "~/lib/forms.server";

// Admin management: who may register, revoke, grant, delete and set passwords, and what each
// refusal leaves behind (nothing). Loaders and actions are called with real requests and cookies.

const NEW_PASSWORD = "Fresh#Panel-2026";
const PASSWORD_MISMATCH = "Password do not match";

async function superAdmin() {
  const admin = await createTestAdmin({ isSuperAdmin: true });
  return { admin, cookie: await adminCookie(admin.id) };
}

const register = (cookie: string, form: Record<string, string>) =>
  registerAction({ request: request("/admin/admins/register", { cookie, form }), params: {}, context: {} });
const changeAccess = (cookie: string, form: Record<string, string>) =>
  tableAction({ request: request("/admin/admins/view", { cookie, form }), params: {}, context: {} });
const edit = (cookie: string, id: number, form: Record<string, string>) =>
  editAction({
    request: request(`/admin/admins/view/${id}`, { cookie, form }),
    params: { id: String(id) },
    context: {},
  });

const validRegistration = {
  name: "Ravi Kumar",
  email: "Ravi.Kumar@Panel.test",
  password: NEW_PASSWORD,
  password_confirmation: NEW_PASSWORD,
};

describe("the guard", () => {
  test("every admin-management loader and action is a 404 without an admin session", async () => {
    const target = await createTestAdmin();
    const params = { id: String(target.id) };
    expect(
      await thrownStatus(registerLoader({ request: request("/admin/admins/register"), params: {}, context: {} })),
    ).toBe(404);
    expect(await thrownStatus(register("", validRegistration))).toBe(404);
    expect(await thrownStatus(tableLoader({ request: request("/admin/admins/view"), params: {}, context: {} }))).toBe(
      404,
    );
    expect(await thrownStatus(changeAccess("", { intent: "revoke", id: String(target.id), confirmed: "on" }))).toBe(
      404,
    );
    expect(
      await thrownStatus(editLoader({ request: request(`/admin/admins/view/${target.id}`), params, context: {} })),
    ).toBe(404);
    expect(await thrownStatus(edit("", target.id, { intent: "delete", confirmed: "on" }))).toBe(404);
    expect(await getPrisma().admin.count({ where: { id: target.id, revokedAt: null } })).toBe(1);
  });

  test("an unknown or malformed admin id is a 404", async () => {
    const { cookie } = await superAdmin();
    for (const id of ["999999", "abc", "0", "1e3", "99999999999999999999"]) {
      expect(
        await thrownStatus(
          editLoader({ request: request(`/admin/admins/view/${id}`, { cookie }), params: { id }, context: {} }),
        ),
      ).toBe(404);
    }
  });
});

describe("registering an admin", () => {
  test("a super-admin registers an admin: email lower-cased, password hashed, audit entry written", async () => {
    const { admin, cookie } = await superAdmin();
    expect(
      await registerLoader({ request: request("/admin/admins/register", { cookie }), params: {}, context: {} }),
    ).toEqual({ authorised: true, minimumLength: 12 });
    const response = expectRedirect(await register(cookie, validRegistration));
    expect(response.headers.get("Location")).toBe("/admin/admins/view");
    expect(await toastOf(response)).toEqual({ type: "success", message: "Admin registered successfully" });
    const created = await getPrisma().admin.findUniqueOrThrow({ where: { email: "ravi.kumar@panel.test" } });
    expect(created).toMatchObject({ name: "Ravi Kumar", isSuperAdmin: false, revokedAt: null, createdById: admin.id });
    expect(await verifyPassword(NEW_PASSWORD, created.passwordHash)).toBe(true);
    const entries = await getPrisma().auditEntry.findMany({ where: { targetId: String(created.id) } });
    expect(entries).toMatchObject([
      { adminId: admin.id, adminEmail: admin.email, action: "admin.created", targetType: "admin" },
    ]);
  });

  test("a non-super-admin is told they are not authorised, and a post is refused", async () => {
    const admin = await createTestAdmin();
    const cookie = await adminCookie(admin.id);
    expect(
      await registerLoader({ request: request("/admin/admins/register", { cookie }), params: {}, context: {} }),
    ).toEqual({ authorised: false, minimumLength: 12 });
    const refused = expectData(await register(cookie, validRegistration));
    expect(refused.init?.status).toBe(403);
    expect(refused.data.error).toEqual({ "": [NOT_AUTHORISED] });
    expect(await getPrisma().admin.count({ where: { email: "ravi.kumar@panel.test" } })).toBe(0);
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });

  test("per-field errors: required fields, a bad email, a mismatch, a weak password, a taken email in any case", async () => {
    const { cookie } = await superAdmin();
    const empty = expectData(await register(cookie, {}));
    expect(empty.init?.status).toBe(400);
    expect(empty.data.error).toMatchObject({
      name: ["The name field is required."],
      email: ["The email field is required."],
      password: ["The password field is required."],
    });

    const badEmail = expectData(await register(cookie, { ...validRegistration, email: "nope" }));
    expect(badEmail.data.error).toEqual({ email: ["The email must be a valid email address."] });

    const mismatch = expectData(
      await register(cookie, { ...validRegistration, password_confirmation: "Other#Panel-2026" }),
    );
    expect(mismatch.data.error).toEqual({ password: [PASSWORD_MISMATCH] });
    // A mismatch is reported together with the other fields' problems, not only once they are fixed.
    const mismatchAndMore = expectData(
      await register(cookie, {
        ...validRegistration,
        name: "",
        email: "nope",
        password_confirmation: "Other#Panel-2026",
      }),
    );
    expect(mismatchAndMore.data.error).toEqual({
      name: ["The name field is required."],
      email: ["The email must be a valid email address."],
      password: [PASSWORD_MISMATCH],
    });

    const weak = expectData(
      await register(cookie, { ...validRegistration, password: "short", password_confirmation: "short" }),
    );
    expect(weak.data.error).toMatchObject({ password: ["An admin password must be at least 12 characters."] });

    await createTestAdmin({ email: "taken@panel.test" });
    const taken = expectData(
      await register(cookie, {
        ...validRegistration,
        email: "TAKEN@Panel.Test",
        password: "password1",
        password_confirmation: "password1",
      }),
    );
    expect(taken.data.error).toEqual({
      email: [EMAIL_TAKEN],
      password: ["An admin password must be at least 12 characters."],
    });
    expect(await getPrisma().admin.count({ where: { email: { in: ["ravi.kumar@panel.test", "nope"] } } })).toBe(0);
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });

  test("a 40 KB value is a field error, never a 500, and passwords never come back", async () => {
    const { cookie } = await superAdmin();
    const huge = "x".repeat(40 * 1024);
    const refused = expectData(
      await register(cookie, { name: huge, email: `${huge}@panel.test`, password: huge, password_confirmation: huge }),
    );
    expect(refused.init?.status).toBe(400);
    expect(refused.data.error).toMatchObject({
      name: ["Must be at most 100 characters."],
      email: ["The email must be a valid email address."],
      password: ["Must be at most 200 characters."],
    });
    expect(JSON.stringify(refused.data.initialValue ?? {})).not.toContain("password");
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });
});

describe("revoking and granting", () => {
  test("revoke needs the confirmation, ends the admin's sessions at once and is audited; grant restores", async () => {
    const { admin, cookie } = await superAdmin();
    const target = await createTestAdmin();
    await adminCookie(target.id);
    await adminCookie(target.id);

    const unconfirmed = expectData(await changeAccess(cookie, { intent: "revoke", id: String(target.id) }));
    expect(unconfirmed.init?.status).toBe(400);
    expect(unconfirmed.data.error).toEqual({ "": [CONFIRMATION_REQUIRED] });
    expect(await getPrisma().adminSession.count({ where: { adminId: target.id } })).toBe(2);

    const revoked = expectRedirect(
      await changeAccess(cookie, { intent: "revoke", id: String(target.id), confirmed: "on" }),
    );
    expect(await toastOf(revoked)).toEqual({ type: "success", message: `Admin rights revoked from ${target.email}` });
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: target.id } })).revokedAt).not.toBeNull();
    expect(await getPrisma().adminSession.count({ where: { adminId: target.id } })).toBe(0);

    const table = await tableLoader({ request: request("/admin/admins/view", { cookie }), params: {}, context: {} });
    expect(table.admins.find((row) => row.id === target.id)?.revoked).toBe(true);

    const granted = expectRedirect(
      await changeAccess(cookie, { intent: "grant", id: String(target.id), confirmed: "on" }),
    );
    expect(await toastOf(granted)).toEqual({ type: "success", message: `Admin rights granted to ${target.email}` });
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: target.id } })).revokedAt).toBeNull();

    const actions = await getPrisma().auditEntry.findMany({
      where: { targetId: String(target.id) },
      orderBy: { id: "asc" },
    });
    expect(actions.map((entry) => [entry.action, entry.adminId])).toEqual([
      ["admin.revoked", admin.id],
      ["admin.granted", admin.id],
    ]);
  });

  test("a non-super-admin cannot revoke or grant; nothing changes and nothing is audited", async () => {
    const admin = await createTestAdmin();
    const cookie = await adminCookie(admin.id);
    const active = await createTestAdmin();
    const revoked = await createTestAdmin({ revokedAt: new Date() });
    const table = await tableLoader({ request: request("/admin/admins/view", { cookie }), params: {}, context: {} });
    expect(table.mayManage).toBe(false);
    for (const [intent, id] of [
      ["revoke", active.id],
      ["grant", revoked.id],
    ] as const) {
      const response = expectRedirect(await changeAccess(cookie, { intent, id: String(id), confirmed: "on" }));
      expect(await toastOf(response)).toEqual({ type: "error", message: NOT_AUTHORISED });
    }
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: active.id } })).revokedAt).toBeNull();
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: revoked.id } })).revokedAt).not.toBeNull();
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });

  test("an admin can never revoke themself", async () => {
    const { admin, cookie } = await superAdmin();
    await createTestAdmin({ isSuperAdmin: true });
    const response = expectRedirect(
      await changeAccess(cookie, { intent: "revoke", id: String(admin.id), confirmed: "on" }),
    );
    expect(await toastOf(response)).toEqual({ type: "error", message: SELF_REVOKE_REFUSED });
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: admin.id } })).revokedAt).toBeNull();
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });

  test("the last active super-admin is never revoked or deleted, even by a request that raced a revoke", async () => {
    const first = await createTestAdmin({ isSuperAdmin: true });
    const second = await createTestAdmin({ isSuperAdmin: true });
    // The first super-admin's request passed the guard; meanwhile the second revoked them.
    await getPrisma().admin.update({ where: { id: first.id }, data: { revokedAt: new Date() } });
    expect(await revokeAdmin(first, second.id)).toEqual({ ok: false, message: LAST_SUPER_ADMIN_REFUSED });
    expect(await deleteAdmin(first, second.id)).toEqual({ ok: false, message: LAST_SUPER_ADMIN_REFUSED });
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: second.id } })).revokedAt).toBeNull();
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });

  test("a tampered post (unknown intent, bad id) is a clear 400, not a 500", async () => {
    const { cookie } = await superAdmin();
    expect(await expectThrown(changeAccess(cookie, { intent: "destroy", id: "1", confirmed: "on" }))).toEqual({
      status: 400,
      text: UNKNOWN_INTENT_MESSAGE,
    });
    const badId = expectData(
      await changeAccess(cookie, { intent: "revoke", id: "x".repeat(40 * 1024), confirmed: "on" }),
    );
    expect(badId.init?.status).toBe(400);
    expect(badId.data.error).toEqual({ "": ["The request is not valid."] });
  });
});

describe("passwords", () => {
  test("a super-admin sets another admin's password; that admin's sessions end; audited", async () => {
    const { admin, cookie } = await superAdmin();
    const target = await createTestAdmin();
    await adminCookie(target.id);
    const response = expectRedirect(
      await edit(cookie, target.id, {
        intent: "update-password",
        password: NEW_PASSWORD,
        password_confirmed: NEW_PASSWORD,
      }),
    );
    expect(await toastOf(response)).toEqual({ type: "success", message: "Password updated successfully" });
    const updated = await getPrisma().admin.findUniqueOrThrow({ where: { id: target.id } });
    expect(await verifyPassword(NEW_PASSWORD, updated.passwordHash)).toBe(true);
    expect(await getPrisma().adminSession.count({ where: { adminId: target.id } })).toBe(0);
    expect(await getPrisma().auditEntry.findMany({ where: { targetId: String(target.id) } })).toMatchObject([
      { action: "admin.password_changed", adminId: admin.id },
    ]);
  });

  test("any admin changes their own password and stays signed in; not someone else's", async () => {
    const admin = await createTestAdmin();
    const cookie = await adminCookie(admin.id);
    const other = await createTestAdmin();
    expectRedirect(
      await edit(cookie, admin.id, {
        intent: "update-password",
        current_password: "Admin#Secret-42",
        password: NEW_PASSWORD,
        password_confirmed: NEW_PASSWORD,
      }),
    );
    expect(await getPrisma().adminSession.count({ where: { adminId: admin.id } })).toBe(1);

    const refused = expectData(
      await edit(cookie, other.id, {
        intent: "update-password",
        password: NEW_PASSWORD,
        password_confirmed: NEW_PASSWORD,
      }),
    );
    expect(refused.init?.status).toBe(403);
    expect(refused.data.error).toEqual({ "": [NOT_AUTHORISED] });
    expect(
      await verifyPassword(
        NEW_PASSWORD,
        (await getPrisma().admin.findUniqueOrThrow({ where: { id: other.id } })).passwordHash,
      ),
    ).toBe(false);
    expect(await getPrisma().auditEntry.count({ where: { targetId: String(other.id) } })).toBe(0);
  });

  test("a mismatch, a weak or a 40 KB password is a field error and changes nothing", async () => {
    const { cookie } = await superAdmin();
    const target = await createTestAdmin();
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ password: NEW_PASSWORD, password_confirmed: "Other#Panel-2026" }, { password_confirmed: [PASSWORD_MISMATCH] }],
      [
        { password: "password1", password_confirmed: "password1" },
        { password: ["An admin password must be at least 12 characters."] },
      ],
      [{ password: "y".repeat(40 * 1024), password_confirmed: "y" }, { password: ["Must be at most 200 characters."] }],
      [{}, { password: ["The password field is required."] }],
    ];
    for (const [form, errors] of cases) {
      const refused = expectData(await edit(cookie, target.id, { intent: "update-password", ...form }));
      expect(refused.init?.status).toBe(400);
      expect(refused.data.error).toMatchObject(errors);
    }
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });
});

describe("permanent delete", () => {
  test("needs the confirmation; then removes the admin and their sessions, audited with the actor's email", async () => {
    const { admin, cookie } = await superAdmin();
    const target = await createTestAdmin();
    await adminCookie(target.id);

    const unconfirmed = expectData(await edit(cookie, target.id, { intent: "delete" }));
    expect(unconfirmed.init?.status).toBe(400);
    expect(unconfirmed.data).toMatchObject({ form: "delete", error: { "": [CONFIRMATION_REQUIRED] } });
    expect(await getPrisma().admin.count({ where: { id: target.id } })).toBe(1);

    const response = expectRedirect(await edit(cookie, target.id, { intent: "delete", confirmed: "on" }));
    expect(response.headers.get("Location")).toBe("/admin/admins/view");
    expect(await toastOf(response)).toEqual({ type: "success", message: `Admin ${target.email} deleted permanently` });
    expect(await getPrisma().admin.count({ where: { id: target.id } })).toBe(0);
    expect(await getPrisma().adminSession.count({ where: { adminId: target.id } })).toBe(0);
    expect(await getPrisma().auditEntry.findMany({ where: { targetId: String(target.id) } })).toMatchObject([
      { action: "admin.deleted", adminId: admin.id, adminEmail: admin.email, details: { email: target.email } },
    ]);
  });

  test("with JavaScript the action answers with data and a toast, so the page can wait 2 s", async () => {
    const { cookie } = await superAdmin();
    const target = await createTestAdmin();
    const result = expectData(await edit(cookie, target.id, { intent: "delete", confirmed: "on", js: "on" }));
    expect(result.data).toMatchObject({ form: "delete", status: "success" });
    expect(new Headers(result.init?.headers).get("Set-Cookie")).toMatch(/^__toast=/);
    expect(await getPrisma().admin.count({ where: { id: target.id } })).toBe(0);
  });

  test("nobody deletes themself; a non-super-admin deletes nobody", async () => {
    const { admin, cookie } = await superAdmin();
    await createTestAdmin({ isSuperAdmin: true });
    const self = expectRedirect(await edit(cookie, admin.id, { intent: "delete", confirmed: "on" }));
    expect(await toastOf(self)).toEqual({ type: "error", message: SELF_DELETE_REFUSED });

    const plain = await createTestAdmin();
    const target = await createTestAdmin();
    const refused = expectRedirect(
      await edit(await adminCookie(plain.id), target.id, { intent: "delete", confirmed: "on" }),
    );
    expect(await toastOf(refused)).toEqual({ type: "error", message: NOT_AUTHORISED });
    expect(await getPrisma().admin.count({ where: { id: { in: [admin.id, target.id] } } })).toBe(2);
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });
});
