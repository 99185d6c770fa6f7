// A Remix server build for tests/integration/server.test.ts, served by the real production server
// (scripts/server.ts) in place of build/server/index.js: `npm test` runs vitest before
// `npm run build`, so the test cannot need the real build. It has the real health routes and starts
// the real in-app mail worker, as the app's entry does, plus a slow route to shut down during.
import type { LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import { startMailWorkerInApp } from "~/domain/mail-queue.server";
import * as healthz from "~/routes/healthz";
import * as readyz from "~/routes/readyz";

startMailWorkerInApp();

const slow = {
  async loader({ request }: LoaderFunctionArgs) {
    const ms = Number(new URL(request.url).searchParams.get("ms") ?? 0);
    console.log("slow request started");
    await new Promise((resolve) => setTimeout(resolve, ms));
    return new Response("slow and done", { headers: { "Content-Type": "text/plain" } });
  },
};

type RouteModule = ServerBuild["routes"][string]["module"];

// Resource routes only (no component): Remix's type wants a `default` export that they do not have.
const route = (id: string, path: string, module: Omit<RouteModule, "default">) => ({
  id,
  parentId: "root",
  path,
  index: undefined,
  caseSensitive: undefined,
  module: module as RouteModule,
});

export const routes: ServerBuild["routes"] = {
  root: { ...route("root", "", {}), parentId: undefined },
  "routes/healthz": route("routes/healthz", "healthz", healthz),
  "routes/readyz": route("routes/readyz", "readyz", readyz),
  "routes/slow": route("routes/slow", "slow", slow),
  "routes/$": route("routes/$", "*", { loader: () => new Response("Not Found", { status: 404 }) }),
};

// Only resource routes (the splat one answers what no other matches): no document is ever rendered.
export const entry: ServerBuild["entry"] = {
  module: { default: () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } }) },
};

export const assets: ServerBuild["assets"] = {
  entry: { module: "/assets/entry.js", imports: [] },
  routes: {},
  url: "/assets/manifest.js",
  version: "stub",
};

export const assetsBuildDirectory = "public";
export const publicPath = "/";
export const basename = "/";
export const mode = "production";
export const isSpaMode = false;
export const future: ServerBuild["future"] = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_lazyRouteDiscovery: true,
  v3_singleFetch: true,
};
