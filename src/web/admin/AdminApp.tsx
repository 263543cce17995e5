import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../shared/routes';
import { Seo } from '../lib/seo';
import { BinPage } from './bin/BinPage';
import { clearAllLocalDrafts } from './blog/local-draft';
import { AdminBar } from './AdminBar';
import { ImagesPage } from './images/ImagesPage';
import { EnquiriesPage } from './enquiries/EnquiriesPage';
import { LogoPage } from './settings/LogoPage';
import { LoginForm } from './LoginForm';
import { SessionProvider, useSessionState } from './session';

// The blog screen (forms, dialogs, and the editor behind its own lazy import) loads only when opened.
const BlogAdminPage = lazy(() => import('./blog/BlogAdminPage').then((module) => ({ default: module.BlogAdminPage })));

/** The admin area: loaded only on /admin paths, never part of the public pages' bundle. */
export default function AdminApp() {
  const { state, login, logout } = useSessionState();
  const [location] = useLocation();
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <Seo title="Admin" description="Staff area." robots="noindex, nofollow" />
      {state.status === 'checking' ? (
        <p role="status" className="text-slate-700">
          Loading the staff area…
        </p>
      ) : state.status === 'signed-in' ? (
        // Signing out on purpose forgets unfinished posts: the next person at a shared computer must not find them.
        <SessionProvider info={state.info} logout={logout} onSignOut={clearAllLocalDrafts}>
          <AdminBar />
          {location === paths.admin ? (
            <EnquiriesPage />
          ) : location === paths.adminBlog ? (
            <Suspense fallback={<p role="status">Loading…</p>}>
              <BlogAdminPage />
            </Suspense>
          ) : location === paths.adminImages ? (
            <ImagesPage />
          ) : location === paths.adminBin ? (
            <BinPage />
          ) : (
            <LogoPage />
          )}
        </SessionProvider>
      ) : (
        <LoginForm onLogin={login} notice={state.notice} />
      )}
    </section>
  );
}
