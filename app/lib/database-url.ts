// The one reading of DATABASE_URL, shared by the app, the Prisma CLI config, the migrate script
// and the tests:
//   postgres://… or postgresql://…  → a real PostgreSQL through @prisma/adapter-pg
//   pglite:<dir>                    → embedded PGlite with its data in <dir>
//   pglite:memory                   → embedded PGlite in memory (tests)
//   unset or empty                  → pglite:./data/db
export type DatabaseTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string | null };

export const DEFAULT_DATABASE_URL = "pglite:./data/db";

export function parseDatabaseUrl(raw: string | undefined): DatabaseTarget {
  const url = raw?.trim() || DEFAULT_DATABASE_URL;
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: "postgres", url };
  if (url.startsWith("pglite:")) {
    const location = url.slice("pglite:".length);
    if (location === "memory") return { kind: "pglite", dataDir: null };
    if (location) return { kind: "pglite", dataDir: location };
  }
  throw new Error(`DATABASE_URL must be postgresql://…, pglite:<folder> or pglite:memory (got "${url}").`);
}
