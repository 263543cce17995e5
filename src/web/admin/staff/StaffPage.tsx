import type { SessionPerson } from '../../../shared/admin-session';
import { Seo } from '../../lib/seo';
import { BackToAdmin } from '../ui/BackToAdmin';
import { AccessLog } from './AccessLog';
import { AccountsList } from './AccountsList';
import { ApiTokens } from './ApiTokens';
import { InviteForm } from './InviteForm';
import { PendingInvitations } from './PendingInvitations';

/** /admin/staff, for owners (decision 0058): who may use the staff area, and how. */
export function StaffPage({ me }: { me: SessionPerson }) {
  return (
    <div className="space-y-8">
      <Seo title="Staff" description="Staff area." robots="noindex, nofollow" />
      <BackToAdmin />
      <h1 className="text-3xl font-bold text-slate-900">Staff</h1>
      <AccountsList me={me} />
      <PendingInvitations />
      <InviteForm />
      <ApiTokens />
      <AccessLog />
    </div>
  );
}
