import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { parseDatabaseUrl } from "../../app/lib/database-url";
import { pgliteSqlRunner, postgresSqlRunner } from "../../app/lib/db.server";
import { applyMigrations } from "../../app/lib/migrations.server";
import { type DatabaseTemplate, databaseUrl, templateDatabaseName, withAdminClient } from "./database-template";

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

// Migrates one template database for the whole run; every test file then gets its own copy of it
// (setup-database.ts), which is much faster than migrating a database per file.
export default async function setup(project: TestProject) {
  const target = parseDatabaseUrl(process.env.DATABASE_URL || "pglite:memory");
  if (target.kind === "postgres") {
    // One template per vitest project (fast, slow): both set up in the same process.
    const template = `${templateDatabaseName(target.url)}_${project.name || "tests"}`.replace(/[^a-z0-9_]/gi, "_");
    await withAdminClient(target.url, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${template}"`);
    });
    const client = new pg.Client({ connectionString: databaseUrl(target.url, template) });
    await client.connect();
    try {
      await applyMigrations(postgresSqlRunner(client));
    } finally {
      await client.end();
    }
    project.provide("databaseTemplate", { kind: "postgres", url: target.url, template });
    return async () => {
      await withAdminClient(target.url, (admin) => admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`));
    };
  }

  const pglite = new PGlite();
  await applyMigrations(pgliteSqlRunner(pglite));
  const dump = await pglite.dumpDataDir("gzip");
  await pglite.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "panel-tests-")), "template.tar.gz");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("databaseTemplate", { kind: "pglite", file });
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
