import type { Clock } from '../../src/shared/clock';

/** A clock a test moves instead of waiting: hand `now` to the app (or a store) as its clock. */
export function movableClock(start: number) {
  let at = start;
  const now: Clock = () => new Date(at);
  return {
    now,
    advance: (ms: number) => void (at += ms),
    set: (ms: number) => void (at = ms),
  };
}
