import type { ApiErrorBody } from '../../shared/api-error';

/** A non-OK answer: the message is "status: body text" (docs/product.md#ui-messages); code and field when JSON. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: Partial<ApiErrorBody>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text();
  let body: Partial<ApiErrorBody> | undefined;
  try {
    body = JSON.parse(text) as Partial<ApiErrorBody>;
  } catch {
    body = undefined;
  }
  throw new HttpError(response.status, `${response.status}: ${text || response.statusText}`, body);
}

/** Sends a request with credentials; a JSON content type only when there is a body. */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined && !isForm ? { 'content-type': 'application/json', ...headers } : headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response;
}

/** The default data fetch: GET and parse JSON; any non-OK answer (a 401 too) is an HttpError. */
export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: 'include' });
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/**
 * The text a failure toast shows, in one of the two forms the error catalogue uses:
 * - 'status': the error's message, "status: text", where the text of our JSON error body stands
 *   in for the raw body (whose code is never shown); an error without a status shows its own message.
 * - 'server': the server's own message when it sent one, else the fallback.
 */
export function errorText(error: unknown, fallback: string, form: 'status' | 'server'): string {
  const serverText = error instanceof HttpError ? error.body?.error : undefined;
  if (form === 'server') return serverText || fallback;
  if (serverText) return `${(error as HttpError).status}: ${serverText}`;
  return (error instanceof Error && error.message) || fallback;
}
