/**
 * The one reader of the wall clock (decision 0060). Everything that needs the time now is handed a
 * `Clock`: the server builds one at its start (or a test passes one it can move) and passes it
 * down, so a record written and the check that reads it agree on what "now" is. Lint forbids
 * `new Date()` and `Date.now()` elsewhere in src/; durations use `performance.now()`.
 */
export type Clock = () => Date;

/** The real time: used where a process starts (main, the command-line tools, the browser). */
export const systemClock: Clock = () => new Date();
