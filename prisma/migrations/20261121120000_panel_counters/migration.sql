-- Running totals for the admin cards (members, verified, points outstanding, completes, money paid),
-- kept by statement-level triggers, so a card reads a few rows instead of counting a million. Each
-- total is spread over 16 shards (row id modulo 16) so that concurrent writers seldom wait on the same
-- counter row; a reader sums the shards.

CREATE TABLE "PanelCounter" (
    "name" TEXT NOT NULL,
    "shard" SMALLINT NOT NULL,
    "value" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "PanelCounter_pkey" PRIMARY KEY ("name", "shard")
);

-- What one row of each counted table contributes to each total. %1$s is the relation (the table
-- itself, or a trigger's transition table), %2$s the sign (1 for new rows, -1 for old rows).
CREATE FUNCTION "panel_counter_contributions"("table_name" TEXT) RETURNS TEXT
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE "table_name"
    WHEN 'Member' THEN $q$
      SELECT x."name", mod(r."id", 16)::smallint AS "shard", x."value" * %2$s AS "value"
      FROM %1$s r CROSS JOIN LATERAL (VALUES
        ('members_total', 1::bigint),
        ('members_verified', (r."emailVerifiedAt" IS NOT NULL)::int::bigint),
        ('points_outstanding', r."pointsBalance"::bigint)) AS x("name", "value")$q$
    WHEN 'Assignment' THEN $q$
      SELECT 'assignments_completed', mod(r."id", 16)::smallint, (r."status" = 3)::int::bigint * %2$s
      FROM %1$s r$q$
    WHEN 'WithdrawalRequest' THEN $q$
      SELECT 'withdrawals_paid_minor', mod(r."id", 16)::smallint,
             CASE WHEN r."status" = 'success' THEN r."amountMinor"::bigint ELSE 0 END * %2$s
      FROM %1$s r$q$
  END
$fn$;

-- One trigger function for every counted table and operation: new rows add their contributions,
-- old rows take theirs away, and only totals that changed are written (renaming a member touches
-- no counter).
CREATE FUNCTION "panel_counters_apply"() RETURNS TRIGGER
LANGUAGE plpgsql AS $fn$
DECLARE
  contributions TEXT := "panel_counter_contributions"(TG_TABLE_NAME);
  changes TEXT;
BEGIN
  changes := CASE TG_OP
    WHEN 'INSERT' THEN format(contributions, 'new_rows', 1)
    WHEN 'DELETE' THEN format(contributions, 'old_rows', -1)
    ELSE format(contributions, 'new_rows', 1) || ' UNION ALL ' || format(contributions, 'old_rows', -1)
  END;
  EXECUTE 'INSERT INTO "PanelCounter" AS c ("name", "shard", "value")
           SELECT "name", "shard", sum("value") FROM (' || changes || ') AS d("name", "shard", "value")
           GROUP BY 1, 2 HAVING sum("value") <> 0
           ON CONFLICT ("name", "shard") DO UPDATE SET "value" = c."value" + EXCLUDED."value"';
  RETURN NULL;
END
$fn$;

CREATE TRIGGER "Member_counters_insert" AFTER INSERT ON "Member"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "panel_counters_apply"();
CREATE TRIGGER "Member_counters_update" AFTER UPDATE ON "Member"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "panel_counters_apply"();
CREATE TRIGGER "Member_counters_delete" AFTER DELETE ON "Member"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "panel_counters_apply"();

CREATE TRIGGER "Assignment_counters_insert" AFTER INSERT ON "Assignment"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "panel_counters_apply"();
CREATE TRIGGER "Assignment_counters_update" AFTER UPDATE ON "Assignment"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "panel_counters_apply"();
CREATE TRIGGER "Assignment_counters_delete" AFTER DELETE ON "Assignment"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "panel_counters_apply"();

CREATE TRIGGER "WithdrawalRequest_counters_insert" AFTER INSERT ON "WithdrawalRequest"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "panel_counters_apply"();
CREATE TRIGGER "WithdrawalRequest_counters_update" AFTER UPDATE ON "WithdrawalRequest"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "panel_counters_apply"();
CREATE TRIGGER "WithdrawalRequest_counters_delete" AFTER DELETE ON "WithdrawalRequest"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "panel_counters_apply"();

-- Totals of the rows that exist before the triggers.
DO $do$
DECLARE
  counted TEXT;
BEGIN
  FOREACH counted IN ARRAY ARRAY['Member', 'Assignment', 'WithdrawalRequest'] LOOP
    EXECUTE 'INSERT INTO "PanelCounter" ("name", "shard", "value")
             SELECT "name", "shard", sum("value") FROM ('
             || format("panel_counter_contributions"(counted), quote_ident(counted), 1)
             || ') AS d("name", "shard", "value") GROUP BY 1, 2 HAVING sum("value") <> 0';
  END LOOP;
END
$do$;

-- The week's cards count only recent rows, through these indexes.
CREATE INDEX "Member_createdAt_idx" ON "Member"("createdAt");
CREATE INDEX "Assignment_status_endedAt_idx" ON "Assignment"("status", "endedAt");
