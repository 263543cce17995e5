import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router, useLocation } from 'wouter';
import type { SiteApi } from '../shared/site-api';
import { SiteLayout } from './components/layout/SiteLayout';
import { type MetaSink, MetaSinkContext, type ShellState, ShellContext, SiteApiContext } from './lib/contexts';
import { NotFoundPage } from './pages/NotFoundPage';
import { findRoute } from './routes';

function CurrentPage() {
  const [pathname] = useLocation();
  const match = findRoute(pathname);
  if (!match) return <NotFoundPage />;
  const Page = match.route.component;
  return <Page params={match.params} />;
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
                <CurrentPage />
              </SiteLayout>
            </Router>
          </QueryClientProvider>
        </MetaSinkContext.Provider>
      </SiteApiContext.Provider>
    </ShellContext.Provider>
  );
}
