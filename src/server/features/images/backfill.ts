import { variantWidths } from '../../../shared/images';
import { makeVariant } from './pipeline';
import type { ImagesRepo } from './repo';

const variantName = /^(\d+)\.webp$/;

/**
 * Addresses of variants are derived from the list of widths (src/shared/images.ts), so when the
 * list grows, images stored earlier lack the new widths. Such a variant is made from the stored
 * original on its first request and kept. Anything else that is missing stays a 404.
 */
export async function backfillVariant(images: ImagesRepo, id: number, token: string, name: string) {
  const width = Number(variantName.exec(name)?.[1]);
  const image = width ? await images.find(id) : undefined;
  if (!image || !image.path.startsWith(`/images/${id}/${token}/`)) return undefined;
  if (!variantWidths(image.width).includes(width)) return undefined;
  const original = await images.file(id, token, image.path.slice(image.path.lastIndexOf('/') + 1));
  if (!original) return undefined;
  const variant = await makeVariant(original.data, width);
  await images.addFile(id, variant);
  return { contentType: variant.contentType, data: variant.data };
}
