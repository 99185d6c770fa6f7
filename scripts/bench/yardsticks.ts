// The benchmarks' yardstick routes, added to the production build when a benchmark loads it, never
// part of the app's build or of `npm start` (docs/decisions/031-start-modes.md):
//
// - /bench/remix, a bare Remix resource route: a loader and no component, answering a fixed string.
//   It goes through Remix's request handler like every page; issue 17's goals are ratios to it.
// - /bench/document, a bare Remix document: a component rendering one paragraph, no loader, under
//   the app's root (its layout, Meta, Links, Scripts). It is the cheapest page Remix can render on
//   this build, so no page reaches a higher ratio than it does (docs/performance.md, "The floor of
//   a document"; decision 057).
import { createRequire } from "node:module";
import type { ServerBuild } from "@remix-run/node";
import type * as ReactModule from "react";

export const BARE_BODY = "Survey panel: a static string for the benchmark.\n";
export const BARE_HEADERS = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

type ServerRoute = ServerBuild["routes"][string];
type ManifestRoute = ServerBuild["assets"]["routes"][string];
type React = typeof ReactModule;

export function addYardstickRoutes(build: ServerBuild) {
  addRootChild(build, "bench/remix", {
    loader: () => new Response(BARE_BODY, { headers: BARE_HEADERS }),
  });

  // React is loaded here, not on import: its entry picks the development or production build from
  // NODE_ENV when first loaded, and the benchmarks set "production" only when they start.
  const { createElement } = createRequire(import.meta.url)("react") as React;
  const document = addRootChild(build, "bench/document", {
    default: () => createElement("p", null, "A paragraph and nothing else."),
  });
  // A document's <Scripts> reads every matched route's entry in the browser manifest. The route has
  // no client module of its own, so its entry names the root's: the server's work is what is
  // measured, and no browser is ever sent here.
  build.assets.routes[document.id] = {
    ...build.assets.routes.root,
    ...document,
    hasLoader: false,
    hasAction: false,
    hasClientLoader: false,
    hasClientAction: false,
    hasErrorBoundary: false,
  } as ManifestRoute;
}

/** A route under the root, as a flat route file `routes/<path with dots>.tsx` would make it. */
function addRootChild(build: ServerBuild, path: string, module: Record<string, unknown>) {
  const route = {
    id: `routes/${path.replaceAll("/", ".")}`,
    parentId: "root",
    path,
    index: undefined,
    caseSensitive: undefined,
  };
  build.routes[route.id] = { ...route, module } as unknown as ServerRoute;
  return route;
}
