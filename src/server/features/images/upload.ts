import type { FastifyRequest } from 'fastify';
import type { ImageCategory, ImageRecord } from '../../../shared/images/images';
import { AppError, badRequest } from '../../errors';
import { checkCleanText } from '../../http/input-rules';
import { type PipelineLimits, processImage } from './pipeline';
import type { ImagesRepo } from './repo';

export interface Upload {
  filename: string;
  data: Buffer;
  fields: Record<string, string>;
}

export const fileTooLarge = (maxBytes: number) =>
  new AppError(
    413,
    'FILE_TOO_LARGE',
    `The file is too large. The largest accepted is ${Math.round(maxBytes / (1024 * 1024))} MB.`,
  );

/**
 * Reads one multipart upload: the file in `fileField` (at most maxBytes, checked while streaming,
 * so an oversized upload is never held in memory whole) and a few short text fields.
 */
export async function readUpload(request: FastifyRequest, fileField: string, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data.', fileField);
  }
  const fields: Record<string, string> = {};
  let file: { filename: string; data: Buffer } | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 10_000 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname === fileField) {
        // A part may come without a filename (Node's FormData sends one for a file named '').
        file = { filename: part.filename ?? '', data: await part.toBuffer() };
      } else {
        part.file.resume(); // a file under another name: drain and ignore it
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one file at a time.', fileField);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('The form has too many fields.');
    // Everything in this block is reading the client's bytes: no boundary, a truncated part, bad headers.
    throw new AppError(
      400,
      'MALFORMED_UPLOAD',
      'The upload could not be read. Please choose the file and try again.',
      fileField,
    );
  }
  checkCleanText(fields, '');
  if (!file || file.data.length === 0) throw badRequest('Please select an image file to upload.', fileField);
  return { ...file, fields };
}

/** A file name safe to store and show: no folders, no control characters, not too long. */
const cleanFilename = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200) || 'image';

/** Processes an upload read by readUpload and stores it, named after the file sent. */
export type StoreUpload = (
  upload: Upload,
  fields: { altText: string; category: ImageCategory },
) => Promise<ImageRecord>;

/** The one way an uploaded image enters the library: the library's own upload and the logo's. */
export function createUploadStore(images: ImagesRepo, limits: PipelineLimits): StoreUpload {
  return async (upload, fields) => {
    const processed = await processImage(upload.data, limits);
    return images.create({ filename: cleanFilename(upload.filename), ...fields, processed });
  };
}
