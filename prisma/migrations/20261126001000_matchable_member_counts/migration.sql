-- How many members an audience without targets matches, kept by the panel counters' triggers
-- (20261121120000_panel_counters), so that the admin's preview of "Assign to all Users" reads a few
-- rows instead of passing over every member (issue 17: under 2 s at 1,000,000 members, also on a
-- cold embedded database). A matchable member is active with a verified e-mail, the rule of
-- memberMatchesSql in app/domain/audiences.server.ts: 'matchable_members' counts them all,
-- 'matchable_members:IN' those of one country ('matchable_members:' those without one).

CREATE OR REPLACE FUNCTION "panel_counter_contributions"("table_name" TEXT) RETURNS TEXT
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE "table_name"
    WHEN 'Member' THEN $q$
      SELECT x."name", mod(r."id", 16)::smallint AS "shard", x."value" * %2$s AS "value"
      FROM %1$s r
      CROSS JOIN LATERAL (VALUES ((r."status" = 'active' AND r."emailVerifiedAt" IS NOT NULL)::int::bigint)) AS e("matchable")
      CROSS JOIN LATERAL (VALUES
        ('members_total', 1::bigint),
        ('members_verified', (r."emailVerifiedAt" IS NOT NULL)::int::bigint),
        ('points_outstanding', r."pointsBalance"::bigint),
        ('matchable_members', e."matchable"),
        ('matchable_members:' || coalesce(r."country", ''), e."matchable")) AS x("name", "value")$q$
    WHEN 'Assignment' THEN $q$
      SELECT 'assignments_completed', mod(r."id", 16)::smallint, (r."status" = 3)::int::bigint * %2$s
      FROM %1$s r$q$
    WHEN 'WithdrawalRequest' THEN $q$
      SELECT 'withdrawals_paid_minor', mod(r."id", 16)::smallint,
             CASE WHEN r."status" = 'success' THEN r."amountMinor"::bigint ELSE 0 END * %2$s
      FROM %1$s r$q$
  END
$fn$;

-- The members there before this migration.
INSERT INTO "PanelCounter" ("name", "shard", "value")
SELECT "name", "shard", sum("value")
FROM (
  SELECT x."name", mod(m."id", 16)::smallint AS "shard", 1::bigint AS "value"
  FROM "Member" m
  CROSS JOIN LATERAL (VALUES ('matchable_members'), ('matchable_members:' || coalesce(m."country", ''))) AS x("name")
  WHERE m."status" = 'active' AND m."emailVerifiedAt" IS NOT NULL
) AS d
GROUP BY 1, 2;
