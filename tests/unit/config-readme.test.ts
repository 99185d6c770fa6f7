import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { HARNESS_ONLY, readSettings, SETTING_NAMES } from "~/lib/env.server";

// The README's configuration table and the one configuration module (app/lib/env.server.ts) list
// the same settings: a setting added to the schema without a row, or a row for a variable nothing
// reads, fails here. Where a row's default is a single value it is the schema's default.

interface Row {
  names: string[];
  fallback: string;
}

function readmeRows(): Row[] {
  const readme = fs.readFileSync("README.md", "utf8");
  const section = readme.slice(readme.indexOf("## Configuration"));
  const table = section.slice(
    section.indexOf("| Variable |"),
    section.indexOf("\n\n", section.indexOf("| Variable |")),
  );
  return table
    .split("\n")
    .slice(2)
    .map((line) => line.split("|").map((cell) => cell.trim()))
    .map(([, variable, fallback]) => ({
      names: [...variable.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1]),
      fallback,
    }));
}

describe("the README's configuration table", () => {
  const rows = readmeRows();
  const documented = rows.flatMap((row) => row.names);

  test("has one row per setting of the configuration module, and no other", () => {
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.every((row) => row.names.length > 0)).toBe(true);
    expect([...documented].sort()).toEqual([...SETTING_NAMES].sort());
    expect(new Set(documented).size).toBe(documented.length);
  });

  test("lists no harness-only variable as a setting", () => {
    for (const name of HARNESS_ONLY) expect(documented).not.toContain(name);
  });

  test("gives each single-value default as the module has it", () => {
    const defaults = readSettings(SETTING_NAMES, {}) as Record<string, unknown>;
    let compared = 0;
    for (const { names, fallback } of rows) {
      const single = /^`([^`]+)`$/.exec(fallback);
      if (names.length !== 1 || !single || defaults[names[0]] === undefined) continue;
      expect(String(defaults[names[0]]), names[0]).toBe(single[1]);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(15);
  });
});
