import { matchPath, paths } from '../shared/routes';
import { AdminRoute } from './admin/AdminRoute';
import { prefetchBlogList, prefetchBlogPost } from './features/blog';
import { prefetchOfferedTimes } from './features/bookings';
import { prefetchShowcase } from './features/images';
import { BlogPage } from './pages/BlogPage';
import { BlogPostPage } from './pages/BlogPostPage';
import { CancelBookingPage } from './pages/CancelBookingPage';
import { ChangeBookingPage } from './pages/ChangeBookingPage';
import { ContactPage } from './pages/ContactPage';
import { ExamResitsPage } from './pages/ExamResitsPage';
import { FreeAssessmentPage } from './pages/FreeAssessmentPage';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PrimaryTuitionPage } from './pages/PrimaryTuitionPage';
import { PrivacyPage } from './pages/PrivacyPage';
import { SecondaryTuitionPage } from './pages/SecondaryTuitionPage';
import { SubjectsPage } from './pages/SubjectsPage';
import { TermsPage } from './pages/TermsPage';
import { WaitingClaimPage } from './pages/WaitingClaimPage';
import { WaitingListPage } from './pages/WaitingListPage';
import { WhyUsPage } from './pages/WhyUsPage';
import type { PageRoute } from './route-types';

/**
 * Every page, matched in order, rendered on the server only (the admin area's own router takes
 * over in the browser); no match renders the Not-found screen with a 404.
 */
export const pageRoutes: readonly PageRoute[] = [
  { path: paths.home, component: HomePage, prefetch: prefetchShowcase },
  { path: paths.freeAssessment, component: FreeAssessmentPage, prefetch: prefetchOfferedTimes, fresh: true },
  // Rendered only by the bookings' own routes, with what the link's token opened (never cached).
  { path: paths.freeAssessmentCancel, component: CancelBookingPage },
  { path: paths.freeAssessmentChange, component: ChangeBookingPage },
  // The waiting list's (issue 51): rendered only by its own routes, for each request (never cached).
  { path: paths.freeAssessmentWaitingList, component: WaitingListPage },
  { path: paths.freeAssessmentWaiting, component: WaitingClaimPage },
  { path: paths.examResits, component: ExamResitsPage },
  { path: paths.primaryTuition, component: PrimaryTuitionPage },
  { path: paths.secondaryTuition, component: SecondaryTuitionPage },
  { path: paths.subjects, component: SubjectsPage },
  { path: paths.why, component: WhyUsPage },
  { path: paths.contact, component: ContactPage },
  { path: paths.blog, component: BlogPage, prefetch: prefetchBlogList },
  { path: paths.blogPost, component: BlogPostPage, prefetch: prefetchBlogPost },
  { path: paths.privacy, component: PrivacyPage },
  { path: paths.terms, component: TermsPage },
  { path: paths.admin, component: AdminRoute, clientApp: true },
  { path: paths.adminBlog, component: AdminRoute, clientApp: true },
  { path: paths.adminImages, component: AdminRoute, clientApp: true },
  { path: paths.adminLogo, component: AdminRoute, clientApp: true },
  { path: paths.adminStaff, component: AdminRoute, clientApp: true },
  { path: paths.adminAccount, component: AdminRoute, clientApp: true },
  { path: paths.adminInvitation, component: AdminRoute, clientApp: true },
  { path: paths.adminRecover, component: AdminRoute, clientApp: true },
  { path: paths.adminBin, component: AdminRoute, clientApp: true },
  { path: paths.adminSite, component: AdminRoute, clientApp: true },
  { path: paths.adminInsights, component: AdminRoute, clientApp: true },
  { path: paths.adminBookings, component: AdminRoute, clientApp: true },
];

/** What any path no route matches shows, with a 404. */
export const notFoundRoute: PageRoute = { path: '*', component: NotFoundPage };

/** A mistyped /admin/… address: still a 404, but the admin area says so, with its way back. */
const adminNotFoundRoute: PageRoute = {
  path: `${paths.admin}/*`,
  component: AdminRoute,
  clientApp: true,
  prefetch: async () => ({ status: 404 }),
};

export function findRoute(pathname: string): { route: PageRoute; params: Record<string, string> } | null {
  for (const route of pageRoutes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  if (pathname.startsWith(`${paths.admin}/`)) return { route: adminNotFoundRoute, params: {} };
  return null;
}
