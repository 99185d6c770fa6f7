import { z } from "zod";
import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/lib/db.server";
import { parseId } from "~/lib/ids";

// Users Records (/admin/users): the totals cards, the e-mail search and the member table.
// The table pages by id (keyset: ?after=ID / ?before=ID / ?last=1), so every page costs the same
// at 1,000,000 members as at 100; see docs/decisions/013-users-records.md.

export const PAGE_SIZE = 20;
export const EMAIL_SEARCH_MESSAGE = "Enter an email address or the start of one.";

/** An e-mail address or its start: lower-cased, no spaces, only characters addresses use. */
export const memberSearchSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, EMAIL_SEARCH_MESSAGE)
    .regex(/^[a-z0-9.!#$%&'*+/=?^_`{|}~@-]*$/, EMAIL_SEARCH_MESSAGE)
    .optional(),
});

export interface MemberRecord {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  country: string | null;
  state: string | null;
}

export type PageCursor = { after: number } | { before: number } | { last: true } | null;

export interface MemberRecordsPage {
  members: MemberRecord[];
  /** Whether a page exists before the first row and after the last row of this one. */
  hasPrevious: boolean;
  hasNext: boolean;
}

export interface UsersRecordsTotals {
  totalUsers: number;
  totalCompleted: number;
  /** Paid-out withdrawals (status success), in minor units (paise). */
  totalPaidMinor: number;
}

export async function getUsersRecordsTotals(prisma: Tx): Promise<UsersRecordsTotals> {
  // The trigger-kept PanelCounter totals: a few rows whatever the size of the panel.
  const [row] = await prisma.$queryRaw<{ users: bigint; completed: bigint; paid: bigint }[]>`
    SELECT coalesce(sum("value") FILTER (WHERE "name" = 'members_total'), 0)::bigint AS users,
           coalesce(sum("value") FILTER (WHERE "name" = 'assignments_completed'), 0)::bigint AS completed,
           coalesce(sum("value") FILTER (WHERE "name" = 'withdrawals_paid_minor'), 0)::bigint AS paid
    FROM "PanelCounter"`;
  return { totalUsers: Number(row.users), totalCompleted: Number(row.completed), totalPaidMinor: Number(row.paid) };
}

/** The member whose address is exactly this one (the unique index makes it one lookup). */
export function findMemberByEmail(prisma: Tx, email: string): Promise<MemberRecord | null> {
  return prisma.member.findUnique({ where: { email }, select: MEMBER_RECORD });
}

/**
 * One page of members in id order, optionally only those whose address starts with `emailPrefix`
 * (LIKE 'prefix%' uses the text_pattern_ops index; % and _ in the prefix are matched literally).
 */
export async function listMemberRecords(
  prisma: Tx,
  { emailPrefix, cursor }: { emailPrefix?: string; cursor: PageCursor },
): Promise<MemberRecordsPage> {
  const conditions: Prisma.Sql[] = [];
  if (emailPrefix) conditions.push(Prisma.sql`"email" LIKE ${escapeLike(emailPrefix) + "%"}`);
  const backwards = cursor !== null && !("after" in cursor);
  if (cursor && "after" in cursor) conditions.push(Prisma.sql`"id" > ${cursor.after}`);
  if (cursor && "before" in cursor) conditions.push(Prisma.sql`"id" < ${cursor.before}`);
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const order = backwards ? Prisma.sql`"id" DESC` : Prisma.sql`"id" ASC`;
  const rows = await prisma.$queryRaw<MemberRecord[]>`
    SELECT "id", "firstName", "lastName", "email", "country", "state" FROM "Member"
    ${where} ORDER BY ${order} LIMIT ${PAGE_SIZE + 1}`;
  const more = rows.length > PAGE_SIZE;
  const members = rows.slice(0, PAGE_SIZE).map((row) => ({ ...row, country: row.country?.trim() ?? null }));
  if (backwards) members.reverse();
  return {
    members,
    hasPrevious: backwards ? more : cursor !== null,
    hasNext: backwards ? cursor !== null && "before" in cursor : more,
  };
}

/** '₹ 1,234.00' from paise, without floating-point rounding. */
export function formatRupees(minor: number): string {
  const rupees = Math.trunc(minor / 100).toLocaleString("en-US");
  return `₹ ${rupees}.${String(Math.abs(minor % 100)).padStart(2, "0")}`;
}

export function parsePageCursor(params: URLSearchParams): PageCursor {
  const id = (name: string) => parseId(params.get(name));
  const after = id("after");
  if (after !== null) return { after };
  const before = id("before");
  if (before !== null) return { before };
  return params.get("last") === "1" ? { last: true } : null;
}

const MEMBER_RECORD = { id: true, firstName: true, lastName: true, email: true, country: true, state: true } as const;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}
