import { Seo } from '../lib/seo';

/** The admin area: loaded only on /admin paths, never part of the public pages' bundle. */
export default function AdminApp() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12">
      <Seo title="Admin" description="Staff area." robots="noindex, nofollow" />
      <h1 className="text-3xl font-bold text-slate-900">Admin</h1>
      <p className="mt-2 text-slate-700">The staff area is being built.</p>
    </section>
  );
}
