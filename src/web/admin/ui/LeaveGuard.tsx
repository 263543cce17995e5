import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../shared/routes';
import { plainLinkClick } from '../../lib/plain-link-click';
import { ConfirmDialog } from './ConfirmDialog';

// The Navigation API's few members used here (TypeScript's DOM library does not describe it yet).
interface TraverseEvent extends Event {
  readonly navigationType: string;
  readonly cancelable: boolean;
  readonly destination: { readonly key: string };
}
interface HistoryNavigation {
  addEventListener(type: 'navigate', listener: (event: TraverseEvent) => void): void;
  removeEventListener(type: 'navigate', listener: (event: TraverseEvent) => void): void;
  traverseTo(key: string): unknown;
}

/** Where staff were going: an address inside the site, or a history entry (Back, Forward). */
type Leaving = { to: string } | { entry: string };

/**
 * Asks before staff leave a screen with unsaved edits, as the blog's post dialog does: closing or
 * reloading the tab gets the browser's own question; following a link inside the site (Back to
 * Admin, the admin's other links, the header's) and the browser's Back and Forward get this
 * dialog. Back is caught where the browser has the Navigation API (Chromium, Edge, Safari 26);
 * elsewhere it leaves as before. `unsaved` answers, when asked, what has unsaved edits ("Opening
 * hours"), empty when nothing has; keep it stable (useCallback). Links that only move within the
 * page (#part) are let through.
 */
export function LeaveGuard({ unsaved }: { unsaved: () => readonly string[] }) {
  const [, navigate] = useLocation();
  const [leavingTo, setLeavingTo] = useState<Leaving | null>(null);
  const [parts, setParts] = useState<readonly string[]>([]);
  // Set once staff chose to leave: the browser must not ask a second time.
  const leaving = useRef(false);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current || unsaved().length === 0) return;
      event.preventDefault();
      event.returnValue = '';
    };
    // Capturing on the document runs before the router's own click handler, which it then never sees.
    const onClick = (event: MouseEvent) => {
      const target = leavingLink(event);
      if (!target) return;
      const edited = unsaved();
      if (edited.length === 0) return;
      event.preventDefault();
      event.stopPropagation();
      setParts(edited);
      setLeavingTo({ to: target });
    };
    // Back and Forward within the admin never unload the page: the browser lets a page that has
    // been used hold them (a cancelable traverse), and the dialog then goes on or stays.
    const onTraverse = (event: TraverseEvent) => {
      if (leaving.current || event.navigationType !== 'traverse' || !event.cancelable) return;
      const edited = unsaved();
      if (edited.length === 0) return;
      event.preventDefault();
      setParts(edited);
      setLeavingTo({ entry: event.destination.key });
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', onClick, true);
    historyNavigation?.addEventListener('navigate', onTraverse);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', onClick, true);
      historyNavigation?.removeEventListener('navigate', onTraverse);
    };
  }, [unsaved]);

  return (
    <ConfirmDialog
      open={leavingTo !== null}
      title="Leave without saving?"
      description={`${listed(parts)} ${parts.length === 1 ? 'has' : 'have'} changes that are not saved. Leaving now loses them.`}
      confirmLabel="Leave without saving"
      cancelLabel="Keep editing"
      pendingLabel="Leaving..."
      pending={false}
      onConfirm={() => {
        const going = leavingTo;
        setLeavingTo(null);
        if (!going) return;
        if ('entry' in going) {
          leaving.current = true;
          historyNavigation?.traverseTo(going.entry);
          return;
        }
        // The admin's own screens change in place; a public page is a page load of its own.
        if (going.to.startsWith(paths.admin)) return navigate(going.to);
        leaving.current = true;
        window.location.assign(going.to);
      }}
      onCancel={() => setLeavingTo(null)}
    />
  );
}

const historyNavigation = (globalThis as { navigation?: HistoryNavigation }).navigation;

/** 'Opening hours', 'Opening hours and FAQ', 'Details & prices, Opening hours and FAQ'. */
function listed(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The same-site address a plain click on a link goes to, or null when it stays on this page or leaves the site. */
function leavingLink(event: MouseEvent): string | null {
  const to = plainLinkClick(event);
  if (!to || to.origin !== window.location.origin) return null;
  const here = window.location;
  if (to.pathname === here.pathname && to.search === here.search && to.hash !== '') return null;
  return `${to.pathname}${to.search}${to.hash}`;
}
