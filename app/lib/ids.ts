// The one parser of a database id that arrives as text: a URL segment, a query value, a form field.
// Isomorphic (no server imports), so forms' zod schemas share the bound with the server.

/** The largest id the database's `Int` columns hold (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

/**
 * A plain positive whole number that fits an id column, or null for anything else ("0", "007",
 * "1e3", " 1", "-1", a number past MAX_ID, a File, undefined): a crafted value is never looked up.
 */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}
