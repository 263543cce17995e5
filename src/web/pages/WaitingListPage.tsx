import { bookingAddress } from '../../shared/bookings/page-choice';
import { waitingListMessages } from '../../shared/bookings/waiting-list';
import type { JoinView } from '../../shared/bookings/waiting-list-pages';
import { dayInWords } from '../../shared/time-words';
import { paths } from '../../shared/routes';
import { BookingDetailsFields, type DetailField } from '../features/bookings';
import { Field, SubmitButton, useZodForm } from '../features/enquiries';
import { useShell } from '../lib/contexts';
import { Seo } from '../lib/seo';
import { useSiteFacts } from '../lib/site-data';
import { useWaitingList } from '../lib/waiting-list';
import { CallUs, DoneNotice } from './booking-link-parts';

type JoinField = 'from' | 'to' | DetailField;

// The days first, then the details, as the form shows them: the first field at fault is focused.
const empty: Record<JoinField, string> = {
  from: '',
  to: '',
  firstName: '',
  lastName: '',
  telephone: '',
  email: '',
  subjectTitle: '',
  yearGroup: '',
  notes: '',
};
// Never loaded here (the page has no island): the server checks the post with the same schema.
const schema = () => import('../../shared/bookings/waiting-list').then((module) => module.waitingListSchema);

const linkClass = 'font-semibold text-blue-800 underline underline-offset-4';

/**
 * `/free-assessment/waiting-list` (issue 51): a family that finds no free time on the days it can
 * come leaves the booking's details once, with those days, and is e-mailed when a time comes free
 * on them. A plain form posting to this page, answered by the server (no island, no script): the
 * answer, or the form again with the messages at their fields and what was typed kept.
 */
export function WaitingListPage() {
  const { today } = useShell();
  const shown = useWaitingList();
  const view: JoinView = shown?.page === 'join' ? shown : { page: 'join', today };
  const { details } = useSiteFacts();
  const title = view.joined ? 'You are on the waiting list' : 'Join the waiting list';
  return (
    <>
      <Seo
        title={`${title} | ${details.name}`}
        description={`No free assessment time on the days you can come? Join the waiting list of ${details.name} and we will e-mail you when one comes free.`}
      />
      <section className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto max-w-4xl px-4 pt-12 pb-4 sm:pt-16">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        </div>
      </section>
      <div className="mx-auto max-w-4xl px-4 pb-14">
        {view.joined ? <Joined {...view.joined} /> : <JoinForm view={view} />}
      </div>
    </>
  );
}

function Joined({ from, to }: { from: string; to: string }) {
  return (
    <DoneNotice lead={<>{waitingListMessages.joined(from, to)}</>}>
      <p className="mt-2 text-slate-700">
        The e-mail will have a link to book the time, with the details you have given us: there will be nothing to fill
        in again.
      </p>
      <p className="mt-4">
        <a href={paths.freeAssessment} className={linkClass}>
          Back to booking a free assessment
        </a>
      </p>
    </DoneNotice>
  );
}

function JoinForm({ view }: { view: JoinView }) {
  const { today, last, values, errors, notice, freeDays } = view;
  const posted =
    errors || notice ? { values: values ?? {}, errors: errors ?? {}, ...(notice && { notice }) } : undefined;
  // The booking page's days start the form; a form that came back starts from what was posted.
  const form = useZodForm<JoinField>(schema, { ...empty, ...(posted ? {} : values) }, 'waiting', posted);
  return (
    <div className="grid gap-6">
      <p className="text-lg text-slate-900">
        No free time on the days you can come? Leave your details once, with those days, and we will e-mail you as soon
        as a time comes free on them. The first family to book a freed time gets it.
      </p>
      {freeDays && freeDays.length > 0 && (
        <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-slate-900">
          <p className="font-semibold">{waitingListMessages.timesFree}</p>
          <ul className="mt-4 choice-grid">
            {freeDays.map((day) => (
              <li key={day}>
                <a href={bookingAddress(day)} className="choice-link bg-white">
                  {dayInWords(day)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {notice && !freeDays && (
        <p role="alert" className="rounded-2xl border border-red-700 bg-red-50 p-6 font-medium text-red-800">
          {notice}
        </p>
      )}
      <form
        method="post"
        action={paths.freeAssessmentWaitingList}
        noValidate
        aria-labelledby="waiting-form-heading"
        className="relative grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="waiting-form-heading" className="text-xl font-bold text-slate-900">
          The days you could come, and your details
        </h2>
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-slate-700">
            {last
              ? `Choose days from today to ${dayInWords(last)}, the furthest ahead we take bookings.`
              : 'Choose days from today onwards.'}
          </legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First day you could come" type="date" min={today} max={last} {...form.field('from')} />
            <Field label="Last day you could come" type="date" min={today} max={last} {...form.field('to')} />
          </div>
        </fieldset>
        <BookingDetailsFields field={form.field} idPrefix={form.idPrefix} />
        <div>
          <SubmitButton pending={false} label="Join the waiting list" />
        </div>
      </form>
      <CallUs />
    </div>
  );
}
