import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// Our own `migrate deploy`: Prisma's fails on a real PostgreSQL through @prisma/adapter-pg
// (Prisma issue 27403), and one script for PostgreSQL, PGlite and test databases keeps them alike.
// Each migration runs in its own transaction under an advisory lock (so app instances starting
// together apply it once) and is recorded in _prisma_migrations with Prisma's sha256 checksum,
// so `prisma migrate status` agrees with what ran.

/** The least a database driver must offer: one multi-statement script, or one query with params. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

const MIGRATIONS_DIR = path.resolve("prisma", "migrations");
// Any constant works; it only has to be the same for every instance of this app.
const ADVISORY_LOCK_KEY = 727_001;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** Applies the migrations not yet applied; returns their names. */
export async function applyMigrations(db: SqlRunner, migrations = readMigrations()): Promise<string[]> {
  await db.exec(`
    CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
  await db.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCK_KEY]);
  try {
    const rows = await db.query<{ migration_name: string; checksum: string }>(
      `SELECT "migration_name", "checksum" FROM "_prisma_migrations"
       WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`,
    );
    const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    const done: string[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied. Add a new migration instead.`);
        }
        continue;
      }
      await db.exec("BEGIN");
      try {
        await db.exec(migration.sql);
        await db.query(
          `INSERT INTO "_prisma_migrations" ("id", "checksum", "finished_at", "migration_name", "applied_steps_count")
           VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await db.exec("COMMIT");
      } catch (error) {
        await db.exec("ROLLBACK");
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      done.push(migration.name);
    }
    return done;
  } finally {
    await db.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCK_KEY]);
  }
}
