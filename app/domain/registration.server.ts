import type { TFunction } from "i18next";
import type { Gender } from "~/generated/prisma/client";
import type { Language } from "~/i18n/config";
import { tr } from "~/i18n/mark";
import { getPrisma, isUniqueViolation } from "~/lib/db.server";
import { raiseSharedPhone, recordRegistrationAddress } from "./identity-signals.server";
import { consumeRegistrationDraft, type RegistrationDraft } from "./registration-drafts.server";
import { termsAgreement } from "./terms-agreement.server";

// Registration: the e-mail uniqueness check and the creation of the member from step 1's draft
// (registration-drafts.server.ts, docs/decisions/076) and step 2's details.

export const EMAIL_TAKEN = tr("An account with this email already exists. Log in instead.");

/** The refusal of a registration over the limit, in the page's language (`t` of the request). */
export function tooManyRegistrations(t: TFunction, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return t("Too many registrations from your network. Try again in {{count}} minutes.", { count: minutes });
}

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

export type RegistrationOutcome =
  { status: "created"; memberId: number } | { status: "email-taken" } | { status: "draft-gone" };

/** Thrown inside the transaction to roll back a member whose draft was used up or expired meanwhile. */
class DraftGone extends Error {}

/**
 * Creates the member, unverified. The unique index decides a race between two registrations. In the
 * same transaction the identity signals look at the phone and the client address (decision 070),
 * and the draft the values came from (`draftId`) is used up: a draft never makes two accounts, and
 * one that expired meanwhile makes none. `language` is the page's, so that the mails follow it.
 */
export async function registerMember(
  draft: RegistrationDraft,
  details: RegistrationDetails,
  {
    address = null,
    draftId = null,
    language = null,
  }: { address?: string | null; draftId?: string | null; language?: Language | null } = {},
): Promise<RegistrationOutcome> {
  try {
    return await getPrisma().$transaction(async (tx) => {
      if (draftId && !(await consumeRegistrationDraft(tx, draftId))) throw new DraftGone();
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
          // The language the page was in: the member's mails (verification first) come in it.
          language,
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
    if (error instanceof DraftGone) return { status: "draft-gone" };
    throw error;
  }
}
