import { createHash, randomInt } from "node:crypto";
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import QRCode from "qrcode";
import type { Admin } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { PRODUCT_NAME } from "~/lib/product";
import { clearRateLimit, consumeRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import { adminSessionCookie, createAdminSessionRow, type AdminSession } from "./admin-sessions.server";
import { mayManageAdmins, ADMIN_NOT_FOUND, NOT_AUTHORISED } from "./admins.server";
import { queueTwoFactorDisabledMail, queueTwoFactorEnabledMail, queueTwoFactorResetMail } from "./admin-notices.server";
import { recordAudit } from "./audit.server";
import { tooManyAttemptsMessage } from "./login.server";
import { verifyPassword } from "./passwords.server";

// Two-factor sign-in for admins (docs/decisions/037-admin-two-factor.md): time-based one-time
// codes (RFC 6238: SHA-1, 6 digits, 30 seconds, one step of clock drift either way) from any
// authenticator app, and ten single-use recovery codes of which only the sha256 is stored.
// A code is accepted once: the admin's row remembers the last time step used, and a later sign-in
// must use a later step.

const TOTP = { period: 30, digits: 6, algorithm: "SHA-1" } as const;
const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code copied from paper is read back without guessing.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

// The second step of the sign-in, counted before the code is checked (RATE_LIMITS): per half-open
// session, 5 codes in 15 minutes (adminSecondFactorPerSession), so someone who has the password and
// guesses spends their own session, not the admin's; per admin, 20 codes an hour over all sessions
// (adminSecondFactorPerAccount), so new sign-ins with the password do not buy unbounded guesses.

export const CODE_REFUSED =
  "That code is not right, or it has been used already. Enter the current code from your app, or an unused recovery code.";
export const ENROLMENT_CODE_REFUSED = "That code is not right. Enter the 6-digit code your app shows now.";
export const MFA_REQUIRED_REFUSED = "Two-factor sign-in is required on this panel: it cannot be turned off.";
export const WRONG_PASSWORD = "The password is not right.";

/** ADMIN_MFA, or its default: required in production, optional elsewhere (the demo, the tests). */
export function adminMfaRequired(): boolean {
  const env = getEnv();
  return (env.ADMIN_MFA ?? (env.NODE_ENV === "production" ? "required" : "optional")) === "required";
}

/** The sign-in's second step, where an admin with two-factor goes after the password. */
export const SECOND_FACTOR_PATH = "/admin/verify-code";

export async function needsSecondFactor(adminId: number): Promise<boolean> {
  const admin = await getPrisma().admin.findUnique({ where: { id: adminId }, select: { totpEnabledAt: true } });
  return admin !== null && hasTwoFactor(admin);
}

export function hasTwoFactor(admin: Pick<Admin, "totpEnabledAt">): boolean {
  return admin.totpEnabledAt !== null;
}

export interface Enrolment {
  secret: string;
  /** The QR code of the otpauth:// address, as an SVG made on the server (no script needed). */
  qrSvg: string;
}

/**
 * The secret being enrolled in this session, made once and kept on the session's row until
 * enrolment is confirmed, so reloading the page (or posting a wrong code) shows the same QR code
 * the app may already have scanned. Another session of the same admin (someone else with the
 * password, say) gets a secret of its own and never sees this one.
 */
export async function startEnrolment({ sessionId, admin }: AdminSession): Promise<Enrolment> {
  const prisma = getPrisma();
  const pendingSecret = async () =>
    (await prisma.adminSession.findUnique({ where: { id: sessionId }, select: { totpPendingSecret: true } }))
      ?.totpPendingSecret ?? null;
  let secret = await pendingSecret();
  if (!secret) {
    // Only if still empty: of two pages opened at once, both show the secret that was kept.
    await prisma.adminSession.updateMany({
      where: { id: sessionId, totpPendingSecret: null },
      data: { totpPendingSecret: (await generateTOTP(TOTP)).secret },
    });
    secret = await pendingSecret();
    if (!secret) throw new Error("The admin session ended while two-factor enrolment was starting.");
  }
  const uri = getTOTPAuthUri({ ...TOTP, secret, accountName: admin.email, issuer: `${PRODUCT_NAME} Admin` });
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { secret, qrSvg };
}

export type EnrolmentResult = { ok: true; cookie: string } | { ok: false; message: string };

export const ENROLMENT_NOT_STARTED = "Open this page again to start setting up two-factor sign-in.";

/**
 * Confirms this session's enrolment with a code from the app. Every other session of the admin
 * ends (one opened with a stolen password included), and this one goes on under a new id with the
 * second factor proved: the returned Set-Cookie value must be sent (with a redirect, so that the
 * next page is read with it, JavaScript or not). The new recovery codes wait on that session for
 * takeRecoveryCodesToShow. The admin is mailed.
 */
export async function confirmEnrolment(
  session: AdminSession,
  code: string,
  request: Request,
): Promise<EnrolmentResult> {
  const prisma = getPrisma();
  const row = await prisma.adminSession.findUnique({ where: { id: session.sessionId } });
  if (!row?.totpPendingSecret) return { ok: false, message: ENROLMENT_NOT_STARTED };
  const secret = row.totpPendingSecret;
  const step = await matchingStep(secret, code);
  if (step === null) return { ok: false, message: ENROLMENT_CODE_REFUSED };
  const recoveryCodes = newRecoveryCodes();
  const result = await prisma.$transaction(async (tx) => {
    // Claimed by deleting it: of two confirmations of one session at once, only one goes on.
    const { count } = await tx.adminSession.deleteMany({ where: { id: row.id, totpPendingSecret: secret } });
    if (count !== 1) return null;
    // Only if not on already: a second enrolment must not replace the secret of the first.
    const enabled = await tx.admin.updateMany({
      where: { id: row.adminId, totpEnabledAt: null },
      data: { totpSecret: secret, totpEnabledAt: new Date(), totpLastStep: step },
    });
    if (enabled.count !== 1) return null;
    const admin = await tx.admin.findUniqueOrThrow({ where: { id: row.adminId } });
    const { count: sessionsEnded } = await tx.adminSession.deleteMany({ where: { adminId: admin.id } });
    const sessionId = await createAdminSessionRow(tx, admin.id, request, {
      secondFactorPassed: true,
      expiresAt: row.expiresAt,
    });
    await tx.adminSession.update({ where: { id: sessionId }, data: { recoveryCodesToShow: recoveryCodes.join(" ") } });
    await tx.adminRecoveryCode.deleteMany({ where: { adminId: admin.id } });
    await tx.adminRecoveryCode.createMany({
      data: recoveryCodes.map((recoveryCode) => ({ adminId: admin.id, codeHash: hashRecoveryCode(recoveryCode) })),
    });
    await recordAudit(tx, {
      admin,
      action: "admin.two_factor_enabled",
      targetType: "admin",
      targetId: admin.id,
      details: { otherSessionsEnded: sessionsEnded },
    });
    await queueTwoFactorEnabledMail(tx, admin);
    return sessionId;
  });
  if (!result) return { ok: false, message: ENROLMENT_NOT_STARTED };
  return { ok: true, cookie: await adminSessionCookie(result) };
}

/**
 * The recovery codes made by this session's enrolment, once: they are cleared as they are taken
 * (a conditional update, so two pages loaded at once cannot both show them). Null afterwards.
 */
export async function takeRecoveryCodesToShow(sessionId: string): Promise<string[] | null> {
  const prisma = getPrisma();
  const row = await prisma.adminSession.findUnique({ where: { id: sessionId }, select: { recoveryCodesToShow: true } });
  if (!row?.recoveryCodesToShow) return null;
  const { count } = await prisma.adminSession.updateMany({
    where: { id: sessionId, recoveryCodesToShow: row.recoveryCodesToShow },
    data: { recoveryCodesToShow: null },
  });
  return count === 1 ? row.recoveryCodesToShow.split(" ") : null;
}

export type SecondFactorResult = { ok: true } | { ok: false; status: 401 | 429; message: string };

/**
 * The sign-in's second step: a current code from the app, or an unused recovery code. A session
 * that has used up its tries is refused without counting against the admin's account-wide cap.
 */
export async function verifySecondFactor(
  { sessionId, admin }: AdminSession,
  input: string,
): Promise<SecondFactorResult> {
  const perSession = await consumeRateLimit(RATE_LIMITS.adminSecondFactorPerSession, sessionId);
  if (perSession.limited)
    return { ok: false, status: 429, message: tooManyAttemptsMessage(perSession.retryAfterSeconds) };
  const perAccount = await consumeRateLimit(RATE_LIMITS.adminSecondFactorPerAccount, admin.id);
  if (perAccount.limited)
    return { ok: false, status: 429, message: tooManyAttemptsMessage(perAccount.retryAfterSeconds) };
  const accepted = /^\d{6}$/.test(input.replace(/\s/g, ""))
    ? await acceptCode(admin, input.replace(/\s/g, ""))
    : await acceptRecoveryCode(admin, input);
  if (!accepted) return { ok: false, status: 401, message: CODE_REFUSED };
  // The account-wide count stays until its hour is over: it bounds guesses, whoever signs in meanwhile.
  await clearRateLimit(RATE_LIMITS.adminSecondFactorPerSession, sessionId);
  return { ok: true };
}

/** Turning two-factor off: only where it is not required, and only with the admin's password. */
export async function disableTwoFactor(admin: Admin, password: string): Promise<{ ok: boolean; message: string }> {
  if (adminMfaRequired()) return { ok: false, message: MFA_REQUIRED_REFUSED };
  if (!hasTwoFactor(admin)) return { ok: false, message: "Two-factor sign-in is not on." };
  if (!(await verifyPassword(password, admin.passwordHash))) return { ok: false, message: WRONG_PASSWORD };
  await getPrisma().$transaction(async (tx) => {
    await tx.admin.update({ where: { id: admin.id }, data: withoutTwoFactor });
    await tx.adminRecoveryCode.deleteMany({ where: { adminId: admin.id } });
    await recordAudit(tx, { admin, action: "admin.two_factor_disabled", targetType: "admin", targetId: admin.id });
    await queueTwoFactorDisabledMail(tx, admin);
  });
  return { ok: true, message: "Two-factor sign-in is off." };
}

/**
 * A super-admin's reset for an admin who lost their device: two-factor and recovery codes go,
 * and every session of that admin ends. Where two-factor is required they enrol again at the next
 * sign-in.
 */
export async function resetTwoFactor(
  actor: Pick<Admin, "id" | "email" | "isSuperAdmin">,
  targetId: number,
): Promise<{ ok: boolean; message: string }> {
  if (!mayManageAdmins(actor)) return { ok: false, message: NOT_AUTHORISED };
  return getPrisma().$transaction(async (tx) => {
    const target = await tx.admin.findUnique({ where: { id: targetId } });
    if (!target) return { ok: false, message: ADMIN_NOT_FOUND };
    if (!target.totpEnabledAt) {
      return { ok: false, message: `${target.email} has no two-factor sign-in to reset.` };
    }
    await tx.admin.update({ where: { id: target.id }, data: withoutTwoFactor });
    await tx.adminRecoveryCode.deleteMany({ where: { adminId: target.id } });
    const { count } = await tx.adminSession.deleteMany({ where: { adminId: target.id } });
    await recordAudit(tx, {
      admin: actor,
      action: "admin.two_factor_reset",
      targetType: "admin",
      targetId: target.id,
      details: { email: target.email, sessionsEnded: count },
    });
    await queueTwoFactorResetMail(tx, target, actor);
    return { ok: true, message: `Two-factor sign-in reset for ${target.email}` };
  });
}

export function unusedRecoveryCodeCount(adminId: number): Promise<number> {
  return getPrisma().adminRecoveryCode.count({ where: { adminId, usedAt: null } });
}

const withoutTwoFactor = { totpSecret: null, totpEnabledAt: null, totpLastStep: null };

/** The time step of a code that matches the secret now (within one step of drift), or null. */
async function matchingStep(secret: string, code: string): Promise<number | null> {
  const otp = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(otp)) return null;
  const currentStep = Math.floor(Date.now() / 1000 / TOTP.period);
  const match = await verifyTOTP({ ...TOTP, otp, secret, window: 1 });
  return match ? currentStep + match.delta : null;
}

