import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiTokenCreateSchema } from '../../../shared/staff/schemas';
import { type StaffRole, staffRoleLabels } from '../../../shared/staff/staff';
import { useAdminMutation } from '../admin-mutation';
import { useStaffApi } from './api';
import { formatAdminDate } from '../ui/date-format';
import { AdminForm, TextField, useAdminForm } from '../ui/form';
import { staffQueries } from './queries';
import { RoleChoices } from './RoleChoices';
import { ShownOnceDialog } from './ShownOnceDialog';

/** Named API tokens for scripts: made with the roles a script needs, shown once, revocable. */
export function ApiTokens() {
  const staff = useStaffApi();
  const tokens = useQuery(staffQueries.tokens(staff));
  const form = useAdminForm(apiTokenCreateSchema, { name: '', roles: [] as StaffRole[] });
  const [shown, setShown] = useState<string | null>(null);
  const create = useAdminMutation({
    mutationFn: staff.createToken,
    success: { title: 'API token made', description: 'Copy it: it is shown only now.' },
    failure: { title: 'Could not make the token' },
    invalidates: [staffQueries.all],
    onSuccess: ({ token }) => {
      form.reset();
      setShown(token);
    },
  });
  const revoke = useAdminMutation({
    mutationFn: staff.revokeToken,
    success: { title: 'API token revoked' },
    failure: { title: 'Could not revoke the token' },
    invalidates: [staffQueries.all],
  });
  const live = (tokens.data ?? []).filter((token) => !token.revokedAt);
  return (
    <section aria-labelledby="tokens-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="tokens-heading" className="text-xl font-semibold text-slate-900">
        API tokens for scripts
      </h2>
      <p className="mt-1 text-slate-700">
        A script uses its token instead of signing in, and may do only what its roles allow. For whoever writes the
        script: the token goes in the <code>x-api-key</code> request header.
      </p>
      <ul className="mt-3 space-y-2">
        {live.map((token) => (
          <li
            key={token.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3"
          >
            <span>
              <span className="font-medium">{token.name}</span>:{' '}
              {token.roles.map((role) => staffRoleLabels[role]).join(', ')}
              <span className="block text-sm text-slate-600">
                {token.lastUsedAt ? `Last used ${formatAdminDate(token.lastUsedAt)}` : 'Not used yet'}
              </span>
            </span>
            <button
              type="button"
              onClick={() => revoke.mutate(token.id)}
              className="rounded-md border border-slate-300 px-3 py-1 font-medium"
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
      <AdminForm form={form} idPrefix="token" onSubmit={(values) => create.mutate(values)} className="mt-4 space-y-4">
        <TextField name="name" label="What the token is for" placeholder="Nightly export" />
        <RoleChoices />
        <button
          type="submit"
          disabled={create.isPending}
          className="rounded-md border border-slate-400 px-4 py-2 font-semibold text-slate-900 disabled:opacity-60"
        >
          {create.isPending ? 'Making…' : 'Make a token'}
        </button>
      </AdminForm>
      <ShownOnceDialog
        title="Your new API token"
        description="Copy it into the script's settings now: it is shown only this once."
        secret={shown}
        onClose={() => setShown(null)}
      />
    </section>
  );
}
