import { useQuery } from '@tanstack/react-query';
import type { SessionPerson } from '../../../shared/admin-session';
import { staffRoleLabels } from '../../../shared/staff/staff';
import { Seo } from '../../lib/seo';
import { useAdminMutation } from '../admin-mutation';
import { useStaffApi } from './api';
import { BackToAdmin } from '../ui/BackToAdmin';
import { formatAdminDate } from '../ui/date-format';
import { AuthenticatorSetup } from './AuthenticatorSetup';
import { createPasskey } from './passkey-ceremony';
import { PasswordForm } from './PasswordForm';
import { staffQueries } from './queries';
import { StepUpProvider, useWithProof } from './StepUp';

/**
 * /admin/account: the signed-in person's own account and passkeys (decision 0058). Each change to
 * how they sign in asks them to confirm it is them first (StepUp.tsx, issue 36).
 */
export function AccountPage({ me }: { me: SessionPerson }) {
  const staff = useStaffApi();
  const own = useQuery({ ...staffQueries.me(staff), enabled: me.kind === 'account' });
  return (
    <StepUpProvider hasPasskey={(own.data?.signIn.passkeys ?? 0) > 0} hasPassword={own.data?.signIn.password ?? false}>
      <OwnAccount me={me} />
    </StepUpProvider>
  );
}

function OwnAccount({ me }: { me: SessionPerson }) {
  const staff = useStaffApi();
  const withProof = useWithProof();
  const passkeys = useQuery({ ...staffQueries.passkeys(staff), enabled: me.kind === 'account' });
  const own = useQuery({ ...staffQueries.me(staff), enabled: me.kind === 'account' });
  const account = own.data;
  const add = useAdminMutation({
    mutationFn: () =>
      withProof(async () => {
        const ceremony = await staff.passkeyOptions();
        return staff.addPasskey(ceremony.challenge, await createPasskey(ceremony));
      }),
    success: { title: 'Passkey added', description: 'You can sign in with it on this device.' },
    failure: { title: 'Could not add the passkey' },
    invalidates: [staffQueries.all],
  });
  const remove = useAdminMutation({
    mutationFn: (id: number) => withProof(() => staff.removePasskey(id)),
    success: { title: 'Passkey removed' },
    failure: { title: 'Could not remove the passkey' },
    invalidates: [staffQueries.all],
  });
  const signOutOthers = useAdminMutation({
    mutationFn: staff.signOutOthers,
    success: ({ ended }) => ({
      title: 'Signed out everywhere else',
      description: ended === 1 ? 'One other session was ended.' : `${ended} other sessions were ended.`,
    }),
    failure: { title: 'Could not sign out the other sessions' },
  });
  return (
    <div>
      <Seo title="Your account" description="Staff area." robots="noindex, nofollow" />
      <BackToAdmin />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Your account</h1>
      <p className="mt-2 text-slate-700">
        {me.name}: {me.roles.map((role) => staffRoleLabels[role]).join(', ')}
      </p>
      {me.kind === 'key' ? (
        <p className="mt-4 text-slate-700">
          You signed in with the admin key, which is nobody’s account. Ask an owner for an invitation to have your own.
        </p>
      ) : (
        <>
          <section aria-labelledby="password-heading" className="mt-6">
            <h2 id="password-heading" className="text-xl font-semibold text-slate-900">
              Password and codes
            </h2>
            <p className="mt-1 text-slate-700">
              {account?.signIn.password
                ? account.signIn.authenticatorApp
                  ? 'You sign in with your password and a code from your authenticator app.'
                  : 'You sign in with your password and a code we e-mail you.'
                : 'You have no password: you sign in with a passkey. You can set one for devices without it.'}
            </p>
            {account && <PasswordForm hasPassword={account.signIn.password} />}
            {account?.signIn.password && <AuthenticatorSetup hasApp={account.signIn.authenticatorApp} />}
          </section>
          <section aria-labelledby="passkeys-heading" className="mt-6">
            <h2 id="passkeys-heading" className="text-xl font-semibold text-slate-900">
              Passkeys
            </h2>
            {passkeys.data?.length === 0 && (
              <p className="mt-2 text-slate-700">
                No passkeys yet. A passkey lets you sign in with this device’s fingerprint, face or PIN instead of a
                password and code; add one on each computer or phone you use.
              </p>
            )}
            <ul className="mt-3 space-y-2">
              {(passkeys.data ?? []).map((key) => (
                <li
                  key={key.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
                >
                  <span>
                    {key.label}
                    <span className="block text-sm text-slate-600">
                      {key.lastUsedAt ? `Last used ${formatAdminDate(key.lastUsedAt)}` : 'Not used yet'}
                    </span>
                  </span>
                  <button
                    type="button"
                    onClick={() => remove.mutate(key.id)}
                    className="rounded-md border border-slate-300 px-3 py-1 font-medium"
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="button"
              disabled={add.isPending}
              onClick={() => add.mutate()}
              className="mt-4 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
            >
              {add.isPending ? 'Waiting for your device…' : 'Add a passkey on this device'}
            </button>
          </section>
          <section aria-labelledby="sessions-heading" className="mt-6">
            <h2 id="sessions-heading" className="text-xl font-semibold text-slate-900">
              Where you are signed in
            </h2>
            <p className="mt-1 text-slate-700">
              Signed in on a computer you no longer use, or lost a phone? End every session but this one.
            </p>
            <button
              type="button"
              disabled={signOutOthers.isPending}
              onClick={() => signOutOthers.mutate()}
              className="mt-3 rounded-md border border-slate-400 px-4 py-2 font-semibold text-slate-900 disabled:opacity-60"
            >
              Sign out everywhere else
            </button>
          </section>
        </>
      )}
    </div>
  );
}
