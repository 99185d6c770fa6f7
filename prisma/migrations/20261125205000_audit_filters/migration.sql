-- The audit log's filters (docs/decisions/053-audit-log-filters-and-sentences.md): by admin and by
-- action, newest first, so a rare action or a quiet admin is found without walking the whole log.
CREATE INDEX "AuditEntry_adminId_createdAt_idx" ON "AuditEntry"("adminId", "createdAt");

CREATE INDEX "AuditEntry_action_createdAt_idx" ON "AuditEntry"("action", "createdAt");

-- The member filter: entries whose details name the member (withdrawals, assignments). Entries
-- whose target is the member use "AuditEntry_targetType_targetId_idx". Not expressible in
-- schema.prisma; a generated migration would not know it, so check its SQL does not drop it.
CREATE INDEX "AuditEntry_details_memberId_idx" ON "AuditEntry"(("details"->>'memberId'));
