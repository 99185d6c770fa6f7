-- Survey close (docs/decisions/062-survey-close.md): a close date, and "close when the quota is full".
ALTER TABLE "Survey" ADD COLUMN "closesAt" TIMESTAMP(3),
ADD COLUMN "closeWhenQuotaFull" BOOLEAN NOT NULL DEFAULT false;

-- The starts still in progress of a survey, by start time: the quota counts those within the
-- survey's length plus the grace period, so old abandoned starts are never read.
CREATE INDEX "Assignment_surveyId_startedAt_idx" ON "Assignment"("surveyId", "startedAt") WHERE "status" = 2;
