import { LogOut } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../shared/routes';
import { useAdminMutation } from './admin-mutation';
import { useAdminSession } from './session';

/** Above every admin screen: who is signed in, their account, and the way out (docs/product.md#admin-session). */
export function AdminBar() {
  const { signOut, who } = useAdminSession();
  // Signing out cannot fail: an ended session needs no ending, so there is no failure toast.
  const signingOut = useAdminMutation({ mutationFn: signOut });
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-3">
      <p className="font-medium text-slate-700">
        Staff area: signed in as{' '}
        <Link href={paths.adminAccount} className="text-blue-700 underline">
          {who.name}
        </Link>
      </p>
      <button
        type="button"
        disabled={signingOut.isPending}
        onClick={() => signingOut.mutate()}
        className="inline-flex items-center gap-2 rounded-md bg-slate-800 px-3 py-2 font-medium text-white hover:bg-slate-900 disabled:opacity-60"
      >
        <LogOut className="h-4 w-4" aria-hidden /> Logout
      </button>
    </div>
  );
}
