import { generateTOTP } from "@epic-web/totp";
import { afterEach, describe, expect, test } from "vitest";
import { requireAdmin } from "~/domain/admin-auth.server";
import { getAdminSession } from "~/domain/admin-sessions.server";
import { CODE_REFUSED, ENROLMENT_CODE_REFUSED, MFA_REQUIRED_REFUSED } from "~/domain/admin-two-factor.server";
import {
  CURRENT_PASSWORD_WRONG,
  LAST_SUPER_ADMIN_DEMOTE_REFUSED,
  NOT_AUTHORISED,
  setSuperAdmin,
} from "~/domain/admins.server";
import { passwordPolicyIssue, verifyPassword } from "~/domain/passwords.server";
import { getPrisma } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action as loginAction } from "~/routes/admin._index";
import { loader as dashLoader } from "~/routes/admin._console.dash";
import { action as editAction, loader as editLoader } from "~/routes/admin._console.admins.view.$id";
import { action as twoFactorAction, loader as twoFactorLoader } from "~/routes/admin.two-factor";
import { action as verifyAction, loader as verifyLoader } from "~/routes/admin.verify-code";
import { createTestAdmin } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { adminCookie, adminRequest as request, thrownStatus } from "../support/admin-requests";
import { toastOf } from "../support/requests";

// Admin two-factor sign-in, idle expiry, super-admin rights and admin passwords (decision 037),
// through the routes' loaders and actions with real requests and cookies.

const PASSWORD = "Admin#Secret-42";
const NEW_PASSWORD = "Fresh#Panel-2026";
const TOTP = { period: 30, digits: 6, algorithm: "SHA-1" } as const;

const args = (req: Request, params: Record<string, string> = {}) => ({ request: req, params, context: {} });
const cookieOf = (response: Response) => (response.headers.get("Set-Cookie") ?? "").split(";")[0];
const currentCode = async (secret: string) => (await generateTOTP({ ...TOTP, secret })).otp;

