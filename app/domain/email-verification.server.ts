import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { Member } from "~/generated/prisma/client";
import { tr } from "~/i18n/mark";
import { getPrisma } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { PRODUCT_NAME } from "~/lib/product";
import { consumeRateLimit, RATE_LIMITS, secondsUntilAllowed } from "~/lib/rate-limit.server";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n/config";
import { sendMail } from "./mail.server";
import { mailLanguage, mailWords } from "./mail-words.server";
import { parseId } from "~/lib/ids";

// Email verification by a signed, expiring link (docs/decisions/007-email-verification.md):
// /email/verify/{id}/{hash}?expires=…&signature=…, where hash is the sha256 of the lower-cased
// e-mail and the signature an HMAC-SHA256 over id, hash and expiry. Nothing is stored per link;
// the cooldown and the limits live in the RateLimit table, shared by every app instance.

export const TOO_MANY_ATTEMPTS = tr("Too Many Attempt's Try Again in 5 Minutes");

export const LINK_MINUTES = 60;
/** The window of RATE_LIMITS.verifyMailCooldown (one mail a minute); with it at most 5 mails fit in
 * 5 minutes, so RATE_LIMITS.verifyMailSends is below that. Opening and confirming a link each count
 * in RATE_LIMITS.verifyLinkChecks, per client address. */
export const RESEND_COOLDOWN_SECONDS = RATE_LIMITS.verifyMailCooldown.windowMs / 1000;

// ── Sending ────────────────────────────────────────────────────────────────────────────────────

export type SendOutcome =
  | { status: "sent"; retryAfterSeconds: number }
  | { status: "cooling-down"; retryAfterSeconds: number }
  | { status: "too-many"; retryAfterSeconds: number };

/** Seconds until the member may ask for another mail; 0 when they may now. Reads only. */
export async function secondsUntilResend(memberId: number): Promise<number> {
  return secondsUntilAllowed(RATE_LIMITS.verifyMailCooldown, memberId);
}

/**
 * Mails a fresh link unless one went out in the last 60 s or the member has had too many. A plain
 * refusal is decided from reads alone and changes nothing; what passes them is counted atomically
 * before the mail goes out, so of two requests racing past the reads only one mails.
 */
