import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

// A route's server-only helpers sit beside it as `<route file name>.server.ts` and are not routes
// themselves; neither are tests. See docs/routing.md.
export default flatRoutes({ ignoredRouteFiles: ["**/*.server.*", "**/*.test.*"] }) satisfies RouteConfig;
