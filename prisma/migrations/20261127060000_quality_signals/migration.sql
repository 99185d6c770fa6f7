-- Quality and fraud signals (issue 20, docs/decisions/069-quality-signals.md).
CREATE TYPE "QualitySignalKind" AS ENUM ('shared_device', 'shared_payout', 'shared_phone', 'registration_burst', 'speeder', 'attention_check', 'straight_answers');

ALTER TABLE "Member" ADD COLUMN "qualityScore" SMALLINT NOT NULL DEFAULT 100;
ALTER TABLE "Member" ADD CONSTRAINT "Member_qualityScore_range" CHECK ("qualityScore" BETWEEN 0 AND 100);
CREATE INDEX "Member_qualityScore_id_idx" ON "Member"("qualityScore", "id");

CREATE TABLE "QualitySignal" (
    "id" SERIAL NOT NULL,
    "memberId" INTEGER NOT NULL,
    "kind" "QualitySignalKind" NOT NULL,
    "subject" TEXT NOT NULL,
    "evidence" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "clearedAt" TIMESTAMP(3),
    "clearedById" INTEGER,
    "clearReason" TEXT,
    CONSTRAINT "QualitySignal_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "QualitySignal_memberId_kind_subject_key" ON "QualitySignal"("memberId", "kind", "subject");
CREATE INDEX "QualitySignal_kind_subject_idx" ON "QualitySignal"("kind", "subject");

ALTER TABLE "QualitySignal" ADD CONSTRAINT "QualitySignal_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "QualitySignal" ADD CONSTRAINT "QualitySignal_clearedById_fkey" FOREIGN KEY ("clearedById") REFERENCES "Admin"("id") ON DELETE SET NULL ON UPDATE CASCADE;
