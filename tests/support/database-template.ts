import pg from "pg";

export type DatabaseTemplate = { kind: "pglite"; file: string } | { kind: "postgres"; url: string; template: string };

/**
 * The template's name derives from the configured database and this run's process, so two projects,
 * or two runs on one server at the same time, never drop each other's template.
 */
export function templateDatabaseName(url: string): string {
  return `${new URL(url).pathname.slice(1) || "panel"}_template_${process.pid}`;
}

export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** CREATE and DROP DATABASE cannot run inside the database they act on, so use "postgres". */
export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(url, "postgres") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
