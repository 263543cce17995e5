import type { ReplyWait } from '../../../shared/enquiries/stages';
import { spokenMinutes } from '../../../shared/spoken-duration';

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
