import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../shared/routes';
import { Seo } from '../lib/seo';

const BlogAdminPage = lazy(() => import('./blog/BlogAdminPage').then((module) => ({ default: module.BlogAdminPage })));

/** The admin area: loaded only on /admin paths, never part of the public pages' bundle. */
export default function AdminApp() {
  const [location] = useLocation();
  return (
    <section className="mx-auto max-w-7xl px-4 py-12">
      <Seo title="Admin" description="Staff area." robots="noindex, nofollow" />
      {location === paths.adminBlog ? (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <BlogAdminPage />
        </Suspense>
      ) : (
        <>
          <h1 className="text-3xl font-bold text-slate-900">Admin</h1>
          <p className="mt-2 text-slate-700">The staff area is being built.</p>
        </>
      )}
    </section>
  );
}
