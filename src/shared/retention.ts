/**
 * How long the website keeps a staff notification e-mail after it was delivered. The office inbox
 * has its own copy; ours only has to outlive a delivery problem noticed a few days late. Shown on
 * the privacy page, so the page and the purge cannot disagree.
 */
export const SENT_MAIL_KEEP_DAYS = 7;

/**
 * How long a deleted enquiry, post or image stays in the Bin before it is deleted for good
 * (docs/decisions/0036-bin.md). An enquiry also keeps its retention deadline: whichever comes first.
 */
export const BIN_KEEP_DAYS = 30;

/**
 * Which backups are kept (decision 0048): the newest snapshot of each of the last 7 days and of
 * the last 4 weeks that have one. `npm run backup` applies it after each snapshot.
 */
export const BACKUP_RETENTION = { dailySnapshots: 7, weeklySnapshots: 4 } as const;

/**
 * The longest a deleted enquiry stays in backups. It is erased from the database at once
 * (decision 0046) but stays in the snapshots taken before, until the last of them is forgotten:
 * with a backup every night, the oldest weekly snapshot kept is at most four weeks and six days
 * old, and the next night's backup removes it. The privacy page states this figure.
 */
export const BACKUP_KEEP_DAYS = 35;

/**
 * How long the staff access log keeps an entry (decision 0058): an academic year plus a
 * complaint's window. The daily retention run deletes older ones; the privacy page may state it.
 */
export const ACCESS_LOG_KEEP_DAYS = 365;

/**
 * Visit counts (decision 0065): each page view is kept this many days, then only daily totals,
 * for VISIT_TOTALS_KEEP_DAYS. The privacy page states both, so the page and the run agree.
 */
export const VISIT_VIEWS_KEEP_DAYS = 30;
export const VISIT_TOTALS_KEEP_DAYS = 731;
