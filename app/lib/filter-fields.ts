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
