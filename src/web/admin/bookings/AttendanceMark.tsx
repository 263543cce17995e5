import { useEffect, useId, useRef, useState } from 'react';
import { type AttendanceMark as Mark, attendanceLabels, attendanceMarks } from '../../../shared/bookings/attendance';
import type { StaffBooking } from '../../../shared/bookings/staff';
import { systemClock } from '../../../shared/clock';
import { londonDate, utcToLondonLocal } from '../../../shared/london-time';
import { clockInWords, recordTimeInWords } from '../../../shared/time-words';
import { useAdminMutation } from '../admin-mutation';
import { adminQueryKey } from '../queries';
import type { BookingsApi } from './api';

const choice = 'min-h-6 rounded-md border border-slate-300 bg-white px-3 py-2 font-medium hover:bg-slate-50';
const chosen = 'min-h-6 rounded-md border border-slate-900 bg-slate-900 px-3 py-2 font-medium text-white';

/** When a mark was made: its time on the centre's clock if today, else the day too. */
const markedWhen = (iso: string) =>
  londonDate(new Date(iso)) === londonDate(systemClock())
    ? clockInWords(utcToLondonLocal(iso).slice(11, 16))
    : recordTimeInWords(iso);

/**
 * Attended or No-show on a booking whose time has passed (issue 50): two buttons until it is
 * marked, then the mark with who made it and when, and `Change` to choose again. The mark names
 * the one shown here, so if a colleague marked it meanwhile the server refuses, the toast gives its
 * words, and the view is read again. Marking Attended moves the enquiry on to Assessed (the server
 * does, in the same transaction), so every admin screen's data is looked at again.
 */
export function AttendanceMark({ booking, api }: { booking: StaffBooking; api: BookingsApi }) {
  const [changing, setChanging] = useState(false);
  const groupId = useId();
  const choices = useRef<HTMLSpanElement>(null);
  // `Change` gives way to the choice: focus goes to the mark standing, not back to the page's top.
  useEffect(() => {
    if (changing) choices.current?.querySelector<HTMLButtonElement>('button[aria-pressed="true"]')?.focus();
  }, [changing]);
  const current = booking.attendance;
  const mark = useAdminMutation({
    mutationFn: (to: Mark) => api.markAttendance(booking.id, { from: current?.mark ?? null, to }),
    success: (marked, to) => ({
      title: `Marked ${attendanceLabels[to]}`,
      description: `${marked.name}’s assessment at ${clockInWords(marked.time)} is marked ${attendanceLabels[to]}.`,
    }),
    failure: { title: 'The mark was not saved', fallback: 'Please try again.' },
    invalidates: [adminQueryKey],
    onSettled: () => setChanging(false),
  });

  if (current && !changing) {
    return (
      <span className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-800" data-testid="attendance">
          <span className="font-semibold">{attendanceLabels[current.mark]}</span> · marked by{' '}
          <bdi>{current.markedBy}</bdi>, {markedWhen(current.markedAt)}
        </span>
        <button type="button" className={choice} onClick={() => setChanging(true)}>
          Change<span className="sr-only"> the mark of {booking.name}’s assessment</span>
        </button>
        {current.mark === 'no-show' && <AnotherTime booking={booking} offered={current.anotherTimeOffered} api={api} />}
      </span>
    );
  }

  return (
    <span ref={choices} role="group" aria-labelledby={groupId} className="flex flex-wrap items-center gap-2">
      <span id={groupId} className="sr-only">
        Did {booking.name} come to the assessment?
      </span>
      {attendanceMarks.map((each) => (
        <button
          key={each}
          type="button"
          className={current?.mark === each ? chosen : choice}
          aria-pressed={current ? current.mark === each : undefined}
          disabled={mark.isPending}
          onClick={() => (current?.mark === each ? setChanging(false) : mark.mutate(each))}
        >
          {attendanceLabels[each]}
          <span className="sr-only"> {booking.name}’s assessment</span>
        </button>
      ))}
    </span>
  );
}

/**
 * A family marked No-show may be offered another time (issue 51): one gentle mail with the booking
 * page's address, sent once, when staff choose. Once sent, who sent it and when.
 */
function AnotherTime({
  booking,
  offered,
  api,
}: {
  booking: StaffBooking;
  offered: { by: string; at: string } | null;
  api: BookingsApi;
}) {
  const offer = useAdminMutation({
    mutationFn: () => api.offerAnotherTime(booking.id),
    success: { title: 'Another time offered', description: `${booking.name} has been e-mailed a link to book again.` },
    failure: { title: 'Nothing was sent', fallback: 'Please try again.' },
    invalidates: [adminQueryKey],
  });
  if (offered)
    return (
      <span className="text-sm text-slate-800" data-testid="another-time">
        Another time offered by <bdi>{offered.by}</bdi>, {markedWhen(offered.at)}
      </span>
    );
  return (
    <button type="button" className={choice} disabled={offer.isPending} onClick={() => offer.mutate()}>
      {offer.isPending ? 'Sending…' : 'Offer another time'}
      <span className="sr-only"> to {booking.name} by e-mail</span>
    </button>
  );
}
