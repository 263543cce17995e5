import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import type { AdminSessionInfo } from '../../../shared/admin-session';
import type { InvitationAccept } from '../../../shared/staff/schemas';
import { type InvitationView, staffRoleLabels } from '../../../shared/staff/staff';
import { HttpError, errorText } from '../../lib/http';
import { useAdminMutation } from '../admin-mutation';
import { AdminForm, TextField, useAdminForm } from '../ui/form';
import { passkeyFailure } from './passkey-ceremony';
import { signInApi } from './sign-in-api';

const acceptForm = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(80, 'Name must be at most 80 characters.'),
    email: z.string().trim().max(254, 'E-mail address must be at most 254 characters.'),
    method: z.enum(['passkey', 'password']),
    password: z.string().max(200, 'Password must be at most 200 characters.'),
    useApp: z.boolean(),
    code: z.string().trim(),
  })
  .superRefine((values, context) => {
    if (values.method === 'password' && [...values.password].length < 12) {
      context.addIssue({ code: 'custom', path: ['password'], message: 'Password must be at least 12 characters.' });
    }
    if (values.method === 'password' && values.useApp && !/^\d{6}$/.test(values.code)) {
      context.addIssue({ code: 'custom', path: ['code'], message: 'Enter the six-digit code the app shows.' });
    }
  });
type AcceptValues = z.output<typeof acceptForm>;

/** The server's field names, as this form calls them. */
const formField: Record<string, keyof AcceptValues> = {
  name: 'name',
  email: 'email',
  password: 'password',
  authenticator: 'code',
  'authenticator.code': 'code',
};

/** The invitation's token: after `#`, so it never reaches a server log or another site's Referer. */
const tokenFromAddress = () => window.location.hash.slice(1);

/**
 * Accepting an invitation, or the first owner's setup link (decision 0058): the person names
 * themselves and chooses how to sign in, a passkey on this device or a password with a code
 * (by e-mail, or from an authenticator app, which is required when the site cannot send mail).
 */
export function InvitationPage({ onSignedIn }: { onSignedIn: (info: AdminSessionInfo) => void }) {
  const [token] = useState(tokenFromAddress);
  const invitation = useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: () => signInApi.invitation(token),
    retry: false,
    staleTime: Infinity,
  });
  return (
    <div className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold text-slate-900">Join the staff area</h1>
      {invitation.isPending ? (
        <p role="status" className="mt-4 text-slate-700">
          Opening your invitation…
        </p>
      ) : invitation.isError ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
          {invitation.error instanceof HttpError && invitation.error.status === 404
            ? 'This invitation link has expired or was already used. Please ask for a new one.'
            : errorText(invitation.error, 'Could not open the invitation. Please try again.', 'server')}
        </p>
      ) : (
        <AcceptForm token={token} invitation={invitation.data} onSignedIn={onSignedIn} />
      )}
    </div>
  );
}

function AcceptForm({
  token,
  invitation,
  onSignedIn,
}: {
  token: string;
  invitation: InvitationView;
  onSignedIn: (info: AdminSessionInfo) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useAdminForm(acceptForm, {
    name: '',
    email: invitation.email ?? '',
    method: 'passkey',
    password: '',
    useApp: !invitation.mailOn,
    code: '',
  });
  const accept = useAdminMutation({
    mutationFn: async (values: AcceptValues) => {
      const person = { name: values.name, ...(invitation.email ? {} : { email: values.email }) };
      if (values.method === 'passkey') {
        const passkey = await signInApi.invitationPasskey(token, person);
        return signInApi.accept(token, { ...person, passkey } as InvitationAccept);
      }
      const authenticator = values.useApp ? { secret: invitation.authenticator.secret, code: values.code } : undefined;
      return signInApi.accept(token, { ...person, password: values.password, authenticator });
    },
    onSuccess: onSignedIn,
    onError: (error) => {
      const field = error instanceof HttpError ? error.body?.field : undefined;
      const text = passkeyFailure(error) ?? errorText(error, 'Could not join. Please try again.', 'server');
      if (field && formField[field]) form.setError(formField[field], { message: text }, { shouldFocus: true });
      else setProblem(text);
    },
  });
  const roles = invitation.roles.map((role) => staffRoleLabels[role]).join(', ');
  return (
    <AdminForm form={form} idPrefix="join" onSubmit={(values) => accept.mutate(values)} className="mt-4 space-y-4">
      <p className="text-slate-700">
        {invitation.email
          ? `For ${invitation.email}, as ${roles}.`
          : `This link makes the site's first account: ${roles}.`}
      </p>
      {problem && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
          {problem}
        </p>
      )}
      <TextField name="name" label="Your name" autoComplete="name" />
      {!invitation.email && <TextField name="email" label="E-mail address" type="email" autoComplete="email" />}
      <SignInChoice invitation={invitation} />
      <button
        type="submit"
        disabled={accept.isPending}
        className="w-full rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
      >
        {accept.isPending ? 'Joining…' : 'Join'}
      </button>
    </AdminForm>
  );
}

/** The two ways to sign in, and what the password way needs. */
function SignInChoice({ invitation }: { invitation: InvitationView }) {
  const { register, watch } = useFormContext<AcceptValues>();
  const method = watch('method');
  const useApp = watch('useApp');
  return (
    <fieldset className="space-y-3">
      <legend className="font-medium text-slate-900">How you will sign in</legend>
      <label className="flex items-start gap-2">
        <input type="radio" value="passkey" {...register('method')} className="mt-1" />
        <span>
          A passkey on this device <span className="text-slate-600">(your fingerprint, face or device PIN)</span>
        </span>
      </label>
      <label className="flex items-start gap-2">
        <input type="radio" value="password" {...register('method')} className="mt-1" />
        <span>A password, then a one-time code</span>
      </label>
      {method === 'password' && (
        <div className="space-y-3 border-l-4 border-slate-200 pl-4">
          <TextField
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 12 characters. A few unrelated words make a good one."
          />
          {invitation.mailOn && (
            <label className="flex items-start gap-2">
              <input type="checkbox" {...register('useApp')} className="mt-1" />
              <span>Use an authenticator app for the codes instead of e-mail</span>
            </label>
          )}
          {useApp && (
            <div className="space-y-2">
              <p className="text-slate-700">
                Scan this with your authenticator app, or type the key below into it, then enter the code it shows.
              </p>
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(invitation.authenticator.qrSvg)}`}
                alt="QR code for your authenticator app"
                width={180}
                height={180}
              />
              <p className="break-all font-mono text-sm text-slate-800">{invitation.authenticator.secret}</p>
              <TextField name="code" label="Code from the app" autoComplete="one-time-code" />
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}
