-- Quality holds on withdrawals (issue 20, docs/decisions/072-withdrawal-holds.md).
ALTER TYPE "WithdrawalStatus" ADD VALUE 'held' AFTER 'pending';

ALTER TABLE "WithdrawalRequest" ADD COLUMN "holdReason" TEXT,
ADD COLUMN "holdScore" SMALLINT,
ADD COLUMN "releasedById" INTEGER,
ADD COLUMN "releasedAt" TIMESTAMP(3),
ADD COLUMN "releaseReason" TEXT;

ALTER TABLE "WithdrawalRequest" ADD CONSTRAINT "WithdrawalRequest_releasedById_fkey" FOREIGN KEY ("releasedById") REFERENCES "Admin"("id") ON DELETE SET NULL ON UPDATE CASCADE;
