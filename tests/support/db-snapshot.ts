import { getPrisma } from "~/lib/db.server";

// A fingerprint of the whole database, in one query: per table of the public schema, the row count,
// the sum of a hash of every row's text and the sum of their lengths. Two equal snapshots mean no row
// was added, removed or changed (short of a hash collision that also keeps the lengths). A sum needs
// no sort, so this is several times faster than an md5 of the ordered rows; the fuzzers take one after
// every post.

export type DatabaseSnapshot = Record<string, { rows: number; hash: string }>;

let tables: string[] | undefined;

async function publicTables(): Promise<string[]> {
  tables ??= (
    await getPrisma().$queryRawUnsafe<{ tablename: string }[]>(
      `SELECT tablename::text AS tablename FROM pg_tables
       WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename`,
    )
  ).map((row) => row.tablename);
  return tables;
}

/** Every table but those in `ignore` (say RateLimit, for a form whose refusals are counted by design). */
export async function databaseSnapshot({
  ignore = [],
}: { ignore?: readonly string[] } = {}): Promise<DatabaseSnapshot> {
  const names = (await publicTables()).filter((name) => !ignore.includes(name));
  const query = names
    .map(
      (name) =>
        `SELECT '${name}' AS name, count(*)::int AS rows,
           concat_ws(':', sum(hashtext(t::text)::bigint), sum(length(t::text))) AS hash FROM "${name}" t`,
    )
    .join(" UNION ALL ");
  const rows = await getPrisma().$queryRawUnsafe<{ name: string; rows: number; hash: string }[]>(query);
  return Object.fromEntries(rows.map(({ name, rows: count, hash }) => [name, { rows: Number(count), hash }]));
}

/** The tables whose rows differ between two snapshots, for a readable failure. */
export function changedTables(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const differs = (name: string) =>
    before[name]?.hash !== after[name]?.hash || before[name]?.rows !== after[name]?.rows;
  return [...names].filter(differs).sort();
}
