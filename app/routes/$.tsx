import { NotFound } from "~/components/not-found";

// Any path no other route matches: the spec's 'Page Not Found', with a real 404 status.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

// A post to a path that does not exist is a 404 too, not Remix's 405 for a route without an action:
// an unknown path answers the same whatever the method.
export async function action() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}
