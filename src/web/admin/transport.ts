import { type AdminSessionStatus, csrfHeader, sessionStatusPath } from '../../shared/admin-session';
import { systemClock } from '../../shared/clock';
import { HttpError, apiRequest, getJson } from '../lib/http';
import { postFormWithProgress, type UploadProgress } from '../lib/upload-with-progress';

/**
 * How every admin call reaches the server; each screen's `api.ts` builds its calls on it
 * (docs/architecture.md#admin-call). The session cookie goes with each call (the browser sends
 * it) and the session's CSRF token with each in a header (writes are refused without it); the
 * first 401 (the session ended) calls `onUnauthorized` before the error reaches the screen, once
 * however many calls were under way. Each answered call is activity that restarts the idle clock.
 */
export interface AdminTransport {
  /** The answer as it came; a refused call throws the `HttpError` (lib/http.ts). */
  send(method: string, url: string, body?: unknown): Promise<Response>;
  /** The answer's JSON body. */
  json<T>(method: string, url: string, body?: unknown): Promise<T>;
  /** A multipart upload, through XMLHttpRequest when staff are shown its progress; the answer's JSON body. */
  upload<T>(url: string, form: FormData, onProgress?: (progress: UploadProgress) => void): Promise<T>;
  /**
   * Asks whether the session is still alive (when it would have ended without activity); an
   * ended one is refused like a 401. A network failure says nothing: the next call will tell.
   */
  checkSession(): Promise<void>;
}

/** A URL's query string from the values given; an empty or missing value is left out. */
export function search(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const isUnauthorized = (error: unknown) => error instanceof HttpError && error.status === 401;

/** The one transport of a signed-in session (session.tsx makes it with the session's CSRF token). */
export function createAdminTransport(
  csrfToken: string,
  { onUnauthorized, onActivity }: { onUnauthorized: () => void; onActivity: (at: number) => void },
): AdminTransport {
  let refused = false;
  const refuse = () => {
    if (refused) return;
    refused = true;
    onUnauthorized();
  };
  async function answered(request: () => Promise<Response>): Promise<Response> {
    try {
      const response = await request();
      onActivity(systemClock().getTime());
      return response;
    } catch (error) {
      // Any answer but a 401 means the session was alive and has been used.
      if (error instanceof HttpError && error.status !== 401) onActivity(systemClock().getTime());
      if (isUnauthorized(error)) refuse();
      throw error;
    }
  }
  const send = (method: string, url: string, body?: unknown) =>
    answered(() => apiRequest(method, url, body, { [csrfHeader]: csrfToken }));
  return {
    send,
    json: async <T>(method: string, url: string, body?: unknown) => (await (await send(method, url, body)).json()) as T,
    upload: async <T>(url: string, form: FormData, onProgress?: (progress: UploadProgress) => void) => {
      const response = onProgress
        ? await answered(() => postFormWithProgress(url, form, { [csrfHeader]: csrfToken }, onProgress))
        : await send('POST', url, form);
      return (await response.json()) as T;
    },
    checkSession: async () => {
      const status = await getJson<AdminSessionStatus>(sessionStatusPath).catch(() => undefined);
      if (status?.signedIn === false) refuse();
      else if (status) onActivity(systemClock().getTime());
    },
  };
}
