import { hydrate } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App';
import type { InitialState } from './entry-server';
import { httpSiteApi } from './lib/http-site-api';
import { createQueryClient } from './lib/query-client';
import { loadPage } from './page-loader';
import { resolveRoute } from './routes';
import './styles.css';

// The page arrived with its own CSS inline and the whole stylesheet loading as "print" so it
// would not hold up the first paint; from now on it applies to the screen (decision 0012).
document.querySelectorAll<HTMLLinkElement>('link[data-stylesheet]').forEach((link) => (link.media = 'all'));

// The server leaves the page's data in a non-executable JSON block (no inline script under our CSP).
const state = JSON.parse(document.getElementById('initial-state')?.textContent ?? 'null') as InitialState;
const queryClient = createQueryClient();
hydrate(queryClient, state.queries);

// The page's chunk first, so hydration finds the same page the server rendered.
void loadPage(resolveRoute(window.location.pathname).route).finally(() =>
  hydrateRoot(
    document.getElementById('root')!,
    <App shell={state.shell} queryClient={queryClient} api={httpSiteApi} />,
  ),
);
