-- Users Records search (issue 18, point 5): keyset pages by sign-up date within one country or
-- one status, a prefix search by name and a search by phone, each an index range at 1,000,000
-- members (plans in docs/performance.md, Users Records).

-- Pages in sign-up order (ORDER BY "createdAt", "id", keyset ("createdAt", "id") > (…)) need no new
-- index: the planner walks "Member_createdAt_idx" with an incremental sort of equal dates. Within
-- one country or one status that walk would skip every other member's row, so these two serve them.
CREATE INDEX "Member_country_createdAt_id_idx" ON "Member"("country", "createdAt", "id");
CREATE INDEX "Member_status_createdAt_id_idx" ON "Member"("status", "createdAt", "id");

-- Name search: the start of "first last", lower-cased (LIKE 'prefix%' whatever the collation).
CREATE INDEX "Member_full_name_prefix" ON "Member"((lower("firstName" || ' ' || "lastName")) text_pattern_ops);

-- Phone search: the whole number as stored (spaces and hyphens removed).
CREATE INDEX "Member_mobile_idx" ON "Member"("mobile");
