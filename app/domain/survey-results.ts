// What the results page shares between server and browser (the queries are in
// survey-results.server.ts).

/** A figure as the results page shows it: at most two decimals, no trailing zeros. */
export function formatNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}
