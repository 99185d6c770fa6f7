import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { Prisma, PrismaClient } from "~/generated/prisma/client";
import type { DatabaseTarget } from "./database-url";
import { getDatabaseTarget } from "./env.server";
import { onShutdown } from "./lifecycle.server";
import { applyMigrations, type SqlRunner } from "./migrations.server";

/**
 * `Tx`, the one name for "something to run queries on": a transaction client inside
 * `$transaction(async (tx) => …)`, or the app's PrismaClient itself (it has every method a
 * transaction client has). A function that reads or writes inside its caller's transaction takes a
 * `Tx`; only one that opens its own transaction (`$transaction`) needs the full `PrismaClient`.
 */
export type Tx = Prisma.TransactionClient;

/** A database opened for the app, a script or a test, and how to close it. */
export interface OpenDatabase {
  prisma: PrismaClient;
  close(): Promise<void>;
}

export function openPGlite(dataDir: string | null): PGlite {
  // PGlite does not create the parent folders of its data directory.
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  return new PGlite(dataDir ?? undefined);
}

/**
 * Prisma's defaults (2 s to start a transaction, 5 s to finish it) abort valid work on a busy
 * machine, and on PGlite, which has one connection, a transaction also waits for the one before
 * it. Our transactions are short; these limits only catch one that hangs.
 */
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 30_000 };

export function pgliteDatabase(pglite: PGlite): OpenDatabase {
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), transactionOptions: TRANSACTION_OPTIONS });
  return {
    prisma,
    async close() {
      await prisma.$disconnect();
      // The adapter's dispose leaves PGlite open; it must be closed to flush and free the folder.
      if (!pglite.closed) await pglite.close();
    },
  };
}

export function postgresDatabase(url: string, options: { max?: number } = {}): OpenDatabase {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // A connection lost while idle in the pool (a PostgreSQL restart or failover, a dropped test
  // database) is emitted on the pool; unheard, it would end the process. The pool replaces it.
  pool.on("error", (error) => console.warn(`A PostgreSQL connection was lost while idle: ${error.message}`));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: TRANSACTION_OPTIONS });
  return {
    prisma,
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}

export function pgliteSqlRunner(pglite: PGlite): SqlRunner {
  return {
    exec: async (sql) => void (await pglite.exec(sql)),
    query: async <Row>(sql: string, params?: unknown[]) => (await pglite.query<Row>(sql, params)).rows,
  };
}

/** Migrations need one connection (BEGIN … COMMIT, advisory locks), hence a Client, not a Pool. */
export function postgresSqlRunner(client: pg.Client): SqlRunner {
  return {
    exec: async (sql) => void (await client.query(sql)),
    query: async <Row>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as Row[],
  };
}

/** Applies pending migrations to the target database; returns the names applied. */
export async function migrateDatabase(target: DatabaseTarget): Promise<string[]> {
  if (target.kind === "postgres") {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      return await applyMigrations(postgresSqlRunner(client));
    } finally {
      await client.end();
    }
  }
  const pglite = openPGlite(target.dataDir);
  try {
    return await applyMigrations(pgliteSqlRunner(pglite));
  } finally {
    await pglite.close();
  }
}

export function openDatabase(target: DatabaseTarget): OpenDatabase {
  return target.kind === "postgres" ? postgresDatabase(target.url) : pgliteDatabase(openPGlite(target.dataDir));
}

// Opened lazily, so importing a route module (in a test, say) never opens ./data.
//
// Kept on globalThis, not in this module: the end-to-end harness and the demo serve the built app
// and mount their own extras (fixtures, the mail outbox) from source in the same process, so two
// copies of this module run side by side. They must share one database, and PGlite allows only one
// opener of a folder. See docs/decisions/031-start-modes.md.
interface DatabaseHolder {
  current?: OpenDatabase;
  openDefault: () => OpenDatabase;
}
const STATE = Symbol.for("survey-panel.database");
const state: DatabaseHolder = ((globalThis as { [STATE]?: DatabaseHolder })[STATE] ??= {
  openDefault: () => openDatabase(getDatabaseTarget()),
});

export function getDatabase(): OpenDatabase {
  state.current ??= state.openDefault();
  return state.current;
}

export function getPrisma(): PrismaClient {
  return getDatabase().prisma;
}

/** Tests give each test file its own database: opened on first use, or handed over ready. */
export function provideDatabase(database: OpenDatabase | (() => OpenDatabase)) {
  if (typeof database === "function") {
    state.current = undefined;
    state.openDefault = database;
  } else {
    state.current = database;
  }
}

export function isDatabaseOpen(): boolean {
  return state.current !== undefined;
}

export async function closeDatabase() {
  const database = state.current;
  state.current = undefined;
  await database?.close();
}

// The production server closes the app's database after its last request (and after the jobs that
// use it have stopped): with PGlite, closing is what flushes the data folder.
onShutdown("database", "database", closeDatabase);

/**
 * True for a unique-constraint violation, whichever adapter raised it: @prisma/adapter-pg maps it
 * to Prisma's P2002, while the PGlite adapter passes PostgreSQL's own code 23505 through.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  if ((error as { code?: unknown }).code === "P2002") return true;
  const cause = (error as { cause?: { code?: unknown; originalCode?: unknown } }).cause;
  return cause?.code === "23505" || cause?.originalCode === "23505";
}

/**
 * A UTC instant as the database's timestamp (Prisma's DateTime: without time zone, in UTC) for raw
 * SQL, whatever the connection's time zone.
 */
export function utc(instant: Date): Prisma.Sql {
  return Prisma.sql`(${instant.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}
