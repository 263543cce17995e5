import { useState } from 'react';
import type { StaffAccount } from '../../../shared/staff/staff';
import { useAdminMutation } from '../admin-mutation';
import { useStaffApi } from './api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { staffQueries } from './queries';
import { ShownOnceDialog } from './ShownOnceDialog';

/**
 * An owner's "Reset sign-in" for someone who cannot get in (issue 38): asked in a dialog first,
 * then the person is signed out everywhere and sent a fresh setup link (shown once to pass on
 * when e-mail is off). `account` is whose reset is being asked about; null when none.
 */
export function ResetSignIn({ account, onDone }: { account: StaffAccount | null; onDone: () => void }) {
  const staff = useStaffApi();
  const [link, setLink] = useState<string | null>(null);
  const reset = useAdminMutation({
    mutationFn: (whose: StaffAccount) => staff.resetSignIn(whose.id),
    success: ({ mailed }, whose) =>
      mailed
        ? {
            title: `Reset link sent to ${whose.name}`,
            description: `${whose.email}. They have been signed out everywhere.`,
          }
        : { title: `${whose.name} has been signed out`, description: 'Copy the link: it is shown only now.' },
    failure: { title: 'Could not reset the sign-in' },
    invalidates: [staffQueries.all],
    onSuccess: ({ link: made, mailed }) => {
      if (!mailed) setLink(made);
    },
    onSettled: onDone,
  });
  return (
    <>
      <ConfirmDialog
        open={account !== null}
        title={`Reset how ${account?.name ?? ''} signs in?`}
        description={`They are signed out everywhere at once, and we e-mail ${account?.email ?? ''} a link to choose a new password or add a passkey. The link works once, within 48 hours. Until they use it, their old password still works.`}
        confirmLabel="Reset sign-in"
        pendingLabel="Resetting…"
        pending={reset.isPending}
        onConfirm={() => account && reset.mutate(account)}
        onCancel={onDone}
      />
      <ShownOnceDialog
        title="Reset link"
        description="E-mail is not set up on this site, so pass this link on yourself. It works once, within 48 hours, and is shown only now."
        secret={link}
        onClose={() => setLink(null)}
      />
    </>
  );
}
