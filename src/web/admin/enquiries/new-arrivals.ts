import { useEffect, useState } from 'react';

/** How long the inbox must be in front before the arrivals counted in the title count as seen. */
export const SEEN_AFTER_MS = 3000;

/** Whether the tab is the one in front, kept up to date. */
function useVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * Enquiries that arrived while the inbox was open (issue 38):
 * - `isNew(submittedAt)`: a card sent after every one the inbox first showed, highlighted
 *   for as long as the screen stays open;
 * - `unseen`: how many arrived since staff last had the inbox in front for SEEN_AFTER_MS, from the
 *   total of all enquiries (`total`, which is looked at in a background tab too). A colleague's
 *   delete in the same minute as an arrival hides that one from the count, never from the list.
 */
export function useNewArrivals(
  shown: readonly { id: number; submittedAt: string }[] | undefined,
  total: number | undefined,
) {
  // The first list the inbox shows (page 1 of everything, newest first) sets the mark, once: the
  // time it was sent, not the id, so an older enquiry met on a later page is never "new".
  const [newest, setNewest] = useState<string | null>(null);
  if (shown && newest === null)
    setNewest(shown.reduce((latest, item) => (item.submittedAt > latest ? item.submittedAt : latest), ''));
  const [seenTotal, setSeenTotal] = useState<number | undefined>(undefined);
  if (total !== undefined && seenTotal === undefined) setSeenTotal(total);
  const unseen = total === undefined || seenTotal === undefined ? 0 : Math.max(0, total - seenTotal);
  const visible = useVisible();

  useEffect(() => {
    if (!visible || total === undefined || total === seenTotal) return;
    const timer = setTimeout(() => setSeenTotal(total), SEEN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [visible, total, seenTotal]);

  return { unseen, isNew: (submittedAt: string) => newest !== null && submittedAt > newest };
}
