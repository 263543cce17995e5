import type { ColumnType, Generated } from 'kysely';

/**
 * The database's tables as Kysely sees them. Dates are ISO 8601 UTC strings and ids are integers
 * on both engines, so one repository works on SQLite and PostgreSQL (docs/decisions/0002).
 */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface ContactSubmissionsTable {
  id: Generated<number>;
  /** 'assessment' or 'contact'. */
  submission_type: string;
  first_name: string;
  last_name: string;
  email: string;
  telephone: string | null;
  mobile: string | null;
  year_group: string | null;
  email_title: string | null;
  notes: string | null;
  message: string | null;
  /** 'true' or 'false', as the API speaks it. */
  reviewed: ColumnType<string, string | undefined, string>;
  submitted_at: string;
  updated_at: string;
  /** Who marked it reviewed and when (null while it is not, and for rows marked before names were kept). */
  reviewed_at: string | null;
  reviewed_by_account_id: number | null;
  reviewed_by_name: string | null;
  /** Who marked it replied and when (null while it is not). */
  replied_at: string | null;
  replied_by_account_id: number | null;
  replied_by_name: string | null;
  /** When staff moved it to the Bin (ISO); NULL while it is not in the Bin (docs/decisions/0036-bin.md). */
  deleted_at: string | null;
  /** Who moved it to the Bin: the account (null for the admin key or a token) and the name it went by then. */
  deleted_by_account_id: number | null;
  deleted_by_name: string | null;
  /** Where it stands (shared/enquiries/stages.ts): 'new' until staff move it or a booking enters it. */
  stage: ColumnType<string, string | undefined, string>;
  /** Why it is not going ahead; null at any other stage. */
  stage_reason: string | null;
  /** The last move: when, and who (null for a booking's entry, and before a move). */
  staged_at: string | null;
  staged_by_account_id: number | null;
  staged_by_name: string | null;
  /** When staff first moved it on from New: the reply clock stops there. */
  contacted_at: string | null;
  /** When its nudge to the inbox's staff was queued, and its second, to the owners (issue 50). */
  nudged_at: string | null;
  owners_nudged_at: string | null;
}

