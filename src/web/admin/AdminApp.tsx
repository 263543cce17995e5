import { lazy, type ReactNode, Suspense } from 'react';
import { useLocation } from 'wouter';
import type { SessionPerson } from '../../shared/admin-session';
import { paths } from '../../shared/routes';
import { mayUse, type RouteRole } from '../../shared/staff/staff';
import { Seo } from '../lib/seo';
import { BinPage } from './bin/BinPage';
import { clearAllLocalDrafts } from './blog/local-draft';
import { AdminBar } from './AdminBar';
import { ImagesPage } from './images/ImagesPage';
import { EnquiriesPage } from './enquiries/EnquiriesPage';
import { LogoPage } from './settings/LogoPage';
import { SessionProvider, useSessionState } from './session';
import { SiteFactsPage } from './site-facts/SiteFactsPage';
import { AccountPage } from './staff/AccountPage';
import { InvitationPage } from './staff/InvitationPage';
import { RecoverPage } from './staff/RecoverPage';
import { SignInPage } from './staff/SignInPage';
import { StaffPage } from './staff/StaffPage';
import { AdminNotFound } from './ui/AdminNotFound';
import { DashboardHeader } from './ui/DashboardHeader';
import { DatabaseOutage } from './ui/DatabaseOutage';
import { useFocusRescue } from './ui/focus-return';

// The blog screen (forms, dialogs, and the editor behind its own lazy import) loads only when opened.
const BlogAdminPage = lazy(() => import('./blog/BlogAdminPage').then((module) => ({ default: module.BlogAdminPage })));
// Insights and its charts likewise (decision 0070).
// Upcoming assessments likewise (decision 0073).
const BookingsPage = lazy(() => import('./bookings/BookingsPage').then((module) => ({ default: module.BookingsPage })));
const InsightsPage = lazy(() => import('./insights/InsightsPage').then((module) => ({ default: module.InsightsPage })));

/** Each screen and the role it needs (decision 0058): the server refuses the rest anyway. */
function screenFor(location: string, who: SessionPerson): ReactNode {
  const screens: Record<string, { role: RouteRole; screen: () => ReactNode }> = {
    [paths.admin]: { role: 'enquiries', screen: () => <EnquiriesPage /> },
    [paths.adminBlog]: {
      role: 'editor',
      screen: () => (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <BlogAdminPage />
        </Suspense>
      ),
    },
    [paths.adminImages]: { role: 'editor', screen: () => <ImagesPage /> },
    // Owners and the inbox's staff, not editors (decision 0070).
    [paths.adminInsights]: {
      role: 'enquiries',
      screen: () => (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <InsightsPage />
        </Suspense>
      ),
    },
    // The inbox's staff run the bookings (decision 0073).
    [paths.adminBookings]: {
      role: 'enquiries',
      screen: () => (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <BookingsPage />
        </Suspense>
      ),
    },
    [paths.adminLogo]: { role: 'editor', screen: () => <LogoPage /> },
    [paths.adminBin]: { role: 'staff', screen: () => <BinPage /> },
    // Editors save hours, testimonials and the FAQ; owners the details too (sectionRoles).
    [paths.adminSite]: { role: 'editor', screen: () => <SiteFactsPage /> },
    [paths.adminStaff]: { role: 'owner', screen: () => <StaffPage me={who} /> },
    [paths.adminAccount]: { role: 'staff', screen: () => <AccountPage me={who} /> },
  };
  const wanted = screens[location];
  if (!wanted) return <AdminNotFound />;
  if (mayUse(who.roles, wanted.role)) return wanted.screen();
  // The dashboard's links, without what this person may not use.
  return (
    <DashboardHeader>
      <p className="w-full text-slate-700">
        {location === paths.admin
          ? 'Choose what to work on above.'
          : 'Your account cannot use this screen. Choose one above, or ask an owner.'}
      </p>
    </DashboardHeader>
  );
}

/** The admin area: loaded only on /admin paths, never part of the public pages' bundle. */
export default function AdminApp() {
  const { state, login, signedIn, logout, checkAgain } = useSessionState();
  const [location, navigate] = useLocation();
  useFocusRescue();
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <Seo title="Admin" description="Staff area." robots="noindex, nofollow" />
      {location === paths.adminInvitation ? (
        <InvitationPage
          onSignedIn={(info) => {
            signedIn(info);
            navigate(paths.admin);
          }}
        />
      ) : location === paths.adminRecover ? (
        <RecoverPage
          onSignedIn={(info) => {
            signedIn(info);
            navigate(paths.admin);
          }}
        />
      ) : state.status === 'checking' ? (
        <p role="status" className="text-slate-700">
          Loading the staff area…
        </p>
      ) : state.status === 'unavailable' ? (
        <DatabaseOutage onRetry={checkAgain} />
      ) : state.status === 'signed-in' ? (
        // Signing out on purpose forgets unfinished posts: the next person at a shared computer must not find them.
        <SessionProvider info={state.info} logout={logout} onSignOut={clearAllLocalDrafts}>
          <AdminBar />
          {screenFor(location, state.info.who)}
        </SessionProvider>
      ) : (
        <SignInPage onSignedIn={signedIn} onKeyLogin={login} notice={state.notice} />
      )}
    </section>
  );
}
