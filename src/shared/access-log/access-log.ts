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
] as const;
export type AccessTargetKind = (typeof accessTargetKinds)[number];

export const accessOutcomes = ['ok', 'refused'] as const;
export type AccessOutcome = (typeof accessOutcomes)[number];

/** Every action recorded; the word before the dot is the kind of record it is about. */
export const accessActions = [
  'enquiry.list',
  'enquiry.read',
  'enquiry.export',
  'enquiry.update',
  'enquiry.note',
  'enquiry.mail-retry',
  'enquiry.bin',
  'bin.restore',
  'bin.purge',
  'sign-in',
  'sign-in.failed',
  'invitation.create',
  'invitation.withdraw',
  'invitation.accept',
  'account.change',
  'account.sign-in-change',
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
  actor: { kind: AccessActorKind; id: number | null; name: string };
  action: string;
  target: { kind: AccessTargetKind; id: string } | null;
  outcome: AccessOutcome;
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
