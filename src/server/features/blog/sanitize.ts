import sanitizeHtml from 'sanitize-html';
import { isSafeImageSource } from '../../../shared/blog/schemas';

/**
 * The allowlist matches what the admin editor can produce (TipTap StarterKit trimmed to the
 * toolbar, plus Image and Link), so sanitising never changes a post written in the editor; it
 * only removes what was pasted or sent to the API by other means. Everything else goes:
 * scripts, styles, event handlers, classes, frames, forms, SVG and MathML.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'blockquote', 'br', 'img', 'a'],
  allowedAttributes: { img: ['src', 'alt'], a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Text inside these is never shown; everything else keeps its text when its tag is removed.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'xmp',
    'noembed',
    'noframes',
    'plaintext',
  ],
  disallowedTagsMode: 'discard',
  // Only root-relative paths on this site or https images; a bare "x" is as useless as it is odd.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isSafeImageSource(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      // Links in posts point away from the site: no window.opener, no referrer, no endorsement.
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener noreferrer nofollow' },
    }),
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.src ? { src: attribs.src } : {}), alt: attribs.alt ?? '' },
    }),
  },
};

/** Post HTML reduced to the editor's allowlist; used on every write and again on every render. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
