import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../../shared/routes';

/** The link at the top of every admin screen back to the dashboard. */
export function BackToAdmin() {
  return (
    <Link href={paths.admin} className="inline-flex items-center gap-1 text-blue-700 underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Admin
    </Link>
  );
}
