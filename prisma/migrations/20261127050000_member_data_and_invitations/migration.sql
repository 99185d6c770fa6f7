-- A member's choice of survey invitation mails (docs/decisions/068-member-data-and-invitations.md):
-- on for everyone until they choose; the mail worker queues none for a member who turned them off.
ALTER TABLE "Member" ADD COLUMN "invitationMails" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN "invitationMailsChangedAt" TIMESTAMP(3);
