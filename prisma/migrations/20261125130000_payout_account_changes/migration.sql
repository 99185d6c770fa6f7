-- A new payout account can receive a withdrawal only from "usableAt" on (the cooling-off period,
-- PAYOUT_ACCOUNT_COOLING_OFF_HOURS). Accounts added before this migration are usable at once.
ALTER TABLE "PaymentAccount" ADD COLUMN "usableAt" TIMESTAMP(3);
UPDATE "PaymentAccount" SET "usableAt" = "createdAt";
ALTER TABLE "PaymentAccount" ALTER COLUMN "usableAt" SET NOT NULL;
ALTER TABLE "PaymentAccount" ALTER COLUMN "usableAt" SET DEFAULT CURRENT_TIMESTAMP;

-- Members without a password (Google sign-in) prove it is them with a mailed one-time code.
ALTER TYPE "AuthTokenPurpose" ADD VALUE 'payout_account_code';
