import { useQuery } from '@tanstack/react-query';
import type { SessionPerson } from '../../../shared/admin-session';
import { type StaffAccount, type StaffRole, staffRoleLabels, staffRoles } from '../../../shared/staff/staff';
import { useAdminMutation } from '../admin-mutation';
import { useAdminApi } from '../session';
import { staffQueries } from './queries';

const ways = ({ signIn }: StaffAccount) =>
  [
    signIn.passkeys > 0 && `${signIn.passkeys} passkey${signIn.passkeys === 1 ? '' : 's'}`,
    signIn.password && (signIn.authenticatorApp ? 'password and app codes' : 'password and e-mailed codes'),
  ]
    .filter(Boolean)
    .join(', ') || 'no way to sign in yet';

/** Who has an account, with their roles (changed in place) and whether they may sign in. */
export function AccountsList({ me }: { me: SessionPerson }) {
  const api = useAdminApi();
  const accounts = useQuery(staffQueries.accounts(api));
  const change = useAdminMutation({
    mutationFn: ({ account, roles, disabled }: { account: StaffAccount; roles?: StaffRole[]; disabled?: boolean }) =>
      api.staff.changeAccount(account.id, { roles, disabled }),
    success: (account) => ({
      title: account.disabledAt ? `${account.name} can no longer sign in` : `${account.name} updated`,
    }),
    failure: { title: 'Could not change the account' },
    invalidates: [staffQueries.all],
  });
  if (accounts.isPending) return <p role="status">Loading staff…</p>;
  if (accounts.isError) return <p role="alert">Could not load the staff accounts.</p>;
  return (
    <section aria-labelledby="accounts-heading">
      <h2 id="accounts-heading" className="text-xl font-semibold text-slate-900">
        Staff accounts
      </h2>
      {accounts.data.length === 0 && <p className="mt-2 text-slate-700">No accounts yet: invite someone below.</p>}
      <ul className="mt-3 space-y-3">
        {accounts.data.map((account) => (
          <li key={account.id} className="rounded-xl border border-slate-200 bg-white p-4" aria-label={account.name}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p>
                <span className="font-semibold text-slate-900">{account.name}</span>{' '}
                <span className="text-slate-600">{account.email}</span>
                {account.disabledAt && <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-sm">Disabled</span>}
                {me.id === account.id && <span className="ml-2 text-sm text-slate-600">(you)</span>}
              </p>
              <button
                type="button"
                disabled={change.isPending}
                onClick={() => change.mutate({ account, disabled: !account.disabledAt })}
                className="rounded-md border border-slate-300 px-3 py-1 font-medium disabled:opacity-60"
              >
                {account.disabledAt ? 'Enable' : 'Disable'}
              </button>
            </div>
            <p className="mt-1 text-sm text-slate-600">Signs in with {ways(account)}.</p>
            <fieldset className="mt-2 flex flex-wrap gap-4">
              <legend className="sr-only">Roles of {account.name}</legend>
              {staffRoles.map((role) => (
                <label key={role} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={account.roles.includes(role)}
                    disabled={change.isPending}
                    onChange={(event) =>
                      change.mutate({
                        account,
                        roles: event.target.checked
                          ? [...account.roles, role]
                          : account.roles.filter((held) => held !== role),
                      })
                    }
                  />
                  {staffRoleLabels[role]}
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ul>
    </section>
  );
}
