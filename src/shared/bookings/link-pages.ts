// Free of zod: the server builds these views and the pages render them.
import { paths } from '../routes';
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

/** Something other than the link went wrong (too many posts, the database away): the page says what. */
type LinkFailed<Page extends LinkPurpose> = { page: Page; state: 'failed'; message: string };

export type CancelView =
  /** The booking the link would cancel, and the button that does. */
  | { page: 'cancel'; state: 'confirm'; token: string; startsAt: string }
  | { page: 'cancel'; state: 'cancelled'; startsAt: string }
  | { page: 'cancel'; state: 'refused'; reason: LinkRefusal }
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

/** The page's address with the token and what the parent picked, for the day and time links. */
export function changeAddress(token: string, pick: { day?: string | undefined; at?: string | undefined } = {}) {
  const query = new URLSearchParams({ token });
  if (pick.day) query.set('day', pick.day);
  if (pick.at) query.set('at', pick.at);
  return `${paths.freeAssessmentChange}?${query.toString()}`;
}
