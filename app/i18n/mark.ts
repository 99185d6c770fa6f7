// `tr` lives in config.ts, a module every page already loads: in a file of its own it was a
// 39-byte chunk that every page preloaded with a <link> of its own and named in several routes'
// imports in the manifest (docs/performance.md, "The cost of two languages"). Import it from here.
export { tr } from "./config";
