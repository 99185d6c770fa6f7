import { z } from "zod";
import { tr } from "~/i18n/mark";

// The member's agreement to the terms: the required box of registration and of the page that asks
// again when the terms change (/terms/agree). Browser-safe: the forms validate with it too.

export const TERMS_AGREEMENT_REQUIRED = tr(
  "Tick the box to agree to the Terms and Conditions and the Privacy Policy. You cannot continue without it.",
);

/** The box's field: an unticked box posts nothing, which is refused with the message above. */
export const termsAgreementField = z.literal("on", { errorMap: () => ({ message: TERMS_AGREEMENT_REQUIRED }) });

export const termsAgreementSchema = z.object({ terms: termsAgreementField });

/** Where the member area sends a member who has not agreed to the current terms. */
export const TERMS_AGREEMENT_PATH = "/terms/agree";
