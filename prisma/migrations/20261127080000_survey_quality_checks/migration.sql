-- Survey quality checks (issue 20 point 1, docs/decisions/071-survey-quality-checks.md).
-- The option that passes an attention check: at most one per question.
ALTER TABLE "QuestionOption" ADD COLUMN "passesCheck" BOOLEAN NOT NULL DEFAULT false;
CREATE UNIQUE INDEX "QuestionOption_one_check_pass_per_question" ON "QuestionOption"("questionId") WHERE "passesCheck";

-- A complete's length of interview, for the speeder rule's median over the survey's completes.
ALTER TABLE "Assignment" ADD COLUMN "loiSeconds" INTEGER;
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_loiSeconds_range" CHECK ("loiSeconds" >= 0);
-- Completes before this migration: their length from their own timing.
UPDATE "Assignment" SET "loiSeconds" = GREATEST(0, round(extract(epoch FROM "endedAt" - "startedAt")))::int
WHERE "status" = 3 AND "startedAt" IS NOT NULL AND "endedAt" IS NOT NULL;
