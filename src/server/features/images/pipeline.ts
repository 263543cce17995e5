import crypto from 'node:crypto';
import type { Sharp, SharpOptions } from 'sharp';
import { AppError } from '../../errors';
import { variantWidths } from '../../../shared/images/images';
import { type AcceptedFormat, acceptedFormats, sniffImageFormat } from './sniff';

export interface ProcessedFile {
  /** 'original.<ext>' or '<width>.webp'. */
  name: string;
  contentType: string;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  format: AcceptedFormat;
  contentType: string;
  width: number;
  height: number;
  /** Bytes of the stored full-size image. */
  size: number;
  /** A short hash of the stored full-size image: part of every address, so addresses change with content. */
  fingerprint: string;
  files: ProcessedFile[];
}

export interface PipelineLimits {
  /** Largest width x height we will decode (decompression bombs). */
  maxPixels: number;
}

/**
 * sharp (and libvips with it) loads on the first image, not at start: most server processes never
 * process one, and loaded it costs each about 10 MB (decision 0028). Its operation cache is off:
 * each image is decoded once, so cached operations only hold memory.
 */
let loadedSharp: Promise<(input: Buffer, options?: SharpOptions) => Sharp> | undefined;
function sharp(input: Buffer, options?: SharpOptions): Promise<Sharp> {
  loadedSharp ??= import('sharp').then(({ default: library }) => {
    library.cache(false);
    return library;
  });
  return loadedSharp.then((create) => create(input, options));
}

/** How every WebP variant is encoded. */
const variantWebp = { quality: 78, effort: 4 } as const;

export const unsupportedImage = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Please upload a JPEG, PNG, WebP, GIF or AVIF image.');

const tooManyPixels = (width: number, height: number, maxPixels: number) =>
  new AppError(
    413,
    'IMAGE_TOO_LARGE',
    `This image is ${width} x ${height} pixels; the largest accepted is ${Math.round(maxPixels / 1e6)} megapixels. Please resize it and try again.`,
  );

/**
 * Turns an upload into what we store: checked by content, auto-oriented, with EXIF, GPS, XMP,
 * IPTC and ICC data removed (sharp writes no metadata unless asked to), plus WebP variants.
 */
export async function processImage(input: Buffer, { maxPixels }: PipelineLimits): Promise<ProcessedImage> {
  const format = sniffImageFormat(input);
  if (!format) throw unsupportedImage();

  // The header alone says how big the decoded image would be: refuse bombs before decoding.
  const header = await (await sharp(input, { limitInputPixels: false })).metadata().catch(() => {
    throw unsupportedImage();
  });
  const headerFormat = header.format === 'heif' && header.compression === 'av1' ? 'avif' : header.format;
  if (headerFormat !== format || !header.width || !header.height) throw unsupportedImage();
  const frameHeight = header.pageHeight ?? header.height;
  if (header.width * frameHeight > maxPixels) throw tooManyPixels(header.width, frameHeight, maxPixels);

  // Keep an animation only while all its frames together stay within the pixel budget.
  const frames = header.pages ?? 1;
  const animated = frames > 1 && header.width * frameHeight * frames <= maxPixels;
  const options = { limitInputPixels: maxPixels * (animated ? frames : 1), failOn: 'error' as const, animated };

  try {
    const original = await encodeOriginal((await sharp(input, options)).rotate(), format);
    const fingerprint = crypto.createHash('sha256').update(original.data).digest('hex').slice(0, 16);
    const files: ProcessedFile[] = [original];
    // Decode and orient once, at the largest variant's size; every variant is cut from that.
    const widths = variantWidths(original.width);
    const base = await (
      await sharp(input, { ...options, animated: false })
    )
      .rotate()
      .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
    for (const width of widths) {
      const variant = await (
        await sharp(base.data, { raw })
      )
        .resize({ width, withoutEnlargement: true })
        .webp(variantWebp)
        .toBuffer({ resolveWithObject: true });
      files.push({
        name: `${width}.webp`,
        contentType: 'image/webp',
        width: variant.info.width,
        height: variant.info.height,
        data: variant.data,
      });
    }
    return {
      format,
      contentType: original.contentType,
      width: original.width,
      height: original.height,
      size: original.data.length,
      fingerprint,
      files,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A file that starts like an image but does not decode (truncated, corrupt).
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'This image could not be read. It may be damaged.');
  }
}

/**
 * One WebP variant cut from a stored original (already oriented and without metadata): for
 * images stored before their width was in the list (see backfill.ts).
 */
export async function makeVariant(original: Buffer, width: number): Promise<ProcessedFile> {
  const { data, info } = await (
    await sharp(original, { animated: false })
  )
    .resize({ width, withoutEnlargement: true })
    .webp(variantWebp)
    .toBuffer({ resolveWithObject: true });
  return { name: `${width}.webp`, contentType: 'image/webp', width: info.width, height: info.height, data };
}

/** The full-size image in its own format, re-encoded so nothing but pixels survives. */
async function encodeOriginal(pipeline: Sharp, format: AcceptedFormat): Promise<ProcessedFile> {
  const encoded = {
    jpeg: () => pipeline.jpeg({ quality: 88, mozjpeg: true }),
    png: () => pipeline.png({ compressionLevel: 9 }),
    webp: () => pipeline.webp({ quality: 88 }),
    gif: () => pipeline.gif(),
    avif: () => pipeline.avif({ quality: 60, effort: 3 }),
  }[format]();
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  const { contentType, extension } = acceptedFormats[format];
  // For animations sharp reports the height of all frames stacked; the page shows one frame.
  const height = info.pageHeight ?? info.height;
  return { name: `original.${extension}`, contentType, width: info.width, height, data };
}
