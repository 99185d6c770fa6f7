// `npm run bench -- <name>`: runs one benchmark from scripts/bench/.
const benchmarks: Record<string, () => Promise<{ run(args: string[]): Promise<void> }>> = {
  users: () => import("./bench/users"),
  assign: () => import("./bench/assign"),
  load: () => import("./bench/load"),
  requests: () => import("./bench/requests"),
  export: () => import("./bench/export"),
  results: () => import("./bench/results"),
};

const [benchmark, ...args] = process.argv.slice(2);
const load = benchmark ? benchmarks[benchmark] : undefined;
if (!load) {
  console.error(`Usage: npm run bench -- <${Object.keys(benchmarks).join("|")}>`);
  process.exit(1);
}
await (await load()).run(args);
export {};
