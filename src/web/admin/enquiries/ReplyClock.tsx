import type { ReplyWait } from '../../../shared/enquiries/stages';

/** '45 min', '1 h', '2 h 5 min', '3 days 4 h': a wait as the office reads it. */
export function spokenMinutes(minutes: number): string {
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  const parts = [
    days > 0 ? `${days} day${days === 1 ? '' : 's'}` : '',
    hours > 0 ? `${hours} h` : '',
    rest > 0 || (days === 0 && hours === 0) ? `${rest} min` : '',
  ];
  return parts.filter(Boolean).slice(0, 2).join(' ');
}

/**
 * How long the family has waited for a first contact (issue 50): in the office's opening time,
 * which the target counts, and in all. Past the target while still waiting, it says so in words.
 */
export function ReplyClock({ waited, targetMinutes }: { waited: ReplyWait; targetMinutes: number }) {
  const late = !waited.stopped && waited.openingMinutes >= targetMinutes;
  const opening = spokenMinutes(waited.openingMinutes);
  const all = spokenMinutes(waited.minutes);
  return (
    <p data-testid="reply-clock" className={`mt-2 text-sm ${late ? 'font-semibold text-red-800' : 'text-slate-700'}`}>
      {waited.stopped
        ? `First contact after ${opening} of opening time (${all} in all).`
        : `Waiting for a first contact: ${opening} of opening time (${all} in all)${late ? ', past the reply target' : ''}.`}
    </p>
  );
}
