-- Admin two-factor fixes (docs/decisions/037-admin-two-factor.md, "Fixes after review"):
-- the secret being enrolled belongs to one session, not to the admin, and a session counts as a
-- sign-in of an admin with two-factor only once it has proved the second factor.
-- Pending secrets on Admin are dropped: each session makes its own when the page is next opened.
ALTER TABLE "Admin" DROP COLUMN "totpPendingSecret";

ALTER TABLE "AdminSession" ADD COLUMN "totpPendingSecret" TEXT;
-- No backfill: sessions open at deploy time of admins with two-factor end, and those admins sign
-- in again with a code (a session opened with the password alone must not keep working).
ALTER TABLE "AdminSession" ADD COLUMN "secondFactorPassed" BOOLEAN NOT NULL DEFAULT false;

-- The recovery codes made at enrolment wait here until the page after the redirect shows them once.
ALTER TABLE "AdminSession" ADD COLUMN "recoveryCodesToShow" TEXT;
