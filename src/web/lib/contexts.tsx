import { createContext, useContext } from 'react';
import type { PostedBooking } from '../../shared/bookings/page-choice';
import type { EnquiryFormStart } from '../../shared/enquiries/form-post';
import type { PageMeta } from '../../shared/page-meta';
import type { SiteApi } from '../../shared/site-api';

/** Facts about this request that the server decides and the browser keeps. */
export interface ShellState {
  showAdminLink: boolean;
  publicUrl: string;
  year: number;
  /** Today on London's clock ('2026-12-22'): which closures the contact page announces. */
  today: string;
  /** RETENTION_MONTHS: how long enquiries are kept, stated on the privacy page. */
  retentionMonths: number;
}

/** Server rendering only: where the page leaves its metadata for the document head. */
export interface MetaSink {
  collect(meta: PageMeta): void;
}

/**
 * Server rendering only: how the page's enquiry form starts, when the browser posted it without
 * script (the values and messages) or the page is its thank-you state (docs/decisions/0062-forms-without-script.md).
 */
export const EnquiryFormStartContext = createContext<EnquiryFormStart>({});

/** Server rendering only: the booking the browser posted without script, when it was not made (decision 0072). */
export const PostedBookingContext = createContext<PostedBooking | undefined>(undefined);

export const ShellContext = createContext<ShellState | null>(null);
export const SiteApiContext = createContext<SiteApi | null>(null);
export const MetaSinkContext = createContext<MetaSink | null>(null);

function required<T>(value: T | null, name: string): T {
  if (value === null) throw new Error(`${name} is missing: render inside <App>.`);
  return value;
}

export const useShell = () => required(useContext(ShellContext), 'ShellContext');
export const useSiteApi = () => required(useContext(SiteApiContext), 'SiteApiContext');
