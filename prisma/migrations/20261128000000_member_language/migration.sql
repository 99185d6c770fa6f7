-- The member's language (issue 21 point 1, docs/decisions/074-languages.md).
ALTER TABLE "Member" ADD COLUMN "language" TEXT;
ALTER TABLE "Member" ADD CONSTRAINT "Member_language_check" CHECK ("language" IN ('en', 'hi'));