/** What a guard threw: its status and where a redirect goes. */
async function thrown(work: Promise<unknown>): Promise<Response> {
  try {
    await work;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("Expected a thrown Response");
}

/** Enrols an admin through the two-factor page; returns the secret, the recovery codes and the session's new cookie. */
async function enrol(adminId: number, cookie?: string) {
  cookie ??= await adminCookie(adminId);
  const page = (await twoFactorLoader(args(request("/admin/two-factor", { cookie })))) as {
    secret: string;
    qrSvg: string;
  };
  const confirmed = expectRedirect(
    await twoFactorAction(
      args(request("/admin/two-factor", { cookie, form: { intent: "enrol", code: await currentCode(page.secret) } })),
    ),
  );
  const renewed = cookieOf(confirmed);
  const shown = (await twoFactorLoader(args(request("/admin/two-factor", { cookie: renewed })))) as {
    recoveryCodes?: string[] | null;
  };
  return { secret: page.secret, recoveryCodes: shown.recoveryCodes ?? [], cookie: renewed };
}

/** The mail queued to an address, oldest first. */
const mailTo = (to: string) => getPrisma().queuedMail.findMany({ where: { to }, orderBy: { id: "asc" } });

/** The password step; returns the half-open session's cookie. */
async function passwordStep(email: string) {
  const response = expectRedirect(await loginAction(args(request("/admin", { form: { email, password: PASSWORD } }))));
  expect(response.headers.get("Location")).toBe("/admin/verify-code");
  return cookieOf(response);
}

const codeStep = (cookie: string, code: string) =>
  verifyAction(args(request("/admin/verify-code", { cookie, form: { code } })));

function withAdminMfa(value: "required" | "optional") {
  getEnv().ADMIN_MFA = value;
}
afterEach(() => {
  getEnv().ADMIN_MFA = undefined;
});

describe("enrolment", () => {
  test("the page shows a server-drawn QR code and the secret; a wrong code enrols nothing; the right one gives 10 recovery codes once", async () => {
    const admin = await createTestAdmin();
    const cookie = await adminCookie(admin.id);
    const page = (await twoFactorLoader(args(request("/admin/two-factor", { cookie })))) as {
      enrolled: boolean;
      secret: string;
      qrSvg: string;
    };
    expect(page.enrolled).toBe(false);
    expect(page.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(page.qrSvg).toMatch(/^<svg[^>]*viewBox/);
    // Reloading shows the same secret: the app may already have scanned it.
    expect(((await twoFactorLoader(args(request("/admin/two-factor", { cookie })))) as { secret: string }).secret).toBe(
      page.secret,
    );

    const wrong = expectData(
      await twoFactorAction(args(request("/admin/two-factor", { cookie, form: { intent: "enrol", code: "000000" } }))),
    );
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data.error).toEqual({ "": [ENROLMENT_CODE_REFUSED] });
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: admin.id } })).totpEnabledAt).toBeNull();

    const done = expectRedirect(
      await twoFactorAction(
        args(request("/admin/two-factor", { cookie, form: { intent: "enrol", code: await currentCode(page.secret) } })),
      ),
    );
    expect(done.headers.get("Location")).toBe("/admin/two-factor");
    // The session goes on under a new id; the old one is worth nothing.
    const renewed = cookieOf(done);
    expect(renewed).toMatch(/=./);
    expect(renewed).not.toBe(cookie);
    expect(await getAdminSession(request("/admin/dash", { cookie }))).toBeNull();
    // The page it goes to shows the recovery codes, once.
    const shown = (await twoFactorLoader(args(request("/admin/two-factor", { cookie: renewed })))) as {
      recoveryCodes: string[] | null;
    };
    const codes = shown.recoveryCodes ?? [];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await getPrisma().adminRecoveryCode.findMany({ where: { adminId: admin.id } });
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.codeHash)).not.toContain(codes[0]);
    expect(await getPrisma().auditEntry.findMany({ where: { adminId: admin.id } })).toMatchObject([
      { action: "admin.two_factor_enabled" },
    ]);
    const after = (await twoFactorLoader(args(request("/admin/two-factor", { cookie: renewed })))) as Record<
      string,
      unknown
    >;
    expect(after).toMatchObject({ enrolled: true, recoveryCodesLeft: 10, recoveryCodes: null });
    expect(after).not.toHaveProperty("secret");
    const [mail] = await mailTo(admin.email);
    expect(mail).toMatchObject({ subject: "Two-factor sign-in is on for your admin account" });
    expect(mail.text).toContain("If this was not you");
  });

  test("another session of the same admin (a stolen password) never sees the secret being enrolled, and ends when enrolment is confirmed", async () => {
    const admin = await createTestAdmin({ email: "victim@panel.test" });
    const victim = await adminCookie(admin.id);
    const attacker = await adminCookie(admin.id);
    const attackerPage = (await twoFactorLoader(args(request("/admin/two-factor", { cookie: attacker })))) as {
      secret: string;
      qrSvg: string;
    };
    const victimPage = (await twoFactorLoader(args(request("/admin/two-factor", { cookie: victim })))) as {
      secret: string;
      qrSvg: string;
    };
    expect(victimPage.secret).not.toBe(attackerPage.secret);
    expect(victimPage.qrSvg).not.toBe(attackerPage.qrSvg);

    // The attacker's secret is no use for the victim's enrolment, nor the other way round.
    const crossed = expectData(
      await twoFactorAction(
        args(
          request("/admin/two-factor", {
            cookie: victim,
            form: { intent: "enrol", code: await currentCode(attackerPage.secret) },
          }),
        ),
      ),
    );
    expect(crossed.init?.status).toBe(400);

    const { secret } = await enrol(admin.id, victim);
    expect(secret).toBe(victimPage.secret);
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: admin.id } })).totpSecret).toBe(victimPage.secret);
    // The attacker's password-only session has ended: no admin page, and not the enrolment page either.
    expect(await getAdminSession(request("/admin/dash", { cookie: attacker }))).toBeNull();
    expect(await thrownStatus(dashLoader(args(request("/admin/dash", { cookie: attacker }))))).toBe(404);
    expect(await thrownStatus(twoFactorLoader(args(request("/admin/two-factor", { cookie: attacker }))))).toBe(404);
    expect(await getPrisma().adminSession.count({ where: { adminId: admin.id } })).toBe(1);
  });

  test("a session opened with the password alone before enrolment is never a sign-in afterwards, even if it outlived the clean-up", async () => {
    const admin = await createTestAdmin({ email: "late-session@panel.test" });
    const { cookie } = await enrol(admin.id);
    // As if its sign-in had raced the confirmation: a password-only session of an enrolled admin.
    const passwordOnly = await adminCookie(admin.id);
    expect(await thrownStatus(dashLoader(args(request("/admin/dash", { cookie: passwordOnly }))))).toBe(404);
    expect(
      await thrownStatus(
        twoFactorAction(
          args(request("/admin/two-factor", { cookie: passwordOnly, form: { intent: "disable", password: PASSWORD } })),
        ),
      ),
    ).toBe(404);
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: admin.id } })).totpEnabledAt).not.toBeNull();
    // The session that enrolled, and one that proves a code, are signed in.
    expect(await dashLoader(args(request("/admin/dash", { cookie })))).toBeTruthy();
  });
});

