import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { SiteApi } from '../shared/site-api';

// The shapes of the route table, apart from the table (routes.tsx): pages and their data loaders
// name these types, and the table imports those pages, so keeping them here keeps imports one-way.

export interface PageProps {
  params: Record<string, string>;
}

export interface PrefetchContext {
  queryClient: QueryClient;
  api: SiteApi;
  params: Record<string, string>;
  searchParams: URLSearchParams;
}

export interface PageRoute {
  path: string;
  component: ComponentType<PageProps>;
  /**
   * The admin area: the browser runs it as one React application (entry-client.tsx). Every other
   * page is server-rendered with islands (entry-islands.ts, decision 0038).
   */
  clientApp?: true;
  /**
   * Drawn from data that changes without a staff write (the free assessment's times, decision
   * 0072): rendered for each request, never served from the page cache.
   */
  fresh?: true;
  /** Loads the page's data into the cache before rendering; may turn the answer into a 404. */
  prefetch?: (context: PrefetchContext) => Promise<{ status?: number } | void>;
}
