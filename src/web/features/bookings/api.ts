// Types only from the shared bookings: the island fetches and sends JSON, the schema loads on first submit.
import type { BookedTime, OfferedTimes, TimeTaken } from '../../../shared/bookings/bookings';
import type { BookingInput } from '../../../shared/bookings/schemas';
import { HttpError, apiRequest, getJson } from '../../lib/http';

/** The times a parent may pick now: never from a cache (the server says no-store too). */
export const fetchOfferedTimes = () => getJson<OfferedTimes>('/api/bookings/times');

export type BookingAnswer =
  | { kind: 'booked'; booked: BookedTime }
  | { kind: 'taken'; message: string; nearest: TimeTaken['nearest'] }
  | { kind: 'refused'; message: string; field?: string };

/** Books a time: the booked time, the nearest free ones when it was just taken, or the server's message. */
export async function bookTime(input: BookingInput & { website: string }): Promise<BookingAnswer> {
  try {
    const response = await apiRequest('POST', '/api/bookings', input);
    return { kind: 'booked', booked: (await response.json()) as BookedTime };
  } catch (error) {
    if (!(error instanceof HttpError))
      return { kind: 'refused', message: 'We could not reach the centre. Please try again.' };
    const body = error.body as Partial<TimeTaken & { field: string }> | undefined;
    if (error.status === 409 && body?.code === 'TIME_TAKEN') {
      return { kind: 'taken', message: body.error ?? '', nearest: body.nearest ?? [] };
    }
    return {
      kind: 'refused',
      message: body?.error ?? 'Something went wrong. Please try again, or call us.',
      ...(body?.field && { field: body.field }),
    };
  }
}
