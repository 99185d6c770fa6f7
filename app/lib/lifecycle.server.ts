// The life of the server process, shared by the production server (scripts/server.ts) and the app
// it serves: whether it is draining (readiness says no while it is), and what must be stopped after
// the last request, in order. The server runs the app from build/server/index.js, which carries its
// own copy of every app module, so this state lives on globalThis, once per process, where both
// copies see it. See docs/decisions/028-production-server.md.

/** Background work stops first (it may still write), then the database closes. */
const SHUTDOWN_STEPS = ["jobs", "database"] as const;
type ShutdownStep = (typeof SHUTDOWN_STEPS)[number];

interface Lifecycle {
  draining: boolean;
  stops: { step: ShutdownStep; name: string; stop: () => Promise<void> }[];
}

const STATE = Symbol.for("survey-panel.lifecycle");
const lifecycle: Lifecycle = ((globalThis as { [STATE]?: Lifecycle })[STATE] ??= { draining: false, stops: [] });

/** Registers what to stop at shutdown; a second registration under the same name replaces the first. */
export function onShutdown(step: ShutdownStep, name: string, stop: () => Promise<void>): void {
  lifecycle.stops = lifecycle.stops.filter((entry) => entry.name !== name);
  lifecycle.stops.push({ step, name, stop });
}

export function isDraining(): boolean {
  return lifecycle.draining;
}

export function startDraining(): void {
  lifecycle.draining = true;
}

/**
 * Runs every registered stop once, step by step (those of one step together). Returns the names of
 * those that stopped and those that failed, with their errors; a failure does not keep the later
 * steps from running.
 */
export async function runShutdown() {
  const stopped: string[] = [];
  const failures: { name: string; error: unknown }[] = [];
  const stops = lifecycle.stops;
  lifecycle.stops = [];
  for (const step of SHUTDOWN_STEPS) {
    await Promise.all(
      stops
        .filter((entry) => entry.step === step)
        .map((entry) =>
          entry.stop().then(
            () => void stopped.push(entry.name),
            (error: unknown) => void failures.push({ name: entry.name, error }),
          ),
        ),
    );
  }
  return { stopped, failures };
}
