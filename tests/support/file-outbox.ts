import fs from "node:fs";
import { afterAll, beforeEach } from "vitest";

// Mail of the importing test file goes to a file outbox of its own, emptied before each test.
// Import this before anything that reads the configuration: getEnv() reads the environment once.
export const APP_ORIGIN = "http://panel.test:3000";
const outbox = `${process.env.TMPDIR ?? "/tmp"}/outbox-test-${process.pid}-${Date.now()}`;
process.env.MAIL_OUTBOX_DIR = outbox;
process.env.SMTP_URL = "";
process.env.APP_URL = APP_ORIGIN;

beforeEach(() => fs.rmSync(outbox, { recursive: true, force: true }));
afterAll(() => fs.rmSync(outbox, { recursive: true, force: true }));
