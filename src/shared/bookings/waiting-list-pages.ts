// Free of zod: the pages, the server's page routes and the booking page's island name these.
import { paths } from '../routes';
import type { OfferedDay, OfferedTime } from './slots';

/**
 * The waiting list's two pages (issue 51). `/free-assessment/waiting-list` is the form a family
 * joins with: the booking form's details and the days it could come, posted without script to
 * the page itself. `/free-assessment/waiting?token=…` is the claim link's page, built like the
 * change link's: the family's days with their free times, chosen by posts carrying the token in
 * their bodies, never in an address but the e-mail's. The server hands each page one of these.
 */

/** The join page: the days' bounds, and the form's start or the answer to its post. */
export interface JoinView {
  page: 'join';
  /** Today on London's clock: the first day that can be asked for. */
  today: string;
  /** The last day bookings are taken for (the window's end), when it could be read. */
  last?: string;
  /** Joined (the address after the post says so): the days waited for. */
  joined?: { from: string; to: string };
  /** The form's values: as posted, or the booking page's day (`?from=&to=`). */
  values?: Record<string, string>;
  /** The schema's (or the window's) message per field, when the post came back. */
  errors?: Record<string, string>;
  /** A message about the whole form (too many posts, another site, the database away). */
  notice?: string;
  /** Those days have free times: them, to book instead. */
  freeDays?: string[];
}

/** Why a claim link opens nothing: no place has that token (404), or its place has ended (410). */
export type ClaimRefusal = 'not-valid' | 'ended';

export type ClaimView =
  /**
   * The family's days with their free times, the day opened (`day`), the time picked to confirm
   * (`picked`); `taken` when the time asked for went to someone else first, with the nearest free
   * ones in the family's days; `notice` for a time outside them or a family at its bookings' cap.
   */
  | {
      page: 'claim';
      state: 'choose';
      token: string;
      firstName: string;
      email: string;
      from: string;
      to: string;
      days: OfferedDay[];
      day?: string;
      picked?: OfferedTime;
      taken?: OfferedTime[];
      notOffered?: true;
      notice?: string;
    }
  | { page: 'claim'; state: 'booked'; startsAt: string }
  | { page: 'claim'; state: 'refused'; reason: ClaimRefusal }
  | { page: 'claim'; state: 'failed'; message: string };

export type WaitingListView = JoinView | ClaimView;

/** The join page's address, starting from the days given (the booking page's day). */
export const waitingListAddress = (from?: string, to = from) =>
  from && to ? `${paths.freeAssessmentWaitingList}?from=${from}&to=${to}` : paths.freeAssessmentWaitingList;

/** Where joining without script lands: the answer, naming the days and no one. */
export const joinedAddress = (from: string, to: string) =>
  `${paths.freeAssessmentWaitingList}?joined=1&from=${from}&to=${to}`;

// Years 2000 to 2999, as the booking page reads its address (page-choice.ts): a short, anchored pattern.
const dayPattern = /^2\d{3}-\d{2}-\d{2}$/;

/** A real London date as a date input gives it ('2026-12-01'), or undefined. */
export function dayOf(value: string | undefined): string | undefined {
  if (value === undefined || !dayPattern.test(value)) return undefined;
  const noon = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(noon.getTime()) && noon.toISOString().slice(0, 10) === value ? value : undefined;
}
