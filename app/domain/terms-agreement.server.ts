import type { Member } from "~/generated/prisma/client";
import { TERMS_VERSION } from "~/content/pages";
import { getPrisma } from "~/lib/db.server";

// Which terms a member agreed to, and when (docs/decisions/067-age-payment-account-terms.md).
// Registration records the agreement with the account; members whose recorded version is older
// than TERMS_VERSION, or who have none (members from before agreements were recorded, Google
// sign-ups), are asked at /terms/agree before the member area opens.

/** What registration and the agreement page store: the version of the terms and the time. */
export function termsAgreement(now = new Date()) {
  return { termsAgreedVersion: TERMS_VERSION, termsAgreedAt: now };
}

export function needsTermsAgreement(member: Pick<Member, "termsAgreedVersion">): boolean {
  return member.termsAgreedVersion !== TERMS_VERSION;
}

/** Records the member's agreement to the current terms. */
export async function recordTermsAgreement(memberId: number, now = new Date()): Promise<void> {
  await getPrisma().member.update({ where: { id: memberId }, data: termsAgreement(now) });
}
