/** A timestamp as the back office shows it: UTC to the minute, the same on the server and in the browser. */
export function utcMinute(value: string | Date): string {
  const iso = typeof value === "string" ? value : value.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