describe("two-step sign-in", () => {
  test("the password alone opens no admin page; a wrong code is refused; the right code signs in under a new session", async () => {
    const admin = await createTestAdmin({ email: "two-step@panel.test" });
    const { secret } = await enrol(admin.id);
    // Enrolment used the current code: as if it were an earlier one, so the app's next code counts.
    await getPrisma().admin.update({ where: { id: admin.id }, data: { totpLastStep: 0 } });
    const pending = await passwordStep(admin.email);
    expect(await getAdminSession(request("/admin/dash", { cookie: pending }))).toBeNull();
    expect(await thrownStatus(dashLoader(args(request("/admin/dash", { cookie: pending }))))).toBe(404);
    expect(await verifyLoader(args(request("/admin/verify-code", { cookie: pending })))).toBeNull();

    const right = await currentCode(secret);
    const wrong = expectData(await codeStep(pending, right === "123456" ? "654321" : "123456"));
    expect(wrong.init?.status).toBe(401);
    expect(wrong.data.error).toEqual({ "": [CODE_REFUSED] });

    const signedIn = expectRedirect(await codeStep(pending, right));
    expect(signedIn.headers.get("Location")).toBe("/admin/dash");
    const cookie = cookieOf(signedIn);
    expect(cookie).not.toBe(pending);
    expect((await getAdminSession(request("/admin/dash", { cookie })))?.admin.id).toBe(admin.id);
    expect(await getAdminSession(request("/admin/dash", { cookie: pending }))).toBeNull();
  });

  test("a code that signed in once is refused the second time, even inside its 30 seconds", async () => {
    const admin = await createTestAdmin({ email: "replay@panel.test" });
    const { secret } = await enrol(admin.id);
    // As above: enrolment used the current code.
    await getPrisma().admin.update({ where: { id: admin.id }, data: { totpLastStep: 0 } });
    const code = await currentCode(secret);
    expectRedirect(await codeStep(await passwordStep(admin.email), code));
    const again = expectData(await codeStep(await passwordStep(admin.email), code));
    expect(again.init?.status).toBe(401);
    expect(again.data.error).toEqual({ "": [CODE_REFUSED] });
  });

  test("a recovery code signs in once, in any case and without its dash, and is audited; never again", async () => {
    const admin = await createTestAdmin({ email: "recovery@panel.test" });
    const { recoveryCodes } = await enrol(admin.id);
    const code = recoveryCodes[3];
    expectRedirect(await codeStep(await passwordStep(admin.email), code.replace("-", "").toUpperCase()));
    const entries = await getPrisma().auditEntry.findMany({
      where: { adminId: admin.id, action: "admin.recovery_code_used" },
    });
    expect(entries).toMatchObject([{ details: { recoveryCodesLeft: 9 } }]);

    const again = expectData(await codeStep(await passwordStep(admin.email), code));
    expect(again.init?.status).toBe(401);
    expect(await getPrisma().adminRecoveryCode.count({ where: { adminId: admin.id, usedAt: null } })).toBe(9);
  });

  test("after 5 wrong codes in one session even the right one is refused there, but a new sign-in of the admin still works", async () => {
    const admin = await createTestAdmin({ email: "limited@panel.test" });
    const { secret } = await enrol(admin.id);
    await getPrisma().admin.update({ where: { id: admin.id }, data: { totpLastStep: 0 } });
    const pending = await passwordStep(admin.email);
    const right = await currentCode(secret);
    const wrongCode = right === "111111" ? "222222" : "111111";
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect(expectData(await codeStep(pending, wrongCode)).init?.status).toBe(401);
    const limited = expectData(await codeStep(pending, right));
    expect(limited.init?.status).toBe(429);
    expect(JSON.stringify(limited.data.error)).toContain("Too many failed attempts");
    expect(await getAdminSession(request("/admin/dash", { cookie: pending }))).toBeNull();

    // The guesser spent their own session: the real admin signs in with the right code.
    const signedIn = expectRedirect(await codeStep(await passwordStep(admin.email), right));
    expect(signedIn.headers.get("Location")).toBe("/admin/dash");
  });

  test("over all sessions of one admin, 20 codes an hour: new sign-ins with the password do not buy more guesses", async () => {
    const admin = await createTestAdmin({ email: "capped@panel.test" });
    const { secret } = await enrol(admin.id);
    await getPrisma().admin.update({ where: { id: admin.id }, data: { totpLastStep: 0 } });
    const right = await currentCode(secret);
    const wrongCode = right === "111111" ? "222222" : "111111";
    for (let session = 0; session < 4; session += 1) {
      const pending = await passwordStep(admin.email);
      for (let attempt = 0; attempt < 5; attempt += 1)
        expect(expectData(await codeStep(pending, wrongCode)).init?.status).toBe(401);
    }
    const fresh = await passwordStep(admin.email);
    const capped = expectData(await codeStep(fresh, right));
    expect(capped.init?.status).toBe(429);
    expect(JSON.stringify(capped.data.error)).toContain("Too many failed attempts");
    expect(await getAdminSession(request("/admin/dash", { cookie: fresh }))).toBeNull();
  });

  test("an admin without two-factor still signs in with the password alone where it is optional", async () => {
    const admin = await createTestAdmin({ email: "no-mfa@panel.test" });
    const response = expectRedirect(
      await loginAction(args(request("/admin", { form: { email: admin.email, password: PASSWORD } }))),
    );
    expect(response.headers.get("Location")).toBe("/admin/dash");
  });
});

