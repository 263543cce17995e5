/**
 * The staff access log (decision 0058): who did what to which record, and whether it was allowed.
 * An entry never holds a parent's data: an enquiry is named by its id only, so an entry outlives
 * the enquiry it names with nothing personal in it.
 */

/** Who acted: the principal's kind, or `anonymous` for a sign-in that named nobody we know. */
export const accessActorKinds = ['key', 'token', 'account', 'anonymous'] as const;
export type AccessActorKind = (typeof accessActorKinds)[number];

/** The record an entry is about. */
export const accessTargetKinds = [
  'enquiry',
  'post',
  'image',
  'account',
  'invitation',
  'api-token',
  'setting',
  'site',
  /** An assessment time staff blocked or unblocked, by its start (UTC ISO). */
  'booking-time',
  /** A refused call: the route's method and path pattern, e.g. `GET /api/contact-submissions`. */
  'route',
] as const;
export type AccessTargetKind = (typeof accessTargetKinds)[number];

export const accessOutcomes = ['ok', 'refused'] as const;
export type AccessOutcome = (typeof accessOutcomes)[number];

/** Every action recorded; the word before the dot is the kind of record it is about. */
export const accessActions = [
  /** A list, search or export: the enquiries it showed are listed with it (see `shown`). */
  'enquiry.list',
  'enquiry.read',
  'enquiry.export',
  'enquiry.update',
  'enquiry.note',
  /** A move between stages (issue 50); the who and when are also kept with the enquiry's moves. */
  'enquiry.stage',
  /** A nudge e-mail's link followed to the enquiry's card (issue 50): who answered the nudge. */
  'enquiry.open-from-nudge',
  'enquiry.mail-retry',
  'enquiry.bin',
  /** The "Upcoming assessments" views (the bookings they showed are listed with it), and staff's moves and cancellations (decision 0073). */
  'booking.list',
  'booking.move',
  'booking.cancel',
  /** Attended or No-show marked on a past booking (issue 50); target the enquiry, whose stage it may move. */
  'booking.attendance',
  /** A family that missed its assessment offered another time by mail (issue 51). */
  'booking.another-time',
  /** A time blocked or unblocked: its start is the target. */
  'booking.block',
  'booking.unblock',
  'bin.list',
  'bin.restore',
  'bin.purge',
  'sign-in',
  'sign-in.failed',
  /** A known principal refused a route (401 or 403): who, and which route. */
  'access.refused',
  /** Past the limit: the refusals from one address in one window, counted in one entry. */
  'refused.more',
  'invitation.create',
  'invitation.withdraw',
  'invitation.accept',
  'account.change',
  'account.sign-in-change',
  'account.passkey-add',
  'account.passkey-remove',
  'account.step-up',
  'account.sign-out-others',
  /** Getting back in (issue 38): a link sent after "Forgot your password?", and a new password set with it. */
  'account.recovery-link',
  'account.recover',
  /** An owner's "Reset sign-in": the link sent (the person's sessions end then), and taken up. */
  'account.reset-sign-in',
  'account.reset-accept',
  'api-token.create',
  'api-token.revoke',
  'setting.change',
  'site.change',
  'site.restore',
  'logo.upload',
  'post.create',
  'post.update',
  'post.bin',
  'image.upload',
  'image.update',
  'image.bin',
] as const;
export type AccessAction = (typeof accessActions)[number];

/** The name an entry gives whoever tried to sign in with an address no account has. */
export const UNKNOWN_ACTOR_NAME = 'unknown';

/** One entry as the owners' list shows it, newest first. */
export interface AccessLogEntry {
  id: number;
  at: string;
  /**
   * `name` as it was then; `email`, for an account, its address now: the mark no other account
   * shares (issue 36), since names may look alike. Null for the key, a token or a stranger.
   */
  actor: { kind: AccessActorKind; id: number | null; name: string; email: string | null };
  action: string;
  /** `name`: what the record is called now (an invitation's address, an account's or token's name), if it has one. */
  target: { kind: AccessTargetKind; id: string; name: string | null } | null;
  outcome: AccessOutcome;
  /** Where a sign-in or a refusal came from; null for everything else. */
  address: string | null;
  /** How many enquiries the answer showed (a list page, a search, the export, the Bin). */
  shown: number;
  /** A `refused.more` entry: how many refusals it stands for. */
  repeats: number | null;
}

/** One page of the log, paged like the inbox. */
export interface AccessLogPage {
  items: AccessLogEntry[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

export const ACCESS_LOG_PAGE_SIZE = 50;

/** Someone the access log says saw an enquiry's details: their name then, and when they last did. */
export interface EnquiryViewer {
  name: string;
  at: string;
}

/** An inbox card's "Seen by" line: the latest few people, and how many more there were. */
export interface EnquiryViewers {
  latest: EnquiryViewer[];
  more: number;
}

/** How many names a card's "Seen by" line shows before "and N more". */
export const VIEWERS_SHOWN = 3;
