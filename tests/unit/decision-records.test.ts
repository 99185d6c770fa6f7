import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DECISIONS_DIR, readRecords, withIndex } from "../../scripts/decisions-index";

// The decision records are how a newcomer learns why the code is as it is: each must have a number,
// a title and a status, and the index must list them all (npm run docs:decisions rewrites it).
describe("decision records", () => {
  it("each has a heading with its number and a status", () => {
    const records = readRecords();
    expect(records.length).toBeGreaterThan(40);
    expect(new Set(records.map((r) => r.number)).size).toBe(records.length);
  });

  it("the index in docs/decisions/README.md is current (run npm run docs:decisions)", () => {
    const readme = readFileSync(path.join(DECISIONS_DIR, "README.md"), "utf8");
    expect(readme).toBe(withIndex(readme, readRecords()));
  });
});
