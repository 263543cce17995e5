// The admin area's entry (decision 0038): under /admin the whole page is one React application;
// public pages load entry-islands.ts instead, which hydrates only their interactive parts. The
// application renders admin screens only: a link to a public page is an ordinary page load.
import { hydrate } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { AdminRoute } from './admin/AdminRoute';
import type { InitialState } from './entry-server';
import { createQueryClient } from './lib/query-client';
import { applyWholeStylesheet, enhancePage } from './islands/page-behaviour';
import './styles.css';

// The header's menu and F8, as on public pages; the application draws screens the server did
// not, so it needs the whole stylesheet at once.
applyWholeStylesheet();
enhancePage();

// The server leaves the page's data (the shell and the settings the header shows) in a
// non-executable JSON block (no inline script under our CSP).
const state = JSON.parse(document.getElementById('initial-state')?.textContent ?? 'null') as InitialState;
const queryClient = createQueryClient();
hydrate(queryClient, state.queries);

hydrateRoot(
  document.getElementById('root')!,
  <App shell={state.shell} queryClient={queryClient}>
    <AdminRoute />
  </App>,
);
