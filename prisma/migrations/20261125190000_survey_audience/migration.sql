-- A survey's audience is stored, not copied into a row per member (docs/decisions/049-survey-audiences.md).
-- Existing Assignment rows stay as they are: they are explicit assignments and keep working.
CREATE TABLE "SurveyAudience" (
    "surveyId" INTEGER NOT NULL,
    "screenerId" INTEGER,
    "points" INTEGER NOT NULL,
    "assignedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SurveyAudience_pkey" PRIMARY KEY ("surveyId"),
    CONSTRAINT "SurveyAudience_points_check" CHECK ("points" >= 0)
);

ALTER TABLE "SurveyAudience" ADD CONSTRAINT "SurveyAudience_surveyId_fkey" FOREIGN KEY ("surveyId") REFERENCES "Survey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SurveyAudience" ADD CONSTRAINT "SurveyAudience_screenerId_fkey" FOREIGN KEY ("screenerId") REFERENCES "Screener"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "SurveyAudience" ADD CONSTRAINT "SurveyAudience_assignedById_fkey" FOREIGN KEY ("assignedById") REFERENCES "Admin"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- "Has this member any assignment of this survey?": one index probe per live audience on the dashboard.
CREATE INDEX "Assignment_memberId_surveyId_idx" ON "Assignment"("memberId", "surveyId");
