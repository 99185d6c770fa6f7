// The admin's member page (/admin/users/{id}): what its route's component and its server half
// share. Safe for the browser: nothing here reads the database.

/** The page's lists, each paged by its own query parameter (`?ledger=2&audit=3`). */
export const MEMBER_PAGE_LISTS = ["ledger", "assignments", "withdrawals", "audit"] as const;
export type MemberPageList = (typeof MEMBER_PAGE_LISTS)[number];
export type MemberPagePages = Record<MemberPageList, number>;

/** A list's rows on one page, the page shown (out-of-range pages show the last) and the number of pages. */
export interface Paged<Row> {
  rows: Row[];
  page: number;
  pageCount: number;
  total: number;
}