describe("ADMIN_MFA", () => {
  test("required: an admin without two-factor reaches only the enrolment page until enrolled, and cannot turn it off", async () => {
    withAdminMfa("required");
    const admin = await createTestAdmin();
    const cookie = await adminCookie(admin.id);
    const blocked = await thrown(dashLoader(args(request("/admin/dash", { cookie }))));
    expect(blocked.status).toBe(302);
    expect(blocked.headers.get("Location")).toBe("/admin/two-factor");
    expect(
      (
        await thrown(editLoader(args(request(`/admin/admins/view/${admin.id}`, { cookie }), { id: String(admin.id) })))
      ).headers.get("Location"),
    ).toBe("/admin/two-factor");
    // Actions are guarded as well as loaders.
    const write = await thrown(
      editAction(
        args(
          request(`/admin/admins/view/${admin.id}`, {
            cookie,
            form: {
              intent: "update-password",
              current_password: PASSWORD,
              password: NEW_PASSWORD,
              password_confirmed: NEW_PASSWORD,
            },
          }),
          { id: String(admin.id) },
        ),
      ),
    );
    expect(write.headers.get("Location")).toBe("/admin/two-factor");
    expect(
      await verifyPassword(
        PASSWORD,
        (await getPrisma().admin.findUniqueOrThrow({ where: { id: admin.id } })).passwordHash,
      ),
    ).toBe(true);

    const page = await twoFactorLoader(args(request("/admin/two-factor", { cookie })));
    expect(page).toMatchObject({ enrolled: false, required: true });
    const { cookie: enrolledCookie } = await enrol(admin.id);
    expect(await dashLoader(args(request("/admin/dash", { cookie: enrolledCookie })))).toBeTruthy();

    const off = expectData(
      await twoFactorAction(
        args(request("/admin/two-factor", { cookie: enrolledCookie, form: { intent: "disable", password: PASSWORD } })),
      ),
    );
    expect(off.data.error).toEqual({ "": [MFA_REQUIRED_REFUSED] });
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: admin.id } })).totpEnabledAt).not.toBeNull();
  });

  test("optional: turning it off needs the password, and is audited", async () => {
    withAdminMfa("optional");
    const admin = await createTestAdmin();
    const { cookie } = await enrol(admin.id);
    const wrong = expectData(
      await twoFactorAction(
        args(request("/admin/two-factor", { cookie, form: { intent: "disable", password: "Not-the-password-1" } })),
      ),
    );
    expect(wrong.init?.status).toBe(400);
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: admin.id } })).totpEnabledAt).not.toBeNull();
    expectRedirect(
      await twoFactorAction(
        args(request("/admin/two-factor", { cookie, form: { intent: "disable", password: PASSWORD } })),
      ),
    );
    const after = await getPrisma().admin.findUniqueOrThrow({ where: { id: admin.id } });
    expect(after.totpEnabledAt).toBeNull();
    expect(after.totpSecret).toBeNull();
    expect(await getPrisma().adminRecoveryCode.count({ where: { adminId: admin.id } })).toBe(0);
    expect(
      await getPrisma().auditEntry.count({ where: { adminId: admin.id, action: "admin.two_factor_disabled" } }),
    ).toBe(1);
    expect((await mailTo(admin.email)).map((mail) => mail.subject)).toEqual([
      "Two-factor sign-in is on for your admin account",
      "Two-factor sign-in was turned off for your admin account",
    ]);
  });
});

