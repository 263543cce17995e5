import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ImageRecord } from '../../src/shared/images/images';

export type FormPart = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body built by hand, as a browser's FormData would send it. */
export function multipartBody(parts: readonly FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"`;
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\n${disposition}; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\n${disposition}\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** What uploadImage sends: the file and the library fields staff fill in. */
export interface ImageUpload {
  data: Buffer;
  filename?: string;
  type?: string;
  category: string;
  altText?: string;
}

/**
 * Uploads one image through the admin API as the library page does, and answers the stored
 * record; anything but 201 fails the calling test with the server's answer.
 */
export async function uploadImage(
  app: FastifyInstance,
  authHeaders: Record<string, string>,
  { data, category, filename = `${category}.png`, type = 'image/png', altText }: ImageUpload,
): Promise<ImageRecord> {
  const { payload, headers } = multipartBody([
    { name: 'image', filename, type, data },
    { name: 'category', value: category },
    ...(altText === undefined ? [] : [{ name: 'altText', value: altText }]),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/images',
    payload,
    headers: { ...headers, ...authHeaders },
  });
  if (response.statusCode !== 201) throw new Error(`Upload answered ${response.statusCode}: ${response.body}`);
  return response.json<ImageRecord>();
}
