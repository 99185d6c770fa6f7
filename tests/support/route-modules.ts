import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

// Every route module of app/routes, as app/routes.ts finds them (a route's `*.server.ts` helpers sit
// beside it and are not routes), keyed by route id: the file name without extension.

export interface RouteModule {
  loader?: (args: LoaderFunctionArgs) => unknown;
  action?: (args: ActionFunctionArgs) => unknown;
}

const modules = import.meta.glob<RouteModule>(["../../app/routes/*.{ts,tsx}", "!../../app/routes/*.server.ts"], {
  eager: true,
});

export const ROUTE_MODULES: Record<string, RouteModule> = Object.fromEntries(
  Object.entries(modules).map(([file, module]) => [file.replace(/^.*\//, "").replace(/\.tsx?$/, ""), module]),
);

/**
 * The URL path of a flat-route id with these params: pathless segments ("_member", "_index") drop
 * out, a trailing "_" (a route not nested in its parent: "users_") is not in the URL, "[.]" is a
 * literal dot, "$name" (or "$name_") takes params.name and a bare "$" the splat.
 */
export function routePath(id: string, params: Record<string, string> = {}): string {
  const segments = id
    .replace(/\[\.\]/g, "\uE000")
    .split(".")
    .filter((segment) => !segment.startsWith("_"))
    .map((segment) => {
      if (!segment.startsWith("$")) return segment.replace(/_$/, "").replace(/\uE000/g, ".");
      const name = segment.slice(1).replace(/_$/, "") || "*";
      const value = params[name];
      if (value === undefined) throw new Error(`Route ${id} needs the param ${name}`);
      return encodeURIComponent(value);
    });
  return `/${segments.join("/")}`;
}
