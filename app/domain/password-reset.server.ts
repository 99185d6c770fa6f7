import { createHash, randomBytes } from "node:crypto";
import { tr } from "~/i18n/mark";
import { getPrisma, type Tx } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { PRODUCT_NAME } from "~/lib/product";
import { consumeRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import { recordAudit } from "./audit.server";
import { clearLoginFailures } from "./login.server";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/i18n/config";
import { sendMail } from "./mail.server";
import { mailWords } from "./mail-words.server";
import { queuePasswordChangedMail } from "./member-notices.server";
import { hashPassword } from "./passwords.server";
import { endOtherMemberSessions } from "./sessions.server";

// Forgot password, for members and for admins: a mailed, single-use link that expires in an hour.
// Only the sha256 of the token is stored, so a copy of the database cannot be used to reset anyone's
// password. Both audiences follow the same rules with their own accounts, links and counters.

/** The same answer whether or not the email belongs to an account. */
export const RESET_LINK_SENT_MESSAGE = tr(
  "If an account exists for that email, we have sent a password reset link to it.",
);
export const RESET_LINK_INVALID_MESSAGE = tr(
  "This password reset link is invalid or has expired. Please request a new one.",
);
export const PASSWORD_RESET_MESSAGE = tr("Your password has been reset. Please log in with your new password.");
/** The refusal of a request over the limits, in the page's language (English forms in locales/en). */
export const TOO_MANY_RESET_REQUESTS = tr("Too many requests. Try again in {{count}} minutes.");

const TOKEN_MINUTES = 60;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type ResetAudience = "member" | "admin";

interface ResetAccount {
  id: number;
  email: string;
  name: string;
  /** The language of its mail: the member's choice (null: the page's); an admin's is English. */
  language: Language | null;
}

interface AudienceRules {
  /** Its rules in RATE_LIMITS. */
  perEmail: typeof RATE_LIMITS.memberResetPerEmail;
  perAddress: typeof RATE_LIMITS.memberResetPerAddress;
  /** The account behind an email, only when it may sign in (a new password is of no use otherwise). */
  findUsable(email: string): Promise<ResetAccount | null>;
  owner(id: number): { memberId: number } | { adminId: number };
  linkPath(token: string): string;
  /** Stores the new password and whatever must go with it, inside the reset's transaction. */
  setPassword(tx: Tx, account: ResetAccount, passwordHash: string): Promise<void>;
  /** After the reset: every session of the account ends and its failed sign-ins are forgotten. */
  afterReset(account: ResetAccount): Promise<void>;
}

const AUDIENCES: Record<ResetAudience, AudienceRules> = {
  member: {
    perEmail: RATE_LIMITS.memberResetPerEmail,
    perAddress: RATE_LIMITS.memberResetPerAddress,
    async findUsable(email) {
      const member = await getPrisma().member.findUnique({ where: { email } });
      // A closed account never signs in again (it is being erased); an inactive one may, and is
      // reactivated when it does (decision 027).
      if (!member || member.status === "closed") return null;
      return {
        id: member.id,
        email: member.email,
        name: member.firstName,
        language: isLanguage(member.language) ? member.language : null,
      };
    },
    owner: (id) => ({ memberId: id }),
    linkPath: (token) => `/resetpassword/${token}`,
    async setPassword(tx, account, passwordHash) {
      const member = await tx.member.update({ where: { id: account.id }, data: { passwordHash } });
      // Queued with the reset itself: a reset that rolls back sends nothing.
      await queuePasswordChangedMail(tx, member, "reset");
    },
    async afterReset(account) {
      await endOtherMemberSessions(account.id, null);
      // The member proved they own the mailbox: earlier failed sign-ins no longer lock them out.
      await clearLoginFailures(account.email);
    },
  },
  admin: {
    perEmail: RATE_LIMITS.adminResetPerEmail,
    perAddress: RATE_LIMITS.adminResetPerAddress,
    async findUsable(email) {
      const admin = await getPrisma().admin.findUnique({ where: { email } });
      // A revoked admin cannot sign in, so the link would only be a way to probe the account.
      if (!admin || admin.revokedAt) return null;
      // The back office is English (decision 074), and so is its mail.
      return { id: admin.id, email: admin.email, name: admin.name, language: "en" };
    },
    owner: (id) => ({ adminId: id }),
    linkPath: (token) => `/admin/reset-password/${token}`,
    async setPassword(tx, account, passwordHash) {
      await tx.admin.update({ where: { id: account.id }, data: { passwordHash } });
      await recordAudit(tx, {
        admin: account,
        action: "admin.password_reset",
        targetType: "admin",
        targetId: account.id,
      });
    },
    async afterReset(account) {
      await getPrisma().adminSession.deleteMany({ where: { adminId: account.id } });
      await clearLoginFailures(account.email, "admin");
    },
  },
};

export type ResetRequestResult = { ok: true } | { ok: false; message: string; retryAfterSeconds: number };

/** Every request counts, first and whether or not the email has an account, so the limit itself tells nothing. */
export async function requestPasswordReset({
  email,
  address,
  audience = "member",
  pageLanguage = DEFAULT_LANGUAGE,
}: {
  email: string;
  address: string | null;
  audience?: ResetAudience;
  /** The language of the page that asks: the mail's, while the member has not chosen one. */
  pageLanguage?: Language;
}): Promise<ResetRequestResult> {
  const rules = AUDIENCES[audience];
  for (const count of [
    () => consumeRateLimit(rules.perAddress, address),
    () => consumeRateLimit(rules.perEmail, email),
  ]) {
    const state = await count();
    if (state.limited) {
      const minutes = Math.max(1, Math.ceil(state.retryAfterSeconds / 60));
      return {
        ok: false,
        message: `Too many requests. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
        retryAfterSeconds: state.retryAfterSeconds,
      };
    }
  }

  const account = await rules.findUsable(email);
  if (!account) return { ok: true };

  const token = randomBytes(32).toString("base64url");
  const owner = rules.owner(account.id);
  const prisma = getPrisma();
  await prisma.$transaction([
    // A new link replaces every earlier one that was not used.
    prisma.authToken.deleteMany({ where: { ...owner, purpose: "password_reset", usedAt: null } }),
    prisma.authToken.create({
      data: {
        purpose: "password_reset",
        tokenHash: hashToken(token),
        ...owner,
        expiresAt: new Date(Date.now() + TOKEN_MINUTES * 60 * 1000),
      },
    }),
  ]);

  try {
    await sendResetMail(account, resetLink(rules.linkPath(token), account.email), pageLanguage);
  } catch (error) {
    // An error page here would tell that the account exists; the owner can simply ask again.
    console.error("Password reset mail could not be sent:", error instanceof Error ? error.message : error);
  }
  return { ok: true };
}

/** Whether a reset link can still be used: shown before the owner types a new password. */
export async function isResetLinkUsable(
  token: string,
  email: string | null,
  audience: ResetAudience = "member",
): Promise<boolean> {
  return (await findUsableToken(token, email, audience)) !== null;
}

export type ResetResult = { ok: true } | { ok: false; message: string };

/**
 * Sets the new password, uses up the link and signs the account out everywhere. The link is claimed
 * in the same statement that checks it, so two concurrent uses cannot both succeed.
 */
export async function resetPassword({
  token,
  email,
  password,
  audience = "member",
}: {
  token: string;
  email: string | null;
  password: string;
  audience?: ResetAudience;
}): Promise<ResetResult> {
  const rules = AUDIENCES[audience];
  const found = await findUsableToken(token, email, audience);
  if (!found) return { ok: false, message: RESET_LINK_INVALID_MESSAGE };
  // Hashed before the transaction: hashing is slow and the transaction should stay short.
  const passwordHash = await hashPassword(password);
  const prisma = getPrisma();
  const reset = await prisma.$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.authToken.updateMany({
      where: { id: found.tokenId, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return false;
    await rules.setPassword(tx, found.account, passwordHash);
    await tx.authToken.deleteMany({
      where: { ...rules.owner(found.account.id), purpose: "password_reset", usedAt: null },
    });
    return true;
  });
  if (!reset) return { ok: false, message: RESET_LINK_INVALID_MESSAGE };
  await rules.afterReset(found.account);
  return { ok: true };
}

async function findUsableToken(token: string, email: string | null, audience: ResetAudience) {
  if (!TOKEN_PATTERN.test(token) || !email) return null;
  const record = await getPrisma().authToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!record || record.purpose !== "password_reset" || record.usedAt !== null || record.expiresAt <= new Date()) {
    return null;
  }
  const ownerId = audience === "member" ? record.memberId : record.adminId;
  if (ownerId === null) return null;
  // The account must still be allowed to sign in, and the link's email must be its email.
  const account = await AUDIENCES[audience].findUsable(email.trim().toLowerCase());
  if (!account || account.id !== ownerId) return null;
  return { tokenId: record.id, account };
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function resetLink(path: string, email: string): string {
  const base = getEnv().APP_URL.replace(/\/+$/, "");
  return `${base}${path}?${new URLSearchParams({ email })}`;
}

async function sendResetMail(account: ResetAccount, link: string, pageLanguage: Language) {
  const { tMail } = await mailWords(account.language ?? pageLanguage);
  const values = { name: account.name, product: PRODUCT_NAME, minutes: TOKEN_MINUTES, link };
  const lines = {
    hello: tMail("Hello {{name}},", values),
    why: tMail(
      "You are receiving this email because we received a password reset request for your {{product}} account.",
      values,
    ),
    expires: tMail("This link expires in {{minutes}} minutes and works once.", values),
    ignore: tMail("If you did not request a password reset, no further action is required."),
  };
  const text = [
    lines.hello,
    "",
    lines.why,
    "",
    tMail("Reset your password: {{link}}", values),
    "",
    lines.expires,
    lines.ignore,
  ].join("\n");
  const html = [
    `<p>${escapeHtml(lines.hello)}</p>`,
    `<p>${escapeHtml(lines.why)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(tMail("Reset Password"))}</a></p>`,
    `<p>${escapeHtml(lines.expires)}</p>`,
    `<p>${escapeHtml(lines.ignore)}</p>`,
  ].join("\n");
  return sendMail({ to: account.email, subject: tMail("Reset Password Notification"), text, html });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
