-- The terms a member agreed to, and when (issue 21 point 5, docs/decisions/067-age-payment-account-terms.md).
-- Existing members get NULL: no agreement of theirs was ever recorded, so each is asked once.
ALTER TABLE "Member" ADD COLUMN "termsAgreedVersion" TEXT,
ADD COLUMN "termsAgreedAt" TIMESTAMP(3);
