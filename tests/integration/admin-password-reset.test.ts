import { APP_ORIGIN } from "../support/file-outbox";
import { beforeEach, describe, expect, test } from "vitest";
import { startAdminSession } from "~/domain/admin-sessions.server";
import { listOutbox } from "~/domain/mail.server";
import { verifyPassword } from "~/domain/passwords.server";
import { getPrisma } from "~/lib/db.server";
import { action as requestAction, loader as requestLoader } from "~/routes/admin.forgot-password";
import { action as resetAction, loader as resetLoader } from "~/routes/admin.reset-password.$token";
import { action as memberRequestAction } from "~/routes/_guest.reset-password";
import { createTestAdmin, createTestMember } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";

// The admin's 'Forgot Your Password': the member flow's rules with admin accounts and admin links.
// An admin's reset never touches members, and a member's never touches admins.

const ORIGIN = APP_ORIGIN;
const OLD_PASSWORD = "Quartz-Lantern-42";
const NEW_PASSWORD = "Marble-Harbour-77";
const INVALID = "This password reset link is invalid or has expired. Please request a new one.";
const ADMIN_LINK = /http:\/\/panel\.test:3000\/admin\/reset-password\/\S+/;

let address = 0;
let clientAddress: string;
beforeEach(() => {
  address += 1;
  clientAddress = `203.0.113.${address}`;
});

function post(url: string, body: Record<string, string>, cookie?: string) {
  return new Request(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Panel-Client-Address": clientAddress,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(body).toString(),
  });
}

function askAsAdmin(email: string) {
  return requestAction({ request: post(`${ORIGIN}/admin/forgot-password`, { email }), params: {}, context: {} });
}

function tokenOf(link: string) {
  return new URL(link).pathname.split("/").at(-1) ?? "";
}

async function mailedAdminLink(email: string) {
  expectRedirect(await askAsAdmin(email));
  const link = (await listOutbox()).find((mail) => mail.to === email)?.text.match(ADMIN_LINK)?.[0];
  if (!link) throw new Error(`No admin reset link mailed to ${email}`);
  return link;
}

function submit(link: string, password: string, confirmation = password) {
  return resetAction({
    request: post(link, {
      newPassword: password,
      newPassword_confirmation: confirmation,
      email: new URL(link).searchParams.get("email") ?? "",
    }),
    params: { token: tokenOf(link) },
    context: {},
  });
}

async function admin(overrides: Parameters<typeof createTestAdmin>[0] = {}) {
  return createTestAdmin({ password: OLD_PASSWORD, ...overrides });
}

describe("admin forgot password", () => {
  test("an admin's email gets an admin link; a member's email at the admin form gets nothing", async () => {
    const someone = await admin({ email: "ops@example.com" });
    await createTestMember({ email: "member@example.com" });
    const response = expectRedirect(await askAsAdmin("Ops@Example.com"));
    expect(response.headers.get("Location")).toBe("/admin/forgot-password");
    expectRedirect(await askAsAdmin("member@example.com"));

    const mails = await listOutbox();
    expect(mails.map((mail) => mail.to)).toEqual(["ops@example.com"]);
    expect(mails[0].text).toMatch(ADMIN_LINK);
    const stored = await getPrisma().authToken.findFirstOrThrow({ where: { adminId: someone.id } });
    expect(stored).toMatchObject({ purpose: "password_reset", memberId: null });
  });

  test("a revoked admin gets no link, and an admin's email at the member form gets nothing", async () => {
    await admin({ email: "gone@example.com", revokedAt: new Date() });
    await admin({ email: "ops@example.com" });
    expectRedirect(await askAsAdmin("gone@example.com"));
    expectRedirect(
      await memberRequestAction({
        request: post(`${ORIGIN}/reset-password`, { email: "ops@example.com" }),
        params: {},
        context: {},
      }),
    );
    expect(await listOutbox()).toEqual([]);
  });

  test("the link sets the new password once, ends every admin session and is audited", async () => {
    const someone = await admin({ email: "ops@example.com" });
    await startAdminSession(someone.id, new Request(ORIGIN));
    const link = await mailedAdminLink("ops@example.com");

    const opened = await resetLoader({ request: new Request(link), params: { token: tokenOf(link) }, context: {} });
    expect(expectData(opened).data).toMatchObject({ usable: true, email: "ops@example.com" });

    const mismatch = await submit(link, NEW_PASSWORD, "Marble-Harbour-78");
    expect(JSON.stringify(expectData(mismatch).data)).toContain("Password do not match");

    const done = expectRedirect(await submit(link, NEW_PASSWORD));
    expect(done.headers.get("Location")).toBe("/admin");
    const stored = await getPrisma().admin.findUniqueOrThrow({ where: { id: someone.id } });
    expect(await verifyPassword(NEW_PASSWORD, stored.passwordHash)).toBe(true);
    expect(await getPrisma().adminSession.count({ where: { adminId: someone.id } })).toBe(0);
    const audit = await getPrisma().auditEntry.findMany({ where: { action: "admin.password_reset" } });
    expect(audit).toMatchObject([{ adminId: someone.id, targetType: "admin", targetId: String(someone.id) }]);

    const again = await submit(link, "Another-Harbour-88");
    expect(JSON.stringify(expectData(again).data)).toContain(INVALID);
    const unchanged = await getPrisma().admin.findUniqueOrThrow({ where: { id: someone.id } });
    expect(unchanged.passwordHash).toBe(stored.passwordHash);
  });

  test("an admin link does not open on the admin page for another email, nor for a revoked admin", async () => {
    const someone = await admin({ email: "ops@example.com" });
    const link = await mailedAdminLink("ops@example.com");
    const forged = new URL(link);
    forged.searchParams.set("email", "other@example.com");
    const response = await resetLoader({ request: new Request(forged), params: { token: tokenOf(link) }, context: {} });
    expect(expectData(response).data).toMatchObject({ usable: false });
    expect(expectData(response).init?.status).toBe(410);

    await getPrisma().admin.update({ where: { id: someone.id }, data: { revokedAt: new Date() } });
    expect(JSON.stringify(expectData(await submit(link, NEW_PASSWORD)).data)).toContain(INVALID);
  });

  test("a signed-in admin is sent to the dashboard", async () => {
    const someone = await admin();
    const cookie = (await startAdminSession(someone.id, new Request(ORIGIN))).split(";")[0];
    const response = await requestLoader({
      request: new Request(`${ORIGIN}/admin/forgot-password`, { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    }).catch((thrown: unknown) => thrown);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("Location")).toBe("/admin/dash");
  });
});

describe("admin password length", () => {
  test("a reset to an admin password shorter than 12 characters is refused and the link still works", async () => {
    const account = await createTestAdmin({ email: "short-reset@panel.test", password: OLD_PASSWORD });
    const link = await mailedAdminLink(account.email);
    const refused = expectData(await submit(link, "Tidal#Moss9"));
    expect(refused.init?.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("An admin password must be at least 12 characters.");
    expect(
      await verifyPassword(
        OLD_PASSWORD,
        (await getPrisma().admin.findUniqueOrThrow({ where: { id: account.id } })).passwordHash,
      ),
    ).toBe(true);
    expectRedirect(await submit(link, NEW_PASSWORD));
  });
});
