import { useState } from 'react';
import { z } from 'zod';
import type { InvitationView } from '../../../shared/staff/staff';
import { useAdminMutation } from '../admin-mutation';
import { useStaffApi } from './api';
import { AdminForm, TextField, useAdminForm } from '../ui/form';
import { staffQueries } from './queries';
import { useWithProof } from './StepUp';

const codeForm = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the six-digit code the app shows.'),
});

/** Moves the person's sign-in codes to an authenticator app (or to a new phone's app). */
export function AuthenticatorSetup({ hasApp }: { hasApp: boolean }) {
  const staff = useStaffApi();
  const withProof = useWithProof();
  const [offer, setOffer] = useState<InvitationView['authenticator'] | null>(null);
  const form = useAdminForm(codeForm, { code: '' });
  const start = useAdminMutation({
    mutationFn: staff.authenticatorOptions,
    failure: { title: 'Could not start' },
    onSuccess: setOffer,
  });
  const confirm = useAdminMutation({
    mutationFn: ({ code }: z.output<typeof codeForm>) => withProof(() => staff.setAuthenticator(offer!.secret, code)),
    success: { title: 'Authenticator app set up', description: 'Sign-in codes now come from the app.' },
    failure: { title: 'That code did not work' },
    invalidates: [staffQueries.all],
    onSuccess: () => {
      setOffer(null);
      form.reset();
    },
  });
  if (!offer) {
    return (
      <button
        type="button"
        disabled={start.isPending}
        onClick={() => start.mutate()}
        className="mt-3 rounded-md border border-slate-400 px-4 py-2 font-semibold text-slate-900 disabled:opacity-60"
      >
        {hasApp ? 'Move codes to another app' : 'Use an authenticator app for codes'}
      </button>
    );
  }
  return (
    <AdminForm
      form={form}
      idPrefix="own-app"
      onSubmit={(values) => confirm.mutate(values)}
      className="mt-3 max-w-md space-y-3"
    >
      <p className="text-slate-700">
        Scan this with your authenticator app, or type the key below into it, then enter the code it shows.
      </p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(offer.qrSvg)}`}
        alt="QR code for your authenticator app"
        width={180}
        height={180}
      />
      <p className="break-all font-mono text-sm text-slate-800">{offer.secret}</p>
      <TextField name="code" label="Code from the app" autoComplete="one-time-code" />
      <button
        type="submit"
        disabled={confirm.isPending}
        className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
      >
        {confirm.isPending ? 'Checking…' : 'Confirm'}
      </button>
    </AdminForm>
  );
}
