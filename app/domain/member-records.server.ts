import { z } from "zod";
import { MemberStatus, Prisma } from "~/generated/prisma/client";
import { isMobile, phoneDigits } from "~/domain/member-profile-rules";
import { isCountryCode } from "~/lib/countries.server";
import { isCalendarDate, optional } from "~/lib/filter-fields";
import type { Tx } from "~/lib/db.server";
import { parseId } from "~/lib/ids";

// Users Records (/admin/users): the totals cards, the member search and the member table.
// The table pages by sign-up date and id (keyset: ?after=ID / ?before=ID / ?last=1), so every page
// costs the same at 1,000,000 members as at 100; see docs/decisions/013-users-records.md.

export const PAGE_SIZE = 20;
export const EMAIL_SEARCH_MESSAGE = "Enter an email address or the start of one.";
export const MEMBER_ID_MESSAGE = "Enter a member ID: a whole number such as 1042.";
export const NAME_SEARCH_MESSAGE = "Enter a name or the start of one (up to 100 characters).";
export const PHONE_SEARCH_MESSAGE =
  "Enter the whole phone number as the member gave it: 6 to 15 digits, optionally starting with +.";
export const COUNTRY_FILTER_MESSAGE = "Choose a country from the list.";
export const STATUS_FILTER_MESSAGE = "Choose a status from the list.";
export const DATE_FILTER_MESSAGE = "Enter a date as YYYY-MM-DD, for example 2026-11-25.";
export const DATE_RANGE_MESSAGE = "The first date must be on or before the last date.";
export const SORT_MESSAGE = "Choose newest or oldest first, or the lowest quality score first.";

/** Sign-up order either way, or the lowest quality score first (issue 20: whom to look at first). */
export const MEMBER_SORTS = ["oldest", "newest", "quality"] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

/** A calendar date as the date input sends it (YYYY-MM-DD), and one that exists (not 2026-02-30). */
export const signUpDate = z.string().trim().refine(isCalendarDate, DATE_FILTER_MESSAGE);

/**
 * The Users Records query: search keys (member id, e-mail or its start, name or its start, phone), filters (country, status, sign-up dates, inclusive UTC days) and the sort. Every key is
 * optional and they combine with AND. The phone is the whole number, normalised as My Detail stores it
 * (spaces and hyphens removed): an exact match is one index lookup, where a short prefix of numbers
 * that share their first digits would make the planner walk the sign-up index (docs/performance.md).
 */
export const memberSearchSchema = z
  .object({
    id: optional(
      z
        .string()
        .trim()
        .refine((value) => parseId(value) !== null, MEMBER_ID_MESSAGE),
    ),
    /** An e-mail address or its start: lower-cased, no spaces, only characters addresses use. */
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, EMAIL_SEARCH_MESSAGE)
      .regex(/^[a-z0-9.!#$%&'*+/=?^_`{|}~@-]*$/, EMAIL_SEARCH_MESSAGE)
      .optional(),
    name: optional(
      z
        .string()
        .max(100, NAME_SEARCH_MESSAGE)
        // Control characters (NUL above all, which PostgreSQL refuses in text) are in no name.
        .refine((value) => !/\p{Cc}/u.test(value.replace(/[\t\n\r]/g, " ")), NAME_SEARCH_MESSAGE)
        .transform((value) => value.trim().replace(/\s+/g, " ").toLowerCase()),
    ),
    phone: optional(
      z
        .string()
        .refine(isMobile, PHONE_SEARCH_MESSAGE)
        .transform((value) => phoneDigits(value.trim())),
    ),
    country: optional(z.string().trim().refine(isCountryCode, COUNTRY_FILTER_MESSAGE)),
    status: optional(z.nativeEnum(MemberStatus, { errorMap: () => ({ message: STATUS_FILTER_MESSAGE }) })),
    from: optional(signUpDate),
    to: optional(signUpDate),
    sort: optional(z.enum(MEMBER_SORTS, { errorMap: () => ({ message: SORT_MESSAGE }) })),
  })
  .superRefine((search, context) => {
    if (search.from && search.to && search.from > search.to) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: DATE_RANGE_MESSAGE });
    }
  });

