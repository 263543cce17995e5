import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionPerson } from '../../../shared/admin-session';
import {
  LAST_OWNER_MESSAGE,
  leavesNoOwner,
  type StaffAccount,
  type StaffRole,
  staffRoleLabels,
  staffRoles,
} from '../../../shared/staff/staff';
import { toastProblem, useAdminMutation } from '../admin-mutation';
import { useStaffApi } from './api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { staffQueries } from './queries';
import { ResetSignIn } from './ResetSignIn';

const ways = ({ signIn }: StaffAccount) =>
  [
    signIn.passkeys > 0 && `${signIn.passkeys} passkey${signIn.passkeys === 1 ? '' : 's'}`,
    signIn.password && (signIn.authenticatorApp ? 'password and app codes' : 'password and e-mailed codes'),
  ]
    .filter(Boolean)
    .join(', ') || 'no way to sign in yet';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What disabling ended, in words: the result's description. */
const endedWords = ({ apiTokens, invitations }: { apiTokens: number; invitations: number }) =>
  `Signed out everywhere; ${count(apiTokens, 'API token', 'API tokens')} revoked and ${count(
    invitations,
    'pending invitation',
    'pending invitations',
  )} withdrawn.`;

/** Who has an account, with their roles (changed in place) and whether they may sign in. */
export function AccountsList({ me }: { me: SessionPerson }) {
  const staff = useStaffApi();
  const accounts = useQuery(staffQueries.accounts(staff));
  // What a leaver made that disabling them ends, for the confirmation.
  const tokens = useQuery(staffQueries.tokens(staff));
  const invitations = useQuery(staffQueries.invitations(staff));
  const [leaving, setLeaving] = useState<StaffAccount | null>(null);
  const [resetting, setResetting] = useState<StaffAccount | null>(null);
  const change = useAdminMutation({
    mutationFn: ({ account, roles, disabled }: { account: StaffAccount; roles?: StaffRole[]; disabled?: boolean }) =>
      staff.changeAccount(account.id, { roles, disabled }),
    success: (account) =>
      account.disabledAt
        ? { title: `${account.name} can no longer sign in`, description: endedWords(account.ended) }
        : { title: `${account.name} updated` },
    failure: { title: 'Could not change the account' },
    invalidates: [staffQueries.all],
    onSettled: () => setLeaving(null),
  });
  const leaverTokens = (tokens.data ?? []).filter(
    (token) => token.createdByAccountId === leaving?.id && token.revokedAt === null,
  ).length;
  const leaverInvitations = (invitations.data ?? []).filter(
    (invitation) => invitation.invitedByAccountId === leaving?.id,
  ).length;
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
              <div className="flex flex-wrap gap-2">
                {/* For someone who cannot get in; an owner changes their own sign-in on Your account. */}
                {!account.disabledAt && me.id !== account.id && (
                  <button
                    type="button"
                    onClick={() => setResetting(account)}
                    className="rounded-md border border-slate-300 px-3 py-1 font-medium"
                  >
                    Reset sign-in
                  </button>
                )}
                <button
                  type="button"
                  disabled={change.isPending}
                  onClick={() =>
                    account.disabledAt ? change.mutate({ account, disabled: false }) : setLeaving(account)
                  }
                  className="rounded-md border border-slate-300 px-3 py-1 font-medium disabled:opacity-60"
                >
                  {account.disabledAt ? 'Enable' : 'Disable'}
                </button>
              </div>
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
                    onChange={(event) => {
                      const roles = event.target.checked
                        ? [...account.roles, role]
                        : account.roles.filter((held) => held !== role);
                      if (leavesNoOwner(accounts.data, account, roles)) {
                        toastProblem({ title: 'Could not change the account', description: LAST_OWNER_MESSAGE });
                      } else change.mutate({ account, roles });
                    }}
                  />
                  {staffRoleLabels[role]}
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ul>
      <ResetSignIn account={resetting} onDone={() => setResetting(null)} />
      <ConfirmDialog
        open={leaving !== null}
        title={`Disable ${leaving?.name ?? ''}?`}
        description={`They are signed out everywhere at once and cannot sign in. ${count(
          leaverTokens,
          'API token',
          'API tokens',
        )} they made will be revoked and ${count(
          leaverInvitations,
          'pending invitation',
          'pending invitations',
        )} they sent withdrawn. You can enable the account again; tokens and invitations stay ended.`}
        confirmLabel="Disable"
        pendingLabel="Disabling…"
        pending={change.isPending}
        onConfirm={() => leaving && change.mutate({ account: leaving, disabled: true })}
        onCancel={() => setLeaving(null)}
      />
    </section>
  );
}
