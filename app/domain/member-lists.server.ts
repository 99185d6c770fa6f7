// The spec sends members whose survey list, survey history or points history fails to load to the
// 404 page. The failure is logged, so that it is not lost behind the page (decision 022).
import { pageParam } from "~/components/data-table";
import { notFound } from "~/lib/http.server";
import { requireMemberWithDetails } from "./auth.server";

export async function notFoundOnFailure<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.error(`The ${what} could not be loaded`, error);
    throw notFound();
  }
}

/**
 * The loader of a member's paged history (points, surveys): the member with details, the page from
 * `?page=`, and the 404 page when the list fails to load.
 */
export async function loadMemberHistory<Row>(
  request: Request,
  what: string,
  list: (memberId: number, page: number) => Promise<{ rows: Row[]; page: number; pageCount: number }>,
) {
  const { member } = await requireMemberWithDetails(request);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const history = await notFoundOnFailure(what, () => list(member.id, page));
  return { rows: history.rows, page: history.page, pageCount: history.pageCount };
}
