import { variantWidths } from '../../../shared/images/images';
import { singleFlight } from '../../single-flight';
import { makeVariant } from './pipeline';
import type { ImagesRepo } from './repo';

/** Exactly the names the pipeline writes: no zero padding ('01600.webp'), signs or other spellings. */
const variantName = /^([1-9]\d{0,5})\.webp$/;

/**
 * Addresses of variants are derived from the list of widths (src/shared/images/images.ts), so when the
 * list grows, images stored earlier lack the new widths. Such a variant is made from the stored
 * original on its first request and kept. Anything else that is missing stays a 404, before any
 * decoding: an anonymous visitor must not be able to make us decode originals at will.
 */
export function createVariantBackfill(images: ImagesRepo) {
  const once = singleFlight<{ contentType: string; data: Buffer } | undefined>();

  const make = async (id: number, token: string, width: number) => {
    const image = await images.find(id);
    if (!image || !image.path.startsWith(`/images/${id}/${token}/`)) return undefined;
    if (!variantWidths(image.width).includes(width)) return undefined;
    const original = await images.file(id, token, image.path.slice(image.path.lastIndexOf('/') + 1));
    if (!original) return undefined;
    const variant = await makeVariant(original.data, width);
    await images.addFile(id, variant);
    return { contentType: variant.contentType, data: variant.data };
  };

  return async (id: number, token: string, name: string) => {
    const width = Number(variantName.exec(name)?.[1]);
    if (!width) return undefined;
    // Concurrent misses for one variant share one decode.
    return once(`${id}/${token}/${width}`, () => make(id, token, width));
  };
}
