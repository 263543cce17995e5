/** docs/product.md#image: the categories staff file images under. */
export const imageCategories = ['general', 'hero', 'tutoring', 'online', 'classroom', 'logo', 'blog'] as const;
export type ImageCategory = (typeof imageCategories)[number];

/**
 * Widths of the WebP variants made for every image, never wider than the original. Chromium takes
 * the narrowest candidate at least as dense as the screen, so each step is priced by the phones
 * that land on it: a full-width photo in a 390 px phone's 358 px column needs 716 px at 2x and
 * 1074 px at 3x, and in a 412 px phone's 380 px column 665 px at 1.75x (Lighthouse's phone).
 * 720 and 1152 serve those instead of 800 and 1280 (a third fewer pixels). Addresses are derived
 * from this list; images stored before a width was added get it made on first request (backfill.ts).
 */
export const variantTargetWidths = [160, 320, 480, 640, 720, 800, 1024, 1152, 1280, 1600] as const;

export interface ImageVariant {
  width: number;
  height: number;
  path: string;
}

/** One image as the API answers it (docs/product.md#image, plus what srcset needs). */
export interface ImageRecord {
  id: number;
  filename: string;
  /** The full-size, metadata-free image in its uploaded format: the address staff copy. */
  path: string;
  altText: string;
  category: ImageCategory;
  /** Bytes of the full-size image as stored (after metadata was removed). */
  size: number;
  width: number;
  height: number;
  contentType: string;
  createdAt: string;
  /** WebP renditions, narrowest first. */
  variants: ImageVariant[];
  /** The variants as a srcset attribute value. */
  srcSet: string;
}

/**
 * The variant widths for an original of this width: every target narrower than it, plus the
 * original width itself when that is within the largest target (so small images get one full-size WebP).
 */
export function variantWidths(originalWidth: number): number[] {
  const largest = variantTargetWidths[variantTargetWidths.length - 1]!;
  const widths: number[] = variantTargetWidths.filter((width) => width < originalWidth);
  if (originalWidth <= largest) widths.push(originalWidth);
  return widths;
}

/**
 * Image addresses carry the content's fingerprint and dimensions, so they can be cached forever
 * and a page that only knows the address (such as the site_logo setting) can still build srcset.
 */
const imagePathPattern = /^\/images\/(\d+)\/([0-9a-f]{8,64})-(\d+)x(\d+)\/[a-z0-9]+\.[a-z0-9]+$/;

export function imageDirectory(id: number, fingerprint: string, width: number, height: number): string {
  return `/images/${id}/${fingerprint}-${width}x${height}`;
}

export interface ParsedImagePath {
  directory: string;
  width: number;
  height: number;
  variants: ImageVariant[];
}

/** Reads an address made by this site's pipeline; null for anything else (e.g. an external URL). */
export function parseImagePath(path: string): ParsedImagePath | null {
  const match = imagePathPattern.exec(path);
  if (!match) return null;
  const [, id, fingerprint, w, h] = match;
  const width = Number(w);
  const height = Number(h);
  if (!width || !height) return null;
  const directory = imageDirectory(Number(id), fingerprint!, width, height);
  return { directory, width, height, variants: variantsFor(directory, width, height) };
}

export function variantsFor(directory: string, width: number, height: number): ImageVariant[] {
  return variantWidths(width).map((variantWidth) => ({
    width: variantWidth,
    height: Math.max(1, Math.round((height * variantWidth) / width)),
    path: `${directory}/${variantWidth}.webp`,
  }));
}

export function srcSetOf(variants: readonly ImageVariant[]): string {
  return variants.map((variant) => `${variant.path} ${variant.width}w`).join(', ');
}

/**
 * Places on the home page that show the newest image filed under a category: the hero, and the
 * 1-to-1, online and classroom tuition cards (decision 0009). Empty places show no image.
 */
export const showcaseCategories = ['hero', 'tutoring', 'online', 'classroom'] as const;
export type ShowcaseCategory = (typeof showcaseCategories)[number];

/** What a page needs to draw one: the address carries the dimensions and variants. */
export interface ShowcaseImage {
  path: string;
  altText: string;
}
export type ShowcaseImages = Partial<Record<ShowcaseCategory, ShowcaseImage>>;
