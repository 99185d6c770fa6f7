import { z } from "zod";
import { isCalendarDate, readFilterFields } from "~/lib/filter-fields";
import { isAuditAction } from "./audit-sentences";
import type { AuditAction } from "./audit.server";

// The audit log's filters, read from the query string of its GET form (so they work without
// JavaScript, stay in the address and survive paging). A value that makes no sense gets a message
// under its field and the log lists nothing until it is fixed: a half-applied filter would show
// entries the admin did not ask for as if they were the answer.

export interface AuditFilters {
  adminId?: number;
  action?: AuditAction;
  memberId?: number;
  /** Inclusive, UTC, as YYYY-MM-DD. */
  from?: string;
  to?: string;
}

export const AUDIT_FILTER_FIELDS = ["admin", "action", "member", "from", "to"] as const;
export type AuditFilterField = (typeof AUDIT_FILTER_FIELDS)[number];

export const AUDIT_FILTER_MESSAGES = {
  admin: "Choose an admin from the list.",
  action: "Choose an action from the list.",
  member: "Enter a member number (digits only), such as 40.",
  date: "Enter a date as YYYY-MM-DD, such as 2026-11-25.",
  range: "The end date is before the start date: choose an end on or after the start.",
} as const;

const id = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((value) => value >= 1, message);

const day = z.string().refine(isCalendarDate, AUDIT_FILTER_MESSAGES.date);

const SCHEMAS = {
  admin: id(AUDIT_FILTER_MESSAGES.admin),
  action: z.string().refine(isAuditAction, AUDIT_FILTER_MESSAGES.action),
  member: id(AUDIT_FILTER_MESSAGES.member),
  from: day,
  to: day,
} satisfies Record<AuditFilterField, z.ZodTypeAny>;

export interface ReadFilters {
  filters: AuditFilters;
  /** The values as typed, to show back in the form (trimmed, empty ones left out). */
  values: Partial<Record<AuditFilterField, string>>;
  errors: Partial<Record<AuditFilterField, string[]>>;
}

export function readAuditFilters(params: URLSearchParams): ReadFilters {
  const { parsed, values, errors } = readFilterFields(params, SCHEMAS, {
    invalid: AUDIT_FILTER_MESSAGES.date,
    range: AUDIT_FILTER_MESSAGES.range,
  });
  const filters: AuditFilters = {
    adminId: parsed.admin,
    action: parsed.action as AuditAction | undefined,
    memberId: parsed.member,
    from: parsed.from,
    to: parsed.to,
  };
  return { filters, values, errors };
}

/** The query string of these filters (without the page), for page links that keep them. */
export function filterQuery(values: ReadFilters["values"]): string {
  const params = new URLSearchParams();
  for (const field of AUDIT_FILTER_FIELDS) {
    const value = values[field];
    if (value) params.set(field, value);
  }
  return params.toString();
}
