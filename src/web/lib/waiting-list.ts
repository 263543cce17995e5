import { createContext, useContext } from 'react';
import type { WaitingListView } from '../../shared/bookings/waiting-list-pages';

/**
 * Server rendering only: the waiting list's join form or claim link's page (issue 51), as the
 * server answered the request. Those pages are rendered for each request, never cached.
 */
export const WaitingListContext = createContext<WaitingListView | undefined>(undefined);

export const useWaitingList = () => useContext(WaitingListContext);
