// The load benchmark's server: the production build as `npm run serve` serves it, plus two
// yardstick routes that answer a fixed string without touching the database: /bench/static, an
// Express handler in front of Remix (what Express manages on this machine), and /bench/remix, a
// bare Remix resource route added to the build's routes here, so it goes through Remix's request
// handler like every page (the yardstick of issue 17's goals). Never part of the app's build or of
// `npm start` (docs/decisions/031-start-modes.md).
import type { ServerBuild } from "@remix-run/node";
import { startServer } from "../server";

const BODY = "Survey panel: a static string for the load benchmark.\n";
const HEADERS = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

await startServer("harness", {
  extras(app) {
    app.get("/bench/static", (_req, res) => {
      res.set(HEADERS).send(BODY);
    });
  },
  changeBuild: addBareRemixRoute,
});

/** A resource route (a loader and no component) under the root, as a flat route file would make it. */
function addBareRemixRoute(build: ServerBuild) {
  const id = "routes/bench.remix";
  build.routes[id] = {
    id,
    parentId: "root",
    path: "bench/remix",
    index: undefined,
    caseSensitive: undefined,
    module: { loader: () => new Response(BODY, { headers: HEADERS }) },
  } as unknown as ServerBuild["routes"][string];
}
