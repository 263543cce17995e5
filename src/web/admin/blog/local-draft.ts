import type { BlogPostFormValues } from '../../../shared/blog/schemas';
import { systemClock } from '../../../shared/clock';

/**
 * The browser's own copy of a post being written (docs/product.md#drafting): kept in
 * localStorage as staff type, so a crash or a closed tab loses nothing. Keyed by post id, or
 * 'new' for a post not yet saved. It holds only the form's values, which are the post's own words:
 * never the admin key or anything else of the session.
 */
export interface LocalDraft {
  values: BlogPostFormValues;
  savedAt: string;
}

const prefix = 'northstar.postDraft.';
const storageKey = (key: string) => `${prefix}${key}`;

export const draftKey = (postId: number | undefined) => (postId === undefined ? 'new' : String(postId));

export function readLocalDraft(key: string): LocalDraft | null {
  try {
    const stored = localStorage.getItem(storageKey(key));
    if (!stored) return null;
    const draft = JSON.parse(stored) as Partial<LocalDraft>;
    return draft && typeof draft.savedAt === 'string' && draft.values && typeof draft.values === 'object'
      ? (draft as LocalDraft)
      : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(key: string, values: BlogPostFormValues): void {
  try {
    localStorage.setItem(storageKey(key), JSON.stringify({ values, savedAt: systemClock().toISOString() }));
  } catch {
    // Storage full or blocked: the warning before closing still protects the work.
  }
}

export function clearLocalDraft(key: string): void {
  try {
    localStorage.removeItem(storageKey(key));
  } catch {
    // Nothing to clear when storage is blocked.
  }
}

/**
 * Forgets every local copy. Called when staff sign out on purpose: on a shared office computer the
 * next person must not find someone's unfinished post. A session that times out keeps them, since
 * that is when a copy saves the work.
 */
export function clearAllLocalDrafts(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
  } catch {
    // Nothing to clear when storage is blocked.
  }
}
