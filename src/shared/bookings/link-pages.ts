// Free of zod: the server builds these views and the pages render them.
import type { OfferedDay, OfferedTime } from './slots';

/**
 * The pages a booking's mail links to (issue 41): `/free-assessment/cancel?token=…` and
 * `/free-assessment/change?token=…`. Opening one changes nothing (mail scanners and link previews
 * follow links); its form posts the token back to the same page. The server looks the token up
 * and hands the page one of these views.
 */
export type LinkPurpose = 'cancel' | 'change';

/** Why a link cannot be used, whichever page it opened. */
export type LinkRefusal = 'not-valid' | 'already-cancelled' | 'passed';

/**
 * Why a link that still names a booking to come no longer acts on it online (issue 51): the time
 * is within the cut-off (`limit` its hours), or the parent has made the changes allowed (`limit`
 * of them). The page shows the booking's time and the centre's phone, and says to call.
 */
export type CallUsReason = 'cut-off' | 'change-limit';

type LinkCallUs<Page extends LinkPurpose> = {
  page: Page;
  state: 'call-us';
  startsAt: string;
  reason: CallUsReason;
  limit: number;
};

/** Something other than the link went wrong (too many posts, the database away): the page says what. */
type LinkFailed<Page extends LinkPurpose> = { page: Page; state: 'failed'; message: string };

export type CancelView =
  /** The booking the link would cancel, and the button that does. */
  | { page: 'cancel'; state: 'confirm'; token: string; startsAt: string }
  | { page: 'cancel'; state: 'cancelled'; startsAt: string }
  | { page: 'cancel'; state: 'refused'; reason: LinkRefusal }
  | LinkCallUs<'cancel'>
  | LinkFailed<'cancel'>;

export type ChangeView =
  /**
   * The booking's time, the days and times it may move to, the day opened (`day`) and the time
   * picked to confirm (`picked`); `taken` when the time asked for went to someone else first,
   * with the nearest free ones.
   */
  | {
      page: 'change';
      state: 'choose';
      token: string;
      startsAt: string;
      days: OfferedDay[];
      day?: string;
      picked?: OfferedTime;
      taken?: OfferedTime[];
      notOffered?: true;
    }
  | { page: 'change'; state: 'changed'; startsAt: string }
  | { page: 'change'; state: 'refused'; reason: LinkRefusal }
  | LinkCallUs<'change'>
  | LinkFailed<'change'>;

export type BookingLinkView = CancelView | ChangeView;

/**
 * A token as the mails write them: 32 random bytes in base64url, 43 characters. Anything else
 * (empty, longer, another alphabet) is no token of ours, and is refused before any look-up.
 */
export const tokenPattern = /^[\w-]{43}$/;

/** What the parent reads when a link cannot be used. */
export const refusalTexts: Readonly<Record<LinkRefusal, { title: string; text: string }>> = {
  'not-valid': {
    title: 'This link is not valid',
    text: 'We could not find a booking for this link. Please use the link in your confirmation e-mail exactly as it is, or call us and we will sort it out.',
  },
  'already-cancelled': {
    title: 'This booking has already been cancelled',
    text: 'There is nothing more to do. If you would like to come after all, you are welcome to book another time.',
  },
  passed: {
    title: 'This link has expired because the assessment time has passed',
    text: 'Links in the confirmation e-mail work until the time of the assessment. If you missed it, please book another time or call us.',
  },
};

/** "an hour", "12 hours"; whole days as days: "a day", "7 days". */
export const hoursInWords = (hours: number) => {
  if (hours === 1) return 'an hour';
  if (hours === 24) return 'a day';
  return hours % 24 === 0 && hours > 0 ? `${hours / 24} days` : `${hours} hours`;
};

/** "once", "twice", "3 times". */
const timesInWords = (times: number) => (times === 1 ? 'once' : times === 2 ? 'twice' : `${times} times`);

/**
 * Why the link no longer acts online, in the parent's words (issue 51): within the cut-off of
 * `limit` hours, or after the `limit` changes allowed. The page and the API's answer both say it,
 * followed by the phone (`callUsMessage`).
 */
export function callUsReasonText(reason: CallUsReason, page: LinkPurpose, limit: number): string {
  if (reason === 'change-limit') {
    return limit === 0
      ? 'This booking cannot be changed online.'
      : `This booking has been changed ${timesInWords(limit)} already, the most we allow online.`;
  }
  const done = page === 'cancel' ? 'cancelled' : 'changed';
  return `Your assessment is now within ${hoursInWords(limit)}, so it can no longer be ${done} online.`;
}

/** The refusal in full, as the API answers it (409): why, then the number to call. */
export const callUsMessage = (reason: CallUsReason, page: LinkPurpose, limit: number, phone: string) =>
  `${callUsReasonText(reason, page, limit)} Please call us on ${phone}.`;
