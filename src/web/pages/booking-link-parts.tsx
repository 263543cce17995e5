import type { ReactNode } from 'react';
import {
  type CallUsReason,
  type LinkPurpose,
  type LinkRefusal,
  callUsReasonText,
  refusalTexts,
} from '../../shared/bookings/link-pages';
import { ukTimeInWords } from '../../shared/time-words';
import { paths } from '../../shared/routes';
import { centreTelHref } from '../components/centre-contact';
import { Seo } from '../lib/seo';
import { useSiteFacts } from '../lib/site-data';

// What the cancel and change pages (issue 41) share: their frame, and what they say when the link
// cannot be used. Their address holds the parent's token: never indexed (the server says so too).

export function LinkPageFrame({ title, children }: { title: string; children: ReactNode }) {
  const { details } = useSiteFacts();
  return (
    <>
      <Seo
        title={`${title} | ${details.name}`}
        description={`Your free assessment at ${details.name}.`}
        robots="noindex, nofollow"
      />
      <section className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto max-w-4xl px-4 pt-12 pb-4 sm:pt-16">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        </div>
      </section>
      <div className="mx-auto max-w-4xl px-4 pb-14">{children}</div>
    </>
  );
}

export const buttonClass =
  'inline-block rounded-full px-6 py-3 text-center font-semibold text-white shadow focus-visible:outline-3 focus-visible:outline-offset-2';

export function BookAnotherTime({ label = 'Book another time' }: { label?: string }) {
  return (
    <a href={paths.freeAssessment} className={`${buttonClass} mt-6 bg-blue-700 hover:bg-blue-800`}>
      {label}
    </a>
  );
}

export function CallUs() {
  const { details } = useSiteFacts();
  return (
    <p className="mt-4 text-slate-700">
      Questions? Call us on{' '}
      <a href={centreTelHref(details)} className="font-semibold text-blue-800 underline underline-offset-4">
        {details.phone}
      </a>
      .
    </p>
  );
}

/** What a link page says once it has done what it was asked: the outcome, what follows, the phone. */
export function DoneNotice({ lead, children }: { lead: ReactNode; children: ReactNode }) {
  return (
    <div role="status" className="rounded-2xl border border-green-200 bg-green-50 p-6">
      <p className="text-lg text-slate-900">{lead}</p>
      {children}
      <CallUs />
    </div>
  );
}

/**
 * A link to a booking still to come that no longer acts online (issue 51): inside the cut-off, or
 * out of changes. The booking's time, why, and the centre's phone, large enough to tap; on the
 * change page out of changes, that the cancel link still works.
 */
export function CallUsInstead({
  page,
  reason,
  startsAt,
  limit,
}: {
  page: LinkPurpose;
  reason: CallUsReason;
  startsAt: string;
  limit: number;
}) {
  const { details } = useSiteFacts();
  const doing = page === 'cancel' ? 'cancel' : 'change the time of';
  return (
    <LinkPageFrame title={`Please call us to ${doing} your assessment`}>
      <div className="rounded-2xl border border-amber-300 bg-amber-50 p-6">
        <p className="text-lg text-slate-900">
          Your free assessment is booked for <strong>{ukTimeInWords(startsAt)}</strong>.
        </p>
        <p className="mt-2 text-slate-700">{callUsReasonText(reason, page, limit)}</p>
        <p className="mt-4 text-lg text-slate-900">
          Please call us on{' '}
          <a
            href={centreTelHref(details)}
            className="font-bold whitespace-nowrap text-blue-800 underline underline-offset-4"
          >
            {details.phone}
          </a>
          .
        </p>
        {reason === 'change-limit' && (
          <p className="mt-2 text-slate-700">
            If you cannot come after all, the cancel link in your confirmation e-mail still works.
          </p>
        )}
      </div>
    </LinkPageFrame>
  );
}

/** A link that cannot be used (not valid, already cancelled, its time passed), or a failure that is not the link's. */
export function LinkProblem({ refusal, message }: { refusal?: LinkRefusal; message?: string }) {
  const said = refusal
    ? refusalTexts[refusal]
    : { title: 'We could not do that just now', text: message ?? 'Please try again in a moment.' };
  return (
    <LinkPageFrame title={said.title}>
      <div role={refusal ? undefined : 'alert'} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-lg text-slate-700">{said.text}</p>
        <BookAnotherTime label={refusal === 'not-valid' ? 'Book a free assessment' : 'Book another time'} />
        <CallUs />
      </div>
    </LinkPageFrame>
  );
}
