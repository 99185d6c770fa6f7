// How many generated cases a property test or a fuzzer runs. Small by default, so the developer's
// loop stays fast; full where TEST_SIZE=full, which `npm test` (and so CI) sets (docs/testing.md).

export const FULL_SIZE = process.env.TEST_SIZE === "full";

/** The number of runs: `full` under TEST_SIZE=full, else a fifth of it (at least `least`). */
export function propertyRuns(full: number, least = 5): number {
  return FULL_SIZE ? full : Math.min(full, Math.max(least, Math.ceil(full / 5)));
}
