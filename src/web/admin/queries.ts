/**
 * The first part of every admin query's key (each feature's `queries.ts` builds on it). Signing out
 * removes them all, so what one session loaded is never shown to the next; a write whose effect
 * reaches other screens (an enquiry moved to the Bin, anything restored from it) refreshes them all.
 */
export const adminQueryKey = ['admin'] as const;
