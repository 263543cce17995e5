// The bookings' public side, as the pages place it. The change page's plain day and time lists
// (issue 41); the booking page's picker may join or replace them here.
export { ChangeTimeLinks, ChangeTimes, dayInWords } from './change-times';
