import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// Writes the index of the decision records into docs/decisions/README.md, between the two markers,
// from each record's title and status lines. `npm run docs:decisions` runs it; the unit test
// tests/unit/decision-records.test.ts fails while the index is not what this script would write.

export const DECISIONS_DIR = path.resolve(import.meta.dirname, "../docs/decisions");
const BEGIN = "<!-- index:begin (written by npm run docs:decisions) -->";
const END = "<!-- index:end -->";

export interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  status: string;
}

export function readRecords(dir = DECISIONS_DIR): DecisionRecord[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.md$/.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), "utf8");
      const heading = /^# (\d{3}) (.+)$/m.exec(text);
      const status = /^Status: (.+)$/m.exec(text);
      if (!heading || !status) throw new Error(`${file}: needs a "# NNN Title" line and a "Status:" line`);
      if (!file.startsWith(heading[1])) throw new Error(`${file}: its heading says ${heading[1]}`);
      return { file, number: heading[1], title: heading[2], status: status[1] };
    });
}

export function indexTable(records: DecisionRecord[]): string {
  const rows = records.map(
    (r) => `| ${r.number} | [${r.title.replace(/\|/g, "\\|")}](${r.file}) | ${r.status.replace(/\|/g, "\\|")} |`,
  );
  return ["| # | Decision | Status |", "| --- | --- | --- |", ...rows].join("\n");
}

export function withIndex(readme: string, records: DecisionRecord[]): string {
  const start = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/decisions/README.md: the markers ${BEGIN} … ${END} are missing`);
  return `${readme.slice(0, start + BEGIN.length)}\n${indexTable(records)}\n${readme.slice(end)}`;
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const readmePath = path.join(DECISIONS_DIR, "README.md");
  writeFileSync(readmePath, withIndex(readFileSync(readmePath, "utf8"), readRecords()));
  console.log(`docs/decisions/README.md: ${readRecords().length} records indexed`);
}
