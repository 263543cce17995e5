import { type DehydratedState, dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import type { PostedBooking } from '../shared/bookings/page-choice';
import type { BookingLinkView } from '../shared/bookings/link-pages';
import type { WaitingListView } from '../shared/bookings/waiting-list-pages';
import { type EnquiryFormStart, type PostedForm, sentQuery } from '../shared/enquiries/form-post';
import type { PageMeta } from '../shared/page-meta';
import type { SiteApi } from '../shared/site-api';
import { App } from './App';
import { BookingLinkContext } from './lib/booking-link';
import { WaitingListContext } from './lib/waiting-list';
import type { MetaSink, ShellState } from './lib/contexts';
import { createQueryClient } from './lib/query-client';
import { defaultMeta } from './lib/seo';
import { prefetchSettings, prefetchSiteFacts, prefetchedSiteFacts } from './lib/site-data';
import { findRoute, notFoundRoute } from './routes';

export interface InitialState {
  shell: ShellState;
  queries: DehydratedState;
}

export interface RenderInput {
  /** The request's path and query string. */
  url: string;
  api: SiteApi;
  shell: ShellState;
  /** The page's enquiry form as the browser posted it without script, when it was not sent (decision 0062). */
  posted?: PostedForm;
  /** The booking as the browser posted it without script, when it was not made (decision 0072). */
  booking?: PostedBooking;
  /** What a booking's cancel or change link opened (issue 41), for those pages alone. */
  bookingLink?: BookingLinkView;
  /** The waiting list's join form or claim link's page (issue 51), as the server answered it. */
  waitingList?: WaitingListView;
}

export interface RenderOutput {
  status: number;
  pathname: string;
  /** `app` under /admin (the whole page hydrates), `islands` elsewhere (decision 0038). */
  client: 'app' | 'islands';
  /** Drawn from data that changes without a staff write (the times offered): never kept by the page cache. */
  fresh: boolean;
  html: string;
  meta: PageMeta;
  state: InitialState;
}

/** Only what is set: the island's props travel in the page, and most pages need neither. */
const formStart = (posted: PostedForm | undefined, search: string): EnquiryFormStart => ({
  ...(posted && { posted }),
  ...(search === sentQuery && { sent: true }),
});

/** Renders one page with its data on the server; under /admin the browser hydrates it from `state`. */
export async function render({
  url,
  api,
  shell,
  posted,
  booking,
  bookingLink,
  waitingList,
}: RenderInput): Promise<RenderOutput> {
  const { pathname, search, searchParams } = new URL(`http://localhost${url}`);
  const queryClient = createQueryClient();
  const match = findRoute(pathname);
  const route = match?.route ?? notFoundRoute;
  let status = match ? 200 : 404;

  const [, , outcome] = await Promise.all([
    prefetchSettings(queryClient, api),
    prefetchSiteFacts(queryClient, api),
    match?.route.prefetch?.({ queryClient, api, params: match.params, searchParams }),
  ]);
  if (outcome?.status) status = outcome.status;

  let meta: PageMeta = defaultMeta(prefetchedSiteFacts(queryClient).details);
  const metaSink: MetaSink = { collect: (pageMeta) => (meta = pageMeta) };
  const Page = route.component;
  const html = renderToString(
    <App
      shell={shell}
      queryClient={queryClient}
      ssr={{
        path: pathname,
        search: search.slice(1),
        metaSink,
        api,
        formStart: formStart(posted, search.slice(1)),
        postedBooking: booking,
      }}
    >
      <BookingLinkContext.Provider value={bookingLink}>
        <WaitingListContext.Provider value={waitingList}>
          <Page params={match?.params ?? {}} />
        </WaitingListContext.Provider>
      </BookingLinkContext.Provider>
    </App>,
  );
  return {
    status,
    pathname,
    client: route.clientApp ? 'app' : 'islands',
    fresh: route.fresh === true,
    html,
    meta,
    state: { shell, queries: dehydrate(queryClient) },
  };
}
