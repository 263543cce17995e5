import type { ComponentType } from 'react';
import { matchPath, paths } from '../shared/routes';
import { AdminRoute } from './admin/AdminRoute';
import { prefetchBlogList, prefetchBlogPost } from './features/blog/prefetch';
import { prefetchShowcase } from './features/showcase/queries';
import { HomePage } from './pages/HomePage';
import type { PageProps, PageRoute } from './route-types';

// Every page but the home page is a chunk of its own, loaded only when the admin application
// moves to a public page (public pages themselves run islands, not page chunks: decision 0038).
const lazyPages = import.meta.glob<Record<string, ComponentType<PageProps>>>([
  './pages/*Page.tsx',
  '!./pages/HomePage.tsx',
]);

function lazyPage(name: string): Required<Pick<PageRoute, 'load'>> {
  const importPage = lazyPages[`./pages/${name}.tsx`];
  if (!importPage) throw new Error(`There is no page module ./pages/${name}.tsx`);
  return { load: () => importPage().then((page) => page[name]!) };
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
  { path: paths.admin, component: AdminRoute, clientApp: true },
  { path: paths.adminBlog, component: AdminRoute, clientApp: true },
  { path: paths.adminImages, component: AdminRoute, clientApp: true },
  { path: paths.adminLogo, component: AdminRoute, clientApp: true },
  { path: paths.adminBin, component: AdminRoute, clientApp: true },
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
