import { createContext, useContext } from 'react';
import type { BookingLinkView } from '../../shared/bookings/link-pages';

/**
 * Server rendering only: what a booking's cancel or change link opened, as the server looked it
 * up (issue 41). Those pages are never cached, so this never reaches another visitor.
 */
export const BookingLinkContext = createContext<BookingLinkView | undefined>(undefined);

export const useBookingLink = () => useContext(BookingLinkContext);
