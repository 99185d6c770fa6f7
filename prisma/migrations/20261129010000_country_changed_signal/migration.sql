-- A member who changes their country after earning points (docs/decisions/078-country-changes.md).
-- ADD VALUE may run inside the migration's transaction (PostgreSQL 12+): nothing here uses it.
ALTER TYPE "QualitySignalKind" ADD VALUE 'country_changed';