describe("idle admin sessions", () => {
  test("a session idle for 30 minutes ends: the next page is the sign-in with a message", async () => {
    const admin = await createTestAdmin();
    const cookie = await adminCookie(admin.id);
    await getPrisma().adminSession.updateMany({
      where: { adminId: admin.id },
      data: { lastSeenAt: new Date(Date.now() - 31 * 60 * 1000) },
    });
    const ended = await thrown(requireAdmin(request("/admin/dash", { cookie })));
    expect(ended.status).toBe(302);
    expect(ended.headers.get("Location")).toBe("/admin");
    expect(await toastOf(ended)).toEqual({
      type: "error",
      message: "You were signed out after 30 minutes without activity. Please sign in again.",
    });
    expect(await getPrisma().adminSession.count({ where: { adminId: admin.id } })).toBe(0);
  });

  test("activity keeps it open, written at most once a minute", async () => {
    const admin = await createTestAdmin();
    const cookie = await adminCookie(admin.id);
    const lastSeen = async () =>
      (await getPrisma().adminSession.findFirstOrThrow({ where: { adminId: admin.id } })).lastSeenAt.getTime();

    const recent = new Date(Date.now() - 20 * 1000);
    await getPrisma().adminSession.updateMany({ where: { adminId: admin.id }, data: { lastSeenAt: recent } });
    await requireAdmin(request("/admin/dash", { cookie }));
    expect(await lastSeen()).toBe(recent.getTime());

    await getPrisma().adminSession.updateMany({
      where: { adminId: admin.id },
      data: { lastSeenAt: new Date(Date.now() - 29 * 60 * 1000) },
    });
    await requireAdmin(request("/admin/dash", { cookie }));
    expect(Date.now() - (await lastSeen())).toBeLessThan(5000);
  });
});

