import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseDatabaseUrl, type DatabaseTarget } from "../../app/lib/database-url";

// What every benchmark shares: the scratch database it may use, the machine line, and timing.

/** The database named by DATABASE_URL, or a scratch PGlite folder; never memory or ./data. */
/** The benchmark's database: DATABASE_URL, else its own scratch PGlite folder. */
export function benchDatabaseUrl(name: string) {
  return process.env.DATABASE_URL?.trim() || `pglite:/tmp/panel-bench-${name}/db`;
}

export function benchDatabase(name: string): DatabaseTarget {
  const target = parseDatabaseUrl(benchDatabaseUrl(name));
  if (
    target.kind === "pglite" &&
    (target.dataDir === null || target.dataDir.startsWith("./data") || target.dataDir.startsWith("data"))
  ) {
    throw new Error(`The ${name} benchmark needs a scratch PGlite folder (pglite:/tmp/…), not memory or ./data.`);
  }
  console.log(`Database: ${target.kind === "postgres" ? "PostgreSQL" : `PGlite ${target.dataDir}`}`);
  console.log(`Machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}`);
  return target;
}

/** Sorted durations in ms of `runs` calls, after unmeasured ones (a cold cache is not timed). */
export async function time(work: () => Promise<unknown>, runs: number, warmups = 10): Promise<number[]> {
  for (let index = 0; index < warmups; index += 1) await work();
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const began = performance.now();
    await work();
    samples.push(performance.now() - began);
  }
  return samples.sort((a, b) => a - b);
}

export function report(label: string, sorted: number[]) {
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
  console.log(
    `${label.padEnd(42)} runs ${String(sorted.length).padStart(4)}  p50 ${at(0.5).toFixed(2).padStart(7)} ms  ` +
      `p99 ${at(0.99).toFixed(2).padStart(7)} ms  load ${os.loadavg()[0].toFixed(2)}`,
  );
}
