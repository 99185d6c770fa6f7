import { describe, expect, test } from "vitest";
import { parseDatabaseUrl } from "~/lib/database-url";

describe("DATABASE_URL", () => {
  test("defaults to the embedded database under ./data", () => {
    expect(parseDatabaseUrl(undefined)).toEqual({ kind: "pglite", dataDir: "./data/db" });
    expect(parseDatabaseUrl("  ")).toEqual({ kind: "pglite", dataDir: "./data/db" });
  });

  test("reads a PGlite folder or memory", () => {
    expect(parseDatabaseUrl("pglite:/var/panel")).toEqual({ kind: "pglite", dataDir: "/var/panel" });
    expect(parseDatabaseUrl("pglite:memory")).toEqual({ kind: "pglite", dataDir: null });
  });

  test("sends postgres URLs to PostgreSQL", () => {
    for (const url of ["postgres://u:p@db/panel", "postgresql://u:p@db:5433/panel?sslmode=require"]) {
      expect(parseDatabaseUrl(url)).toEqual({ kind: "postgres", url });
    }
  });

  test("refuses anything else with a message naming the accepted forms", () => {
    for (const url of ["mysql://db/panel", "pglite:", "file:./dev.db"]) {
      expect(() => parseDatabaseUrl(url)).toThrow(/postgresql:\/\/…, pglite:<folder> or pglite:memory/);
    }
  });
});