export async function sendVerificationEmail(
  member: Member,
  {
    now = new Date(),
    pageLanguage = DEFAULT_LANGUAGE,
  }: {
    now?: Date;
    /** The language of the page that sends it: the mail's, while the member has not chosen one. */
    pageLanguage?: Language;
  } = {},
): Promise<SendOutcome> {
  const coolingDown = await secondsUntilAllowed(RATE_LIMITS.verifyMailCooldown, member.id);
  if (coolingDown > 0) return { status: "cooling-down", retryAfterSeconds: coolingDown };
  const spent = await secondsUntilAllowed(RATE_LIMITS.verifyMailSends, member.id);
  if (spent > 0) return { status: "too-many", retryAfterSeconds: spent };
  const cooldown = await consumeRateLimit(RATE_LIMITS.verifyMailCooldown, member.id);
  if (cooldown.limited) return { status: "cooling-down", retryAfterSeconds: cooldown.retryAfterSeconds };
  const sends = await consumeRateLimit(RATE_LIMITS.verifyMailSends, member.id);
  if (sends.limited) return { status: "too-many", retryAfterSeconds: sends.retryAfterSeconds };

  const link = verificationLink(member, now);
  const { tMail } = await mailWords(mailLanguage(member.language, pageLanguage));
  const values = { name: member.firstName, product: PRODUCT_NAME, minutes: LINK_MINUTES };
  const hello = tMail("Hello {{name}},", values);
  const expires = tMail(
    "The link expires in {{minutes}} minutes. If you did not register, ignore this message.",
    values,
  );
  await sendMail({
    to: member.email,
    subject: tMail("Verify your email address for {{product}}", values),
    text: [
      hello,
      "",
      tMail("Please confirm your email address for {{product}} by opening this link:", values),
      "",
      link,
      "",
      expires,
      "",
    ].join("\n"),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(tMail("Please confirm your email address for {{product}}:", values))}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(tMail("Verify my email address"))}</a></p>`,
      `<p>${escapeHtml(expires)}</p>`,
    ].join("\n"),
  });
  return { status: "sent", retryAfterSeconds: RESEND_COOLDOWN_SECONDS };
}

// ── The link ───────────────────────────────────────────────────────────────────────────────────

export function emailHash(email: string): string {
  return createHash("sha256").update(email.toLowerCase()).digest("hex");
}

/** The absolute link, from APP_URL, valid for LINK_MINUTES from `now`. */
export function verificationLink(member: Pick<Member, "id" | "email">, now = new Date()): string {
  const hash = emailHash(member.email);
  const expires = Math.floor(now.getTime() / 1000) + LINK_MINUTES * 60;
  const url = new URL(`/email/verify/${member.id}/${hash}`, getEnv().APP_URL);
  url.searchParams.set("expires", String(expires));
  url.searchParams.set("signature", signature(String(member.id), hash, String(expires)));
  return url.toString();
}

function signature(id: string, hash: string, expires: string): string {
  // A purpose prefix, so this HMAC can never stand for another signature made with the same secret.
  return createHmac("sha256", getEnv().SESSION_SECRET)
    .update(`email-verification\n${id}\n${hash}\n${expires}`)
    .digest("hex");
}

export interface VerificationLinkParts {
  id: string | undefined;
  hash: string | undefined;
  expires: string | null;
  signature: string | null;
}

export type LinkFailure = "invalid" | "expired" | "unknown-member" | "email-changed" | "other-member";

export type LinkCheck = { ok: true; member: Member } | { ok: false; failure: LinkFailure; message: string };

const FAILURE_MESSAGES: Record<LinkFailure, string> = {
  invalid: tr("This verification link is not valid. Use the link from the newest email, or request a new one."),
  expired: tr("This verification link has expired. Request a new one from the verification page."),
  "unknown-member": tr(
    "This verification link is not valid. Use the link from the newest email, or request a new one.",
  ),
  "email-changed": tr("This link was sent to an email address that is no longer on the account. Request a new one."),
  "other-member": tr("This verification link belongs to another account. Log out, then open the link again."),
};

/** Checks a link without changing anything: signature first, then expiry, then the member. */
export async function checkVerificationLink(
  parts: VerificationLinkParts,
  { signedInMemberId, now = new Date() }: { signedInMemberId: number | null; now?: Date },
): Promise<LinkCheck> {
  const { id, hash, expires, signature: given } = parts;
  const memberId = parseId(id);
  if (
    !id ||
    memberId === null ||
    !hash ||
    !/^[0-9a-f]{64}$/.test(hash) ||
    !expires ||
    !/^\d{1,12}$/.test(expires) ||
    !given ||
    !/^[0-9a-f]{64}$/.test(given)
  ) {
    return failure("invalid");
  }
  const expected = Buffer.from(signature(id, hash, expires), "hex");
  if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) return failure("invalid");
  if (Number(expires) * 1000 <= now.getTime()) return failure("expired");

  if (signedInMemberId !== null && signedInMemberId !== memberId) return failure("other-member");
  const member = await getPrisma().member.findUnique({ where: { id: memberId } });
  if (!member || member.status === "closed") return failure("unknown-member");
  if (emailHash(member.email) !== hash) return failure("email-changed");
  return { ok: true, member };
}

/**
 * Checks the link and marks the e-mail verified. Idempotent: only a member still unverified, with
 * the same e-mail as when the link was made, is updated, so a second use changes nothing.
 */
export async function confirmEmailVerification(
  parts: VerificationLinkParts,
  options: { signedInMemberId: number | null; now?: Date },
): Promise<LinkCheck> {
  const check = await checkVerificationLink(parts, options);
  if (!check.ok) return check;
  const { member } = check;
  if (!member.emailVerifiedAt) {
    await getPrisma().member.updateMany({
      where: { id: member.id, email: member.email, emailVerifiedAt: null },
      data: { emailVerifiedAt: options.now ?? new Date() },
    });
  }
  return check;
}

function failure(reason: LinkFailure): LinkCheck {
  return { ok: false, failure: reason, message: FAILURE_MESSAGES[reason] };
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
