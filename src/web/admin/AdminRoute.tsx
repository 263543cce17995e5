import { lazy, Suspense, useEffect, useState } from 'react';

const AdminApp = lazy(() => import('./AdminApp'));

function AdminLoading() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12" role="status">
      <p className="text-slate-700">Loading the staff area…</p>
    </div>
  );
}

/**
 * Admin screens are rendered in the browser only: the server sends the loading state, so no
 * admin code or data is ever in the server's HTML or the public bundle.
 */
export function AdminRoute() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return <AdminLoading />;
  return (
    <Suspense fallback={<AdminLoading />}>
      <AdminApp />
    </Suspense>
  );
}
