-- Admin two-factor sign-in, recovery codes and idle expiry of admin sessions
-- (docs/decisions/037-admin-two-factor.md).
ALTER TABLE "Admin" ADD COLUMN "totpSecret" TEXT;
ALTER TABLE "Admin" ADD COLUMN "totpPendingSecret" TEXT;
ALTER TABLE "Admin" ADD COLUMN "totpEnabledAt" TIMESTAMP(3);
ALTER TABLE "Admin" ADD COLUMN "totpLastStep" INTEGER;

ALTER TABLE "AdminSession" ADD COLUMN "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
ALTER TABLE "AdminSession" ADD COLUMN "awaitingSecondFactor" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "AdminRecoveryCode" (
    "id" SERIAL NOT NULL,
    "adminId" INTEGER NOT NULL,
    "codeHash" TEXT NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AdminRecoveryCode_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "AdminRecoveryCode_adminId_codeHash_key" ON "AdminRecoveryCode"("adminId", "codeHash");

ALTER TABLE "AdminRecoveryCode" ADD CONSTRAINT "AdminRecoveryCode_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE CASCADE ON UPDATE CASCADE;
