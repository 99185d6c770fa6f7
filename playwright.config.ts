import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run against the production build on a fresh embedded database, in two
// projects: JavaScript on and JavaScript off. Debian's Chromium is used; no browser is downloaded.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? "./data/e2e";
export const E2E_MAIL_DIR = `${E2E_DATA_DIR}/mail`;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    // The production build as `npm start` serves it, with the fixtures, the mock Google page and
    // the mail outbox mounted beside it by the harness (tests/support/harness/server.ts).
    command: `rm -rf ${E2E_DATA_DIR} && npm run db:migrate && npm run db:seed -- --demo && node --import tsx tests/support/harness/server.ts`,
    url: `http://localhost:${PORT}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    env: {
      PORT: String(PORT),
      NODE_ENV: "production",
      DATABASE_URL: `pglite:${E2E_DATA_DIR}/db`,
      MAIL_OUTBOX_DIR: E2E_MAIL_DIR,
      SMTP_URL: "",
      APP_URL: `http://localhost:${PORT}`,
      SESSION_SECRET: "e2e-session-secret-that-is-at-least-32-characters",
      GOOGLE_MOCK: "1",
      // Two-factor sign-in is offered, not forced: tests enrol the admins that need it (admin-two-factor.spec.ts).
      ADMIN_MFA: "optional",
      // The browser plays the proxy in front of the app: the tests give each context its own
      // X-Forwarded-For so that per-address limits do not carry over between tests (decision 033).
      TRUST_PROXY: "1",
    },
  },
});