/** The hash of the generated admin key; one row (id 1). Unused while ADMIN_API_KEY is set. */
export interface AdminKeyTable {
  id: number;
  /** Hex SHA-256 of the key; the key itself is never stored. */
  key_hash: string;
  created_at: string;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  submission_id: number | null;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  /** 'pending', 'sent' or 'failed'. */
  status: ColumnType<string, string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** What the mail is (outboxKinds in mail/outbox.ts); the inbox shows the staff notification's status. */
  kind: ColumnType<string, string | undefined, string>;
  /** The recipient's canonical form (shared/canonical-email.ts) where the outbox counts by address. */
  recipient_key: string | null;
  /** An iCalendar message sent beside the text (a booking's), and its METHOD; NULL for other mail. */
  calendar: ColumnType<string | null, string | null | undefined, string | null>;
  calendar_method: ColumnType<string | null, string | null | undefined, string | null>;
  /** An HTML part sent beside the text (the Monday report's); NULL for other mail. */
  html: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The values the text names by marker (a booking's link tokens), sealed with the secrets key;
   * NULL once sent or given up, and for other mail (decision 0071).
   */
  secrets: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A family waiting for a free assessment time between two London dates (issue 51); goes with its enquiry. */
export interface BookingWaitlistTable {
  id: Generated<number>;
  enquiry_id: number;
  from_date: string;
  to_date: string;
  created_at: string;
  /** 'waiting', 'booked' (claimed a time) or 'ended' (its period passed). */
  status: ColumnType<string, string | undefined, string>;
  /** 'true' once told of free times in its period; 'false' again when the period is full. */
  offered: ColumnType<string, string | undefined, string>;
  offered_at: string | null;
  /** SHA-256 (hex) of the claim link's token, sent with the last "a time is free" mail. */
  claim_token_hash: string | null;
  ended_at: string | null;
}

/** A Monday report queued (issue 50): one row per week, so each week's is queued once. */
export interface WeeklyReportsTable {
  /** The Monday (London date) it was sent on. */
  week: string;
  queued_at: string;
  recipients: number;
}

/** What staff write about an enquiry; deleted with it (decision 0018). */
export interface StaffNotesTable {
  id: Generated<number>;
  submission_id: number;
  /** Plain text, as staff typed it (trimmed, control characters removed). */
  body: string;
  created_at: string;
  /** The author's account (null for the admin key or a token) and the name they went by then; null before names were kept. */
  author_account_id: number | null;
  author_name: string | null;
}

export interface ImagesTable {
  id: Generated<number>;
  filename: string;
  alt_text: string;
  /** One of imageCategories (src/shared/images/images.ts). */
  category: string;
  content_type: string;
  /** The full-size file's extension, part of its address. */
  extension: string;
  /** A hash of the full-size file, part of every address so addresses change with content. */
  fingerprint: string;
  size: number;
  width: number;
  height: number;
  created_at: string;
  updated_at: string;
  /** When staff moved it to the Bin (ISO); NULL while it is not in the Bin (docs/decisions/0036-bin.md). */
  deleted_at: string | null;
  /** Who moved it to the Bin: the account (null for the admin key or a token) and the name it went by then. */
  deleted_by_account_id: number | null;
  deleted_by_name: string | null;
}

/** The stored bytes of an image: the full-size file and its WebP variants. */
export interface ImageFilesTable {
  image_id: number;
  /** 'original.<ext>' or '<width>.webp'. */
  name: string;
  content_type: string;
  width: number;
  height: number;
  size: number;
  data: Buffer;
}

export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  excerpt: string;
  /** Sanitised HTML. */
  content: string;
  author: string;
  category: string;
  tags: string | null;
  featured_image: string | null;
  meta_title: string | null;
  meta_description: string | null;
  /** 'true' or 'false', as the API speaks it. */
  published: string;
  created_at: string;
  /**
   * When the post appears to the public, UTC: set on first publication (or chosen by staff, possibly
   * in the future: scheduled) and kept through later unpublishing (docs/product.md#blog-post-fields).
   */
  published_at: string | null;
  updated_at: string;
  /** When staff moved it to the Bin (ISO); NULL while it is not in the Bin (docs/decisions/0036-bin.md). */
  deleted_at: string | null;
  /** Who moved it to the Bin: the account (null for the admin key or a token) and the name it went by then. */
  deleted_by_account_id: number | null;
  deleted_by_name: string | null;
}

/** An earlier version of a post's words, kept when a save replaced it. */
export interface BlogPostRevisionsTable {
  id: Generated<number>;
  post_id: number;
  title: string;
  excerpt: string;
  content: string;
  meta_title: string | null;
  meta_description: string | null;
  saved_at: string;
}

/** One row (id 1): bumped after every successful staff write (page caches key on it). */
export interface ContentGenerationTable {
  id: number;
  generation: number;
}

/** One row per periodic job: the time from which its next run may be claimed. */
export interface ScheduledJobsTable {
  name: string;
  next_run_at: string;
}

/** Fixed-window counters shared by every process (rate limits). */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  reset_at: string;
}

/** Sign-in budgets (migration 2026-11-27-1001, src/server/auth/sign-in-budgets.ts). */
export interface SignInBudgetsTable {
  key: string;
  used: number;
  reset_at: string;
  next_at: string | null;
  tripped: Generated<number>;
}

/** Staff sessions; only the token's hash is stored (docs/decisions/0030-admin-sessions.md). */
export interface AdminSessionsTable {
  token_hash: string;
  /** Hex SHA-256 of the admin key's hash at sign-in: a changed key ends the session ('' for an account's). */
  key_fingerprint: string;
  /** The staff account whose session it is; null for one opened with the admin key. */
  account_id: number | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** When the session last proved who holds it (step-up, issue 36); null: its sign-in time counts. */
  proved_at: string | null;
}

