// The bookings' public side (issue 41): the booking part of /free-assessment, the route table's
// prefetcher, and the time picker and its pieces for any page that has a parent pick a time (the
// change page). The only way into this folder from outside it (decision 0067); the island
// registry alone loads BookingPicker's own file. The change page's plain day and time lists
// are `change-times.tsx`.
export { BookingSection } from './BookingSection';
export { TimePicker, type TimePickerProps, inPlace } from './TimePicker';
export { fetchOfferedTimes } from './api';
export { bookingQueries, prefetchOfferedTimes } from './queries';
export { ChangeTimeLinks, ChangeTimes, dayInWords } from './change-times';
