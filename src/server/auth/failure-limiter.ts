/**
 * Counts failed sign-in attempts per address in a fixed window. In memory, per instance: with
 * several instances an attacker gets a few more guesses, which a 256-bit key does not mind.
 */
export interface FailureLimiter {
  /** Milliseconds until this address may try again, or 0 when it is not blocked. */
  blockedFor(address: string, now?: number): number;
  recordFailure(address: string, now?: number): void;
}

export function createFailureLimiter({
  maxFailures,
  windowMs,
  maxTracked = 10_000,
}: {
  maxFailures: number;
  windowMs: number;
  /** Bounds memory when many addresses fail; the oldest entries go first. */
  maxTracked?: number;
}): FailureLimiter {
  const entries = new Map<string, { failures: number; resetAt: number }>();

  const current = (address: string, now: number) => {
    const entry = entries.get(address);
    if (entry && entry.resetAt <= now) {
      entries.delete(address);
      return undefined;
    }
    return entry;
  };

  return {
    blockedFor(address, now = Date.now()) {
      const entry = current(address, now);
      return entry && entry.failures >= maxFailures ? entry.resetAt - now : 0;
    },
    recordFailure(address, now = Date.now()) {
      const entry = current(address, now);
      if (entry) {
        entry.failures += 1;
        return;
      }
      if (entries.size >= maxTracked) entries.delete(entries.keys().next().value!);
      entries.set(address, { failures: 1, resetAt: now + windowMs });
    },
  };
}
