import { NotFound } from "~/components/not-found";
import { notFound } from "~/lib/http.server";

// Any path no other route matches: the spec's 'Page Not Found', with a real 404 status.
export function loader() {
  throw notFound();
}

// A post to a path that does not exist is a 404 too, not Remix's 405 for a route without an action:
// an unknown path answers the same whatever the method.
export async function action() {
  throw notFound();
}

export default function CatchAll() {
  return <NotFound />;
}
