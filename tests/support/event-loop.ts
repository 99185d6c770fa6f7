import { beforeEach } from "vitest";

// Vitest's worker talks to the main process over IPC, and a call it makes fails after 60 s without
// an answer ("[vitest-worker]: Timeout calling onTaskUpdate", which fails the run although every
// test passed). PGlite answers queries on this thread through promises that resolve at once, so a
// file of many database tests can run for a minute without the event loop ever turning, and the
// answer waits that long. One turn of the loop before each test lets the answers in.
beforeEach(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
