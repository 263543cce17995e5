import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import type { PostedBooking } from '../shared/bookings/page-choice';
import type { EnquiryFormStart } from '../shared/enquiries/form-post';
import type { SiteApi } from '../shared/site-api';
import { SiteLayout } from './components/layout/SiteLayout';
import {
  EnquiryFormStartContext,
  type MetaSink,
  MetaSinkContext,
  PostedBookingContext,
  type ShellState,
  ShellContext,
  SiteApiContext,
} from './lib/contexts';

export interface AppProps {
  shell: ShellState;
  queryClient: QueryClient;
  /** The page inside the layout: a public page (server only) or the admin area. */
  children: ReactNode;
  /**
   * Server rendering only: the pages' data source, where they leave their metadata, and how the
   * page's enquiry form starts (posted without script, or its thank-you state).
   */
  ssr?: {
    path: string;
    search: string;
    metaSink: MetaSink;
    api: SiteApi;
    formStart?: EnquiryFormStart;
    postedBooking?: PostedBooking | undefined;
  };
}

const noFormStart: EnquiryFormStart = {};

/**
 * The layout and what its pages read. Public pages are rendered only on the server (their
 * islands hydrate alone, decision 0038); the admin area renders the same tree on the server and
 * hydrates it as one application in the browser (entry-client.tsx).
 */
export function App({ shell, queryClient, ssr, children }: AppProps) {
  return (
    <ShellContext.Provider value={shell}>
      <SiteApiContext.Provider value={ssr?.api ?? null}>
        <MetaSinkContext.Provider value={ssr?.metaSink ?? null}>
          <EnquiryFormStartContext.Provider value={ssr?.formStart ?? noFormStart}>
            <PostedBookingContext.Provider value={ssr?.postedBooking}>
              <QueryClientProvider client={queryClient}>
                <Router ssrPath={ssr?.path} ssrSearch={ssr?.search}>
                  <SiteLayout>{children}</SiteLayout>
                </Router>
              </QueryClientProvider>
            </PostedBookingContext.Provider>
          </EnquiryFormStartContext.Provider>
        </MetaSinkContext.Provider>
      </SiteApiContext.Provider>
    </ShellContext.Provider>
  );
}
