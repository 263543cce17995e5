import { type FormEvent, useState } from 'react';

/**
 * Sign-in with the admin API key (docs/product.md#admin-session). The key is sent once, to open a
 * session, and is not kept anywhere in the browser afterwards.
 */
export function LoginForm({ onLogin, notice }: { onLogin: (key: string) => Promise<void>; notice: string | null }) {
  const [key, setKey] = useState('');
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = key.trim();
    if (!trimmed || pending) return;
    setPending(true);
    try {
      await onLogin(trimmed);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold text-slate-900">Admin Login</h1>
      <p className="mt-1 text-slate-700">Enter the admin API key to manage enquiries and content.</p>
      {notice && (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
          {notice}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} className="mt-6 space-y-4">
        <div>
          <label htmlFor="admin-api-key" className="block font-medium text-slate-900">
            Admin API key
          </label>
          <input
            id="admin-api-key"
            type="password"
            autoComplete="current-password"
            required
            value={key}
            onChange={(event) => setKey(event.target.value)}
            className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2"
          />
        </div>
        <button
          type="submit"
          disabled={pending}
          className="w-full rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {pending ? 'Signing in…' : 'Login'}
        </button>
      </form>
    </div>
  );
}
