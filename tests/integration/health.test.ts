import { describe, expect, test, vi } from "vitest";
import { getDatabase, getPrisma, postgresDatabase, provideDatabase } from "~/lib/db.server";
import { startDraining } from "~/lib/lifecycle.server";
import { loader as healthz } from "~/routes/healthz";
import { loader as readyz } from "~/routes/readyz";

// /healthz and /readyz on the test database (PGlite, and PostgreSQL in CI's second run). The
// server around them is tested in server.test.ts.

async function read(response: Response) {
  return { status: response.status, cache: response.headers.get("cache-control"), body: await response.json() };
}

describe("/healthz", () => {
  test("is 200 when the database answers", async () => {
    expect(await read(await healthz())).toEqual({
      status: 200,
      cache: "no-store",
      body: { status: "ok", database: "ok" },
    });
  });

  test("is 503 when the database does not answer, and logs why", async () => {
    const working = getDatabase();
    const unreachable = postgresDatabase("postgresql://nobody@127.0.0.1:1/nowhere");
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    provideDatabase(unreachable);
    try {
      expect(await read(await healthz())).toEqual({
        status: 503,
        cache: "no-store",
        body: { status: "fail", database: "unreachable" },
      });
      expect(logged).toHaveBeenCalledWith('health check "database" failed', expect.any(Error));
    } finally {
      provideDatabase(working);
      logged.mockRestore();
      await unreachable.close();
    }
  });
});

describe("/readyz", () => {
  // In this order: readiness remembers that all migrations were applied, and draining is for good.
  test("is 503 while a migration is not applied, naming how many", async () => {
    const prisma = getPrisma();
    const [last] = await prisma.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "_prisma_migrations" ORDER BY "migration_name" DESC LIMIT 1`;
    await prisma.$executeRaw`UPDATE "_prisma_migrations" SET "rolled_back_at" = now() WHERE "id" = ${last.id}`;
    try {
      expect(await read(await readyz())).toEqual({
        status: 503,
        cache: "no-store",
        body: { status: "not ready", migrations: "1 pending" },
      });
    } finally {
      await prisma.$executeRaw`UPDATE "_prisma_migrations" SET "rolled_back_at" = NULL WHERE "id" = ${last.id}`;
    }
  });

  test("is 200 once every migration is applied", async () => {
    expect(await read(await readyz())).toEqual({ status: 200, cache: "no-store", body: { status: "ready" } });
  });

  test("is 503 while the server drains for a shutdown, and /healthz stays 200", async () => {
    startDraining();
    expect(await read(await readyz())).toEqual({ status: 503, cache: "no-store", body: { status: "draining" } });
    expect((await healthz()).status).toBe(200);
  });
});
