import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Gender } from "~/generated/prisma/client";
import { getPrisma, isUniqueViolation } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { raiseSharedPhone, recordRegistrationAddress } from "./identity-signals.server";
import { termsAgreement } from "./terms-agreement.server";

// Registration: carrying step 1 to step 2 as a sealed draft (docs/decisions/008), the e-mail
// uniqueness check and the creation of the member.

export const EMAIL_TAKEN = "An account with this email already exists. Log in instead.";

export function tooManyRegistrations(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many registrations from your network. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

// ── The draft: step 1, sealed ──────────────────────────────────────────────────────────────────

/** Step 1 as it travels to step 2. The password is already hashed: the clear text never leaves step 1. */
export interface RegistrationDraft {
  fName: string;
  lName: string;
  email: string;
  passwordHash: string;
}

export const DRAFT_MINUTES = 60;
const DRAFT_VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

const sealedDraft = z.object({
  fName: z.string(),
  lName: z.string(),
  email: z.string(),
  passwordHash: z.string(),
  expiresAt: z.number(),
});

export type OpenedDraft =
  | { status: "valid"; draft: RegistrationDraft }
  | { status: "expired"; draft: RegistrationDraft }
  | { status: "invalid" };

/**
 * Encrypts and authenticates the draft (AES-256-GCM): the page can neither read nor change it, and
 * it stops being accepted after DRAFT_MINUTES.
 */
export function sealDraft(draft: RegistrationDraft, now = new Date()): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", draftKey(), iv);
  cipher.setAAD(Buffer.from(DRAFT_VERSION));
  const payload = JSON.stringify({ ...draft, expiresAt: now.getTime() + DRAFT_MINUTES * 60 * 1000 });
  const sealed = Buffer.concat([iv, cipher.update(payload, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${DRAFT_VERSION}.${sealed.toString("base64url")}`;
}

/** An expired draft still opens, so the form can give the member's values back (never the password). */
export function openDraft(token: unknown, now = new Date()): OpenedDraft {
  if (typeof token !== "string" || token.length > 4096 || !token.startsWith(`${DRAFT_VERSION}.`)) {
    return { status: "invalid" };
  }
  const sealed = Buffer.from(token.slice(DRAFT_VERSION.length + 1), "base64url");
  if (sealed.length <= IV_BYTES + TAG_BYTES) return { status: "invalid" };
  let payload: unknown;
  try {
    const decipher = createDecipheriv("aes-256-gcm", draftKey(), sealed.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(DRAFT_VERSION));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const clear = Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
    payload = JSON.parse(clear.toString("utf8"));
  } catch {
    // A changed byte fails the GCM tag check: the draft was not made by this server.
    return { status: "invalid" };
  }
  const parsed = sealedDraft.safeParse(payload);
  if (!parsed.success) return { status: "invalid" };
  const { expiresAt, ...draft } = parsed.data;
  return { status: expiresAt > now.getTime() ? "valid" : "expired", draft };
}

let cachedKey: { secret: string; key: Buffer } | undefined;

// A key of its own, derived from SESSION_SECRET, so a draft can never be confused with a cookie
// signature or a verification link made from the same secret.
function draftKey(): Buffer {
  const secret = getEnv().SESSION_SECRET;
  if (cachedKey?.secret !== secret) {
    cachedKey = {
      secret,
      key: Buffer.from(hkdfSync("sha256", secret, "", "survey-panel registration draft v1", 32)),
    };
  }
  return cachedKey.key;
}

// ── Members ────────────────────────────────────────────────────────────────────────────────────

/** E-mails are stored lower-cased, so this is a case-insensitive check. */
export async function isEmailRegistered(email: string): Promise<boolean> {
  const found = await getPrisma().member.findUnique({ where: { email: email.toLowerCase() }, select: { id: true } });
  return found !== null;
}

export interface RegistrationDetails {
  country: string;
  state: string;
  city: string;
  pin: string;
  dob: Date;
  gender: Gender;
  mobile: string | null;
}

export type RegistrationOutcome = { status: "created"; memberId: number } | { status: "email-taken" };

/**
 * Creates the member, unverified. The unique index decides a race between two registrations. In the
 * same transaction the identity signals look at the phone and the client address (decision 070).
 */
export async function registerMember(
  draft: RegistrationDraft,
  details: RegistrationDetails,
  { address = null }: { address?: string | null } = {},
): Promise<RegistrationOutcome> {
  try {
    return await getPrisma().$transaction(async (tx) => {
      const member = await tx.member.create({
        data: {
          firstName: draft.fName,
          lastName: draft.lName,
          email: draft.email.toLowerCase(),
          passwordHash: draft.passwordHash,
          country: details.country,
          state: details.state,
          city: details.city,
          pin: details.pin,
          dob: details.dob,
          gender: details.gender,
          mobile: details.mobile,
          // Step 2 refuses a registration without the ticked terms box.
          ...termsAgreement(),
        },
        select: { id: true },
      });
      await raiseSharedPhone(tx, member.id, details.mobile);
      await recordRegistrationAddress(tx, member.id, address);
      return { status: "created", memberId: member.id } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "email-taken" };
    throw error;
  }
}
