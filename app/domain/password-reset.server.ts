import { createHash, randomBytes } from "node:crypto";
import { getPrisma } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { PRODUCT_NAME } from "~/lib/product";
import { hitRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";
import { clearLoginFailures } from "./login.server";
import { sendMail } from "./mail.server";
import { hashPassword } from "./passwords.server";
import { endOtherMemberSessions } from "./sessions.server";

// Forgot password: a mailed, single-use link that expires in an hour. Only the sha256 of the token
// is stored, so a copy of the database cannot be used to reset anyone's password.

/** The same answer whether or not the email belongs to an account. */
export const RESET_LINK_SENT_MESSAGE =
  "If an account exists for that email, we have sent a password reset link to it.";
export const RESET_LINK_INVALID_MESSAGE =
  "This password reset link is invalid or has expired. Please request a new one.";
export const PASSWORD_RESET_MESSAGE = "Your password has been reset. Please log in with your new password.";

const TOKEN_MINUTES = 60;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// Every request counts, whether or not the email has an account, so the limit itself tells nothing.
const REQUESTS_PER_EMAIL: RateLimitRule = { limit: 3, windowMs: 15 * 60 * 1000 };
const REQUESTS_PER_ADDRESS: RateLimitRule = { limit: 10, windowMs: 15 * 60 * 1000 };

export type ResetRequestResult = { ok: true } | { ok: false; message: string };

export async function requestPasswordReset({
  email,
  address,
}: {
  email: string;
  address: string;
}): Promise<ResetRequestResult> {
  for (const [key, rule] of [
    [`reset:ip:${address}`, REQUESTS_PER_ADDRESS],
    [`reset:email:${email}`, REQUESTS_PER_EMAIL],
  ] as const) {
    const state = await hitRateLimit(key, rule);
    if (state.limited) {
      const minutes = Math.max(1, Math.ceil(state.retryAfterSeconds / 60));
      return {
        ok: false,
        message: `Too many requests. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
      };
    }
  }

  const member = await getPrisma().member.findUnique({ where: { email } });
  // Closed and inactive accounts cannot sign in, so a new password would be of no use to them.
  if (!member || member.status !== "active") return { ok: true };

  const token = randomBytes(32).toString("base64url");
  const prisma = getPrisma();
  await prisma.$transaction([
    // A new link replaces every earlier one that was not used.
    prisma.authToken.deleteMany({ where: { memberId: member.id, purpose: "password_reset", usedAt: null } }),
    prisma.authToken.create({
      data: {
        purpose: "password_reset",
        tokenHash: hashToken(token),
        memberId: member.id,
        expiresAt: new Date(Date.now() + TOKEN_MINUTES * 60 * 1000),
      },
    }),
  ]);

  try {
    await sendResetMail(member.email, member.firstName, resetLink(token, member.email));
  } catch (error) {
    // An error page here would tell that the account exists; the member can simply ask again.
    console.error("Password reset mail could not be sent:", error instanceof Error ? error.message : error);
  }
  return { ok: true };
}

/** Whether a reset link can still be used: shown before the member types a new password. */
export async function isResetLinkUsable(token: string, email: string | null): Promise<boolean> {
  return (await findUsableToken(token, email)) !== null;
}

export type ResetResult = { ok: true } | { ok: false; message: string };

/**
 * Sets the new password, uses up the link and signs the member out everywhere. The link is claimed
 * in the same statement that checks it, so two concurrent uses cannot both succeed.
 */
export async function resetPassword({
  token,
  email,
  password,
}: {
  token: string;
  email: string | null;
  password: string;
}): Promise<ResetResult> {
  const found = await findUsableToken(token, email);
  if (!found) return { ok: false, message: RESET_LINK_INVALID_MESSAGE };
  // Hashed before the transaction: bcrypt is slow and the transaction should stay short.
  const passwordHash = await hashPassword(password);
  const prisma = getPrisma();
  const reset = await prisma.$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.authToken.updateMany({
      where: { id: found.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return false;
    await tx.member.update({ where: { id: found.memberId }, data: { passwordHash } });
    await tx.authToken.deleteMany({
      where: { memberId: found.memberId, purpose: "password_reset", usedAt: null },
    });
    return true;
  });
  if (!reset) return { ok: false, message: RESET_LINK_INVALID_MESSAGE };
  await endOtherMemberSessions(found.memberId, null);
  // The member proved they own the mailbox: earlier failed sign-ins no longer lock them out.
  await clearLoginFailures(found.email);
  return { ok: true };
}

async function findUsableToken(token: string, email: string | null) {
  if (!TOKEN_PATTERN.test(token) || !email) return null;
  const record = await getPrisma().authToken.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { member: { select: { email: true, status: true } } },
  });
  if (
    !record ||
    record.purpose !== "password_reset" ||
    record.memberId === null ||
    !record.member ||
    record.usedAt !== null ||
    record.expiresAt <= new Date() ||
    record.member.status !== "active" ||
    record.member.email !== email.trim().toLowerCase()
  ) {
    return null;
  }
  return { id: record.id, memberId: record.memberId, email: record.member.email };
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function resetLink(token: string, email: string): string {
  const base = getEnv().APP_URL.replace(/\/+$/, "");
  return `${base}/resetpassword/${token}?${new URLSearchParams({ email })}`;
}

function sendResetMail(to: string, firstName: string, link: string) {
  const text = [
    `Hello ${firstName},`,
    "",
    `You are receiving this email because we received a password reset request for your ${PRODUCT_NAME} account.`,
    "",
    `Reset your password: ${link}`,
    "",
    `This link expires in ${TOKEN_MINUTES} minutes and works once.`,
    "If you did not request a password reset, no further action is required.",
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(firstName)},</p>`,
    `<p>You are receiving this email because we received a password reset request for your ${PRODUCT_NAME} account.</p>`,
    `<p><a href="${escapeHtml(link)}">Reset Password</a></p>`,
    `<p>This link expires in ${TOKEN_MINUTES} minutes and works once.</p>`,
    "<p>If you did not request a password reset, no further action is required.</p>",
  ].join("\n");
  return sendMail({ to, subject: "Reset Password Notification", text, html });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
