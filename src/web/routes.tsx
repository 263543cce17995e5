import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { matchPath, paths } from '../shared/routes';
import type { SiteApi } from '../shared/site-api';
import { AdminRoute } from './admin/AdminRoute';
import { prefetchBlogList, prefetchBlogPost } from './features/blog/prefetch';
import { BlogPage } from './pages/BlogPage';
import { BlogPostPage } from './pages/BlogPostPage';
import { ContactPage } from './pages/ContactPage';
import { ExamResitsPage } from './pages/ExamResitsPage';
import { FreeAssessmentPage } from './pages/FreeAssessmentPage';
import { HomePage } from './pages/HomePage';
import { PrimaryTuitionPage } from './pages/PrimaryTuitionPage';
import { PrivacyPage } from './pages/PrivacyPage';
import { SecondaryTuitionPage } from './pages/SecondaryTuitionPage';
import { SubjectsPage } from './pages/SubjectsPage';
import { TermsPage } from './pages/TermsPage';
import { WhyUsPage } from './pages/WhyUsPage';

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
  /** Server only: loads the page's data into the cache before rendering; may turn the answer into a 404. */
  prefetch?: (context: PrefetchContext) => Promise<{ status?: number } | void>;
}

/** Every page, matched in order; no match renders the Not-found screen with a 404. */
export const pageRoutes: readonly PageRoute[] = [
  { path: paths.home, component: HomePage },
  { path: paths.freeAssessment, component: FreeAssessmentPage },
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
  { path: paths.admin, component: AdminRoute },
  { path: paths.adminBlog, component: AdminRoute },
  { path: paths.adminImages, component: AdminRoute },
  { path: paths.adminLogo, component: AdminRoute },
];

export function findRoute(pathname: string): { route: PageRoute; params: Record<string, string> } | null {
  for (const route of pageRoutes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}
