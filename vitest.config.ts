import path from "node:path";
import { defineConfig } from "vitest/config";

// Separate from vite.config.ts so the Remix plugin is not loaded in tests.
//
// Two projects (docs/testing.md, decision 044):
// - fast: the unit tests and the integration tests that take a few seconds each. The developer's
//   first command: `npm run test:fast`, well under 2 minutes.
// - slow: the files below, which spawn servers, fuzz every form, walk the access matrix or run
//   property tests at full size. `npm run test:slow`; CI runs both through `npm test`.
// A file is slow when it takes more than about 5 seconds on its own on this 2-core machine, or
// starts a server or a child process. Add new slow files here; every other file is fast.
export const SLOW_TESTS = [
  // Start a server or a child process.
  "tests/integration/google-auth.test.ts",
  "tests/integration/limits-server.test.ts",
  "tests/integration/production-start.test.ts",
  "tests/integration/resilience.test.ts",
  "tests/integration/server.test.ts",
  // Every route, every role, generated input: minutes each.
  "tests/integration/access-matrix.test.ts",
  "tests/integration/form-fuzzing.test.ts",
  "tests/integration/ledger-properties.test.ts",
  "tests/integration/security.test.ts",
  // Over 15 seconds each, measured (docs/testing.md).
  "tests/integration/admin-two-factor.test.ts",
  "tests/integration/builder.test.ts",
  "tests/integration/identity-signals.test.ts",
  "tests/integration/payout-account-changes.test.ts",
  "tests/integration/registration.test.ts",
  "tests/integration/screeners.test.ts",
  "tests/integration/survey-taking.test.ts",
  "tests/integration/member-data.test.ts",
  // 20 members starting at once on PGlite: 11 to 15 s on the busy machine (decision 062).
  "tests/integration/survey-close.test.ts",
  // 5 to 7.5 seconds each on a quiet machine, and not about money: moved so that the fast project
  // stays well under 2 minutes (docs/testing.md). The ledger, withdrawal and money-control files
  // stay fast on purpose: a change to money is tested before every commit.
  "tests/integration/member-details.test.ts",
  "tests/integration/profile-survey-sets.test.ts",
  "tests/integration/profile-surveys.test.ts",
  "tests/integration/survey-catalogue.test.ts",
  // Answer drafts (decision 075): three-page surveys and questionnaires walked page by page, 8–30 s.
  "tests/integration/answer-drafts.test.ts",
];

const ALL_TESTS = ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "app/**/*.test.ts"];

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: [
      "tests/support/console.ts",
      "tests/support/matchers.ts",
      "tests/support/setup-network.ts",
      "tests/support/setup-database.ts",
      "tests/support/event-loop.ts",
    ],
    // Generous: the first test of a file also restores its database, and the machine is shared.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Test files run two at a time: each has its own database, so they do not meet. On the 2-core
    // machine vitest would otherwise use one worker (cores - 1). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 2,
    minWorkers: 1,
    projects: [
      { extends: true, test: { name: "fast", include: ALL_TESTS, exclude: SLOW_TESTS } },
      { extends: true, test: { name: "slow", include: SLOW_TESTS } },
    ],
  },
});
