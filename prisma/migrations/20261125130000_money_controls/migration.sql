-- Money controls (docs/decisions/038-money-controls.md).
-- Four eyes: the first approval of a withdrawal that needs two, kept while the request stays pending.
ALTER TABLE "WithdrawalRequest" ADD COLUMN "firstApprovedById" INTEGER;
ALTER TABLE "WithdrawalRequest" ADD COLUMN "firstApprovedAt" TIMESTAMP(3);
ALTER TABLE "WithdrawalRequest" ADD CONSTRAINT "WithdrawalRequest_firstApprovedById_fkey"
  FOREIGN KEY ("firstApprovedById") REFERENCES "Admin"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Return secret rotation: the previous secret keeps verifying until it expires (the grace period).
ALTER TABLE "Survey" ADD COLUMN "previousReturnSecret" TEXT;
ALTER TABLE "Survey" ADD COLUMN "previousSecretExpiresAt" TIMESTAMP(3);
ALTER TABLE "Survey" ADD COLUMN "returnSecretRotatedAt" TIMESTAMP(3);
