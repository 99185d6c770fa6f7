import path from "node:path";
import { defineConfig } from "vitest/config";

// Separate from vite.config.ts so the Remix plugin is not loaded in tests.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    environment: "node",
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "app/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup-network.ts", "tests/support/setup-database.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
