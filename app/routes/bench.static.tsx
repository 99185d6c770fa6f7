// The load benchmark's yardstick (scripts/bench/load.ts): a Remix resource route that answers a fixed
// string without touching the database, so every other route's figures read as a share of what the
// framework and the server manage on the same machine. It exists only when the server starts with
// BENCH_ROUTES=1; otherwise it is a 404 like any unknown path.
const BODY = "Survey panel: a static string for the load benchmark.\n";

export function loader() {
  if (process.env.BENCH_ROUTES !== "1") throw new Response("Not Found", { status: 404 });
  return new Response(BODY, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
