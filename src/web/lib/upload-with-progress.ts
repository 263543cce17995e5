import { throwIfNotOk } from './http';

/** How far an upload has got: bytes sent of the whole body. */
export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * POSTs a multipart form as `apiRequest` does (credentials, the given headers, an HttpError for a
 * non-OK answer) but through XMLHttpRequest, whose upload events fetch does not give: a photo
 * takes seconds to send, and staff see how far it has got.
 */
export function postFormWithProgress(
  url: string,
  form: FormData,
  headers: Record<string, string>,
  onProgress: (progress: UploadProgress) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.responseType = 'text';
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ sent: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      // A Response, so the answer is read and refused exactly as a fetch's is.
      const response = new Response(request.status === 204 ? null : request.responseText, {
        status: request.status,
        statusText: request.statusText,
        headers: { 'content-type': request.getResponseHeader('content-type') ?? 'text/plain' },
      });
      throwIfNotOk(response).then(() => resolve(response), reject);
    });
    // As fetch does: no answer is an Error without a status, not an HttpError.
    const failed = () => reject(new Error('The upload did not reach the server. Check the connection and try again.'));
    request.addEventListener('error', failed);
    request.addEventListener('abort', failed);
    request.send(form);
  });
}
