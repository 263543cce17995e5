// The bookings' public side (issue 41): the booking part of /free-assessment, the route table's
// prefetcher, and the time picker and its pieces for any page that has a parent pick a time (the
// change page's picker island). The only way into this folder from outside it (decision 0067);
// the island registry alone loads BookingPicker's and ChangePicker's own files.
export { BookingSection } from './BookingSection';
export { TimePicker, type TimePickerProps, inPlace } from './TimePicker';
export { fetchOfferedTimes } from './api';
export { bookingQueries, prefetchOfferedTimes } from './queries';
export { ChangePickerIsland } from './islands';
export type { ChangeStart } from './ChangePicker';
// The booking's details fields, which the waiting list's join form (issue 51) shares.
export { BookingDetailsFields, type DetailField } from './BookingDetailsForm';
