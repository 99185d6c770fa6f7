import { createHmac, randomInt } from "node:crypto";
import { tr } from "~/i18n/mark";
import { getPrisma, type Tx } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { PRODUCT_NAME } from "~/lib/product";
import { consumeRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import { sendMail } from "./mail.server";
import { english } from "./english-text";
import { mailLanguage, mailWords } from "./mail-words.server";
import { memberMail, type Recipient } from "./member-notices.server";
import { verifyPassword } from "./passwords.server";

// Adding a payout account needs proof that the member is at the keyboard, not only a session: the
// current password, or, for a member who signed up with Google and has no password, a one-time
// code mailed to them. See docs/decisions/039-payout-account-changes.md.

// Attempts to prove it (password or code) are limited per member by RATE_LIMITS.payoutAccountProof,
// counted before the check: a stolen session gets 5 guesses per quarter of an hour, whatever runs in
// parallel; a success clears it. Codes mailed per member: RATE_LIMITS.payoutAccountCodes (3 per
// quarter of an hour: enough for a lost mail or two, too few to flood a mailbox).

export const CODE_MINUTES = 10;

export type ProofKind = "password" | "code";

/**
 * How this member proves a payout change: the password, unless there is none (Google sign-in) or it
 * was set or changed from a signed-in session within the cooling-off period. A stolen session can set
 * a first password for a member who signs in with Google (or a thief who watched the old one type can
 * change it); such a fresh password proves nothing, so the mailed code is asked for instead.
 */
export function payoutProofKind(
  member: { passwordHash: string | null; passwordChangedAt: Date | null },
  now: Date = new Date(),
  coolingOffHours: number = getEnv().PAYOUT_ACCOUNT_COOLING_OFF_HOURS,
): ProofKind {
  if (member.passwordHash === null) return "code";
  const changed = member.passwordChangedAt?.getTime();
  return changed !== undefined && now.getTime() - changed < coolingOffHours * 60 * 60 * 1000 ? "code" : "password";
}
const CODE_PATTERN = /^\d{6}$/;

export const PROOF_MESSAGES = {
  passwordRequired: tr("Enter your current password."),
  wrongPassword: tr("The password is incorrect. Nothing was saved."),
  codeRequired: tr("Enter the code we emailed you."),
  wrongCode: tr("This code is wrong, has expired or was already used. Nothing was saved. Ask for a new code."),
  tooMany: (minutes: number) => english(minutes === 1 ? PROOF_TEXTS.tooManyOne : PROOF_TEXTS.tooMany, { minutes }),
  codeSent: (email: string) => english(PROOF_TEXTS.codeSent, { email, minutes: CODE_MINUTES }),
  tooManyCodes: (minutes: number) =>
    english(minutes === 1 ? PROOF_TEXTS.tooManyCodesOne : PROOF_TEXTS.tooManyCodes, { minutes }),
  codeNotSent: tr("The code could not be sent just now. Try again in a few minutes."),
  hasPassword: tr("Your account has a password: enter it with the account details instead of a code."),
} as const;

/** The proof's messages with values, as written; the account page translates them (member-texts). */
export const PROOF_TEXTS = {
  tooMany: tr("Too many attempts. Nothing was saved. Try again in {{minutes}} minutes."),
  tooManyOne: tr("Too many attempts. Nothing was saved. Try again in {{minutes}} minute."),
  codeSent: tr("We emailed a code to {{email}}. Enter it with the account details below within {{minutes}} minutes."),
  tooManyCodes: tr("We have sent several codes already. Try again in {{minutes}} minutes."),
  tooManyCodesOne: tr("We have sent several codes already. Try again in {{minutes}} minute."),
} as const;

export type Proof = { password?: string; code?: string };

export type ProofRefusal = { field: "password" | "code" | null; message: string; status: number };

/**
 * Counts the attempt, then checks a password. A code is only counted here: it is claimed, single
 * use, by claimPayoutAccountCode inside the transaction that adds the account.
 */
export async function countAndCheckProof(
  member: { id: number; passwordHash: string | null; passwordChangedAt: Date | null },
  proof: Proof,
  now: Date = new Date(),
): Promise<ProofRefusal | null> {
  const hasPassword = payoutProofKind(member, now) === "password";
  const given = hasPassword ? proof.password : proof.code;
  if (!given) {
    return hasPassword
      ? { field: "password", message: PROOF_MESSAGES.passwordRequired, status: 400 }
      : { field: "code", message: PROOF_MESSAGES.codeRequired, status: 400 };
  }
  const limit = await consumeRateLimit(RATE_LIMITS.payoutAccountProof, member.id);
  if (limit.limited)
    return { field: null, message: PROOF_MESSAGES.tooMany(minutesOf(limit.retryAfterSeconds)), status: 429 };
  if (hasPassword && !(await verifyPassword(given, member.passwordHash!))) {
    return { field: "password", message: PROOF_MESSAGES.wrongPassword, status: 400 };
  }
  return null;
}

/** Uses up the member's code if it is right, unexpired and unused: one statement, so only once. */
export async function claimPayoutAccountCode(tx: Tx, memberId: number, code: string, now: Date): Promise<boolean> {
  if (!CODE_PATTERN.test(code.trim())) return false;
  const claimed = await tx.authToken.updateMany({
    where: {
      memberId,
      purpose: "payout_account_code",
      tokenHash: hashCode(memberId, code.trim()),
      usedAt: null,
      expiresAt: { gt: now },
    },
    data: { usedAt: now },
  });
  return claimed.count === 1;
}

export type SendCodeResult = { ok: true; message: string } | { ok: false; message: string; status: number };

/** Mails a new code to a member without a password; it replaces any earlier one. */
export async function sendPayoutAccountCode(memberId: number, now: Date = new Date()): Promise<SendCodeResult> {
  const prisma = getPrisma();
  const member = await prisma.member.findUniqueOrThrow({
    where: { id: memberId },
    select: { email: true, firstName: true, language: true, passwordHash: true, passwordChangedAt: true },
  });
  if (payoutProofKind(member, now) === "password")
    return { ok: false, message: PROOF_MESSAGES.hasPassword, status: 400 };
  const limit = await consumeRateLimit(RATE_LIMITS.payoutAccountCodes, memberId);
  if (limit.limited) {
    return { ok: false, message: PROOF_MESSAGES.tooManyCodes(minutesOf(limit.retryAfterSeconds)), status: 429 };
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await prisma.$transaction([
    // Used ones too: the hash of a later code could equal a used one's, and the hash is unique.
    prisma.authToken.deleteMany({ where: { memberId, purpose: "payout_account_code" } }),
    prisma.authToken.create({
      data: {
        purpose: "payout_account_code",
        memberId,
        tokenHash: hashCode(memberId, code),
        expiresAt: new Date(now.getTime() + CODE_MINUTES * 60 * 1000),
      },
    }),
  ]);
  try {
    await sendMail(await codeMail(member, code));
  } catch (error) {
    console.error("Payout account code mail could not be sent:", error instanceof Error ? error.message : error);
    return { ok: false, message: PROOF_MESSAGES.codeNotSent, status: 503 };
  }
  return { ok: true, message: PROOF_MESSAGES.codeSent(member.email) };
}

/** Whether the member has a code that can still be used: the page then asks for it. */
export async function hasLivePayoutAccountCode(memberId: number, now: Date = new Date()): Promise<boolean> {
  const live = await getPrisma().authToken.count({
    where: { memberId, purpose: "payout_account_code", usedAt: null, expiresAt: { gt: now } },
  });
  return live > 0;
}

export const CODE_MAIL_SUBJECT = "Your code to add a payout account";

/** In the member's language (English if they never chose one). */
async function codeMail(member: Recipient, code: string) {
  const { tMail } = await mailWords(mailLanguage(member.language));
  const values = { product: PRODUCT_NAME, code, minutes: CODE_MINUTES, support: getEnv().SUPPORT_EMAIL };
  return memberMail(
    member,
    tMail("Your code to add a payout account"),
    [
      tMail("Your code to add a payout account to your {{product}} account is {{code}}.", values),
      tMail("It works once, for {{minutes}} minutes.", values),
      "",
      tMail(
        "If you did not ask for it, someone may be signed in to your account: do not share the code, and contact support at {{support}}.",
        values,
      ),
    ],
    tMail,
  );
}

/**
 * Keyed with the session secret: a six-digit code has only a million values, so a plain hash in a
 * copied database would give it away at once. The member's id keeps the hashes of two members'
 * equal codes apart (the column is unique).
 */
function hashCode(memberId: number, code: string): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`payout-account-code:${memberId}:${code}`).digest("hex");
}

function minutesOf(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
