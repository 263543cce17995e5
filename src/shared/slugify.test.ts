import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slugify } from './slugify';

describe('slugify (docs/product.md#blog-form)', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['GCSE Maths: 10 Top Tips!', 'gcse-maths-10-top-tips'],
    ['  spaces   everywhere  ', 'spaces-everywhere'],
    ['tabs\tand\nnew lines', 'tabs-and-new-lines'],
    ['already-a-slug', 'already-a-slug'],
    ['double -- hyphens - - here', 'double-hyphens-here'],
    ['-leading and trailing-', 'leading-and-trailing'],
    ["Year 6 SATs: what's new in 2026?", 'year-6-sats-whats-new-in-2026'],
    ['Café & Crème brûlée', 'cafe-creme-brulee'],
    ['under_score', 'underscore'],
    ['<script>alert(1)</script>', 'scriptalert1script'],
    ['11+ Exam Prep', '11-exam-prep'],
    ['???', ''],
    ['', ''],
    ['日本語', ''],
  ])('%j -> %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('only ever yields lower-case letters, digits and single inner hyphens', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        const slug = slugify(text);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        expect(slugify(slugify(text))).toBe(slugify(text));
      }),
    );
  });

  it('keeps every word of a plain ASCII title', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 1, maxLength: 6 }), (words) => {
        expect(slugify(words.join('  '))).toBe(words.join('-'));
      }),
    );
  });
});
