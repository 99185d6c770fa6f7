// Applies pending migrations to DATABASE_URL (run by `npm start`, `npm run dev` and CI).
import { getDatabaseTarget } from "../app/lib/env.server";
import { migrateDatabase } from "../app/lib/db.server";

const target = getDatabaseTarget();
const applied = await migrateDatabase(target);
const where = target.kind === "postgres" ? "PostgreSQL" : `PGlite (${target.dataDir ?? "memory"})`;
console.log(
  applied.length
    ? `Applied ${applied.length} migration(s) to ${where}: ${applied.join(", ")}`
    : `${where} is up to date.`,
);
