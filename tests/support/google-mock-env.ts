// Imported first by the suites that call every route module (the access matrix, form fuzzing): the
// Google routes exist only when Google sign-in is configured or mocked, so it is mocked here for
// them to be covered too. getEnv() reads the environment once, at its first call, which comes after
// every import has run.
process.env.GOOGLE_MOCK = "1";
