-- Answer drafts (issue 21 point 3, docs/decisions/075-answer-drafts.md): the saved pages of a
-- questionnaire a member is still answering, one per member and questionnaire.
CREATE TABLE "AnswerDraft" (
    "id" SERIAL NOT NULL,
    "memberId" INTEGER NOT NULL,
    "questionnaireId" INTEGER NOT NULL,
    "assignmentId" INTEGER,
    "answers" JSONB NOT NULL,
    "pagesSaved" SMALLINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "AnswerDraft_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "AnswerDraft_memberId_questionnaireId_key" ON "AnswerDraft"("memberId", "questionnaireId");
CREATE INDEX "AnswerDraft_assignmentId_idx" ON "AnswerDraft"("assignmentId");
CREATE INDEX "AnswerDraft_updatedAt_idx" ON "AnswerDraft"("updatedAt");

ALTER TABLE "AnswerDraft" ADD CONSTRAINT "AnswerDraft_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "AnswerDraft" ADD CONSTRAINT "AnswerDraft_questionnaireId_fkey" FOREIGN KEY ("questionnaireId") REFERENCES "Questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "AnswerDraft" ADD CONSTRAINT "AnswerDraft_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "Assignment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
