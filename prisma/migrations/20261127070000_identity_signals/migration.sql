-- Identity signals (issue 20 point 1, docs/decisions/070-identity-signals.md): the browsers each
-- member used (device cookie, keyed hash only) and the registrations per client address (keyed hash).
CREATE TABLE "MemberDevice" (
    "memberId" INTEGER NOT NULL,
    "deviceHash" TEXT NOT NULL,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MemberDevice_pkey" PRIMARY KEY ("memberId","deviceHash")
);

CREATE INDEX "MemberDevice_deviceHash_idx" ON "MemberDevice"("deviceHash");
CREATE INDEX "MemberDevice_lastSeenAt_idx" ON "MemberDevice"("lastSeenAt");

ALTER TABLE "MemberDevice" ADD CONSTRAINT "MemberDevice_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "RegistrationTrace" (
    "id" SERIAL NOT NULL,
    "addressHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RegistrationTrace_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "RegistrationTrace_addressHash_createdAt_idx" ON "RegistrationTrace"("addressHash", "createdAt");
CREATE INDEX "RegistrationTrace_createdAt_idx" ON "RegistrationTrace"("createdAt");
