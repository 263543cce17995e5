import { AppError } from '../errors';

/** Socket-level failures: the database's server is stopped, restarting or unreachable. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs that mean "not now" rather than "wrong request": class 08 (connection
 * exceptions), shutting down or starting up (57P01-57P03), too many connections (53300).
 * SQLite: the file is locked past busy_timeout, or cannot be opened or read.
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);
const sqliteCodes = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_CANTOPEN', 'SQLITE_IOERR', 'SQLITE_FULL']);

/** pg reports a lost or impossible connection by message only. */
const connectionMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection refused',
];

/** True when an error means the database is away for now, so the request may be retried later. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (networkCodes.has(code) || unavailableStates.has(code) || code.startsWith('08')) return true;
    if ([...sqliteCodes].some((sqliteCode) => code.startsWith(sqliteCode))) return true;
  }
  if (connectionMessages.some((message) => error.message.includes(message))) return true;
  // AggregateError (several addresses refused) and wrapped causes.
  const nested = [(error as { cause?: unknown }).cause, ...((error as { errors?: unknown[] }).errors ?? [])];
  return nested.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/** Seconds a client should wait before trying again; a PostgreSQL restart takes a few. */
export const RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = () =>
  new AppError(503, 'UNAVAILABLE', 'We could not save or load this just now. Please try again in a minute.');
