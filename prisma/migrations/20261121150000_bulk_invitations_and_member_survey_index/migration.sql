-- The member's surveys are read newest first (dashboard, /survey): an index in that order, with
-- the status and survey in its leaf, lets the page stop after its rows and the capped count read
-- the index alone. It replaces ("memberId", "status", "createdAt"), whose other readers (survey
-- history, invitations of one member) need only the member prefix, so a bulk assignment still
-- writes six index entries a row, not seven.
DROP INDEX "Assignment_memberId_status_createdAt_idx";
CREATE INDEX "Assignment_memberId_createdAt_id_idx" ON "Assignment"("memberId", "createdAt" DESC, "id" DESC) INCLUDE ("status", "surveyId");

-- A bulk assignment (to all, or by demographics) asks for its invitations with one row here; the
-- mail worker queues them outside the admin's request (decision 024).
CREATE TABLE "InvitationRequest" (
    "surveyId" INTEGER NOT NULL,
    "requestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InvitationRequest_pkey" PRIMARY KEY ("surveyId")
);

ALTER TABLE "InvitationRequest" ADD CONSTRAINT "InvitationRequest_surveyId_fkey" FOREIGN KEY ("surveyId") REFERENCES "Survey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
