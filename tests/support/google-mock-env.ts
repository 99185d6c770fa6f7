// Imported first by the suites that call every route module (the access matrix, form fuzzing): the
// Google routes exist only when Google sign-in is configured or mocked, so it is mocked here for
// them to be covered too. getEnv() reads the environment once, at its first call, which comes after
// every import has run.
process.env.GOOGLE_MOCK = "1";

// These suites call the Google callback without the state a real sign-in carries, so every call
// logs the expected "Google sign-in failed" warning; it is dropped here so that the warnings these
// suites print are the unexpected ones.
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].startsWith("Google sign-in failed:")) return;
  warn(...args);
};
