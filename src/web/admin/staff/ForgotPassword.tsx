import { useState } from 'react';
import { recoveryRequestSchema } from '../../../shared/staff/recovery';
import { errorText } from '../../lib/http';
import { useAdminMutation } from '../admin-mutation';
import { AdminForm, TextField, useAdminForm } from '../ui/form';
import { signInApi } from './sign-in-api';

/**
 * "Forgot your password?" (issue 38): the address, then the same words whether or not it has an
 * account. The link it mails asks for a new password and the person's code.
 */
export function ForgotPassword({ onBack }: { onBack: () => void }) {
  const form = useAdminForm(recoveryRequestSchema, { email: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const ask = useAdminMutation({
    mutationFn: ({ email }: { email: string }) => signInApi.forgot(email),
    onSuccess: ({ message }) => {
      setProblem(null);
      setSent(message);
    },
    onError: (error) => setProblem(errorText(error, 'Could not send the link. Please try again.', 'server')),
  });
  return (
    <div className="mt-6 space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Choose a new password</h2>
      {problem && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
          {problem}
        </p>
      )}
      {sent ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-green-900">
          {sent}
        </p>
      ) : (
        <AdminForm form={form} idPrefix="forgot" onSubmit={(values) => ask.mutate(values)} className="space-y-4">
          <p className="text-slate-700">
            Enter the e-mail address you sign in with. We will e-mail you a link to choose a new password.
          </p>
          <TextField name="email" label="E-mail address" type="email" autoComplete="username" />
          <button
            type="submit"
            disabled={ask.isPending}
            className="w-full rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
          >
            {ask.isPending ? 'Sending…' : 'Send me a link'}
          </button>
        </AdminForm>
      )}
      <button type="button" onClick={onBack} className="w-full text-blue-700 underline">
        Back to sign-in
      </button>
    </div>
  );
}
