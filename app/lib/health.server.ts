import { getPrisma } from "./db.server";
import { isDraining } from "./lifecycle.server";
import { readMigrations } from "./migrations.server";

// The answers of /healthz (alive, and the database answers) and /readyz (ready for traffic: the
// database answers, every migration is applied, and the server is not draining). Both answer JSON,
// 200 or 503, never cached. The reason for a failure is logged, not shown: the body is public.
// See docs/decisions/028-production-server.md.

/** A database that has not answered by then counts as down: a probe must not hang. */
const CHECK_TIMEOUT_MS = 3_000;

export async function healthResponse(): Promise<Response> {
  const answered = await check("database", async () => {
    await getPrisma().$queryRaw`SELECT 1`;
    return true;
  });
  if (!answered) return answer(503, { status: "fail", database: "unreachable" });
  return answer(200, { status: "ok", database: "ok" });
}

export async function readinessResponse(): Promise<Response> {
  if (isDraining()) return answer(503, { status: "draining" });
  const pending = await check("migrations", pendingMigrations);
  if (pending === undefined) return answer(503, { status: "not ready", database: "unreachable" });
  if (pending.length > 0) return answer(503, { status: "not ready", migrations: `${pending.length} pending` });
  return answer(200, { status: "ready" });
}

// Migrations only ever get applied, so once all are, that is remembered for the life of the process.
let allApplied = false;

async function pendingMigrations(): Promise<string[]> {
  if (allApplied) return [];
  const rows = await getPrisma().$queryRaw<{ migration_name: string }[]>`
    SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`;
  const applied = new Set(rows.map((row) => row.migration_name));
  const pending = readMigrations()
    .map((migration) => migration.name)
    .filter((name) => !applied.has(name));
  allApplied = pending.length === 0;
  return pending;
}

/** The check's result, or undefined (and a log line) when it failed or took too long. */
async function check<T>(name: string, work: () => Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work(), timeout]);
  } catch (error) {
    console.error(`health check "${name}" failed`, error);
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

function answer(status: number, body: Record<string, string>): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}
