import type { VitePluginConfig } from "@remix-run/dev";

// The Remix plugin options, imported by vite.config.ts. Routes come from app/routes.ts
// (v3_routeConfig), so `routes` and `ignoredRouteFiles` are not set here.
export const remixConfig: VitePluginConfig = {
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
    v3_routeConfig: true,
  },
};

export default remixConfig;
