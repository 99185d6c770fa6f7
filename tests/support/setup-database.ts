import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import {
  closeDatabase,
  getPrisma,
  isDatabaseOpen,
  pgliteDatabase,
  postgresDatabase,
  provideDatabase,
} from "~/lib/db.server";
import { databaseUrl, withAdminClient } from "./database-template";

// Each test file gets its own database, a copy of the migrated template, and every test starts
// from empty tables. On PGlite the copy is made on first use, so tests that never touch the
// database pay nothing; on PostgreSQL (CI's second run) it is created before the file's tests.
const template = inject("databaseTemplate");
const secret = "test-session-secret-that-is-long-enough-0123456789";
process.env.SESSION_SECRET ||= secret;

if (template.kind === "pglite") {
  provideDatabase(() => {
    const dump = new Blob([fs.readFileSync(template.file)]);
    return pgliteDatabase(new PGlite({ loadDataDir: dump }));
  });
} else {
  const name = `panel_test_${randomBytes(6).toString("hex")}`;
  beforeAll(async () => {
    await withAdminClient(template.url, (admin) =>
      admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template.template}"`),
    );
    provideDatabase(postgresDatabase(databaseUrl(template.url, name), { max: 25 }));
  });
  afterAll(async () => {
    await closeDatabase();
    await withAdminClient(template.url, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  });
}

let tables: string[] | undefined;

beforeEach(async () => {
  if (!isDatabaseOpen()) return;
  const prisma = getPrisma();
  tables ??= (
    await prisma.$queryRawUnsafe<{ tablename: string }[]>(
      `SELECT tablename::text AS tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
    )
  ).map((row) => `"${row.tablename}"`);
  await prisma.$executeRawUnsafe(`TRUNCATE TABLE ${tables.join(", ")} RESTART IDENTITY CASCADE`);
});

afterAll(async () => {
  if (template.kind === "pglite") await closeDatabase();
});
