import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { remixConfig } from "./remix.config";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [remix(remixConfig)],
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  server: { port: 3000 },
});
