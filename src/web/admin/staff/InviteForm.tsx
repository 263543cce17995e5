import { useState } from 'react';
import { invitationCreateSchema } from '../../../shared/staff/schemas';
import type { StaffRole } from '../../../shared/staff/staff';
import { useAdminMutation } from '../admin-mutation';
import { useStaffApi } from './api';
import { AdminForm, TextField, useAdminForm } from '../ui/form';
import { staffQueries } from './queries';
import { RoleChoices } from './RoleChoices';
import { ShownOnceDialog } from './ShownOnceDialog';

/** An owner invites someone by e-mail address with the roles to give. */
export function InviteForm() {
  const staff = useStaffApi();
  const form = useAdminForm(invitationCreateSchema, { email: '', roles: [] as StaffRole[] });
  const [link, setLink] = useState<string | null>(null);
  const invite = useAdminMutation({
    mutationFn: staff.invite,
    success: ({ mailed }, { email }) =>
      mailed
        ? { title: 'Invitation sent', description: email }
        : { title: 'Invitation made', description: 'Copy the link: it is shown only now.' },
    failure: { title: 'Could not invite' },
    invalidates: [staffQueries.all],
    onSuccess: ({ link: made, mailed }) => {
      form.reset();
      if (!mailed) setLink(made);
    },
  });
  return (
    <section aria-labelledby="invite-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="invite-heading" className="text-xl font-semibold text-slate-900">
        Invite someone
      </h2>
      <AdminForm form={form} idPrefix="invite" onSubmit={(values) => invite.mutate(values)} className="mt-3 space-y-4">
        <TextField name="email" label="E-mail address" type="email" autoComplete="off" />
        <RoleChoices />
        <button
          type="submit"
          disabled={invite.isPending}
          className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {invite.isPending ? 'Inviting…' : 'Send invitation'}
        </button>
      </AdminForm>
      <ShownOnceDialog
        title="Invitation link"
        description="E-mail is not set up on this site, so pass this link on yourself. It works once, within 48 hours, and is shown only now."
        secret={link}
        onClose={() => setLink(null)}
      />
    </section>
  );
}
