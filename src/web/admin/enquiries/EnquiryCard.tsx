import type { ReactNode } from 'react';
import { mailtoHref, telHref } from '../../../shared/contact-links';
import type { InboxEnquiry } from '../../../shared/enquiries/admin-schemas';
import { formatAdminDate } from '../ui/date-format';
import { MailStatusLine } from './MailStatusLine';
import { StaffNotes } from './StaffNotes';

/** What a card can do besides edit and delete; each answers at once and reports when it is pending. */
export interface CardActions {
  onReviewedChange: (reviewed: boolean) => void;
  onAddNote: (text: string, added: () => void) => void;
  addingNote: boolean;
  onRetryMail: () => void;
  retryingMail: boolean;
}

/** One enquiry. Every stored text is rendered as text, never as HTML. */
export function EnquiryCard({
  submission,
  onEdit,
  onDelete,
  actions,
}: {
  submission: InboxEnquiry;
  onEdit: () => void;
  onDelete: () => void;
  actions: CardActions;
}) {
  const s = submission;
  const name = `${s.firstName} ${s.lastName}`;
  const body = s.submissionType === 'assessment' ? s.notes : s.message;
  const reviewed = s.reviewed === 'true';
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label={`Submission from ${name}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
          <p className="text-sm text-slate-600">{formatAdminDate(s.submittedAt)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-800">
            {s.submissionType === 'assessment' ? 'Assessment' : 'Contact'}
          </span>
          {!reviewed && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900">Unreviewed</span>
          )}
          <ReviewedToggle reviewed={reviewed} onChange={actions.onReviewedChange} />
        </div>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Detail label="Email" value={s.email} href={mailtoHref} />
        <Detail label="Telephone" value={s.telephone} href={telHref} />
        <Detail label="Mobile" value={s.mobile} href={telHref} />
        <Detail label="Year group" value={s.yearGroup} />
        <Detail label="Subject" value={s.emailTitle} />
      </dl>
      {body && (
        <div className="mt-3">
          <p className="text-sm font-semibold text-slate-700">
            {s.submissionType === 'assessment' ? "Parent's notes" : "Parent's message"}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{body}</p>
        </div>
      )}
      <StaffNotes submissionId={s.id} notes={s.staffNotes} adding={actions.addingNote} onAdd={actions.onAddNote} />
      {s.notification && (
        <MailStatusLine status={s.notification} retrying={actions.retryingMail} onRetry={actions.onRetryMail} />
      )}
      <div className="mt-4 flex gap-2">
        <button
          type="button"
          onClick={onEdit}
          className="rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50"
        >
          Edit
        </button>
        <button
          type="button"
          onClick={onDelete}
          className="rounded-md border border-red-300 px-3 py-1.5 font-medium text-red-800 hover:bg-red-50"
        >
          Delete
        </button>
      </div>
    </li>
  );
}

/** A toggle button: its name stays "Reviewed", aria-pressed says whether it is on (no dialog, one click). */
function ReviewedToggle({ reviewed, onChange }: { reviewed: boolean; onChange: (reviewed: boolean) => void }) {
  return (
    <button
      type="button"
      aria-pressed={reviewed}
      onClick={() => onChange(!reviewed)}
      className={`inline-flex items-center gap-1.5 rounded-md border px-2.5 py-1 text-sm font-medium ${
        reviewed
          ? 'border-green-700 bg-green-700 text-white hover:bg-green-800'
          : 'border-slate-400 bg-white text-slate-900 hover:bg-slate-50'
      }`}
    >
      <span
        aria-hidden="true"
        className={`inline-block h-4 w-4 rounded-sm border text-center text-xs leading-[0.9rem] ${
          reviewed ? 'border-white' : 'border-slate-500'
        }`}
      >
        {reviewed ? '✓' : ''}
      </span>
      Reviewed
    </button>
  );
}

function Detail({
  label,
  value,
  href,
}: {
  label: string;
  value: string | null;
  /** Makes the value a link when it gives an address (mailto:/tel:); otherwise the value shows as text. */
  href?: (value: string) => string | undefined;
}) {
  if (!value) return null;
  const target = href?.(value);
  let shown: ReactNode = value;
  if (target) {
    shown = (
      <a href={target} className="text-blue-800 underline underline-offset-2 hover:text-blue-950">
        {value}
      </a>
    );
  }
  return (
    <div className="flex gap-2">
      <dt className="font-medium text-slate-700">{label}:</dt>
      <dd className="break-all text-slate-900">{shown}</dd>
    </div>
  );
}
