import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { AGE_RULE, PAYMENT_ACCOUNT_RULE } from "~/content/member-rules";

// The site says what registration, My Detail and /account check (decision 067): 18 or over with no
// parent's exception, and one payment account of each kind with PayPal on the sign-up e-mail. The
// words of every page live in app/; a page that says the old rules again fails here.

const OLD_RULES = [
  /parent'?s help/i,
  /legal age of consent/i,
  /with the help (and permission )?of a parent/i,
  /one payment account per member/i,
  /may (register|use) one payment account/i,
  /payment account must use the same e-mail/i,
  /payment account whose e-mail address matches/i,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the site's own words", () => {
  test("no page lets under-18s join or promises a single payment account", () => {
    const said: string[] = [];
    for (const file of sourceFiles("app")) {
      // JSX wraps sentences over lines: read each file as one line of words.
      const text = readFileSync(file, "utf8").replace(/\s+/g, " ");
      for (const rule of OLD_RULES) if (rule.test(text)) said.push(`${file}: ${rule}`);
    }
    expect(said).toEqual([]);
  });

  test("the rules say what the checks do", () => {
    expect(AGE_RULE).toMatch(/18 or over/);
    expect(AGE_RULE).toMatch(/not even with a parent's permission/);
    expect(PAYMENT_ACCOUNT_RULE).toMatch(/one PayPal, one UPI and one bank account/);
    expect(PAYMENT_ACCOUNT_RULE).toMatch(/PayPal account must use the e-mail address you signed up with/);
  });
});
