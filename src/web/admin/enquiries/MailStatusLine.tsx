import type { MailStatus } from '../../../shared/enquiries/admin-schemas';
import { formatAdminDate } from '../ui/date-format';
import { mailErrorText } from './mail-error-text';

const stateText = {
  queued: 'Queued',
  sent: 'Sent',
  retrying: 'Not sent yet, retrying',
  failed: 'Failed',
} as const;

/** Where the staff notification e-mail of this enquiry is, what its last failure means, and a retry. */
export function MailStatusLine({
  status,
  retrying,
  onRetry,
}: {
  status: MailStatus;
  retrying: boolean;
  onRetry: () => void;
}) {
  const failing = status.state === 'retrying' || status.state === 'failed';
  const errorText = mailErrorText(status);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p className={failing ? 'text-red-800' : 'text-slate-700'}>
        <span className="font-medium">Staff e-mail:</span> {stateText[status.state]}
        {status.state === 'sent' && status.sentAt && (
          <>
            {' '}
            <time dateTime={status.sentAt}>{formatAdminDate(status.sentAt)}</time>
          </>
        )}
        {errorText && <span className="block break-words">{errorText}</span>}
      </p>
      {failing && (
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className="rounded-md border border-slate-300 bg-white px-3 py-1 font-medium hover:bg-slate-50 disabled:opacity-60"
        >
          {retrying ? 'Retrying...' : 'Retry e-mail'}
        </button>
      )}
    </div>
  );
}
