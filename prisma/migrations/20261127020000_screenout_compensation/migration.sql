-- Screen-out compensation (docs/decisions/063-screenout-compensation.md): a survey may grant a few
-- points for a screen-out or over quota inside the survey, credited once per assignment as a
-- ledger entry of its own type. The new enum value is not used in this migration (PostgreSQL
-- refuses a value added in the same transaction).
ALTER TYPE "PointsType" ADD VALUE 'screenout_compensation';

ALTER TABLE "Survey" ADD COLUMN "screenOutPoints" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Survey" ADD CONSTRAINT "Survey_screen_out_points_not_negative" CHECK ("screenOutPoints" >= 0);
