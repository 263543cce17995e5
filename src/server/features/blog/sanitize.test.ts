import { type DefaultTreeAdapterTypes, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from './sanitize';
import { findExecutable, xssCorpus } from '../../../../tests/support/xss-corpus';

const allowedTags = new Set(['P', 'STRONG', 'B', 'EM', 'I', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'BR', 'IMG', 'A']);
const allowedAttributes: Record<string, readonly string[]> = { IMG: ['src', 'alt'], A: ['href', 'rel'] };

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.DocumentFragment;

/** Parses the output the way a browser with scripting does (parse5 is the WHATWG parser) and checks every element. */
function browserView(html: string) {
  const problems: string[] = [];
  const visit = (node: Node) => {
    if ('tagName' in node) {
      const tag = node.tagName.toUpperCase();
      if (!allowedTags.has(tag)) problems.push(`element ${tag}`);
      for (const { name, value } of node.attrs) {
        if (!allowedAttributes[tag]?.includes(name)) problems.push(`attribute ${name}`);
        // Browsers ignore whitespace and control characters inside a URL's scheme.
        const squeezed = Array.from(value)
          .filter((char) => char.codePointAt(0)! > 0x20)
          .join('');
        if (/^(?:javascript|vbscript|data):/i.test(squeezed)) problems.push(`URL ${value}`);
      }
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(parseFragment(html));
  return problems;
}

describe('sanitizePostHtml', () => {
  it.each(xssCorpus)('leaves nothing executable of %s', (payload) => {
    const clean = sanitizePostHtml(payload);
    expect(findExecutable(clean)).toBeNull();
    expect(browserView(clean)).toEqual([]);
    // A second pass changes nothing: what is stored is already in its final form.
    expect(sanitizePostHtml(clean)).toBe(clean);
  });

  it('has checks that catch the payloads before sanitising (so the test above can fail)', () => {
    const harmlessAsWritten = ['<![CDATA[<script>alert(1)</script>]]>', '<a href="/relative" rel="opener">rel</a>'];
    for (const payload of xssCorpus.filter((item) => !harmlessAsWritten.includes(item))) {
      expect({ payload, caught: findExecutable(payload) !== null || browserView(payload).length > 0 }).toEqual({
        payload,
        caught: true,
      });
    }
  });

  it('keeps everything the editor produces, unchanged', () => {
    const editorHtml =
      '<p>Plain <strong>bold</strong> <em>italic</em> <b>b</b> <i>i</i><br />line</p>' +
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol>' +
      '<blockquote><p>quote</p></blockquote>' +
      '<img src="/uploads/photo.webp" alt="" /><img src="https://images.example/a.jpg" alt="A cat" />' +
      '<p><a href="https://example.org/page?a=1&amp;b=2" rel="noopener noreferrer nofollow">link</a> ' +
      '<a href="mailto:hello@example.org" rel="noopener noreferrer nofollow">mail</a></p>';
    expect(browserView(sanitizePostHtml(editorHtml))).toEqual([]);
    expect(sanitizePostHtml(editorHtml)).toBe(
      '<p>Plain <strong>bold</strong> <em>italic</em> <b>b</b> <i>i</i><br />line</p>' +
        '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol>' +
        '<blockquote><p>quote</p></blockquote>' +
        '<img src="/uploads/photo.webp" alt="" /><img src="https://images.example/a.jpg" alt="A cat" />' +
        '<p><a href="https://example.org/page?a=1&amp;b=2" rel="noopener noreferrer nofollow">link</a> ' +
        '<a href="mailto:hello@example.org" rel="noopener noreferrer nofollow">mail</a></p>',
    );
  });

  it('forces a safe rel on every link and keeps the link text', () => {
    expect(sanitizePostHtml('<a href="https://x.example" rel="opener" target="_blank">go</a>')).toBe(
      '<a href="https://x.example" rel="noopener noreferrer nofollow">go</a>',
    );
  });

  it('drops images from insecure or odd sources but keeps site paths and https', () => {
    expect(sanitizePostHtml('<img src="http://x.example/a.png">')).toBe('');
    expect(sanitizePostHtml('<img src="//x.example/a.png">')).toBe('');
    expect(sanitizePostHtml('<img src="x">')).toBe('');
    expect(sanitizePostHtml('<img src="/a.png" alt="Alt" width="5" class="c">')).toBe('<img src="/a.png" alt="Alt" />');
  });

  it('keeps the text of removed wrappers but not of scripts and styles', () => {
    expect(sanitizePostHtml('<h1>Heading</h1><div><span>kept</span></div>')).toBe('Headingkept');
    expect(sanitizePostHtml('<p>a<script>evil()</script><style>p{}</style>b</p>')).toBe('<p>ab</p>');
  });
});