export interface ApiTokensTable {
  id: Generated<number>;
  name: string;
  token_hash: string;
  /** Role names joined by commas ('editor,enquiries'). */
  roles: string;
  /** The display name of who created it, as it was then. */
  created_by: string;
  /** The account that made it (null: the admin key, or made before ids were kept): disabling it revokes the token. */
  created_by_account_id: number | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface StaffAccountsTable {
  id: Generated<number>;
  name: string;
  email: string;
  /** The address in its one canonical form (canonical-email.ts): unique. */
  email_key: string;
  /** The name as names are compared (shared/staff/display-names.ts): unique; null only for older accounts. */
  name_key: string | null;
  /** Role names joined by commas. */
  roles: string;
  password_hash: string | null;
  /**
   * The authenticator app's base32 secret, encrypted (`v1:…`, auth/secrets-at-rest.ts); null when
   * codes come by e-mail. Read and written only through the accounts repository.
   */
  totp_secret: string | null;
  /** The last 30-second step whose code was used: each code works once. */
  totp_last_step: number | null;
  disabled_at: string | null;
  created_at: string;
  /** 'true' while the owner is sent the Monday report (issue 50); 'false' once they opt out. */
  weekly_report: ColumnType<string, string | undefined, string>;
}

export interface StaffPasskeysTable {
  id: Generated<number>;
  account_id: number;
  credential_id: string;
  public_key: Uint8Array;
  counter: number;
  /** WebAuthn transports joined by commas ('internal,hybrid'). */
  transports: string;
  label: string;
  created_at: string;
  last_used_at: string | null;
}

export interface StaffInvitationsTable {
  id: Generated<number>;
  token_hash: string;
  /** null for the setup link of a fresh install: whoever has it names themselves. */
  email: string | null;
  roles: string;
  invited_by: string;
  /** The account that invited (null: the admin key, the first start, or before ids were kept). */
  invited_by_account_id: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** One-time links back into an existing account (issue 38): see the migration 2026-11-28-1101. */
export interface StaffRecoveryLinksTable {
  id: Generated<number>;
  token_hash: string;
  account_id: number;
  kind: 'forgot' | 'reset';
  sent_by_account_id: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SignInChallengesTable {
  token_hash: string;
  purpose: string;
  account_id: number | null;
  /** What the next step must match: a WebAuthn challenge, or a hash of the code e-mailed. */
  challenge: string;
  attempts: Generated<number>;
  expires_at: string;
}

/** The staff access log (decision 0058): never a parent's data, an enquiry by its id only. */
export interface SiteFactsRevisionsTable {
  id: Generated<number>;
  /** The whole SiteFacts as JSON (src/shared/site-facts/site-facts.ts). */
  facts: string;
  /** The section this save changed, or 'restore'. */
  section: string;
  restored_from: number | null;
  saved_at: string;
  /** The principal's display name at the time. */
  saved_by: string;
}

export interface AccessLogTable {
  id: Generated<number>;
  at: string;
  /** 'key' | 'token' | 'account' | 'anonymous' */
  actor_kind: string;
  actor_id: number | null;
  /** The principal's display name at the time ('unknown' for a sign-in naming no account). */
  actor_name: string;
  action: string;
  target_kind: string | null;
  target_id: string | null;
  /** 'ok' | 'refused' */
  outcome: string;
  /** Where a sign-in or a refusal came from (the client's address; a summary's, by its /64). */
  address: string | null;
  /** A summary entry: how many refusals from its address in its window it stands for. */
  repeats: number | null;
  /** A summary entry's address and window, unique, so refusals arriving together share one. */
  summary_key: string | null;
}

/** The enquiries an access-log entry showed (a list page, a search, the export, the Bin). */
export interface AccessLogEnquiriesTable {
  entry_id: number;
  enquiry_id: number;
}

/** Which key encrypts the secrets at rest (one row, id 1): its fingerprint, never the key. */
export interface SecretsKeyCheckTable {
  id: number;
  fingerprint: string;
  created_at: string;
}

/** Visit counts (decision 0065): the day's salt, deleted within 48 hours. */
export interface AnalyticsSaltsTable {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** Random, hex. */
  salt: string;
}

/**
 * A public page shown to one visitor from one source, `views` times within one batch (the first
 * of them at `at`); kept 30 days, then rolled up into analytics_daily.
 */
export interface AnalyticsViewsTable {
  id: Generated<number>;
  /** The first of these views. */
  at: string;
  day: string;
  /** Hash of the day's salt, the address (IPv6 by its /64), the user agent and the site. */
  visitor: string;
  /** The page's path, never its query string. */
  path: string;
  /** 'search' | 'social' | 'email' | 'referral' | 'campaign' | 'direct' */
  channel: string;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  views: Generated<number>;
  /** The id an in-place showing's beacon carried (unique), so a showing sent twice is one view; null otherwise. */
  showing: string | null;
}

/** Page views per day, page and source after 30 days ('' for no source, medium or campaign). */
export interface AnalyticsDailyTable {
  day: string;
  path: string;
  channel: string;
  source: string;
  medium: string;
  campaign: string;
  views: number;
  visitors: number;
  /** Visits that began on this page. */
  entries: number;
}

/** Per day: views and visitors once rolled up, and the requests left out as bots. */
export interface AnalyticsDaysTable {
  day: string;
  views: ColumnType<number, number | undefined, number>;
  visitors: ColumnType<number, number | undefined, number>;
  left_out: ColumnType<number, number | undefined, number>;
  /** 1 once the day's views are in the daily totals (the report reads raw views only for the others). */
  totalled: ColumnType<number, number | undefined, number>;
  /**
   * While the day is not totalled: its views received before this instant with an id up to
   * `so_far_id` are in analytics_so_far (null: none is).
   */
  so_far_until: ColumnType<string | null, string | null | undefined, string | null>;
  so_far_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * The views of a day not yet totalled, folded every few minutes (decision 0082): per page and
 * visit source ('' for none), views and visits begun (visitors are the day's visits begun, so no
 * column of their own), up to the day's `so_far_until`/`so_far_id`.
 */
export type AnalyticsSoFarTable = Omit<AnalyticsDailyTable, 'visitors'>;

/** Where an enquiry came from: its visitor's first page that day, and the page it was sent from. */
export interface AnalyticsAttributionTable {
  enquiry_id: number;
  at: string;
  landing_path: string | null;
  sent_from: string | null;
  channel: string;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  /** 'true' | 'false' (a second enquiry from the same visitor that day). */
  conversion: string;
}

/** Every move of an enquiry between stages, with who and when (issue 50); goes with its enquiry. */
export interface EnquiryStageMovesTable {
  id: Generated<number>;
  submission_id: number;
  /** Null only for rows written before stages (never: the migration names 'new'). */
  from_stage: string | null;
  to_stage: string;
  reason: string | null;
  at: string;
  /** Who moved it: null for a booking made by the parent. */
  by_account_id: number | null;
  by_name: string | null;
}

/** A booked free assessment: an enquiry with a time (decision 0071). */
export interface BookingsTable {
  id: Generated<number>;
  enquiry_id: number;
  /** UTC instants. */
  starts_at: string;
  ends_at: string;
  /** The London date of starts_at: what the daily limit counts. */
  london_date: string;
  /** 'booked' or 'cancelled'. */
  status: ColumnType<string, string | undefined, string>;
  /** The calendar event's UID, the same in every message about it. */
  uid: string;
  /** The calendar event's SEQUENCE: raised by each change and by the cancellation. */
  sequence: ColumnType<number, number | undefined, number>;
  /** SHA-256 (hex) of the cancel link's token and of the change link's. */
  cancel_token_hash: string;
  change_token_hash: string;
  created_at: string;
  cancelled_at: string | null;
  reminded_at: string | null;
  /** Staff's mark once its time has passed (issue 50): 'attended', 'no-show', or null until marked. */
  attendance: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the mark standing now was made, and who made it (decision 0066: the account, null for the key or a token, and the name then). */
  attendance_at: ColumnType<string | null, string | null | undefined, string | null>;
  attendance_by_account_id: ColumnType<number | null, number | null | undefined, number | null>;
  attendance_by_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Changes the parent has made by the change link (issue 51); staff's moves do not count. */
  changes: ColumnType<number, number | undefined, number>;
  /**
   * The keys the cap on a family's bookings to come counts (issue 51): the e-mail address in its
   * canonical form, the phone number's digits (null when too short to be one).
   */
  family_email: ColumnType<string | null, string | null | undefined, string | null>;
  family_phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** When staff sent a family that missed it the one "shall we find another time?" mail, and who (issue 51). */
  rebook_mailed_at: ColumnType<string | null, string | null | undefined, string | null>;
  rebook_mailed_by_name: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Every Attended / No-show mark of a booking and each change of it, with who and when; goes with its booking. */
export interface BookingAttendanceMarksTable {
  id: Generated<number>;
  booking_id: number;
  /** The mark it replaced; null for the first. */
  from_attendance: string | null;
  to_attendance: string;
  at: string;
  by_account_id: number | null;
  by_name: string | null;
}

/** A place a booking holds at its time: (starts_at, place) is unique, so no place is held twice. */
export interface BookingPlacesTable {
  starts_at: string;
  place: number;
  /** The booking holding it, or null when a block does (exactly one of the two is set). */
  booking_id: number | null;
  block_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A time staff blocked (decision 0073): it holds every place of its time. */
export interface BookingBlocksTable {
  id: Generated<number>;
  starts_at: string;
  ends_at: string;
  london_date: string;
  created_at: string;
  created_by_account_id: number | null;
  created_by_name: string;
}

/** A place a booking holds in its London day's limit: (day, place) is unique. */
export interface BookingDayPlacesTable {
  day: string;
  place: number;
  booking_id: number;
}

export interface DatabaseSchema {
  settings: SettingsTable;
  contact_submissions: ContactSubmissionsTable;
  admin_key: AdminKeyTable;
  email_outbox: EmailOutboxTable;
  images: ImagesTable;
  image_files: ImageFilesTable;
  blog_posts: BlogPostsTable;
  blog_post_revisions: BlogPostRevisionsTable;
  content_generation: ContentGenerationTable;
  scheduled_jobs: ScheduledJobsTable;
  rate_limit_counters: RateLimitCountersTable;
  sign_in_budgets: SignInBudgetsTable;
  admin_sessions: AdminSessionsTable;
  staff_notes: StaffNotesTable;
  api_tokens: ApiTokensTable;
  staff_accounts: StaffAccountsTable;
  staff_passkeys: StaffPasskeysTable;
  staff_invitations: StaffInvitationsTable;
  sign_in_challenges: SignInChallengesTable;
  staff_recovery_links: StaffRecoveryLinksTable;
  access_log: AccessLogTable;
  access_log_enquiries: AccessLogEnquiriesTable;
  site_facts_revisions: SiteFactsRevisionsTable;
  secrets_key_check: SecretsKeyCheckTable;
  analytics_salts: AnalyticsSaltsTable;
  analytics_views: AnalyticsViewsTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_days: AnalyticsDaysTable;
  analytics_so_far: AnalyticsSoFarTable;
  analytics_attribution: AnalyticsAttributionTable;
  enquiry_stage_moves: EnquiryStageMovesTable;
  weekly_reports: WeeklyReportsTable;
  booking_waitlist: BookingWaitlistTable;
  bookings: BookingsTable;
  booking_places: BookingPlacesTable;
  booking_day_places: BookingDayPlacesTable;
  booking_blocks: BookingBlocksTable;
  booking_attendance_marks: BookingAttendanceMarksTable;
}