describe("super-admin rights", () => {
  const post = (cookie: string, id: number, form: Record<string, string>) =>
    editAction(args(request(`/admin/admins/view/${id}`, { cookie, form }), { id: String(id) }));

  test("a super-admin makes another admin a super-admin and takes it back, with confirmation, audited", async () => {
    const actor = await createTestAdmin({ isSuperAdmin: true });
    const cookie = await adminCookie(actor.id);
    const target = await createTestAdmin();

    const unconfirmed = expectData(await post(cookie, target.id, { intent: "super-admin", superAdmin: "on" }));
    expect(unconfirmed.init?.status).toBe(400);
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: target.id } })).isSuperAdmin).toBe(false);

    const made = expectRedirect(
      await post(cookie, target.id, { intent: "super-admin", superAdmin: "on", confirmed: "on" }),
    );
    expect(await toastOf(made)).toEqual({ type: "success", message: `${target.email} is now a super-admin` });
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: target.id } })).isSuperAdmin).toBe(true);

    expectRedirect(await post(cookie, target.id, { intent: "super-admin", superAdmin: "off", confirmed: "on" }));
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: target.id } })).isSuperAdmin).toBe(false);
    const actions = (
      await getPrisma().auditEntry.findMany({ where: { targetId: String(target.id) }, orderBy: { id: "asc" } })
    ).map((entry) => entry.action);
    expect(actions).toEqual(["admin.super_admin_granted", "admin.super_admin_revoked"]);
  });

  test("an admin who is not a super-admin is refused and nothing changes", async () => {
    const actor = await createTestAdmin();
    const target = await createTestAdmin();
    const refused = expectRedirect(
      await post(await adminCookie(actor.id), target.id, { intent: "super-admin", superAdmin: "on", confirmed: "on" }),
    );
    expect(await toastOf(refused)).toEqual({ type: "error", message: NOT_AUTHORISED });
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: target.id } })).isSuperAdmin).toBe(false);
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });

  test("the last active super-admin cannot be demoted; with a second one it can", async () => {
    const only = await createTestAdmin({ isSuperAdmin: true });
    await createTestAdmin({ isSuperAdmin: true, revokedAt: new Date() });
    expect(await setSuperAdmin(only, only.id, false)).toEqual({ ok: false, message: LAST_SUPER_ADMIN_DEMOTE_REFUSED });
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: only.id } })).isSuperAdmin).toBe(true);

    const second = await createTestAdmin({ isSuperAdmin: true });
    expect((await setSuperAdmin(second, only.id, false)).ok).toBe(true);
    expect(await setSuperAdmin(second, second.id, false)).toEqual({
      ok: false,
      message: LAST_SUPER_ADMIN_DEMOTE_REFUSED,
    });
  });

  test("a super-admin resets another admin's two-factor: codes gone, signed out everywhere, audited; others cannot", async () => {
    const actor = await createTestAdmin({ isSuperAdmin: true });
    const target = await createTestAdmin();
    await enrol(target.id);
    const plain = await createTestAdmin();
    const refused = expectRedirect(
      await post(await adminCookie(plain.id), target.id, { intent: "reset-two-factor", confirmed: "on" }),
    );
    expect(await toastOf(refused)).toMatchObject({ type: "error" });
    expect((await getPrisma().admin.findUniqueOrThrow({ where: { id: target.id } })).totpEnabledAt).not.toBeNull();

    expectRedirect(await post(await adminCookie(actor.id), target.id, { intent: "reset-two-factor", confirmed: "on" }));
    const after = await getPrisma().admin.findUniqueOrThrow({ where: { id: target.id } });
    expect(after.totpEnabledAt).toBeNull();
    expect(await getPrisma().adminRecoveryCode.count({ where: { adminId: target.id } })).toBe(0);
    expect(await getPrisma().adminSession.count({ where: { adminId: target.id } })).toBe(0);
    expect(
      await getPrisma().auditEntry.count({
        where: { adminId: actor.id, action: "admin.two_factor_reset", targetId: String(target.id) },
      }),
    ).toBe(1);
    const mail = (await mailTo(target.email)).at(-1);
    expect(mail?.subject).toBe("Your two-factor sign-in was reset");
    expect(mail?.text).toContain(actor.email);
    expect(mail?.text).toContain("If you did not ask for this");
  });
});

