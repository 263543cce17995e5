import type { Enquiry } from '../../../shared/inbox-schemas';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** One enquiry. Every stored text is rendered as text, never as HTML. */
export function EnquiryCard({
  submission,
  onEdit,
  onDelete,
}: {
  submission: Enquiry;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const s = submission;
  const name = `${s.firstName} ${s.lastName}`;
  const body = s.submissionType === 'assessment' ? s.notes : s.message;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label={`Submission from ${name}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
          <p className="text-sm text-slate-600">{dateFormat.format(new Date(s.submittedAt))}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-800">
            {s.submissionType === 'assessment' ? 'Assessment' : 'Contact'}
          </span>
          {s.reviewed !== 'true' && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900">Unreviewed</span>
          )}
        </div>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Detail label="Email" value={s.email} />
        <Detail label="Telephone" value={s.telephone} />
        <Detail label="Mobile" value={s.mobile} />
        <Detail label="Year group" value={s.yearGroup} />
        <Detail label="Subject" value={s.emailTitle} />
      </dl>
      {body && <p className="mt-3 whitespace-pre-wrap break-words text-slate-800">{body}</p>}
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

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div className="flex gap-2">
      <dt className="font-medium text-slate-700">{label}:</dt>
      <dd className="break-all text-slate-900">{value}</dd>
    </div>
  );
}
