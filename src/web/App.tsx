import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, createElement, use } from 'react';
import { Router, useLocation } from 'wouter';
import type { SiteApi } from '../shared/site-api';
import { SiteLayout } from './components/layout/SiteLayout';
import { type MetaSink, MetaSinkContext, type ShellState, ShellContext, SiteApiContext } from './lib/contexts';
import { loadPage, loadedPage } from './page-loader';
import { resolveRoute } from './routes';

function CurrentPage() {
  const [pathname] = useLocation();
  const match = resolveRoute(pathname);
  // Loaded before render and hydration; only a client-side move to a new page waits here.
  const Page = loadedPage(match.route) ?? use(loadPage(match.route));
  // A page component from the route table, not one created here (createElement says so to the linter).
  return createElement(Page, { params: match.params });
}

export interface AppProps {
  shell: ShellState;
  queryClient: QueryClient;
  api: SiteApi;
  /** Server rendering only. */
  ssr?: { path: string; search: string; metaSink: MetaSink };
}

export function App({ shell, queryClient, api, ssr }: AppProps) {
  return (
    <ShellContext.Provider value={shell}>
      <SiteApiContext.Provider value={api}>
        <MetaSinkContext.Provider value={ssr?.metaSink ?? null}>
          <QueryClientProvider client={queryClient}>
            <Router ssrPath={ssr?.path} ssrSearch={ssr?.search}>
              <SiteLayout>
                <Suspense fallback={<p className="sr-only">Loading…</p>}>
                  <CurrentPage />
                </Suspense>
              </SiteLayout>
            </Router>
          </QueryClientProvider>
        </MetaSinkContext.Provider>
      </SiteApiContext.Provider>
    </ShellContext.Provider>
  );
}
