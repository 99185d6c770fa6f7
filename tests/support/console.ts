import { afterEach, beforeEach } from "vitest";

// A trap for unexpected errors: a test that makes the code under test call console.error fails,
// with what was logged, so a real error is never lost in the noise of a passing run. A test that
// expects an error says so first with allowConsoleError(); what it allows is not printed.
//
//   allowConsoleError(/could not be sent/);   // this test only; a pattern, a text, or anything
//
// Registered for every test file by vitest.config.ts (setupFiles). A test that spies on
// console.error itself (vi.spyOn(console, "error").mockImplementation(…)) also bypasses the trap.

type Allowance = RegExp | string;

let allowed: Allowance[] | null = null;
let unexpected: string[] = [];
const original = console.error;

function format(args: unknown[]): string {
  return args
    .map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : typeof arg === "string" ? arg : safeJson(arg)))
    .join(" ");
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function isAllowed(text: string): boolean {
  if (allowed === null) return false;
  if (allowed.length === 0) return true;
  return allowed.some((allowance) => (typeof allowance === "string" ? text.includes(allowance) : allowance.test(text)));
}

/**
 * Lets the current test log errors to console.error: those matching one of the patterns or texts,
 * or any when called without arguments. They are not printed. Reset after each test.
 */
export function allowConsoleError(...patterns: Allowance[]): void {
  allowed = patterns.length === 0 ? [] : [...(allowed ?? []), ...patterns];
}

beforeEach(() => {
  allowed = null;
  unexpected = [];
  console.error = (...args: unknown[]) => {
    const text = format(args);
    if (isAllowed(text)) return;
    unexpected.push(text);
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  const logged = unexpected;
  unexpected = [];
  allowed = null;
  if (logged.length > 0) {
    throw new Error(
      `The test logged ${logged.length} unexpected console.error call(s); fix the cause, or call ` +
        `allowConsoleError(pattern) in a test that expects it (tests/support/console.ts):\n` +
        logged.map((text) => `  - ${text.split("\n")[0].slice(0, 300)}`).join("\n"),
    );
  }
});
