/**
 * How long the website keeps a staff notification e-mail after it was delivered. The office inbox
 * has its own copy; ours only has to outlive a delivery problem noticed a few days late. Shown on
 * the privacy page, so the page and the purge cannot disagree.
 */
export const SENT_MAIL_KEEP_DAYS = 7;
