// Prisma 6.19's CLI leaves 10 s and 60 s timers running after its work is done, so commands
// hang for up to a minute before exiting. Unref'ing long timers lets the process exit at once.
const originalSetTimeout = global.setTimeout;
const originalSetInterval = global.setInterval;
global.setTimeout = function (fn, ms, ...args) {
  const timer = originalSetTimeout(fn, ms, ...args);
  if (ms >= 5000 && timer && typeof timer.unref === "function") timer.unref();
  return timer;
};
global.setInterval = function (fn, ms, ...args) {
  const timer = originalSetInterval(fn, ms, ...args);
  if (ms >= 5000 && timer && typeof timer.unref === "function") timer.unref();
  return timer;
};
