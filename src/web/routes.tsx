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
  /** With `load`: the chunk's source path (its key in Vite's manifest), so the server can preload it. */
  module?: string;
  /** Server only: loads the page's data into the cache before rendering; may turn the answer into a 404. */
  prefetch?: (context: PrefetchContext) => Promise<{ status?: number } | void>;
}

// Every page but the home page is a chunk of its own. The glob keeps each one's source path,
// which the server needs to preload the chunk with the page that uses it.
const lazyPages = import.meta.glob<Record<string, ComponentType<PageProps>>>([
  './pages/*Page.tsx',
  '!./pages/HomePage.tsx',
]);

function lazyPage(name: string): Required<Pick<PageRoute, 'load' | 'module'>> {
  const importPage = lazyPages[`./pages/${name}.tsx`];
  if (!importPage) throw new Error(`There is no page module ./pages/${name}.tsx`);
  return { module: `src/web/pages/${name}.tsx`, load: () => importPage().then((page) => page[name]!) };
}

/** Every page, matched in order; no match renders the Not-found screen with a 404. */
export const pageRoutes: readonly PageRoute[] = [
  { path: paths.home, component: HomePage, prefetch: prefetchShowcase },
  { path: paths.freeAssessment, ...lazyPage('FreeAssessmentPage') },
  { path: paths.examResits, ...lazyPage('ExamResitsPage') },
  { path: paths.primaryTuition, ...lazyPage('PrimaryTuitionPage') },
  { path: paths.secondaryTuition, ...lazyPage('SecondaryTuitionPage') },
  { path: paths.subjects, ...lazyPage('SubjectsPage') },
  { path: paths.why, ...lazyPage('WhyUsPage') },
  { path: paths.contact, ...lazyPage('ContactPage') },
  { path: paths.blog, ...lazyPage('BlogPage'), prefetch: prefetchBlogList },
  { path: paths.blogPost, ...lazyPage('BlogPostPage'), prefetch: prefetchBlogPost },
  { path: paths.privacy, ...lazyPage('PrivacyPage') },
  { path: paths.terms, ...lazyPage('TermsPage') },
  { path: paths.admin, component: AdminRoute },
  { path: paths.adminBlog, component: AdminRoute },
  { path: paths.adminImages, component: AdminRoute },
  { path: paths.adminLogo, component: AdminRoute },
];

/** What any path no route matches shows, with a 404; a chunk of its own, like the other pages. */
export const notFoundRoute: PageRoute = { path: '*', ...lazyPage('NotFoundPage') };

export function findRoute(pathname: string): { route: PageRoute; params: Record<string, string> } | null {
  for (const route of pageRoutes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

/** The route that renders `pathname`: its page, or the Not-found page. */
export const resolveRoute = (pathname: string) => findRoute(pathname) ?? { route: notFoundRoute, params: {} };
