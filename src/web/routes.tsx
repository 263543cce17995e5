import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { matchPath, paths } from '../shared/routes';
import type { SiteApi } from '../shared/site-api';
import { AdminRoute } from './admin/AdminRoute';
import { prefetchBlogList, prefetchBlogPost } from './features/blog/prefetch';
import { prefetchShowcase } from './features/showcase/queries';
import { HomePage } from './pages/HomePage';

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
  /** The page itself, in the main bundle; or `load`, which fetches it as a separate chunk. */
  component?: ComponentType<PageProps>;
  load?: () => Promise<ComponentType<PageProps>>;
  /** Server only: loads the page's data into the cache before rendering; may turn the answer into a 404. */
  prefetch?: (context: PrefetchContext) => Promise<{ status?: number } | void>;
}

/** Every page, matched in order; no match renders the Not-found screen with a 404. */
export const pageRoutes: readonly PageRoute[] = [
  { path: paths.home, component: HomePage, prefetch: prefetchShowcase },
  {
    path: paths.freeAssessment,
    load: () => import('./pages/FreeAssessmentPage').then((page) => page.FreeAssessmentPage),
  },
  { path: paths.examResits, load: () => import('./pages/ExamResitsPage').then((page) => page.ExamResitsPage) },
  {
    path: paths.primaryTuition,
    load: () => import('./pages/PrimaryTuitionPage').then((page) => page.PrimaryTuitionPage),
  },
  {
    path: paths.secondaryTuition,
    load: () => import('./pages/SecondaryTuitionPage').then((page) => page.SecondaryTuitionPage),
  },
  { path: paths.subjects, load: () => import('./pages/SubjectsPage').then((page) => page.SubjectsPage) },
  { path: paths.why, load: () => import('./pages/WhyUsPage').then((page) => page.WhyUsPage) },
  { path: paths.contact, load: () => import('./pages/ContactPage').then((page) => page.ContactPage) },
  {
    path: paths.blog,
    load: () => import('./pages/BlogPage').then((page) => page.BlogPage),
    prefetch: prefetchBlogList,
  },
  {
    path: paths.blogPost,
    load: () => import('./pages/BlogPostPage').then((page) => page.BlogPostPage),
    prefetch: prefetchBlogPost,
  },
  { path: paths.privacy, load: () => import('./pages/PrivacyPage').then((page) => page.PrivacyPage) },
  { path: paths.terms, load: () => import('./pages/TermsPage').then((page) => page.TermsPage) },
  { path: paths.admin, component: AdminRoute },
  { path: paths.adminBlog, component: AdminRoute },
  { path: paths.adminImages, component: AdminRoute },
  { path: paths.adminLogo, component: AdminRoute },
];

/** What any path no route matches shows, with a 404; a chunk of its own, like the other pages. */
export const notFoundRoute: PageRoute = {
  path: '*',
  load: () => import('./pages/NotFoundPage').then((page) => page.NotFoundPage),
};

export function findRoute(pathname: string): { route: PageRoute; params: Record<string, string> } | null {
  for (const route of pageRoutes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

/** The route that renders `pathname`: its page, or the Not-found page. */
export const resolveRoute = (pathname: string) => findRoute(pathname) ?? { route: notFoundRoute, params: {} };
