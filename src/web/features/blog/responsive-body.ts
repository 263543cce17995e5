import { parseImagePath, srcSetOf } from '../../../shared/images/images';

/** How wide a body image is drawn: the article column (48rem less padding), or the phone's width. */
export const articleImageSizes = '(min-width: 768px) 736px, calc(100vw - 2rem)';

// The server's sanitiser writes every image in exactly this form (src, then alt, self-closed).
const sanitisedImage = /<img src="([^"]*)" alt="([^"]*)" \/>/g;

/**
 * A post body whose images from the library get WebP variants, their dimensions (no layout
 * shift) and lazy loading; images from elsewhere are left as they are.
 */
export function withResponsiveImages(html: string): string {
  return html.replace(sanitisedImage, (tag, src: string, alt: string) => {
    const parsed = parseImagePath(src);
    if (!parsed || parsed.variants.length === 0) return tag;
    const largest = parsed.variants[parsed.variants.length - 1]!;
    return (
      `<img src="${largest.path}" srcset="${srcSetOf(parsed.variants)}" sizes="${articleImageSizes}" ` +
      `alt="${alt}" width="${parsed.width}" height="${parsed.height}" loading="lazy" decoding="async" />`
    );
  });
}
