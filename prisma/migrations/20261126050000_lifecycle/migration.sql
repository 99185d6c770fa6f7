-- Lifecycle of surveys, screeners and profile survey sets (docs/decisions/056-lifecycle.md):
-- closed and archived are moments, null while open or not archived.
ALTER TABLE "Survey" ADD COLUMN "closedAt" TIMESTAMP(3),
ADD COLUMN "archivedAt" TIMESTAMP(3);

ALTER TABLE "Screener" ADD COLUMN "closedAt" TIMESTAMP(3),
ADD COLUMN "archivedAt" TIMESTAMP(3);

ALTER TABLE "ProfileSurvey" ADD COLUMN "closedAt" TIMESTAMP(3),
ADD COLUMN "archivedAt" TIMESTAMP(3);
