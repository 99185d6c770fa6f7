-- Invitations for audiences (docs/decisions/024-invitations.md, "Audiences"): the mail worker sweeps
-- each requested audience in keyset batches (InvitationRequest."afterMemberId"), records what it
-- announced to whom (AudienceInvitation), applies the one-mail-a-day rule to both paths through
-- MemberInvitationMail, and finds members who match later through MemberAudienceCheck rows that the
-- triggers below write.

-- The sweep's cursor: members up to this id have been considered.
ALTER TABLE "InvitationRequest" ADD COLUMN "afterMemberId" INTEGER NOT NULL DEFAULT 0;

CREATE TABLE "AudienceInvitation" (
    "surveyId" INTEGER NOT NULL,
    "memberId" INTEGER NOT NULL,
    "invitedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AudienceInvitation_pkey" PRIMARY KEY ("surveyId","memberId")
);

ALTER TABLE "AudienceInvitation" ADD CONSTRAINT "AudienceInvitation_surveyId_fkey" FOREIGN KEY ("surveyId") REFERENCES "Survey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "AudienceInvitation" ADD CONSTRAINT "AudienceInvitation_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The invitations held back because the member was already mailed that day: the worker's pass over
-- every member reads only these.
CREATE INDEX "AudienceInvitation_held_back_idx" ON "AudienceInvitation"("memberId") WHERE "invitedAt" IS NULL;

CREATE TABLE "MemberInvitationMail" (
    "memberId" INTEGER NOT NULL,
    "lastQueuedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MemberInvitationMail_pkey" PRIMARY KEY ("memberId")
);

ALTER TABLE "MemberInvitationMail" ADD CONSTRAINT "MemberInvitationMail_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Until now "mailed today" was read from Assignment."invitedAt": carry each member's latest over.
INSERT INTO "MemberInvitationMail" ("memberId", "lastQueuedAt")
SELECT "memberId", max("invitedAt") FROM "Assignment" WHERE "invitedAt" IS NOT NULL GROUP BY "memberId";

CREATE TABLE "MemberAudienceCheck" (
    "memberId" INTEGER NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MemberAudienceCheck_pkey" PRIMARY KEY ("memberId")
);

ALTER TABLE "MemberAudienceCheck" ADD CONSTRAINT "MemberAudienceCheck_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Members who may match an audience they did not match before. Written by the database, so every
-- path counts (registration, Google sign-up, verification, My Detail, profile answers, an admin's
-- edit, a seed) and none of them has to remember it. Nothing is written while no audience exists
-- (a member who existed before an audience is saved is reached by that audience's sweep), and an
-- answer counts only when some audience targets its option.

-- New members, one statement for many rows (a seed or a benchmark inserts them in bulk).
CREATE FUNCTION "member_audience_check_inserted"() RETURNS TRIGGER
LANGUAGE plpgsql AS $fn$
BEGIN
  IF EXISTS (SELECT 1 FROM "SurveyAudience") THEN
    INSERT INTO "MemberAudienceCheck" ("memberId")
    SELECT n."id" FROM new_rows n
    WHERE n."status" = 'active' AND n."emailVerifiedAt" IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "Member_audience_check_insert" AFTER INSERT ON "Member"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "member_audience_check_inserted"();

-- A member who becomes active and verified, or moves country. Row-level with a WHEN clause and a
-- column list, so the frequent updates of other columns (lastActiveAt at every sign-in) never call it.
CREATE FUNCTION "member_audience_check_updated"() RETURNS TRIGGER
LANGUAGE plpgsql AS $fn$
BEGIN
  IF EXISTS (SELECT 1 FROM "SurveyAudience") THEN
    INSERT INTO "MemberAudienceCheck" ("memberId") VALUES (NEW."id") ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "Member_audience_check_update" AFTER UPDATE OF "status", "emailVerifiedAt", "country" ON "Member"
  FOR EACH ROW
  WHEN (NEW."status" = 'active' AND NEW."emailVerifiedAt" IS NOT NULL
        AND (OLD."status" IS DISTINCT FROM NEW."status"
             OR OLD."emailVerifiedAt" IS NULL
             OR OLD."country" IS DISTINCT FROM NEW."country"))
  EXECUTE FUNCTION "member_audience_check_updated"();

-- New answers (a profile questionnaire's response inserts all of its answers in one statement).
-- The app never updates an answer's option in place, so inserts are the only way into a match.
CREATE FUNCTION "answer_audience_check_inserted"() RETURNS TRIGGER
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "MemberAudienceCheck" ("memberId")
  SELECT DISTINCT n."memberId" FROM new_rows n
  WHERE n."optionId" IN (
    SELECT t."optionId" FROM "DemographicTarget" t JOIN "SurveyAudience" au ON au."surveyId" = t."surveyId")
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "Answer_audience_check_insert" AFTER INSERT ON "Answer"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "answer_audience_check_inserted"();
