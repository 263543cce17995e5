import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends a path exactly as written (like curl --path-as-is) to the app listening on a free local
 * port. app.inject() parses the URL first, which turns '/\evil' and '///.' into other paths.
 */
export async function listenForRawRequests(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return (path: string, headers: Record<string, string> = {}) =>
    new Promise<RawResponse>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      request.on('error', reject);
      request.end();
    });
}
