-- About You: truthful answers (issue 21 point 4, docs/decisions/066-about-you-options.md).
-- Data only. New options get new codes; existing codes, and so members' answers, demographic
-- targets and exports, are untouched. The seed (app/domain/profile-questionnaires.ts) gives new
-- databases the same options and would bring these in line too; this migration does it for
-- databases that are migrated without being seeded. A database without About You (never seeded)
-- is left alone: every statement finds its question through the built-in's ProfileSurvey row.

-- 1. Make room: the ₹7–8 lakh band goes before the ₹8 lakh band of both income questions.
UPDATE "QuestionOption" o
SET "position" = o."position" + 1
FROM "Question" q
JOIN "ProfileSurvey" ps ON ps."questionnaireId" = q."questionnaireId" AND ps."path" = 1
WHERE o."questionId" = q."id"
  AND ((q."key" = 'my_annual_income' AND o."position" >= 7)
    OR (q."key" = 'family_annual_income' AND o."position" >= 11))
  AND NOT EXISTS (SELECT 1 FROM "QuestionOption" x WHERE x."questionId" = q."id" AND x."value" = '700000-799999');

-- 2. The new options, at the positions the definition gives them.
INSERT INTO "QuestionOption" ("questionId", "position", "value", "label", "exclusive")
SELECT q."id", n."position", n."value", n."label", n."exclusive"
FROM "Question" q
JOIN "ProfileSurvey" ps ON ps."questionnaireId" = q."questionnaireId" AND ps."path" = 1
JOIN (VALUES
  ('my_annual_income', 7, '700000-799999', '₹7,00,000 – ₹7,99,999', false),
  ('family_annual_income', 11, '700000-799999', '₹7,00,000 – ₹7,99,999', false),
  ('chief_earner_profession', 11, 'Retired', 'Retired', false),
  ('chief_earner_profession', 12, 'Other', 'Other', false),
  ('chief_earner_profession', 13, 'NotApplicable', 'Not applicable: no one in the household earns', false),
  ('household_items', 7, 'NoneOfThese', 'None of these', true)
) AS n("key", "position", "value", "label", "exclusive") ON n."key" = q."key"
ON CONFLICT ("questionId", "value") DO NOTHING;

-- 3. The family income's top two codes carry one digit too many; their labels say what was meant.
UPDATE "QuestionOption" o
SET "label" = CASE o."value"
  WHEN '2500000-49999999' THEN '₹25,00,000 – ₹49,99,999'
  ELSE '₹50,00,000 or more'
END
FROM "Question" q
JOIN "ProfileSurvey" ps ON ps."questionnaireId" = q."questionnaireId" AND ps."path" = 1
WHERE o."questionId" = q."id" AND q."key" = 'family_annual_income'
  AND o."value" IN ('2500000-49999999', '50000000');
