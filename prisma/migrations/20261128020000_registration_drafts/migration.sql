-- Registration drafts (issue 21 point 3, docs/decisions/076-registration-drafts.md): step 1 of
-- Register kept for 24 hours under a random id that a signed cookie carries; the password only as
-- its hash. Expired rows are deleted by the inactivity job and never used.
CREATE TABLE "RegistrationDraft" (
    "id" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RegistrationDraft_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "RegistrationDraft_expiresAt_idx" ON "RegistrationDraft"("expiresAt");
