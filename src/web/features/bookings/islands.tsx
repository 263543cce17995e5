import { Island } from '../../lib/island';
import { BookingPicker } from './BookingPicker';
import type { BookingStart } from './booking-start';
import { ChangePicker, type ChangeStart } from './ChangePicker';

// The booking as the page places it: an island beside its component (decision 0067), hydrated
// when the parent reaches for it. Its start is what the server drew for this request.
export const BookingPickerIsland = ({ start }: { start: BookingStart }) => (
  <Island name="BookingPicker" component={BookingPicker} props={start} load="interaction" />
);

// The change page's picker (issue 51): the same days and times, each a form's button until hydrated.
export const ChangePickerIsland = ({ start }: { start: ChangeStart }) => (
  <Island name="ChangePicker" component={ChangePicker} props={start} load="interaction" />
);
