// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BlogPostFormValues, blogPostFormDefaults } from '../../../shared/blog/schemas';
import { clearAllLocalDrafts, clearLocalDraft, draftKey, readLocalDraft, writeLocalDraft } from './local-draft';

/**
 * The browser's copy of a post being written (docs/product.md#drafting), in a real Storage: what
 * is kept, what comes back, what a damaged or foreign entry gives, and what signing out forgets.
 */
const draft = (title: string): BlogPostFormValues => ({
  ...blogPostFormDefaults('Northstar Tutors'),
  title,
  content: `<p>${title}, the body.</p>`,
});

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('local drafts', () => {
  it("keys a saved post by its id and a new post as 'new'", () => {
    expect(draftKey(undefined)).toBe('new');
    expect(draftKey(7)).toBe('7');
    expect(draftKey(0)).toBe('0');
  });

  it('gives back what was written, with when, and keeps one copy per post', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T15:04:05.000Z') });
    writeLocalDraft('new', draft('Revising for GCSE maths'));
    writeLocalDraft('7', draft('Year 6 SATs'));
    vi.setSystemTime(new Date('2026-11-27T15:06:00.000Z'));
    writeLocalDraft('7', draft('Year 6 SATs, revised'));

    expect(readLocalDraft('new')).toEqual({
      values: draft('Revising for GCSE maths'),
      savedAt: '2026-11-27T15:04:05.000Z',
    });
    expect(readLocalDraft('7')).toEqual({ values: draft('Year 6 SATs, revised'), savedAt: '2026-11-27T15:06:00.000Z' });
    expect(readLocalDraft('8')).toBeNull();
    expect(Object.keys(localStorage).sort()).toEqual(['northstar.postDraft.7', 'northstar.postDraft.new']);
  });

  it('holds only the form values and the time: nothing of the session', () => {
    sessionStorage.setItem('northstar.session', 'a-token');
    writeLocalDraft('new', draft('Exam technique'));
    const stored = JSON.parse(localStorage.getItem('northstar.postDraft.new')!) as object;
    expect(Object.keys(stored).sort()).toEqual(['savedAt', 'values']);
    expect(JSON.stringify(stored)).not.toContain('a-token');
  });

  it('reads a damaged or foreign entry as no draft, rather than failing the form', () => {
    for (const stored of [
      '{not json',
      'null',
      '"a string"',
      '[]',
      '{}',
      '{"values":{"title":"x"}}',
      '{"savedAt":"2026-11-27T15:04:05.000Z"}',
      '{"savedAt":12,"values":{"title":"x"}}',
      '{"savedAt":"2026-11-27T15:04:05.000Z","values":"x"}',
      '{"savedAt":"2026-11-27T15:04:05.000Z","values":null}',
    ]) {
      localStorage.setItem('northstar.postDraft.3', stored);
      expect(readLocalDraft('3'), stored).toBeNull();
    }
  });

  it('forgets one post when it is saved or discarded, and leaves the others', () => {
    writeLocalDraft('new', draft('A'));
    writeLocalDraft('7', draft('B'));
    clearLocalDraft('new');
    expect(readLocalDraft('new')).toBeNull();
    expect(readLocalDraft('7')?.values.title).toBe('B');
  });

  it("on signing out, forgets every post's copy and nothing else kept in the browser", () => {
    writeLocalDraft('new', draft('A'));
    writeLocalDraft('7', draft('B'));
    writeLocalDraft('12', draft('C'));
    localStorage.setItem('northstar.theme', 'dark');
    localStorage.setItem('postDraft.7', 'not ours');
    clearAllLocalDrafts();
    expect(Object.keys(localStorage).sort()).toEqual(['northstar.theme', 'postDraft.7']);
  });

  it('when storage is full, typing goes on and the copy from before stays', () => {
    writeLocalDraft('7', draft('Kept from before'));
    vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(() => writeLocalDraft('7', draft('Newer'))).not.toThrow();
    expect(readLocalDraft('7')?.values.title).toBe('Kept from before');
  });

  it('when the browser blocks storage altogether, reading finds nothing and signing out still works', () => {
    const kept = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')!;
    // What a browser does with storage blocked for the site: touching localStorage throws.
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    try {
      expect(readLocalDraft('7')).toBeNull();
      expect(() => writeLocalDraft('7', draft('Newer'))).not.toThrow();
      expect(() => clearLocalDraft('7')).not.toThrow();
      expect(() => clearAllLocalDrafts()).not.toThrow();
    } finally {
      Object.defineProperty(globalThis, 'localStorage', kept);
    }
  });
});
