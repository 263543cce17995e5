import { type ImageVariant, parseImagePath, srcSetOf } from '../../shared/images/images';

export interface ResponsiveImageProps {
  /** An address from the image library (its variants are derived) or any other image address. */
  src: string;
  alt: string;
  /** Rendered box in CSS pixels; with height it reserves the space, so nothing shifts as it loads. */
  width?: number;
  height?: number;
  /** How wide the image is drawn, for the browser's choice among variants, e.g. "(min-width: 768px) 50vw, 100vw". */
  sizes?: string;
  /** Variants when the caller already has them (from the API); otherwise read from the address. */
  variants?: readonly ImageVariant[];
  /** The largest image in view: fetched first, never lazily. */
  priority?: boolean;
  /** Above the fold but not the main image: not lazy, normal priority. */
  eager?: boolean;
  className?: string;
}

/**
 * An image that lets the browser pick the smallest WebP variant that fills its box, with width
 * and height set and lazy loading unless it is in the first view.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes = '100vw',
  variants,
  priority = false,
  eager = false,
  className,
}: ResponsiveImageProps) {
  const parsed = variants ? null : parseImagePath(src);
  const available = variants ?? parsed?.variants ?? [];
  const largest = available[available.length - 1];
  const intrinsicWidth = width ?? parsed?.width ?? largest?.width;
  const intrinsicHeight = height ?? parsed?.height ?? largest?.height;
  const image = (
    <img
      src={largest?.path ?? src}
      srcSet={available.length > 0 ? srcSetOf(available) : undefined}
      sizes={available.length > 0 ? sizes : undefined}
      alt={alt}
      width={intrinsicWidth}
      height={intrinsicHeight}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
  // React's server renderer writes a <link rel="preload"> with the whole srcset again for every
  // image that is not lazy, except inside <picture>: the <img> is early in the HTML with its
  // fetch priority, so that copy only makes the page bigger (decision 0040).
  return priority || eager ? <picture>{image}</picture> : image;
}
