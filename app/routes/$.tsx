import { NotFound } from "~/components/not-found";

// Any path no other route matches: the spec's 'Page Not Found', with a real 404 status.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}
