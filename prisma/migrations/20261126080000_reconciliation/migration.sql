-- Reconciliation uploads (docs/decisions/061-reconciliation.md): each applied file of a survey, and
-- where each reconciled complete stands (approved or reversed, and how often it was re-credited).
CREATE TYPE "ReconciliationStatus" AS ENUM ('approved', 'reversed');

CREATE TABLE "Reconciliation" (
    "id" SERIAL NOT NULL,
    "surveyId" INTEGER NOT NULL,
    "adminId" INTEGER,
    "adminEmail" TEXT NOT NULL,
    "fileHash" TEXT NOT NULL,
    "rows" INTEGER NOT NULL,
    "matched" INTEGER NOT NULL,
    "changed" INTEGER NOT NULL,
    "unchanged" INTEGER NOT NULL,
    "unknown" INTEGER NOT NULL,
    "errors" INTEGER NOT NULL,
    "reversed" INTEGER NOT NULL,
    "approved" INTEGER NOT NULL,
    "appliedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Reconciliation_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ReconciledComplete" (
    "assignmentId" INTEGER NOT NULL,
    "status" "ReconciliationStatus" NOT NULL,
    "reasonCode" TEXT,
    "recredits" INTEGER NOT NULL DEFAULT 0,
    "reconciliationId" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReconciledComplete_pkey" PRIMARY KEY ("assignmentId"),
    CONSTRAINT "ReconciledComplete_recredits_check" CHECK ("recredits" >= 0)
);

CREATE INDEX "Reconciliation_surveyId_appliedAt_idx" ON "Reconciliation"("surveyId", "appliedAt");

CREATE INDEX "ReconciledComplete_reconciliationId_idx" ON "ReconciledComplete"("reconciliationId");

ALTER TABLE "Reconciliation" ADD CONSTRAINT "Reconciliation_surveyId_fkey" FOREIGN KEY ("surveyId") REFERENCES "Survey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "Reconciliation" ADD CONSTRAINT "Reconciliation_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "ReconciledComplete" ADD CONSTRAINT "ReconciledComplete_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "Assignment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "ReconciledComplete" ADD CONSTRAINT "ReconciledComplete_reconciliationId_fkey" FOREIGN KEY ("reconciliationId") REFERENCES "Reconciliation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
