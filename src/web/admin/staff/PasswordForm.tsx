import { z } from 'zod';
import { HttpError } from '../../lib/http';
import { useAdminMutation } from '../admin-mutation';
import { useStaffApi } from './api';
import { AdminForm, TextField, useAdminForm } from '../ui/form';
import { staffQueries } from './queries';
import { useWithProof } from './StepUp';

const passwordForm = z.object({
  password: z
    .string()
    .min(12, 'Password must be at least 12 characters.')
    .max(200, 'Password must be at most 200 characters.'),
});

/**
 * Sets or changes the person's password. Who they are is checked by the "Confirm it’s you" step
 * (StepUp.tsx: a passkey, or the current password and a code) rather than a field here.
 */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const staff = useStaffApi();
  const withProof = useWithProof();
  const form = useAdminForm(passwordForm, { password: '' });
  const change = useAdminMutation({
    mutationFn: ({ password }: z.output<typeof passwordForm>) => withProof(() => staff.changePassword({ password })),
    success: {
      title: hasPassword ? 'Password changed' : 'Password set',
      description: 'Your other sessions were signed out.',
    },
    invalidates: [staffQueries.all],
    onSuccess: () => form.reset(),
    onError: (error) => {
      const field = error instanceof HttpError ? error.body?.field : undefined;
      const message = error instanceof HttpError ? error.body?.error : undefined;
      if (field === 'password' && message) form.setError(field, { message }, { shouldFocus: true });
    },
    failure: { title: 'Could not change the password' },
  });
  return (
    <AdminForm
      form={form}
      idPrefix="own-password"
      onSubmit={(values) => change.mutate(values)}
      className="mt-3 max-w-md space-y-4"
    >
      <TextField
        name="password"
        label={hasPassword ? 'New password' : 'Password'}
        type="password"
        autoComplete="new-password"
        hint="At least 12 characters. A few unrelated words make a good one."
      />
      <button
        type="submit"
        disabled={change.isPending}
        className="rounded-md border border-slate-400 px-4 py-2 font-semibold text-slate-900 disabled:opacity-60"
      >
        {change.isPending ? 'Saving…' : hasPassword ? 'Change password' : 'Set password'}
      </button>
    </AdminForm>
  );
}
