// What the results page shares between server and browser (the queries are in
// survey-results.server.ts); the field report shows lengths of interview the same way.

/** A figure as the results page shows it: at most two decimals, no trailing zeros. */
export function formatNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** A length of interview: "12 min 5 s", "40 s". */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}
