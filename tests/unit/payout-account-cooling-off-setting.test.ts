import { afterEach, describe, expect, test, vi } from "vitest";

// PAYOUT_ACCOUNT_COOLING_OFF_HOURS (decision 039): 24 hours unless set, 0 allowed, anything else
// stops the app with a message naming the setting.

const SETTING = "PAYOUT_ACCOUNT_COOLING_OFF_HOURS";
const saved = { setting: process.env[SETTING], secret: process.env.SESSION_SECRET };

async function envWith(value: string | undefined) {
  if (value === undefined) delete process.env[SETTING];
  else process.env[SETTING] = value;
  process.env.SESSION_SECRET = "a-test-session-secret-of-at-least-32-characters";
  vi.resetModules();
  const { getEnv } = await import("~/lib/env.server");
  return () => getEnv()[SETTING];
}

afterEach(() => {
  if (saved.setting === undefined) delete process.env[SETTING];
  else process.env[SETTING] = saved.setting;
  if (saved.secret === undefined) delete process.env.SESSION_SECRET;
  else process.env.SESSION_SECRET = saved.secret;
});

describe(SETTING, () => {
  test("is 24 hours by default, and 0 makes new accounts usable at once", async () => {
    expect((await envWith(undefined))()).toBe(24);
    expect((await envWith("0"))()).toBe(0);
    expect((await envWith("72"))()).toBe(72);
  });

  test.each(["-1", "1.5", "721", "a day"])("%j is refused with a message naming the setting", async (value) => {
    const read = await envWith(value);
    expect(read).toThrow(`${SETTING}: ${SETTING} must be a whole number of hours from 0 to 720`);
  });
});
