import { z } from "zod";

// The values of the back office's GET filter forms (Users Records, the withdrawals queue, the audit
// log, survey results, the exports), checked the same way everywhere.

/** Blank query values (an empty field of the GET form) mean "not given". */
export const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

/** A calendar date as the date input sends it (YYYY-MM-DD), and one that exists (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * The fields of a GET filter form, each checked by its own schema: the values as typed (trimmed,
 * empty ones left out: to show back in the form and carry in page links), what the valid ones
 * parsed to, and a message under each value that makes no sense, an end date (`to`) before the start
 * (`from`) included. The caller lists nothing while there are errors: a half-applied filter would
 * show rows the admin did not ask for as if they were the answer.
 */
export function readFilterFields<Schemas extends Record<string, z.ZodTypeAny>>(
  params: URLSearchParams,
  schemas: Schemas,
  messages: { invalid: string; range: string },
  maxLength = 200,
) {
  type Field = keyof Schemas & string;
  const values: Partial<Record<Field, string>> = {};
  const errors: Partial<Record<Field, string[]>> = {};
  const parsed: { [F in Field]?: z.output<Schemas[F]> } = {};
  for (const field of Object.keys(schemas) as Field[]) {
    const raw = (params.get(field) ?? "").trim().slice(0, maxLength);
    if (raw === "") continue;
    values[field] = raw;
    const result = schemas[field].safeParse(raw);
    if (result.success) parsed[field] = result.data;
    else errors[field] = [result.error.issues[0]?.message ?? messages.invalid];
  }
  const { from, to } = parsed as { from?: unknown; to?: unknown };
  if (typeof from === "string" && typeof to === "string" && to < from) errors["to" as Field] = [messages.range];
  return { parsed, values, errors };
}
