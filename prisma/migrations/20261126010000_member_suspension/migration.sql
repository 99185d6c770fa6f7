-- An admin's hold on a member (issue 18 point 2, docs/decisions/051-member-actions.md). A new enum
-- value only: no row changes. PostgreSQL 12+ accepts ADD VALUE inside the migration's transaction
-- as long as the value is not used in that same transaction.
ALTER TYPE "MemberStatus" ADD VALUE 'suspended';
