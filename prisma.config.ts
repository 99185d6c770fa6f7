import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "prisma/config";
import { parseDatabaseUrl } from "./app/lib/database-url";

const target = parseDatabaseUrl(process.env.DATABASE_URL);

// The CLI falls back to downloading native engines when the schema's URL is not a postgres URL,
// so on PGlite it gets a placeholder; the adapter below is what it really talks to.
if (target.kind === "pglite") process.env.DATABASE_URL = "postgresql://pglite@localhost/pglite";

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    if (target.kind === "postgres") {
      const { PrismaPg } = await import("@prisma/adapter-pg");
      return new PrismaPg({ connectionString: target.url });
    }
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    if (target.dataDir) fs.mkdirSync(target.dataDir, { recursive: true });
    return new PrismaPGlite(new PGlite(target.dataDir ?? undefined));
  },
});
