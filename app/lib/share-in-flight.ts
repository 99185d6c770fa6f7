/**
 * One read for callers that ask for the same key while it is under way (the loaders of one page,
 * which Remix runs at the same moment), a fresh one for anyone who asks after it settled. For
 * reads only, where an answer as of a moment ago is right for a caller that is asking at that
 * moment too: every caller gets the same promise and the same object.
 */
export function shareInFlight<T>(pending: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
  const running = pending.get(key);
  if (running) return running;
  const started = read().finally(() => pending.delete(key));
  pending.set(key, started);
  return started;
}
