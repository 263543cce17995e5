import { Link } from 'wouter';
import { paths } from '../../../shared/routes';

/** A mistyped or old /admin/… address: said inside the admin, with the way back, not the public site's 404. */
export function AdminNotFound() {
  return (
    <div className="mt-6">
      <h1 className="text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-2 text-slate-700">There is no admin screen at this address. It may have been mistyped.</p>
      <Link href={paths.admin} className="mt-4 inline-block font-medium text-blue-700 underline">
        Go to the admin dashboard
      </Link>
    </div>
  );
}
