-- Appeals (issue 20 point 4, docs/decisions/073-appeals.md): one per event, decided once.
CREATE TYPE "AppealKind" AS ENUM ('reversal', 'quality_termination', 'hold');
CREATE TYPE "AppealStatus" AS ENUM ('open', 'upheld', 'granted');

CREATE TABLE "Appeal" (
    "id" SERIAL NOT NULL,
    "memberId" INTEGER NOT NULL,
    "kind" "AppealKind" NOT NULL,
    "eventKey" TEXT NOT NULL,
    "subjectId" INTEGER NOT NULL,
    "message" TEXT NOT NULL,
    "status" "AppealStatus" NOT NULL DEFAULT 'open',
    "reply" TEXT,
    "decidedById" INTEGER,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Appeal_pkey" PRIMARY KEY ("id"),
    -- A decided appeal carries its reply; an open one has none.
    CONSTRAINT "Appeal_decided_has_reply" CHECK (("status" = 'open') = ("reply" IS NULL))
);

CREATE UNIQUE INDEX "Appeal_eventKey_key" ON "Appeal"("eventKey");
CREATE INDEX "Appeal_status_createdAt_idx" ON "Appeal"("status", "createdAt");
CREATE INDEX "Appeal_memberId_createdAt_idx" ON "Appeal"("memberId", "createdAt");

ALTER TABLE "Appeal" ADD CONSTRAINT "Appeal_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Appeal" ADD CONSTRAINT "Appeal_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "Admin"("id") ON DELETE SET NULL ON UPDATE CASCADE;
