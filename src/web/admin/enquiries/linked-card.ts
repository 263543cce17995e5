import { useEffect, useRef } from 'react';
import type { InboxEnquiry } from '../../../shared/enquiries/admin-schemas';

/**
 * The staff e-mail links to `/admin#enquiry-12`. Once that card is on the page, it is scrolled
 * to and focused, once. A new enquiry is on the first page; an older one may not be, and the
 * inbox then opens as usual.
 */
export function useScrollToLinkedCard(items: readonly InboxEnquiry[] | undefined) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !items) return;
    const match = /^#enquiry-(\d+)$/.exec(window.location.hash);
    if (!match) return;
    done.current = true;
    const card = document.getElementById(`enquiry-${match[1]}`);
    if (!card) return;
    card.scrollIntoView({ block: 'start' });
    card.focus({ preventScroll: true });
  }, [items]);
}
