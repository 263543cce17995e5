import type { AttendanceMarkChange } from '../../../shared/bookings/attendance';
import type { OfferedTimes } from '../../../shared/bookings/bookings';
import type { BlockedTime, StaffBooking, StaffBookingsView, StaffView } from '../../../shared/bookings/staff';
import { useAdminCalls } from '../session';
import { type AdminTransport, search } from '../transport';

/** The "Upcoming assessments" screen's calls (decisions 0068, 0073), over the admin's one transport. */
export function bookingsApi({ json, send }: AdminTransport) {
  return {
    view: (from: string, view: StaffView) =>
      json<StaffBookingsView>('GET', `/api/admin/bookings${search({ from, view })}`),
    timesFor: (id: number) => json<OfferedTimes>('GET', `/api/admin/bookings/${id}/times`),
    move: (id: number, startsAt: string) => json<StaffBooking>('POST', `/api/admin/bookings/${id}/move`, { startsAt }),
    cancel: (id: number) => json<StaffBooking>('POST', `/api/admin/bookings/${id}/cancel`),
    markAttendance: (id: number, change: AttendanceMarkChange) =>
      json<StaffBooking>('POST', `/api/admin/bookings/${id}/attendance`, change),
    /** The one "shall we find another time?" mail to a family marked No-show (issue 51). */
    offerAnotherTime: (id: number) => json<StaffBooking>('POST', `/api/admin/bookings/${id}/another-time`),
    block: (startsAt: string) => json<BlockedTime>('POST', '/api/admin/bookings/blocks', { startsAt }),
    unblock: async (id: number) => void (await send('DELETE', `/api/admin/bookings/blocks/${id}`)),
  };
}

export type BookingsApi = ReturnType<typeof bookingsApi>;

export const useBookingsApi = () => useAdminCalls(bookingsApi);
