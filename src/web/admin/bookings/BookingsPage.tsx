import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { StaffBooking, StaffBookingDay, StaffView } from '../../../shared/bookings/staff';
import { systemClock } from '../../../shared/clock';
import { addDays, londonDate } from '../../../shared/london-time';
import { clockInWords, dayInWords, ukTimeInWords } from '../../../shared/time-words';
import { errorText } from '../../lib/http';
import { Seo } from '../../lib/seo';
import { useAdminMutation } from '../admin-mutation';
import { BackToAdmin } from '../ui/BackToAdmin';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { type BookingsApi, useBookingsApi } from './api';
import { AttendanceMark } from './AttendanceMark';
import { mondayOf } from './dates';
import { MoveDialog } from './MoveDialog';
import { bookingsKey, bookingsQueries } from './queries';

const button = 'rounded-md border border-slate-300 bg-white px-3 py-2 font-medium hover:bg-slate-50';

/**
 * /admin/bookings, "Upcoming assessments" (issue 41 part 5, decision 0073): each day's bookings
 * and blocked times, a day or a week at a time, on the centre's clock; staff move, cancel and
 * block from here. For the inbox's staff and owners; loaded only when opened.
 */
export function BookingsPage() {
  const api = useBookingsApi();
  const today = londonDate(systemClock());
  const [view, setView] = useState<StaffView>('day');
  const [day, setDay] = useState(today);
  const from = view === 'week' ? mondayOf(day) : day;
  const shown = useQuery(bookingsQueries.view(api, from, view));
  const step = view === 'week' ? 7 : 1;
  const [moving, setMoving] = useState<StaffBooking | null>(null);
  const [cancelling, setCancelling] = useState<StaffBooking | null>(null);
  const cancel = useAdminMutation({
    mutationFn: (booking: StaffBooking) => api.cancel(booking.id),
    success: (booking) => ({ title: 'Assessment cancelled', description: `${booking.name} has been e-mailed.` }),
    failure: { title: 'The assessment could not be cancelled' },
    invalidates: [bookingsKey],
    onSettled: () => setCancelling(null),
  });

  return (
    <div>
      <Seo title="Upcoming assessments" description="Staff area." robots="noindex, nofollow" />
      <BackToAdmin />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Upcoming assessments</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Free assessments parents have booked, in UK time. Moving or cancelling one e-mails the parent. A blocked time is
        not offered to parents. Once an assessment’s time has passed, mark it Attended or No-show.
      </p>

      <nav aria-label="Days shown" className="mt-6 flex flex-wrap items-center gap-2">
        <div role="group" aria-label="View" className="flex gap-1">
          {(['day', 'week'] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={view === choice}
              onClick={() => setView(choice)}
              className={
                view === choice
                  ? 'rounded-md border border-slate-900 bg-slate-900 px-3 py-2 font-medium text-white hover:bg-slate-800'
                  : button
              }
            >
              {choice === 'day' ? 'Day' : 'Week'}
            </button>
          ))}
        </div>
        <button type="button" className={button} onClick={() => setDay(addDays(from, -step))}>
          {view === 'day' ? 'Previous day' : 'Previous week'}
        </button>
        <button type="button" className={button} onClick={() => setDay(today)}>
          Today
        </button>
        <button type="button" className={button} onClick={() => setDay(addDays(from, step))}>
          {view === 'day' ? 'Next day' : 'Next week'}
        </button>
      </nav>

      <div aria-live="polite" className="mt-6">
        {shown.isPending ? (
          <p role="status" className="text-slate-700">
            Loading the assessments…
          </p>
        ) : shown.isError ? (
          <p role="alert" className="text-red-800">
            {errorText(shown.error, 'The assessments could not be loaded. Please try again.', 'server')}
          </p>
        ) : (
          <>
            <h2 data-from={shown.data.from} className="text-xl font-semibold text-slate-900">
              {view === 'day'
                ? dayInWords(shown.data.from)
                : `${dayInWords(shown.data.from)} to ${dayInWords(shown.data.to)}`}
            </h2>
            <div className="mt-4 grid gap-4">
              {shown.data.days.map((shownDay) => (
                <Day
                  key={shownDay.date}
                  day={shownDay}
                  api={api}
                  headed={view === 'week'}
                  isToday={shownDay.date === today}
                  onMove={setMoving}
                  onCancel={setCancelling}
                />
              ))}
            </div>
          </>
        )}
      </div>

      {moving && <MoveDialog booking={moving} onClose={() => setMoving(null)} />}
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this assessment?"
        description={
          cancelling
            ? `${cancelling.name}’s assessment on ${ukTimeInWords(cancelling.startsAt)} will be cancelled, and they will be e-mailed a cancellation that removes it from their calendar. The time will be free again.`
            : ''
        }
        confirmLabel="Cancel the assessment"
        cancelLabel="Keep it"
        pendingLabel="Cancelling…"
        pending={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
        onCancel={() => setCancelling(null)}
      />
    </div>
  );
}

