import http from 'node:http';

/**
 * One request on a connection of its own (no keep-alive agent): the cluster hands each new
 * connection to the next worker, so a series of these reaches every worker.
 */
export function requestOnNewConnection(
  baseUrl: string,
  pathname: string,
  { method = 'GET', body, headers = {} }: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    http
      .request(
        `${baseUrl}${pathname}`,
        { method, agent: false, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
          response.on('error', reject);
        },
      )
      .on('error', reject)
      .end(payload);
  });
}
