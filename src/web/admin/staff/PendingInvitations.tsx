import { useQuery } from '@tanstack/react-query';
import { formatAdminDate } from '../ui/date-format';
import { staffRoleLabels } from '../../../shared/staff/staff';
import { useAdminMutation } from '../admin-mutation';
import { useStaffApi } from './api';
import { staffQueries } from './queries';

/** Invitations not yet used, each withdrawable (its link then stops working). */
export function PendingInvitations() {
  const staff = useStaffApi();
  const invitations = useQuery(staffQueries.invitations(staff));
  const withdraw = useAdminMutation({
    mutationFn: staff.withdrawInvitation,
    success: { title: 'Invitation withdrawn' },
    failure: { title: 'Could not withdraw the invitation' },
    invalidates: [staffQueries.all],
  });
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading" className="text-xl font-semibold text-slate-900">
        Waiting to be accepted
      </h2>
      <ul className="mt-3 space-y-2">
        {invitations.data.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
          >
            <span>
              {invitation.email ?? 'First owner (setup link)'}:{' '}
              {invitation.roles.map((role) => staffRoleLabels[role]).join(', ')}
              <span className="block text-sm text-slate-600">Until {formatAdminDate(invitation.expiresAt)}</span>
            </span>
            <button
              type="button"
              onClick={() => withdraw.mutate(invitation.id)}
              className="rounded-md border border-slate-300 px-3 py-1 font-medium"
            >
              Withdraw
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
