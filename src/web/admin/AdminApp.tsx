import { useLocation } from 'wouter';
import { paths } from '../../shared/routes';
import { Seo } from '../lib/seo';
import { ImagesPage } from './images/ImagesPage';
import { LogoPage } from './logo/LogoPage';

/** The admin area: loaded only on /admin paths, never part of the public pages' bundle. */
export default function AdminApp() {
  const [location] = useLocation();
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      {location === paths.adminImages ? (
        <ImagesPage />
      ) : location === paths.adminLogo ? (
        <LogoPage />
      ) : (
        <>
          <Seo title="Admin" description="Staff area." robots="noindex, nofollow" />
          <h1 className="text-3xl font-bold text-slate-900">Admin</h1>
          <p className="mt-2 text-slate-700">The staff area is being built.</p>
        </>
      )}
    </section>
  );
}
