import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import type { AdminSessionInfo } from '../../../shared/admin-session';
import { type InvitationAccept, nameField } from '../../../shared/staff/schemas';
import { type InvitationView, staffRoleLabels } from '../../../shared/staff/staff';
import { HttpError, errorText } from '../../lib/http';
import { useAdminMutation } from '../admin-mutation';
import { AdminForm, TextField, useAdminForm } from '../ui/form';
import { passkeyFailure } from './passkey-ceremony';
import { checkSignInChoice, SignInChoice, signInChoiceFields } from './SignInChoice';
import { signInApi } from './sign-in-api';

const acceptForm = z
  .object({
    // The server's rule: one line of plain text, not a name the access log gives the site itself.
    name: nameField,
    email: z.string().trim().max(254, 'E-mail address must be at most 254 characters.'),
    ...signInChoiceFields,
  })
  .superRefine(checkSignInChoice);
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
        return signInApi.accept(token, { ...person, passkey } as Omit<InvitationAccept, 'token'>);
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
      <SignInChoice mailOn={invitation.mailOn} authenticator={invitation.authenticator} />
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
