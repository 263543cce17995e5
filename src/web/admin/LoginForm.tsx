import { z } from 'zod';
import { useAdminMutation } from './admin-mutation';
import { AdminForm, TextField, useAdminForm } from './ui/form';

/** The key as sent: without surrounding spaces, and not empty. */
const signInSchema = z.object({ key: z.string().trim().min(1, 'Admin API key is required') });

/**
 * Sign-in with the admin API key (docs/product.md#admin-session), the break-glass way in beside
 * staff accounts (decision 0058). The key is sent once, to open a session, and is not kept
 * anywhere in the browser afterwards.
 */
export function LoginForm({
  onLogin,
  notice,
  className = 'mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm',
}: {
  onLogin: (key: string) => Promise<void>;
  notice: string | null;
  /** The frame: a card of its own by default, none inside the staff sign-in screen. */
  className?: string;
}) {
  const form = useAdminForm(signInSchema, { key: '' });
  // A refused key is told by `notice` on this form, not on a toast: `onLogin` does not fail.
  const signIn = useAdminMutation({ mutationFn: onLogin });
  return (
    <div className={className}>
      <h2 className="text-xl font-bold text-slate-900">Admin Login</h2>
      <p className="mt-1 text-slate-700">Enter the admin API key to manage enquiries and content.</p>
      {notice && (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
          {notice}
        </p>
      )}
      <AdminForm form={form} idPrefix="admin-key" onSubmit={({ key }) => signIn.mutate(key)} className="mt-6 space-y-4">
        <TextField name="key" label="Admin API key" type="password" autoComplete="current-password" />
        <button
          type="submit"
          disabled={signIn.isPending}
          className="w-full rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {signIn.isPending ? 'Signing in…' : 'Login'}
        </button>
      </AdminForm>
    </div>
  );
}
