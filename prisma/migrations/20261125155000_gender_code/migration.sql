-- One gender code everywhere (docs/decisions/040-member-profile-rules.md): the stored value
-- 'prefer-not' becomes 'prefer_not', the code the app, the forms and Prisma use. Renaming the enum
-- value rewrites every stored row at once (they hold the value's identity, not its text).
ALTER TYPE "Gender" RENAME VALUE 'prefer-not' TO 'prefer_not';
