import type { ApiErrorBody } from '../shared/api-error';

/** An error the API answers with a stable code and status; its message is safe to show. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** A refusal that ends: how long until asking again is worth it (answered as retry-after). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** Whole seconds for the retry-after header, at least one; undefined when the refusal does not end. */
  get retryAfter(): string | undefined {
    return this.retryAfterMs === undefined ? undefined : String(Math.max(1, Math.ceil(this.retryAfterMs / 1000)));
  }

  toBody(): ApiErrorBody {
    return { error: this.message, code: this.code, ...(this.field ? { field: this.field } : {}) };
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, 'VALIDATION_FAILED', message, field);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, field?: string) => new AppError(409, 'CONFLICT', message, field);
/** Signed in, but the principal's roles do not cover the route (decision 0058). */
export const forbidden = (message = 'Your account cannot do this.') => new AppError(403, 'FORBIDDEN', message);
/** Too many attempts: 429, with when to try again. */
export const tooManyAttempts = (message: string, waitMs: number, field?: string) =>
  new AppError(429, 'RATE_LIMITED', message, field, waitMs);
