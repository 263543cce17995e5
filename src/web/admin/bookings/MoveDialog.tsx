import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { StaffBooking } from '../../../shared/bookings/staff';
import { dayInWords, timeInWords, ukTimeInWords, ukTimeNote } from '../../../shared/time-words';
import { errorText } from '../../lib/http';
import { useAdminMutation } from '../admin-mutation';
import { Dialog } from '../ui/Dialog';
import { useBookingsApi } from './api';
import { bookingsKey, bookingsQueries } from './queries';

/**
 * Moves one booking to a free time: the times parents are offered now, its own places not
 * counted against it. A time taken meanwhile is refused by the server, with its words.
 */
export function MoveDialog({ booking, onClose }: { booking: StaffBooking; onClose: () => void }) {
  const api = useBookingsApi();
  const times = useQuery(bookingsQueries.times(api, booking.id));
  const [startsAt, setStartsAt] = useState('');
  const [problem, setProblem] = useState('');
  const id = useId();
  const move = useAdminMutation({
    mutationFn: (at: string) => api.move(booking.id, at),
    success: (moved) => ({
      title: 'Assessment moved',
      description: `${moved.name} is now booked for ${ukTimeInWords(moved.startsAt)} and has been e-mailed.`,
    }),
    invalidates: [bookingsKey],
    onSuccess: onClose,
    onError: (error) => setProblem(errorText(error, 'The assessment could not be moved. Please try again.', 'server')),
  });
  const days = times.data?.days ?? [];
  const first = days[0]?.times[0]?.start ?? '';
  const chosen = startsAt || first;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Move ${booking.name}’s assessment`}
      description={`Booked for ${ukTimeInWords(booking.startsAt)}. Pick a free time; the parent is e-mailed the change.`}
    >
      {times.isPending ? (
        <p role="status" className="mt-4 text-slate-700">
          Loading the free times…
        </p>
      ) : times.isError ? (
        <p role="alert" className="mt-4 text-red-800">
          {errorText(times.error, 'The free times could not be loaded.', 'server')}
        </p>
      ) : days.length === 0 ? (
        <p className="mt-4 text-slate-700">No other time is free at the moment.</p>
      ) : (
        <form
          className="mt-4"
          onSubmit={(event) => {
            event.preventDefault();
            setProblem('');
            move.mutate(chosen);
          }}
        >
          <label htmlFor={id} className="block font-medium text-slate-800">
            New time {ukTimeNote}
          </label>
          <select
            id={id}
            value={chosen}
            onChange={(event) => setStartsAt(event.target.value)}
            className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2"
          >
            {days.map((day) => (
              <optgroup key={day.date} label={dayInWords(day.date)}>
                {day.times.map((time) => (
                  <option key={time.start} value={time.start}>
                    {timeInWords(time.start)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {problem && (
            <p role="alert" className="mt-3 text-red-800">
              {problem}
            </p>
          )}
          <div className="mt-6 flex justify-end gap-3">
            <button
              type="button"
              onClick={onClose}
              className="rounded-md border border-slate-300 px-4 py-2 font-medium"
            >
              Keep the time
            </button>
            <button
              type="submit"
              disabled={move.isPending}
              className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-800 disabled:opacity-60"
            >
              {move.isPending ? 'Moving…' : 'Move'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