/** One day: its bookings and blocked times in time order, and a time to block. */
function Day({
  day,
  api,
  headed,
  isToday,
  onMove,
  onCancel,
}: {
  day: StaffBookingDay;
  api: BookingsApi;
  headed: boolean;
  isToday: boolean;
  onMove: (booking: StaffBooking) => void;
  onCancel: (booking: StaffBooking) => void;
}) {
  const unblock = useAdminMutation({
    mutationFn: (id: number) => api.unblock(id),
    success: { title: 'Time unblocked', description: 'Parents can book it again.' },
    failure: { title: 'The time could not be unblocked' },
    invalidates: [bookingsKey],
  });
  const rows = [
    ...day.bookings.map((booking) => ({ at: booking.startsAt, booking, block: null })),
    ...day.blocks.map((block) => ({ at: block.startsAt, booking: null, block })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={headingId} className={headed ? 'text-lg font-semibold text-slate-900' : 'sr-only'}>
        {dayInWords(day.date)}
        {isToday && ' (today)'}
      </h3>
      {rows.length === 0 ? (
        <p className="mt-1 text-slate-700">No assessments booked.</p>
      ) : (
        <ul aria-label={`Assessments on ${dayInWords(day.date)}`} className="mt-2 divide-y divide-slate-200">
          {rows.map(({ at, booking, block }) =>
            booking ? (
              <li key={`b${booking.id}`} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                <span className="w-20 text-lg font-semibold tabular-nums text-slate-900">
                  {clockInWords(booking.time)}
                </span>
                <span className="min-w-40 flex-1">
                  <span className="font-semibold text-slate-900">{booking.name}</span>
                  <span className="ml-2 text-sm text-slate-700">
                    {booking.status === 'cancelled' ? 'Cancelled' : 'Booked'}
                    {booking.inBin && ' · enquiry in the Bin'}
                  </span>
                  <br />
                  <a href={`/admin#enquiry-${booking.enquiryId}`} className="text-sm text-blue-800 underline">
                    Enquiry {booking.enquiryId} in the inbox
                  </a>
                </span>
                {booking.status === 'booked' && Date.parse(booking.startsAt) > systemClock().getTime() && (
                  <span className="flex gap-2">
                    <button type="button" className={button} onClick={() => onMove(booking)}>
                      Move<span className="sr-only"> {booking.name}’s assessment</span>
                    </button>
                    <button type="button" className={button} onClick={() => onCancel(booking)}>
                      Cancel<span className="sr-only"> {booking.name}’s assessment</span>
                    </button>
                  </span>
                )}
                {booking.status === 'booked' && Date.parse(booking.startsAt) <= systemClock().getTime() && (
                  <AttendanceMark booking={booking} api={api} />
                )}
              </li>
            ) : (
              <li key={`x${block!.id}-${at}`} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                <span className="w-20 text-lg font-semibold tabular-nums text-slate-900">
                  {clockInWords(block!.time)}
                </span>
                <span className="min-w-40 flex-1 text-slate-800">
                  <span className="font-semibold">Blocked</span>
                  <span className="ml-2 text-sm text-slate-700">by {block!.createdBy}</span>
                </span>
                <button
                  type="button"
                  className={button}
                  disabled={unblock.isPending}
                  onClick={() => unblock.mutate(block!.id)}
                >
                  Unblock<span className="sr-only"> {clockInWords(block!.time)}</span>
                </button>
              </li>
            ),
          )}
        </ul>
      )}
      {day.blockable.length > 0 && <BlockForm day={day} api={api} />}
    </section>
  );
}

/** Blocks one of the day's times not yet started: parents are no longer offered it. */
function BlockForm({ day, api }: { day: StaffBookingDay; api: BookingsApi }) {
  const [startsAt, setStartsAt] = useState(day.blockable[0]!.startsAt);
  const chosen = day.blockable.some((time) => time.startsAt === startsAt) ? startsAt : day.blockable[0]!.startsAt;
  const id = useId();
  const block = useAdminMutation({
    mutationFn: (at: string) => api.block(at),
    success: (blocked) => ({
      title: `${clockInWords(blocked.time)} blocked`,
      description:
        blocked.bookingsKept > 0
          ? `Parents can no longer book it. The ${blocked.bookingsKept === 1 ? 'booking' : `${blocked.bookingsKept} bookings`} already there stay: move or cancel them.`
          : 'Parents can no longer book it.',
    }),
    failure: { title: 'The time could not be blocked' },
    invalidates: [bookingsKey],
  });
  return (
    <form
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        block.mutate(chosen);
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Block a time on {dayInWords(day.date)}
        <select
          id={id}
          value={chosen}
          onChange={(event) => setStartsAt(event.target.value)}
          className="ml-2 rounded-md border border-slate-400 bg-white px-2 py-2"
        >
          {day.blockable.map((time) => (
            <option key={time.startsAt} value={time.startsAt}>
              {clockInWords(time.time)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={button} disabled={block.isPending}>
        {block.isPending ? 'Blocking…' : 'Block'}
      </button>
    </form>
  );
}
