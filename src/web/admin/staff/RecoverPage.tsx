import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import type { AdminSessionInfo } from '../../../shared/admin-session';
import type { RecoveryReset, RecoveryView } from '../../../shared/staff/recovery';
import { HttpError, errorText } from '../../lib/http';
import { useAdminMutation } from '../admin-mutation';
import { AdminForm, TextField, useAdminForm } from '../ui/form';
import { passkeyFailure } from './passkey-ceremony';
import { CodeStepControls } from './CodeStepControls';
import { signInApi } from './sign-in-api';
import { checkSignInChoice, SignInChoice, signInChoiceFields } from './SignInChoice';

const newPassword = z
  .string()
  .min(12, 'Password must be at least 12 characters.')
  .max(200, 'Password must be at most 200 characters.');
const forgotForm = z.object({
  password: newPassword,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the six-digit code.'),
});
const resetForm = z.object(signInChoiceFields).superRefine(checkSignInChoice);

/** The link's token: after `#`, so it never reaches a server log or another site's Referer. */
const tokenFromAddress = () => window.location.hash.slice(1);
const primaryButton =
  'w-full rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60';

/** Puts the server's complaint at its field, or above the form. */
function showProblem(
  error: unknown,
  setField: (field: 'password' | 'code', message: string) => void,
  setProblem: (text: string) => void,
) {
  const field = error instanceof HttpError ? error.body?.field : undefined;
  const text = passkeyFailure(error) ?? errorText(error, 'Could not save. Please try again.', 'server');
  if (field === 'password') setField('password', text);
  else if (field === 'code' || field === 'authenticator' || field === 'authenticator.code') setField('code', text);
  else setProblem(text);
}

/**
 * A recovery link's screen (issue 38, decision 0058 "Recovery"): after "Forgot your password?",
 * a new password with the person's code; after an owner's "Reset sign-in", a new password or a
 * passkey, as an invitation offers. Either way the person is then signed in here and signed out
 * everywhere else.
 */
export function RecoverPage({ onSignedIn }: { onSignedIn: (info: AdminSessionInfo) => void }) {
  const [token] = useState(tokenFromAddress);
  const link = useQuery({
    queryKey: ['staff-recovery', token],
    queryFn: () => signInApi.recovery(token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const title = link.data?.kind === 'reset' ? 'Set up your sign-in again' : 'Choose a new password';
  return (
    <div className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {link.isPending ? (
        <p role="status" className="mt-4 text-slate-700">
          Opening your link…
        </p>
      ) : link.isError ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
          {errorText(link.error, 'Could not open the link. Please try again.', 'server')}
        </p>
      ) : link.data.kind === 'forgot' ? (
        <ForgotForm token={token} view={link.data} onSignedIn={onSignedIn} />
      ) : (
        <ResetForm token={token} view={link.data} onSignedIn={onSignedIn} />
      )}
    </div>
  );
}

function ForgotForm({
  token,
  view,
  onSignedIn,
}: {
  token: string;
  view: Extract<RecoveryView, { kind: 'forgot' }>;
  onSignedIn: (info: AdminSessionInfo) => void;
}) {
  const [step, setStep] = useState(view);
  const [problem, setProblem] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const form = useAdminForm(forgotForm, { password: '', code: '' });
  const failed = (error: unknown) =>
    showProblem(error, (field, message) => form.setError(field, { message }, { shouldFocus: true }), setProblem);
  const save = useAdminMutation({
    mutationFn: (values: z.output<typeof forgotForm>) =>
      signInApi.recover({ token, challenge: step.challenge, ...values }),
    onSuccess: onSignedIn,
    onError: failed,
  });
  const again = useAdminMutation({
    mutationFn: () => signInApi.recovery(token, step.challenge),
    onSuccess: (next) => {
      if (next.kind === 'forgot') setStep(next);
      setProblem(null);
      setResent(true);
      form.resetField('code');
    },
    onError: failed,
  });
  return (
    <AdminForm form={form} idPrefix="recover" onSubmit={(values) => save.mutate(values)} className="mt-4 space-y-4">
      <p className="text-slate-700">For {step.email}. Your other sessions will be signed out.</p>
      {problem && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
          {problem}
        </p>
      )}
      <TextField
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 12 characters. A few unrelated words make a good one."
      />
      <p className="text-slate-700">
        {step.next === 'authenticator-app'
          ? 'To show it is you, enter the six-digit code your authenticator app shows for this site.'
          : 'To show it is you, we have e-mailed you a six-digit code. It works once, within 10 minutes.'}
      </p>
      <CodeStepControls
        emailed={step.next === 'email-code'}
        resent={resent}
        submit={{ label: 'Save the new password', pendingLabel: 'Saving…', pending: save.isPending }}
        onAgain={{ send: () => again.mutate(), pending: again.isPending }}
      />
    </AdminForm>
  );
}

function ResetForm({
  token,
  view,
  onSignedIn,
}: {
  token: string;
  view: Extract<RecoveryView, { kind: 'reset' }>;
  onSignedIn: (info: AdminSessionInfo) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useAdminForm(resetForm, { method: 'password', password: '', useApp: !view.mailOn, code: '' });
  const save = useAdminMutation({
    mutationFn: async (values: z.output<typeof resetForm>) => {
      if (values.method === 'passkey') {
        // The browser's answer is checked by the server's schema.
        return signInApi.reset({ token, passkey: await signInApi.resetPasskey(token) } as RecoveryReset);
      }
      const authenticator = values.useApp ? { secret: view.authenticator.secret, code: values.code } : undefined;
      return signInApi.reset({ token, password: values.password, authenticator });
    },
    onSuccess: onSignedIn,
    onError: (error) =>
      showProblem(error, (field, message) => form.setError(field, { message }, { shouldFocus: true }), setProblem),
  });
  return (
    <AdminForm form={form} idPrefix="reset" onSubmit={(values) => save.mutate(values)} className="mt-4 space-y-4">
      <p className="text-slate-700">
        For {view.email}. An owner has reset how you sign in: choose a new way. Your old password and authenticator app
        stop working; passkeys you already have keep working.
      </p>
      {problem && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
          {problem}
        </p>
      )}
      <SignInChoice mailOn={view.mailOn} authenticator={view.authenticator} />
      <button type="submit" disabled={save.isPending} className={primaryButton}>
        {save.isPending ? 'Saving…' : 'Save and sign in'}
      </button>
    </AdminForm>
  );
}
