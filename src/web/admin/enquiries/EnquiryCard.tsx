import type { ReactNode } from 'react';
import { mailtoHref, telHref } from '../../../shared/contact-links';
import type { EnquiryViewers } from '../../../shared/access-log/access-log';
import { type EnquirySource, sourceSentence } from '../../../shared/analytics/insights';
import type { InboxEnquiry } from '../../../shared/enquiries/admin-schemas';
import type { ReplySettings } from '../../../shared/enquiries/reply-settings';
import type { Stage, StageMove } from '../../../shared/enquiries/stages';
import { paths } from '../../../shared/routes';
import { formatAdminDate } from '../ui/date-format';
import { MailStatusLine } from './MailStatusLine';
import { ReplyClock } from './ReplyClock';
import { StageControl } from './StageControl';
import { StaffNotes } from './StaffNotes';

/** What a card can do besides edit and delete; each answers at once and reports when it is pending. */
export interface CardActions {
  onReviewedChange: (on: boolean) => void;
  onMoveStage: (move: StageMove) => void;
  movingStage: boolean;
  onAddNote: (text: string, added: () => void) => void;
  addingNote: boolean;
  onRetryMail: () => void;
  retryingMail: boolean;
}

/** One enquiry. Every stored text is rendered as text, never as HTML. */
export function EnquiryCard({
  enquiry,
  replies,
  onEdit,
  onDelete,
  actions,
  isNew = false,
}: {
  enquiry: InboxEnquiry;
  /** The office's reply target and reasons for Not going ahead. */
  replies: ReplySettings;
  onEdit: () => void;
  onDelete: () => void;
  actions: CardActions;
  /** Arrived while the inbox was open: highlighted, and says so in words. */
  isNew?: boolean;
}) {
  const s = enquiry;
  const name = `${s.firstName} ${s.lastName}`;
  const body = s.submissionType === 'assessment' ? s.notes : s.message;
  const reviewed = s.reviewed === 'true';
  return (
    <li
      id={enquiryAnchor(s.id)}
      tabIndex={-1}
      data-new={isNew || undefined}
      className={`scroll-mt-24 rounded-lg border p-4 shadow-sm ${
        isNew ? 'border-sky-600 bg-sky-50 ring-2 ring-sky-600' : 'border-slate-200 bg-white'
      }`}
      aria-label={`Submission from ${name}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">
            {name}
            {isNew && (
              <span className="ml-2 rounded-full bg-sky-700 px-2 py-0.5 align-middle text-xs font-semibold text-white">
                Just arrived
              </span>
            )}
          </h3>
          {/* The number the access log and the staff e-mail name it by. */}
          <p className="text-sm text-slate-600">
            Enquiry {s.id} · {formatAdminDate(s.submittedAt)}
          </p>
        </div>
        {/* Fixed widths throughout: marking it changes words, never where the buttons are (a second tap undoes). */}
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-800">
            {s.submissionType === 'assessment' ? 'Assessment' : 'Contact'}
          </span>
          <StatusBadge reviewed={reviewed} stage={s.stage.stage} />
          <MarkToggle label="Reviewed" on={reviewed} onChange={actions.onReviewedChange} />
        </div>
      </div>
      <MarkedBy enquiry={s} />
      {s.waited && <ReplyClock waited={s.waited} targetMinutes={replies.targetMinutes} />}
      <StageControl
        key={`${s.stage.stage} ${s.stage.movedAt ?? ''}`}
        stage={s.stage}
        reasons={replies.reasons}
        moving={actions.movingStage}
        onMove={actions.onMoveStage}
      />
      {s.viewedBy && <ViewedBy viewers={s.viewedBy} />}
      {s.source && <CameFrom source={s.source} />}
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
      <StaffNotes enquiryId={s.id} notes={s.staffNotes} adding={actions.addingNote} onAdd={actions.onAddNote} />
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

/** Where the card's id goes in the address (the staff e-mail's link): `#enquiry-12`. */
export const enquiryAnchor = (id: number) => `enquiry-${id}`;

/** What the enquiry needs next, in a slot as wide as its longest words so nothing beside it moves. */
function StatusBadge({ reviewed, stage }: { reviewed: boolean; stage: Stage }) {
  const [text, colours] =
    stage !== 'new'
      ? ['Answered', 'bg-green-100 text-green-900']
      : reviewed
        ? ['Needs a reply', 'bg-sky-100 text-sky-900']
        : ['Needs review', 'bg-amber-100 text-amber-900'];
  return (
    <span
      data-testid="enquiry-status"
      className={`inline-block w-[7.5rem] rounded-full px-2 py-0.5 text-center text-sm font-medium ${colours}`}
    >
      {text}
    </span>
  );
}

/** Who marked it reviewed, and when; nothing for a mark made before names were kept. */
function MarkedBy({ enquiry: s }: { enquiry: InboxEnquiry }) {
  if (s.reviewed !== 'true' || !s.reviewedBy || !s.reviewedAt) return null;
  return (
    <p className="mt-2 text-sm text-slate-700">
      Reviewed by <bdi>{s.reviewedBy}</bdi>, {formatAdminDate(s.reviewedAt)}
    </p>
  );
}

/** Who the access log says opened it before, latest first: shown only to those who may read the log. */
function ViewedBy({ viewers }: { viewers: EnquiryViewers }) {
  return (
    <p className="mt-1 text-sm text-slate-700" data-testid="viewed-by">
      {viewers.latest.length === 0 ? (
        'Not opened by anyone before you.'
      ) : (
        <>
          Seen by{' '}
          {viewers.latest.map((viewer, index) => (
            <span key={`${viewer.name}-${viewer.at}`}>
              {index > 0 && ', '}
              <bdi>{viewer.name}</bdi> ({formatAdminDate(viewer.at)})
            </span>
          ))}
          {viewers.more > 0 && ` and ${viewers.more} more`}
          {' · '}
          <a href={`${paths.adminStaff}#access-log-heading`} className="text-blue-800 underline underline-offset-2">
            access log
          </a>
        </>
      )}
    </p>
  );
}

/** Where the enquiry came from, in words (decision 0065): its visit's source and landing page, and the form's page. */
function CameFrom({ source }: { source: EnquirySource }) {
  const { before, campaign, after } = sourceSentence(source);
  return (
    <p className="mt-1 text-sm text-slate-700" data-testid="enquiry-source">
      {before}
      {campaign && <em className="font-medium text-slate-900">{campaign}</em>}
      {after}.{source.sentFrom && ` Sent from ${source.sentFrom}.`}
    </p>
  );
}

/** A toggle button: its name stays the same, aria-pressed says whether it is on (no dialog, one click). */
function MarkToggle({ label, on, onChange }: { label: string; on: boolean; onChange: (on: boolean) => void }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => onChange(!on)}
      className={`inline-flex items-center gap-1.5 rounded-md border px-2.5 py-1 text-sm font-medium ${
        on
          ? 'border-green-700 bg-green-700 text-white hover:bg-green-800'
          : 'border-slate-400 bg-white text-slate-900 hover:bg-slate-50'
      }`}
    >
      <span
        aria-hidden="true"
        className={`inline-block h-4 w-4 rounded-sm border text-center text-xs leading-[0.9rem] ${
          on ? 'border-white' : 'border-slate-500'
        }`}
      >
        {on ? '✓' : ''}
      </span>
      {label}
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
      // At least 24 px tall, a touch target of its own (WCAG 2.5.8), though the text is small.
      <a
        href={target}
        className="inline-flex min-h-6 items-center text-blue-800 underline underline-offset-2 hover:text-blue-950"
      >
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
