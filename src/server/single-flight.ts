/**
 * Runs one piece of work per key at a time: callers that ask while it runs share its result. A
 * burst of requests for the same missing image variant then decodes the original once, not once each.
 */
export function singleFlight<Result>() {
  const running = new Map<string, Promise<Result>>();
  return (key: string, work: () => Promise<Result>): Promise<Result> => {
    const existing = running.get(key);
    if (existing) return existing;
    const started = work().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