describe("admin passwords", () => {
  const post = (cookie: string, id: number, form: Record<string, string>) =>
    editAction(args(request(`/admin/admins/view/${id}`, { cookie, form }), { id: String(id) }));

  test("changing one's own password needs the current one", async () => {
    const admin = await createTestAdmin();
    const cookie = await adminCookie(admin.id);
    const form = { intent: "update-password", password: NEW_PASSWORD, password_confirmed: NEW_PASSWORD };
    for (const current of [{}, { current_password: "Wrong#Password-1" }] as Record<string, string>[]) {
      const refused = expectData(await post(cookie, admin.id, { ...form, ...current }));
      expect(refused.data.error).toMatchObject({ current_password: [CURRENT_PASSWORD_WRONG] });
    }
    expect(
      await verifyPassword(
        PASSWORD,
        (await getPrisma().admin.findUniqueOrThrow({ where: { id: admin.id } })).passwordHash,
      ),
    ).toBe(true);
    expectRedirect(await post(cookie, admin.id, { ...form, current_password: PASSWORD }));
    expect(
      await verifyPassword(
        NEW_PASSWORD,
        (await getPrisma().admin.findUniqueOrThrow({ where: { id: admin.id } })).passwordHash,
      ),
    ).toBe(true);
  });

  test("a new admin password has at least 12 characters; a member's keeps 8", async () => {
    const actor = await createTestAdmin({ isSuperAdmin: true });
    const target = await createTestAdmin();
    const eleven = "Tidal#Moss9";
    const refused = expectData(
      await post(await adminCookie(actor.id), target.id, {
        intent: "update-password",
        password: eleven,
        password_confirmed: eleven,
      }),
    );
    expect(refused.data.error).toMatchObject({ password: ["An admin password must be at least 12 characters."] });
    expect(passwordPolicyIssue(eleven)).toBeNull();
  });

  test("a password set by a super-admin is mailed to the admin; one's own change is not", async () => {
    const actor = await createTestAdmin({ isSuperAdmin: true });
    const target = await createTestAdmin();
    expectRedirect(
      await post(await adminCookie(actor.id), target.id, {
        intent: "update-password",
        password: NEW_PASSWORD,
        password_confirmed: NEW_PASSWORD,
      }),
    );
    const [mail] = await mailTo(target.email);
    expect(mail.subject).toBe("A super-admin set a new password on your admin account");
    expect(mail.text).toContain(actor.email);
    expect(mail.text).toContain("If you did not ask for this");

    expectRedirect(
      await post(await adminCookie(actor.id), actor.id, {
        intent: "update-password",
        current_password: PASSWORD,
        password: NEW_PASSWORD,
        password_confirmed: NEW_PASSWORD,
      }),
    );
    expect(await mailTo(actor.email)).toEqual([]);
  });
});
