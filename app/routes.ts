import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

// Files starting with a double underscore sit beside the route that uses them, not as routes.
export default flatRoutes({ ignoredRouteFiles: ["**/__*.*", "**/*.test.*"] }) satisfies RouteConfig;