export type MemberSearch = z.infer<typeof memberSearchSchema>;
export const MEMBER_SEARCH_KEYS = ["id", "email", "name", "phone", "country", "status", "from", "to", "sort"] as const;

export interface MemberRecord {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  country: string | null;
  state: string | null;
  qualityScore: number;
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
    FROM "PanelCounter" WHERE "name" IN ('members_total', 'assignments_completed', 'withdrawals_paid_minor')`;
  return { totalUsers: Number(row.users), totalCompleted: Number(row.completed), totalPaidMinor: Number(row.paid) };
}

/** The member whose address is exactly this one (the unique index makes it one lookup). */
export function findMemberByEmail(prisma: Tx, email: string): Promise<MemberRecord | null> {
  return prisma.member.findUnique({ where: { email }, select: MEMBER_RECORD });
}

/**
 * One page of members by sign-up date (then id, so equal dates keep one order), oldest or newest
 * first, with the search's keys and filters. Keyset pages: the cursor is the id of the row at the
 * page's edge, whose (createdAt, id) the query reads, so a page costs the same wherever it is.
 * Prefixes use LIKE 'prefix%' on text_pattern_ops indexes (%, _ and \\ in a value match literally).
 */
export async function listMemberRecords(
  prisma: Tx,
  { cursor, ...search }: Omit<MemberSearch, "email"> & { emailPrefix?: string; cursor: PageCursor },
): Promise<MemberRecordsPage> {
  const conditions = memberSearchConditions(search);
  const newest = search.sort === "newest";
  // The key the pages are ordered and cut by: the sign-up time, or the quality score (lowest first).
  const key = search.sort === "quality" ? Prisma.raw(`"qualityScore"`) : Prisma.raw(`"createdAt"`);
  const backwards = cursor !== null && !("after" in cursor);
  // Rows come in reading order when going forwards, in reverse when reading back from a cursor.
  const descending = newest !== backwards;
  const anchor = cursor && "after" in cursor ? cursor.after : cursor && "before" in cursor ? cursor.before : null;
  if (anchor !== null) {
    const edge = Prisma.sql`(SELECT ${key}, "id" FROM "Member" WHERE "id" = ${anchor})`;
    conditions.push(descending ? Prisma.sql`(${key}, "id") < ${edge}` : Prisma.sql`(${key}, "id") > ${edge}`);
  }
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const order = descending ? Prisma.sql`${key} DESC, "id" DESC` : Prisma.sql`${key} ASC, "id" ASC`;
  const rows = await prisma.$queryRaw<MemberRecord[]>`
    SELECT "id", "firstName", "lastName", "email", "country", "state", "qualityScore" FROM "Member"
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

/**
 * The WHERE conditions of a search's keys and filters on "Member" (the sort and the cursor aside),
 * shared by the Users Records pages and the members export so both list the same members.
 */
export function memberSearchConditions(
  search: Omit<MemberSearch, "email" | "sort"> & { emailPrefix?: string },
): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  const id = search.id ? parseId(search.id) : null;
  if (id !== null) conditions.push(Prisma.sql`"id" = ${id}`);
  if (search.emailPrefix) conditions.push(Prisma.sql`"email" LIKE ${escapeLike(search.emailPrefix) + "%"}`);
  if (search.name) conditions.push(Prisma.sql`${MEMBER_FULL_NAME} LIKE ${escapeLike(search.name) + "%"}`);
  if (search.phone) conditions.push(Prisma.sql`"mobile" = ${search.phone}`);
  if (search.country) conditions.push(Prisma.sql`"country" = ${search.country}`);
  if (search.status) conditions.push(Prisma.sql`"status" = ${search.status}::"MemberStatus"`);
  if (search.from) conditions.push(Prisma.sql`"createdAt" >= ${new Date(`${search.from}T00:00:00Z`)}`);
  if (search.to) {
    const dayAfter = new Date(`${search.to}T00:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    conditions.push(Prisma.sql`"createdAt" < ${dayAfter}`);
  }
  return conditions;
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

const MEMBER_RECORD = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  country: true,
  state: true,
  qualityScore: true,
} as const;

// The expression of the index Member_full_name_prefix: the name as "first last", lower-cased.
const MEMBER_FULL_NAME = Prisma.sql`lower("firstName" || ' ' || "lastName")`;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}
