// The spec sends members whose survey list, survey history or points history fails to load to the
// 404 page. The failure is logged, so that it is not lost behind the page (decision 022).
import { notFound } from "~/lib/http.server";

export async function notFoundOnFailure<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.error(`The ${what} could not be loaded`, error);
    throw notFound();
  }
}
