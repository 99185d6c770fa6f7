-- Server-to-server status callbacks (docs/decisions/060-survey-callbacks.md): a survey may require
-- the vendor's callback before a complete counts, and every callback is kept for support.
ALTER TABLE "Survey" ADD COLUMN "requireCallback" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "SurveyCallback" (
    "id" SERIAL NOT NULL,
    "surveyId" INTEGER NOT NULL,
    "token" TEXT,
    "status" TEXT,
    "loiSeconds" INTEGER,
    "result" TEXT NOT NULL,
    "httpStatus" SMALLINT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SurveyCallback_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "SurveyCallback_surveyId_receivedAt_idx" ON "SurveyCallback"("surveyId", "receivedAt" DESC);

ALTER TABLE "SurveyCallback" ADD CONSTRAINT "SurveyCallback_surveyId_fkey" FOREIGN KEY ("surveyId") REFERENCES "Survey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
