/** How a visit reached the site (decision 0065). */
export const channels = ['search', 'social', 'email', 'referral', 'campaign', 'direct'] as const;
export type Channel = (typeof channels)[number];