/** Accepts a code once: claiming its time step is one conditional update, safe under parallel posts. */
async function acceptCode(admin: Admin, code: string): Promise<boolean> {
  if (!admin.totpSecret) return false;
  const step = await matchingStep(admin.totpSecret, code);
  if (step === null) return false;
  const { count } = await getPrisma().admin.updateMany({
    where: { id: admin.id, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return count === 1;
}

async function acceptRecoveryCode(admin: Admin, input: string): Promise<boolean> {
  const normalised = normaliseRecoveryCode(input);
  if (!normalised) return false;
  return getPrisma().$transaction(async (tx) => {
    const { count } = await tx.adminRecoveryCode.updateMany({
      where: { adminId: admin.id, codeHash: hashRecoveryCode(normalised), usedAt: null },
      data: { usedAt: new Date() },
    });
    if (count !== 1) return false;
    const left = await tx.adminRecoveryCode.count({ where: { adminId: admin.id, usedAt: null } });
    await recordAudit(tx, {
      admin,
      action: "admin.recovery_code_used",
      targetType: "admin",
      targetId: admin.id,
      details: { recoveryCodesLeft: left },
    });
    return true;
  });
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${characters.slice(0, 5).join("")}-${characters.slice(5).join("")}`;
  });
}

/** Case, spaces and the dash do not matter when a recovery code is typed back. */
function normaliseRecoveryCode(input: string): string | null {
  const normalised = input.toLowerCase().replace(/[\s-]/g, "");
  return normalised.length === 10 && [...normalised].every((c) => RECOVERY_ALPHABET.includes(c)) ? normalised : null;
}

function hashRecoveryCode(code: string): string {
  return createHash("sha256")
    .update(normaliseRecoveryCode(code) ?? code)
    .digest("hex");
}
