-- Payout batches and results (docs/decisions/054-payout-batches.md): an approved withdrawal awaits
-- payout, a batch sends it, the provider's result pays it (with its reference) or returns it.
-- ADD VALUE may run inside the migration's transaction (PostgreSQL 12+) because no statement here
-- uses the new values.
ALTER TYPE "WithdrawalStatus" ADD VALUE 'approved' BEFORE 'success';
ALTER TYPE "WithdrawalStatus" ADD VALUE 'sent' BEFORE 'success';
ALTER TYPE "WithdrawalStatus" ADD VALUE 'returned';

-- CreateTable
CREATE TABLE "PayoutBatch" (
    "id" SERIAL NOT NULL,
    "method" "PayoutMethod" NOT NULL,
    "createdById" INTEGER,
    "createdByEmail" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PayoutBatch_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "PayoutBatch_createdAt_idx" ON "PayoutBatch"("createdAt");

ALTER TABLE "PayoutBatch" ADD CONSTRAINT "PayoutBatch_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "Admin"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- One batch column per withdrawal: the database itself keeps a withdrawal out of a second batch.
ALTER TABLE "WithdrawalRequest" ADD COLUMN "payoutBatchId" INTEGER,
ADD COLUMN "sentAt" TIMESTAMP(3),
ADD COLUMN "payoutReference" TEXT,
ADD COLUMN "paidAt" TIMESTAMP(3),
ADD COLUMN "returnReason" TEXT,
ADD COLUMN "returnedAt" TIMESTAMP(3);

CREATE INDEX "WithdrawalRequest_payoutBatchId_idx" ON "WithdrawalRequest"("payoutBatchId");

ALTER TABLE "WithdrawalRequest" ADD CONSTRAINT "WithdrawalRequest_payoutBatchId_fkey" FOREIGN KEY ("payoutBatchId") REFERENCES "PayoutBatch"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
