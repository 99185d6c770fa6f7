-- The withdraw form carries a key made when the page was rendered: a second post of the same form
-- (a double click without JavaScript, a resubmitted page) finds the first request instead of
-- making another. Older rows have none; NULLs never collide.
ALTER TABLE "WithdrawalRequest" ADD COLUMN "requestKey" TEXT;
CREATE UNIQUE INDEX "WithdrawalRequest_memberId_requestKey_key" ON "WithdrawalRequest"("memberId", "requestKey");
