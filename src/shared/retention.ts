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
 * How long a backup of the website's database is kept (one a day, the newest seven: `npm run
 * backup`'s default). A deleted enquiry is gone from the database at once (decision 0046) but
 * stays in the backups taken before, until the last of them is replaced: the privacy page says so.
 */
export const BACKUP_KEEP_DAYS = 7;
