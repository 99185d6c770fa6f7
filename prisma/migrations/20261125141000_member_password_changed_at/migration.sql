-- When a member last set or changed the password from a signed-in session (decision 039): for a
-- while after that, a payout account change asks for a mailed code instead of the password.
ALTER TABLE "Member" ADD COLUMN "passwordChangedAt" TIMESTAMP(3);
