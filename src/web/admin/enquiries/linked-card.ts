import { useEffect, useRef } from 'react';
import { fromNudgeQuery } from '../../../shared/enquiries/reply-settings';
import type { InboxEnquiry } from '../../../shared/enquiries/admin-schemas';

/**
 * The staff e-mail links to `/admin#enquiry-12`. Once that card is on the page, it is scrolled
 * to and focused, once. A new enquiry is on the first page; an older one may not be, and the
 * inbox then opens as usual. A nudge's link (`/admin?from=nudge#enquiry-12`) is told to the
 * server once (`openedFromNudge`), for the access log, and its mark is taken off the address so a
 * reload does not tell it again.
 */
export function useScrollToLinkedCard(
  items: readonly InboxEnquiry[] | undefined,
  openedFromNudge: (id: number) => void,
) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !items) return;
    const match = /^#enquiry-(\d+)$/.exec(window.location.hash);
    if (!match) return;
    done.current = true;
    if (window.location.search === `?${fromNudgeQuery}`) {
      openedFromNudge(Number(match[1]));
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.hash}`);
    }
    const card = document.getElementById(`enquiry-${match[1]}`);
    if (!card) return;
    card.scrollIntoView({ block: 'start' });
    card.focus({ preventScroll: true });
  }, [items, openedFromNudge]);
}
